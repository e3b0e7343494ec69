package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.tpch.TpchFiles;
import io.trino.tpch.TpchTable;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * TPC-H {@code orders} and a {@code lineitem} slice, generated as dbgen text, loaded into ORC, written from ORC into
 * Cassandra tables that Hive creates (composite keys as in the issue), read back and compared row by row with the ORC
 * source, and joined with the HDFS-style tables.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CassandraTpchIT {
    private static final String DB = "it_cass_tpch";
    private static final double SCALE_FACTOR = 0.01;
    private static final long LINEITEM_ROWS = 20_000;

    private HiveInstance hive;
    private HiveStack.Resources stack;
    private long orders;

    @BeforeAll
    void loadOrcSources(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        orders = load(TpchTable.ORDERS, -1);
        load(TpchTable.LINE_ITEM, LINEITEM_ROWS);
        createCassandraTable("orders", TpchTable.ORDERS, "((o_custkey), o_orderkey)");
        createCassandraTable("lineitem", TpchTable.LINE_ITEM, "((l_orderkey), l_linenumber)");
        hive.execute("INSERT INTO " + DB + ".orders SELECT * FROM " + DB + ".orders_orc");
        hive.execute("INSERT INTO " + DB + ".lineitem SELECT * FROM " + DB + ".lineitem_orc");
    }

    /** dbgen text into a text table, then into ORC; returns the row count. */
    private long load(TpchTable<?> table, long maxRows) throws Exception {
        String name = table.getTableName();
        Path dir = stack.scratch("tpch-" + name);
        long rows = TpchFiles.write(table, SCALE_FACTOR, maxRows, dir.resolve(name + ".tbl"));
        String columns = TpchFiles.hiveColumns(table);
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + name + "_text (" + columns + ") ROW FORMAT DELIMITED "
                + "FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '" + dir.toUri() + "'");
        hive.execute("CREATE TABLE " + DB + "." + name + "_orc (" + columns + ") STORED AS ORC");
        hive.execute("INSERT INTO " + DB + "." + name + "_orc SELECT * FROM " + DB + "." + name + "_text");
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + DB + "." + name + "_orc"))
                .isEqualTo(rows);
        return rows;
    }

    private void createCassandraTable(String name, TpchTable<?> table, String primaryKey) throws SQLException {
        TestingCassandraServer cassandra = stack.cassandra();
        hive.execute("CREATE TABLE " + DB + "." + name + " (" + TpchFiles.hiveColumns(table) + ") "
                + "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ("
                + "'cassandra.hosts'='" + cassandra.contactPoint() + "', "
                + "'cassandra.local-dc'='" + cassandra.localDatacenter() + "', "
                + "'cassandra.keyspace'='" + DB + "', "
                + "'cassandra.primary-key'='" + primaryKey + "')");
    }

    @Test
    void ordersReadBackRowByRowEqualTheOrcSource() throws Exception {
        List<String> expected = Rows.of(hive, "SELECT * FROM " + DB + ".orders_orc ORDER BY o_orderkey");
        assertThat(expected).hasSize((int) orders);
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".orders ORDER BY o_orderkey"))
                .containsExactlyElementsOf(expected);
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + DB + ".orders")).isEqualTo(orders);
    }

    @Test
    void lineitemReadBackRowByRowEqualsTheOrcSource() throws Exception {
        String order = " ORDER BY l_orderkey, l_linenumber";
        List<String> expected = Rows.of(hive, "SELECT * FROM " + DB + ".lineitem_orc" + order);
        assertThat(expected).hasSize((int) LINEITEM_ROWS);
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".lineitem" + order)).containsExactlyElementsOf(expected);
    }

    @Test
    void theCassandraTablesHaveTheDeclaredKeysAndCqlTypes() {
        try (HandlerJarCqlSession cql = stack.cql()) {
            List<List<Object>> columns = cql.rows("SELECT column_name, kind, type FROM system_schema.columns "
                    + "WHERE keyspace_name = '" + DB + "' AND table_name = 'orders'");
            assertThat(columns.stream().map(row -> row.get(0) + " " + row.get(1) + " " + row.get(2)))
                    .contains(
                            "o_custkey partition_key bigint",
                            "o_orderkey clustering bigint",
                            "o_totalprice regular decimal",
                            "o_orderdate regular date",
                            "o_shippriority regular int",
                            "o_comment regular text");
            assertThat(cql.rows("SELECT count(*) FROM " + DB + ".orders").get(0).get(0))
                    .isEqualTo(orders);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void joinsWithOrcTablesGiveTheOrcOnlyResult() throws Exception {
        String query = "SELECT o.o_orderpriority, count(*), sum(l.l_extendedprice * (1 - l.l_discount)) "
                + "FROM %s o JOIN %s l ON o.o_orderkey = l.l_orderkey "
                + "WHERE l.l_shipdate > DATE '1995-01-01' GROUP BY o.o_orderpriority ORDER BY o.o_orderpriority";
        List<String> expected = Rows.of(hive, query.formatted(DB + ".orders_orc", DB + ".lineitem_orc"));
        assertThat(expected).hasSize(5);
        assertThat(Rows.of(hive, query.formatted(DB + ".orders", DB + ".lineitem_orc")))
                .containsExactlyElementsOf(expected);
        assertThat(Rows.of(hive, query.formatted(DB + ".orders_orc", DB + ".lineitem")))
                .containsExactlyElementsOf(expected);
        assertThat(Rows.of(hive, query.formatted(DB + ".orders", DB + ".lineitem")))
                .containsExactlyElementsOf(expected);
    }

    @Test
    void insertOverwriteReplacesTheRowsAndTheResultGoesBackToOrc() throws Exception {
        createCassandraTable("orders_urgent", TpchTable.ORDERS, "((o_custkey), o_orderkey)");
        hive.execute("INSERT INTO " + DB + ".orders_urgent SELECT * FROM " + DB + ".orders_orc");
        hive.execute("INSERT OVERWRITE TABLE " + DB + ".orders_urgent SELECT * FROM " + DB + ".orders_orc "
                + "WHERE o_orderpriority = '1-URGENT'");
        List<String> expected = Rows.of(
                hive, "SELECT * FROM " + DB + ".orders_orc WHERE o_orderpriority = '1-URGENT' ORDER BY o_orderkey");
        assertThat(expected).isNotEmpty().hasSizeLessThan((int) orders);
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".orders_urgent ORDER BY o_orderkey"))
                .containsExactlyElementsOf(expected);

        hive.execute(
                "CREATE TABLE " + DB + ".orders_urgent_orc STORED AS ORC AS SELECT * FROM " + DB + ".orders_urgent");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".orders_urgent_orc ORDER BY o_orderkey"))
                .containsExactlyElementsOf(expected);

        hive.execute("TRUNCATE TABLE " + DB + ".orders_urgent");
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + DB + ".orders_urgent"))
                .isEqualTo(0L);
    }

    @Test
    void droppingAManagedTableDropsTheCassandraTable() throws Exception {
        createCassandraTable("orders_dropped", TpchTable.ORDERS, "((o_custkey), o_orderkey)");
        hive.execute("INSERT INTO " + DB + ".orders_dropped SELECT * FROM " + DB + ".orders_orc LIMIT 10");
        hive.execute("DROP TABLE " + DB + ".orders_dropped");
        try (HandlerJarCqlSession cql = stack.cql()) {
            assertThat(
                            cql
                                    .rows("SELECT table_name FROM system_schema.tables WHERE keyspace_name = '" + DB
                                            + "'")
                                    .stream()
                                    .map(row -> row.get(0)))
                    .contains("orders", "lineitem")
                    .doesNotContain("orders_dropped");
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        // an external table on what is gone names it
        assertThatThrownBy(() -> hive.execute("CREATE EXTERNAL TABLE " + DB + ".orders_gone ("
                        + TpchFiles.hiveColumns(TpchTable.ORDERS) + ") STORED BY "
                        + "'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ("
                        + "'cassandra.hosts'='" + stack.cassandra().contactPoint() + "', "
                        + "'cassandra.keyspace'='" + DB + "', 'cassandra.table'='orders_dropped')"))
                .hasMessageContaining("HNS-116")
                .hasMessageContaining("orders_dropped");
    }

    @Test
    void theOptimizerGetsRowCountAndSizeFromSizeEstimates() throws Exception {
        // without clustering columns a partition is a row, so size_estimates' partition count is the row count
        createCassandraTable("orders_by_key", TpchTable.ORDERS, "o_orderkey");
        hive.execute("INSERT INTO " + DB + ".orders_by_key SELECT * FROM " + DB + ".orders_orc");
        stack.cassandra().nodetool("flush", DB);
        stack.cassandra().nodetool("refreshsizeestimates");

        // the classic plan format prints each operator's statistics
        hive.execute("SET hive.explain.user=false");
        String plan;
        try {
            plan = String.join(
                    "\n",
                    Rows.of(
                            hive,
                            "EXPLAIN SELECT o_orderstatus, count(*) FROM " + DB
                                    + ".orders_by_key GROUP BY o_orderstatus"));
        } finally {
            hive.execute("RESET hive.explain.user");
        }
        java.util.regex.Matcher rows = java.util.regex.Pattern.compile("Num rows: (\\d+) Data size: (\\d+)")
                .matcher(plan);
        assertThat(rows.find()).as("statistics in the plan:%n%s", plan).isTrue();
        // an estimate (a cardinality sketch per SSTable), not a count
        assertThat(Long.parseLong(rows.group(1))).isBetween(orders * 8 / 10, orders * 12 / 10);
        assertThat(Long.parseLong(rows.group(2))).isPositive();
    }
}
