package io.hivenosql.bench.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestHiveScans {
    @Test
    void aFilterTheHandlerTookWholeLeavesNoPredicate() {
        String plan = String.join(
                "\n",
                "STAGE PLANS:",
                "  Stage: Stage-0",
                "    Fetch Operator",
                "      Processor Tree:",
                "        TableScan",
                "          alias: orders",
                "          filterExpr: (o_orderkey = 30020L) (type: boolean)",
                "          Select Operator",
                "            expressions: o_custkey (type: bigint)",
                "            ListSink");

        assertEquals(
                List.of(
                        "orders: filterExpr (o_orderkey = 30020L); Hive filters nothing more (the handler took it all)"),
                HiveScans.parse(plan));
    }

    @Test
    void aPredicateHiveAppliesAgainIsShownBesideTheFilter() {
        String plan = String.join(
                "\n",
                "            Map Operator Tree:",
                "                TableScan",
                "                  alias: lineitem",
                "                  filterExpr: (l_quantity < 24) (type: boolean)",
                "                  Statistics: Num rows: 6665 Data size: 1 Basic stats: COMPLETE Column stats: NONE",
                "                  Filter Operator",
                "                    predicate: (l_quantity < 24) (type: boolean)",
                "                    Select Operator",
                "                TableScan",
                "                  alias: o",
                "                  Select Operator",
                "                  Dynamic Partitioning Event Operator",
                "                    Target column: l_orderkey (bigint)",
                "                    Target Vertex: Map 1");

        assertEquals(
                List.of(
                        "lineitem: filterExpr (l_quantity < 24); Hive filters (l_quantity < 24)",
                        "o: no filter",
                        "join keys at run time: l_orderkey (bigint)"),
                HiveScans.parse(plan));
    }
}
