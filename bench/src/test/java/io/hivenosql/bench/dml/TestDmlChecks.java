package io.hivenosql.bench.dml;

import static io.hivenosql.bench.dml.DmlTables.LINEITEM;
import static io.hivenosql.bench.dml.DmlTables.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.bench.Target;
import io.hivenosql.bench.TpchTables;
import org.junit.jupiter.api.Test;

class TestDmlChecks {
    @Test
    void aChecksumSumsTheChangedColumnsAndEveryColumnsHash() {
        assertThat(DmlChecks.storeChecksum(Target.REDIS, ORDERS))
                .isEqualTo("SELECT count(*), sum(t.o_totalprice), sum(CAST(hash(t.o_comment) AS bigint)), "
                        + "sum(CAST(hash(t.o_orderkey, t.o_custkey, t.o_orderstatus, t.o_totalprice, t.o_orderdate, "
                        + "t.o_orderpriority, t.o_clerk, t.o_shippriority, t.o_comment) AS bigint)) FROM "
                        + "tpch_redis.orders t");
        // the MongoDB key column is left out: the checksum is of the TPC-H columns, as in ORC
        assertThat(DmlChecks.storeChecksum(Target.MONGO, LINEITEM))
                .doesNotContain("l_id")
                .contains("sum(t.l_quantity), sum(t.l_extendedprice), sum(CAST(hash(t.l_comment) AS bigint))")
                .endsWith(" FROM tpch_mongo.lineitem t");
    }

    @Test
    void eachChecksumHasAValueForEveryName() {
        for (TpchTables table : java.util.List.of(LINEITEM, ORDERS)) {
            String sql = DmlChecks.storeChecksum(Target.CASSANDRA, table);
            String select = sql.substring("SELECT ".length(), sql.indexOf(" FROM "));
            assertThat(topLevelItems(select)).isEqualTo(DmlChecks.sums(table).size());
        }
    }

    @Test
    void expectedStatesAreComputedFromOrcAndTheStagingTables() {
        assertThat(DmlChecks.expected(DmlChecks.State.LOADED, ORDERS))
                .startsWith("SELECT s.o_orderkey, ")
                .endsWith(" FROM tpch_hdfs_orc.orders s");
        assertThat(DmlChecks.expected(DmlChecks.State.AFTER_RF1, LINEITEM))
                .contains(" FROM tpch_hdfs_orc.lineitem s UNION ALL SELECT s.l_orderkey, ")
                .endsWith(" FROM tpch_dml.rf1_lineitem s");
        assertThat(DmlChecks.expected(DmlChecks.State.AFTER_RF2, ORDERS))
                .contains(" FROM tpch_dml.rf1_orders s) u LEFT OUTER JOIN tpch_dml.rf2_orders k ON u.o_orderkey = "
                        + "k.o_orderkey WHERE k.o_orderkey IS NULL");
        assertThat(DmlChecks.expected(DmlChecks.State.AFTER_RF2, LINEITEM))
                .contains("LEFT OUTER JOIN tpch_dml.rf2_orders k ON u.l_orderkey = k.o_orderkey WHERE "
                        + "k.o_orderkey IS NULL");
        // the merged state: ORC's unchanged rows and the changed rows themselves, not the rewrite's CASE join
        assertThat(DmlChecks.expected(DmlChecks.State.MERGED, LINEITEM))
                .contains(" FROM tpch_hdfs_orc.lineitem s LEFT OUTER JOIN tpch_dml.changes c ON s.l_orderkey = "
                        + "c.l_orderkey AND s.l_linenumber = c.l_linenumber WHERE c.l_orderkey IS NULL UNION ALL "
                        + "SELECT c.l_orderkey, ")
                .endsWith(", c.l_comment FROM tpch_dml.changes c")
                .doesNotContain("CASE");
        assertThat(DmlChecks.expected(DmlChecks.State.MERGED, ORDERS))
                .isEqualTo(DmlChecks.expected(DmlChecks.State.LOADED, ORDERS));
        assertThat(DmlChecks.expectedChecksum(DmlChecks.State.LOADED, ORDERS))
                .endsWith(" FROM (SELECT s.o_orderkey, s.o_custkey, s.o_orderstatus, s.o_totalprice, s.o_orderdate, "
                        + "s.o_orderpriority, s.o_clerk, s.o_shippriority, s.o_comment FROM tpch_hdfs_orc.orders s) t");
    }

    private static int topLevelItems(String list) {
        int items = 1;
        int depth = 0;
        for (char c : list.toCharArray()) {
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                items++;
            }
        }
        return items;
    }
}
