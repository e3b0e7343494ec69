package io.hivenosql.bench.dml;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestDmlStaging {
    @Test
    void refreshFunctionsChangeOneOrderInAThousand() {
        assertThat(DmlStaging.refreshOrders(0.01)).isEqualTo(15);
        assertThat(DmlStaging.refreshOrders(0.1)).isEqualTo(150);
        assertThat(DmlStaging.refreshOrders(1)).isEqualTo(1500);
        assertThat(DmlStaging.refreshOrders(0.0001)).isZero();
    }

    @Test
    void stagesNewOrdersBeyondEveryKeyOldOrdersSpreadOverTheTableAndOnePercentOfLineitem() {
        List<String> statements = DmlStaging.statements(0.1);
        assertThat(statements.get(0)).isEqualTo("DROP DATABASE IF EXISTS tpch_dml CASCADE");
        assertThat(statements.get(2))
                .startsWith("CREATE TABLE tpch_dml.rf1_orders STORED AS ORC AS SELECT o.o_orderkey + 1000000000 AS "
                        + "o_orderkey, o.o_custkey, ")
                .endsWith(" FROM (SELECT o.*, row_number() OVER (ORDER BY o.o_orderkey) AS dml_row FROM "
                        + "tpch_hdfs_orc.orders o) o WHERE o.dml_row <= 150");
        assertThat(statements.get(3))
                .contains("SELECT l.l_orderkey + 1000000000 AS l_orderkey, l.l_partkey, ")
                .endsWith(" FROM tpch_hdfs_orc.lineitem l JOIN tpch_dml.rf1_orders o ON l.l_orderkey + 1000000000 = "
                        + "o.o_orderkey");
        assertThat(statements.get(4)).endsWith("WHERE o.dml_row % 1000 = 0 AND o.dml_row <= 150000");
        assertThat(statements.get(5))
                .startsWith("CREATE TABLE tpch_dml.originals STORED AS ORC AS SELECT l.l_orderkey, ")
                .contains(", (l.l_orderkey) * 8 + l.l_linenumber AS l_id FROM ")
                .endsWith("WHERE l.dml_row % 100 = 0");
        assertThat(statements.get(6))
                .startsWith("CREATE TABLE tpch_dml.changes STORED AS ORC AS SELECT o.l_orderkey, o.l_partkey, "
                        + "o.l_suppkey, o.l_linenumber, CAST(o.l_quantity + 1 AS decimal(12,2)) AS l_quantity, ")
                .contains("'changed by the 1% merge' AS l_comment, o.l_id FROM tpch_dml.originals o");
    }
}
