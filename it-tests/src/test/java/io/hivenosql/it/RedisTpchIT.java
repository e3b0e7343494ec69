package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.redis.TestingRedisServer;
import io.hivenosql.sandbox.tpch.TpchFiles;
import io.trino.tpch.TpchTable;
import java.sql.SQLException;
import java.util.List;
import redis.clients.jedis.Jedis;

/**
 * The TPC-H suite of {@link BaseTpchIT} on Redis: {@code customer} and {@code orders} as hashes under a key prefix
 * per table (the key is the table's first column), in a logical database of their own so that the optimizer's row
 * count, estimated from DBSIZE and a sample of random keys, is this class's alone. What only Redis's own client
 * sees: an INSERT OVERWRITE and a TRUNCATE delete the table's keys only, not a key beside its prefix nor another
 * table's; an external table's DROP keeps its keys unless {@code external.table.purge} is set.
 */
class RedisTpchIT extends BaseTpchIT {
    private static final String DB = "it_redis_tpch";
    /** The Redis logical database of this class's keys. */
    private static final int REDIS_DB = 5;
    /** Every table's prefix starts with this. */
    private static final String KEY_SPACE = "tpch:";
    /** Another client's key: the prefix of {@code orders_urgent} without its separator. */
    private static final String NEIGHBOUR = KEY_SPACE + "orders_urgent";

    private static final String HANDLER = "STORED BY 'io.hivenosql.redis.RedisStorageHandler'";

    @Override
    String database() {
        return DB;
    }

    @Override
    void dropStoreData() {
        try (Jedis jedis = jedis()) {
            jedis.flushDB();
        }
    }

    @Override
    void loadStore() throws Exception {
        loadOrc(TpchTable.CUSTOMER, -1);
        orders = loadOrc(TpchTable.ORDERS, -1);
        createRedisTable("customer", TpchTable.CUSTOMER, "CREATE TABLE", "");
        createOrdersTable("orders");
        hive.execute("INSERT INTO " + DB + ".customer SELECT * FROM " + DB + ".customer_orc");
        hive.execute("INSERT INTO " + DB + ".orders SELECT * FROM " + DB + ".orders_orc");
        try (Jedis jedis = jedis()) {
            jedis.set(NEIGHBOUR, "not a row of a table: a key beside the prefix of orders_urgent");
        }
    }

    private TestingRedisServer redis() {
        return stack.redis();
    }

    private Jedis jedis() {
        Jedis jedis = new Jedis(redis().host(), redis().port());
        jedis.select(REDIS_DB);
        return jedis;
    }

    private static String prefix(String table) {
        return KEY_SPACE + table + ":";
    }

    /** {@code create} is CREATE TABLE (managed) or CREATE EXTERNAL TABLE; {@code properties} may add more. */
    private void createRedisTable(String name, TpchTable<?> table, String create, String properties)
            throws SQLException {
        createRedisTable(name, table, create, prefix(name), properties);
    }

    private void createRedisTable(String name, TpchTable<?> table, String create, String prefix, String properties)
            throws SQLException {
        hive.execute(create + " " + DB + "." + name + " (" + TpchFiles.hiveColumns(table) + ") " + HANDLER
                + " TBLPROPERTIES ('redis.nodes'='" + redis().address() + "', 'redis.database'='" + REDIS_DB + "', "
                + "'redis.key.prefix'='" + prefix + "'" + properties + ")");
    }

    /** Keyed by {@code o_orderkey}, the first column. */
    @Override
    void createOrdersTable(String name) throws SQLException {
        createRedisTable(name, TpchTable.ORDERS, "CREATE TABLE", "");
    }

    /** The tables whose prefixes hold keys (a key beside them, without a separator after the table, is none). */
    @Override
    List<String> storeTables() {
        try (Jedis jedis = jedis()) {
            return jedis.keys(KEY_SPACE + "*").stream()
                    .filter(key -> key.indexOf(':', KEY_SPACE.length()) > 0)
                    .map(key -> key.substring(KEY_SPACE.length(), key.indexOf(':', KEY_SPACE.length())))
                    .distinct()
                    .toList();
        }
    }

    @Override
    long storeRowCount(String name) {
        try (Jedis jedis = jedis()) {
            return jedis.keys(prefix(name) + "*").size();
        }
    }

    /** The overwrite deleted the table's keys only: neither the key beside its prefix nor another table's. */
    @Override
    void assertOverwritten(String table, List<String> expected) {
        String prefix = prefix("orders_urgent");
        try (Jedis jedis = jedis()) {
            assertThat(jedis.keys(prefix + "*"))
                    .containsExactlyInAnyOrderElementsOf(expected.stream()
                            .map(row -> prefix + row.substring(0, row.indexOf('|')))
                            .toList());
            assertThat(jedis.get(NEIGHBOUR)).startsWith("not a row");
        }
        assertThat(storeRowCount("orders")).isEqualTo(orders);
    }

    /** The TRUNCATE too; and the table takes rows again. */
    @Override
    void assertTruncated(String name) throws Exception {
        try (Jedis jedis = jedis()) {
            assertThat(jedis.get(NEIGHBOUR)).startsWith("not a row");
        }
        assertThat(storeRowCount("orders")).isEqualTo(orders);
        hive.execute("INSERT INTO " + DB + "." + name + " SELECT * FROM " + DB + ".orders_orc LIMIT 10");
        assertThat(storeRowCount(name)).isEqualTo(10);
    }

    @Override
    String statisticsQuery() {
        return "SELECT o_orderstatus, count(*) FROM " + DB + ".orders GROUP BY o_orderstatus";
    }

    @Override
    void assertEstimatedRows(long rows, String plan) {
        // an estimate: DBSIZE times the share of the table's keys among about 1,000 random keys
        assertThat(rows).as(plan).isBetween(orders * 8 / 10, orders * 12 / 10);
    }

    /**
     * An external table over the keys that are gone reads as empty (Redis has no table that could be missing); the DROP
     * of an external table keeps its keys (here another client's), that of one with {@code external.table.purge}
     * deletes them.
     */
    @Override
    void assertExternalTableOverADroppedOne() throws Exception {
        String dropped = prefix("orders_dropped");
        createRedisTable("orders_gone", TpchTable.ORDERS, "CREATE EXTERNAL TABLE", dropped, "");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".orders_gone")).isEmpty();
        try (Jedis jedis = jedis()) {
            for (int key = 1; key <= 10; key++) {
                jedis.hset(dropped + key, "o_comment", "written by another client");
            }
        }
        hive.execute("DROP TABLE " + DB + ".orders_gone");
        assertThat(storeRowCount("orders_dropped"))
                .as("external tables keep their data")
                .isEqualTo(10);

        createRedisTable(
                "orders_purged", TpchTable.ORDERS, "CREATE EXTERNAL TABLE", dropped, ", 'external.table.purge'='true'");
        hive.execute("DROP TABLE " + DB + ".orders_purged");
        assertThat(storeRowCount("orders_dropped")).isZero();
    }
}
