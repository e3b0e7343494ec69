package io.hivenosql.bench.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestPlanScans {
    @Test
    void keepsEachScanWithTheLinesTheConnectorDescribesItOn() {
        String plan = String.join(
                "\n",
                "AdaptiveSparkPlan isFinalPlan=true",
                "+- == Final Plan ==",
                "   *(2) HashAggregate(keys=[], functions=[count(1)])",
                "   +- ShuffleQueryStage 0",
                "      +- Exchange SinglePartition, ENSURE_REQUIREMENTS, [plan_id=20]",
                "         +- *(1) Project [o_orderkey#12L]",
                "            +- BatchScan orders[o_orderkey#12L, o_clerk#13] Cassandra Scan: tpch.orders",
                " - Cassandra Filters: [[\"o_orderkey\" = ?, 30020]]",
                " - Requested Columns: [o_orderkey,o_clerk] RuntimeFilters: []",
                "+- == Initial Plan ==",
                "   HashAggregate(keys=[], functions=[count(1)])",
                "   +- BatchScan orders[o_orderkey#12L, o_clerk#13] Cassandra Scan: tpch.orders",
                " - Cassandra Filters: [[\"o_orderkey\" = ?, 30020]]",
                " - Requested Columns: [o_orderkey,o_clerk] RuntimeFilters: []");

        assertEquals(
                List.of("BatchScan orders[o_orderkey, o_clerk] Cassandra Scan: tpch.orders - Cassandra Filters: "
                        + "[[\"o_orderkey\" = ?, 30020]] - Requested Columns: [o_orderkey,o_clerk] RuntimeFilters: []"),
                PlanScans.of(plan));
    }

    @Test
    void findsFileScansDataSourceScansAndDirectJoins() {
        String plan = String.join(
                "\n",
                "HashAggregate(keys=[], functions=[sum(l_quantity#4)])",
                ":- Cassandra Direct Join [l_orderkey = o_orderkey#106L] tpch.lineitem - Reading (l_orderkey) Pushed {}",
                ":  +- *(1) FileScan orc spark_catalog.tpch_hdfs_orc.orders[o_orderkey#106L] Batched: true, "
                        + "PushedFilters: [IsNotNull(o_orderdate)]",
                "+- Scan org.apache.spark.sql.redis.RedisSourceRelation@1 [_redis_key#1] PushedFilters: [], "
                        + "ReadSchema: struct<_redis_key:string>");

        List<String> scans = PlanScans.of(plan);

        assertEquals(3, scans.size(), scans.toString());
        assertTrue(scans.get(0).startsWith("Cassandra Direct Join [l_orderkey = o_orderkey]"), scans.get(0));
        assertTrue(
                scans.get(1).startsWith("FileScan orc spark_catalog.tpch_hdfs_orc.orders[o_orderkey]"), scans.get(1));
        assertTrue(scans.get(2).startsWith("Scan org.apache.spark.sql.redis.RedisSourceRelation"), scans.get(2));
    }

    @Test
    void cutsVeryLongScans() {
        String scan =
                PlanScans.of("+- FileScan orc t[" + "c, ".repeat(1000) + "]").get(0);

        assertEquals(PlanScans.MAX_LENGTH + " ...".length(), scan.length());
    }
}
