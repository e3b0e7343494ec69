package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.tpch.TpchFiles;
import io.trino.tpch.TpchTable;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The TPC-H suite of {@link BaseTpchIT} on Cassandra: {@code orders} and a {@code lineitem} slice in tables that Hive
 * creates with composite keys (as in the issue); the keys and CQL types as CQL sees them, the optimizer's row count
 * from {@code size_estimates}, and an external table over a dropped table named as missing.
 */
class CassandraTpchIT extends BaseTpchIT {
    private static final String DB = "it_cass_tpch";
    private static final long LINEITEM_ROWS = 20_000;

    @Override
    String database() {
        return DB;
    }

    @Override
    void loadStore() throws Exception {
        orders = loadOrc(TpchTable.ORDERS, -1);
        loadOrc(TpchTable.LINE_ITEM, LINEITEM_ROWS);
        createCassandraTable("orders", TpchTable.ORDERS, "((o_custkey), o_orderkey)");
        createCassandraTable("lineitem", TpchTable.LINE_ITEM, "((l_orderkey), l_linenumber)");
        hive.execute("INSERT INTO " + DB + ".orders SELECT * FROM " + DB + ".orders_orc");
        hive.execute("INSERT INTO " + DB + ".lineitem SELECT * FROM " + DB + ".lineitem_orc");
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

    @Override
    void createOrdersTable(String name) throws SQLException {
        createCassandraTable(name, TpchTable.ORDERS, "((o_custkey), o_orderkey)");
    }

    @Override
    List<String> loadedTables() {
        return List.of("orders", "lineitem");
    }

    @Override
    String joinQuery() {
        return "SELECT o.o_orderpriority, count(*), sum(l.l_extendedprice * (1 - l.l_discount)) "
                + "FROM %s o JOIN %s l ON o.o_orderkey = l.l_orderkey "
                + "WHERE l.l_shipdate > DATE '1995-01-01' GROUP BY o.o_orderpriority ORDER BY o.o_orderpriority";
    }

    @Override
    List<String> storeTables() throws Exception {
        try (HandlerJarCqlSession cql = stack.cql()) {
            return cql.rows("SELECT table_name FROM system_schema.tables WHERE keyspace_name = '" + DB + "'").stream()
                    .map(row -> (String) row.get(0))
                    .toList();
        }
    }

    @Override
    long storeRowCount(String name) throws Exception {
        try (HandlerJarCqlSession cql = stack.cql()) {
            return ((Number) cql.rows("SELECT count(*) FROM " + DB + "." + name)
                            .get(0)
                            .get(0))
                    .longValue();
        }
    }

    @Override
    void assertOverwritten(String table, List<String> expected) throws Exception {
        assertThat(Rows.of(hive, "SELECT * FROM " + table + " ORDER BY o_orderkey"))
                .containsExactlyElementsOf(expected);
    }

    /** Without clustering columns a partition is a row, so size_estimates' partition count is the row count. */
    @Override
    String statisticsQuery() throws Exception {
        createCassandraTable("orders_by_key", TpchTable.ORDERS, "o_orderkey");
        hive.execute("INSERT INTO " + DB + ".orders_by_key SELECT * FROM " + DB + ".orders_orc");
        stack.cassandra().nodetool("flush", DB);
        stack.cassandra().nodetool("refreshsizeestimates");
        return "SELECT o_orderstatus, count(*) FROM " + DB + ".orders_by_key GROUP BY o_orderstatus";
    }

    @Override
    void assertEstimatedRows(long rows, String plan) {
        // an estimate (a cardinality sketch per SSTable), not a count
        assertThat(rows).as(plan).isBetween(orders * 8 / 10, orders * 12 / 10);
    }

    @Override
    void assertExternalTableOverADroppedOne() {
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
    void lineitemReadBackRowByRowEqualsTheOrcSource() throws Exception {
        String order = " ORDER BY l_orderkey, l_linenumber";
        List<String> expected = Rows.of(hive, "SELECT * FROM " + DB + ".lineitem_orc" + order);
        assertThat(expected).hasSize((int) LINEITEM_ROWS);
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".lineitem" + order)).containsExactlyElementsOf(expected);
    }

    @Test
    void theCassandraTablesHaveTheDeclaredKeysAndCqlTypes() throws Exception {
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
        }
    }
}
