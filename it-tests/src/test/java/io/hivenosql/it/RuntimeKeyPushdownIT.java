package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Indexes;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

/**
 * Runtime join-key pushdown on Tez: a store table joined on its key with a filtered ORC table gets the ORC side's keys
 * at run time (EXPLAIN shows the Dynamic Partitioning Event Operator targeting the store table's column) and reads
 * only those keys, as the store's own counters show (Cassandra's {@code system_views} partition reads and range scans,
 * Redis' {@code INFO commandstats}); the rows equal the same join with dynamic pruning off, which scans the table.
 * Also a Redis table keyed by two columns joined on the first (the keys are walked, only the listed keys' values
 * fetched) and a MongoDB table joined on an indexed field that is not {@code _id} (its split reads the listed keys'
 * documents only, as the readers' log lines count). A threshold of keys below the ORC side's
 * ({@code nosql.read.runtime-keys.max}) makes the table scanned again; by default ({@code auto}) the store weighs the
 * keys against its size (Cassandra: its size estimates, also for a table with clustering columns); no key at all (the
 * ORC side's filter keeps no row) reads nothing.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RuntimeKeyPushdownIT {
    private static final String DB = "it_runtime_keys";
    private static final int ITEMS = 200;
    /** The ORC side: keys 1..ITEMS; {@code flag = 'x'} on keys 3, 23, 43, ... (ITEMS / 20 keys), plus keys beyond. */
    private static final int PICKS = 240;

    private static final int PICKED = ITEMS / 20;
    /**
     * The wide table: partitions of one row of {@value #WIDE_VALUE_BYTES} bytes behind a clustering column, so that
     * Cassandra's estimates tell its partitions but not its rows; every second key is joined, more than the 1,000 keys
     * that {@code auto} reads by key when the store cannot size the table.
     */
    private static final int WIDE_PARTITIONS = 2_400;

    private static final int WIDE_VALUE_BYTES = 4_000;

    private HiveInstance hive;
    private HandlerJarCqlSession cql;
    private TestingCassandraServer cassandra;
    private TestingRedisServer redis;
    private MongoClient mongoClient;

    @BeforeAll
    void load(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        cql = stack.cql();
        cassandra = stack.cassandra();
        redis = stack.redis();
        mongoClient = stack.mongoClient();
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        hive.execute("CREATE TABLE " + DB + ".picks (k bigint, flag string) STORED AS ORC");
        hive.execute("INSERT INTO " + DB + ".picks SELECT id, IF(id % 20 = 3 AND id <= " + ITEMS + ", 'x', 'y') "
                + "FROM (SELECT posexplode(split(space(" + (PICKS - 1) + "), ' ')) AS (id, unused)) ids "
                + "WHERE id > 0");

        cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        cql.execute("CREATE TABLE " + DB + ".items (k bigint, n int, v text, PRIMARY KEY ((k), n))");
        StringBuilder batch = new StringBuilder("BEGIN UNLOGGED BATCH ");
        for (int k = 1; k <= ITEMS; k++) {
            batch.append("INSERT INTO %s.items (k, n, v) VALUES (%d, 1, 'a%d'); ".formatted(DB, k, k))
                    .append("INSERT INTO %s.items (k, n, v) VALUES (%d, 2, 'b%d'); ".formatted(DB, k, k));
        }
        cql.execute(batch.append("APPLY BATCH").toString());
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".cass_items (k bigint, n int, v string) "
                + "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ('cassandra.hosts'='"
                + stack.cassandra().contactPoint() + "', 'cassandra.local-dc'='"
                + stack.cassandra().localDatacenter()
                + "', 'cassandra.keyspace'='" + DB + "', 'cassandra.table'='items')");

        try (Jedis jedis = new Jedis(redis.host(), redis.port());
                Pipeline pipeline = jedis.pipelined()) {
            for (int k = 1; k <= ITEMS; k++) {
                // JSON strings: a hash table would sample its field names with a SCAN when the query is compiled
                pipeline.set("it:rtk:item:" + k, "{\"n\":1,\"v\":\"a" + k + "\"}");
            }
            pipeline.sync();
        }
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".redis_items (k bigint, n int, v string) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='it:rtk:item:', 'redis.key.column'='k', "
                + "'redis.value.type'='string')");

        try (Jedis jedis = new Jedis(redis.host(), redis.port());
                Pipeline pipeline = jedis.pipelined()) {
            for (int k = 1; k <= ITEMS; k++) {
                pipeline.set("it:rtk:pair:" + k + ":1", "{\"v\":\"a" + k + "\"}");
                pipeline.set("it:rtk:pair:" + k + ":2", "{\"v\":\"b" + k + "\"}");
            }
            pipeline.sync();
        }
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".redis_pairs (k bigint, n int, v string) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='it:rtk:pair:', 'redis.key.column'='k,n', "
                + "'redis.value.type'='string')");

        MongoDatabase database = mongoClient.getDatabase(DB);
        database.drop();
        List<Document> documents = new ArrayList<>();
        for (int k = 1; k <= ITEMS; k++) {
            documents.add(new Document("_id", (long) k).append("n", 1).append("v", "a" + k));
        }
        database.getCollection("items").insertMany(documents);
        List<Document> lines = new ArrayList<>();
        for (int k = 1; k <= ITEMS; k++) {
            // ObjectId _ids, the join key a plain field with an index of its own
            lines.add(new Document("k", (long) k).append("n", 1).append("v", "a" + k));
            lines.add(new Document("k", (long) k).append("n", 2).append("v", "b" + k));
        }
        database.getCollection("lines").insertMany(lines);
        database.getCollection("lines").createIndex(Indexes.ascending("k"));
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".mongo_lines (k bigint, n int, v string) "
                + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' TBLPROPERTIES ('mongo.uri'='"
                + stack.mongo().databaseUri(DB, "lines") + "')");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".mongo_items (k bigint, n int, v string) "
                + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' WITH SERDEPROPERTIES "
                + "('mongo.columns.mapping'='{\"k\":\"_id\"}') TBLPROPERTIES ('mongo.uri'='"
                + stack.mongo().databaseUri(DB, "items") + "')");
    }

    @AfterAll
    void close() {
        if (cql != null) {
            cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        }
        if (mongoClient != null) {
            mongoClient.getDatabase(DB).drop();
        }
    }

    private static String join(String table) {
        return "SELECT i.k, i.n, i.v FROM " + DB + "." + table + " i JOIN " + DB + ".picks p ON i.k = p.k "
                + "WHERE p.flag = 'x'";
    }

    /**
     * A shuffle join, so that the plan's shape does not hang on the statistics of these small tables (a map join
     * broadcasts whichever side Hive estimates smaller, and with the store table broadcast there is nothing to prune).
     * Semijoin reduction stays on, as by default: without it Hive 4.0.1 drops every dynamic pruning condition on a
     * column that is not a partition column before it asks the storage handler.
     */
    private static void joinSettings(Statement statement) throws SQLException {
        statement.execute("SET hive.execution.engine=tez");
        statement.execute("SET hive.auto.convert.join=false");
    }

    /** The rows of a query on Tez in a session of its own, with dynamic partition pruning on or off, sorted. */
    private List<String> run(String sql, boolean pruning) throws SQLException {
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            joinSettings(statement);
            statement.execute("SET hive.fetch.task.conversion=none");
            statement.execute("SET hive.tez.dynamic.partition.pruning=" + pruning);
            try (ResultSet resultSet = statement.executeQuery(sql)) {
                return Rows.sorted(resultSet);
            }
        }
    }

    private String explain(String sql) throws SQLException {
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            joinSettings(statement);
            statement.execute("SET hive.explain.user=false");
            StringBuilder plan = new StringBuilder();
            try (ResultSet resultSet = statement.executeQuery("EXPLAIN " + sql)) {
                while (resultSet.next()) {
                    plan.append(resultSet.getString(1)).append('\n');
                }
            }
            return plan.toString();
        }
    }

    private static List<String> expected(String second) {
        List<String> rows = new ArrayList<>();
        for (int k = 3; k <= ITEMS; k += 20) {
            rows.add(Rows.row(List.of((long) k, 1, "a" + k)));
            if (second != null) {
                rows.add(Rows.row(List.of((long) k, 2, second + k)));
            }
        }
        return rows.stream().sorted().toList();
    }

    @Test
    void cassandraReadsOnlyTheJoinKeysPartitions() throws Exception {
        String sql = join("cass_items");
        assertThat(explain(sql)).contains("Dynamic Partitioning Event Operator").contains("Target column: k (bigint)");

        long[] start = cassandraReads("items");
        List<String> pruned = run(sql, true);
        long[] middle = settledCassandraReads("items", start);
        List<String> scanned = run(sql, false);
        long[] end = settledCassandraReads("items", middle);
        long[] pushed = delta(middle, start);
        long[] unpushed = delta(end, middle);

        assertThat(pruned).isEqualTo(expected("b")).isEqualTo(scanned);
        assertThat(pushed[0]).as("partitions read by key with the join keys").isEqualTo(PICKED);
        assertThat(pushed[1]).as("range scans with the join keys").isZero();
        assertThat(unpushed[1]).as("range scans without dynamic pruning").isPositive();
    }

    /**
     * With {@code nosql.read.runtime-keys.max} at its default ({@code auto}) a table with a clustering column (no row
     * estimate) still weighs the join keys against its size: from the partitions and their mean size in {@code
     * system.size_estimates}, 1,200 keys of 2,400 partitions of 4 kB are read by key.
     */
    @Test
    void cassandraReadsMoreThanAThousandJoinKeysByKeyFromItsSizeEstimates() throws Exception {
        cql.execute("CREATE TABLE " + DB + ".wide (k bigint, n int, v text, PRIMARY KEY ((k), n))");
        String value = "w".repeat(WIDE_VALUE_BYTES);
        for (int k = 1; k <= WIDE_PARTITIONS; k++) {
            cql.execute("INSERT INTO %s.wide (k, n, v) VALUES (%d, 1, '%s')".formatted(DB, k, value));
        }
        // estimates count flushed data only: this table's, not items' (whose 10 keys of 200 tiny partitions auto would
        // rather scan, as cheaper)
        cassandra.nodetool("flush", DB, "wide");
        cassandra.nodetool("refreshsizeestimates");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".cass_wide (k bigint, n int, v string) "
                + "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ('cassandra.hosts'='"
                + cassandra.contactPoint() + "', 'cassandra.local-dc'='" + cassandra.localDatacenter()
                + "', 'cassandra.keyspace'='" + DB + "', 'cassandra.table'='wide')");
        hive.execute("CREATE TABLE " + DB + ".wide_picks (k bigint, flag string) STORED AS ORC");
        hive.execute("INSERT INTO " + DB + ".wide_picks SELECT id, IF(id % 2 = 0, 'x', 'y') "
                + "FROM (SELECT posexplode(split(space(" + WIDE_PARTITIONS + "), ' ')) AS (id, unused)) ids "
                + "WHERE id > 0");
        String sql = "SELECT i.k, i.n FROM " + DB + ".cass_wide i JOIN " + DB + ".wide_picks p ON i.k = p.k "
                + "WHERE p.flag = 'x'";
        List<String> expected = new ArrayList<>();
        for (int k = 2; k <= WIDE_PARTITIONS; k += 2) {
            expected.add(Rows.row(List.of((long) k, 1)));
        }

        long[] start = cassandraReads("wide");
        List<String> pruned = run(sql, true);
        long[] middle = settledCassandraReads("wide", start);
        List<String> scanned = run(sql, false);

        assertThat(pruned).isEqualTo(expected.stream().sorted().toList()).isEqualTo(scanned);
        long[] pushed = delta(middle, start);
        assertThat(pushed[0]).as("partitions read by key with the join keys").isEqualTo(WIDE_PARTITIONS / 2);
        assertThat(pushed[1]).as("range scans with the join keys").isZero();
    }

    @Test
    void redisLooksUpOnlyTheJoinKeys() throws Exception {
        String sql = join("redis_items");
        assertThat(explain(sql)).contains("Dynamic Partitioning Event Operator");

        RedisRuns runs = prunedAndScanned(sql);

        assertThat(runs.pruned()).isEqualTo(expected(null)).isEqualTo(runs.scanned());
        assertThat(runs.pruned("scan")).as("SCANs with the join keys").isZero();
        assertThat(runs.pruned("get")).as("values read with the join keys").isEqualTo(PICKED);
        assertThat(runs.scanned("get"))
                .as("values read without dynamic pruning")
                .isEqualTo(ITEMS);
        assertThat(runs.scanned("scan")).as("SCANs without dynamic pruning").isPositive();
    }

    @Test
    void aJoinWhoseOtherSideHasNoRowsReadsNothing() throws Exception {
        String sql = "SELECT i.k, i.n, i.v FROM " + DB + ".redis_items i JOIN " + DB + ".picks p ON i.k = p.k "
                + "WHERE p.flag = 'none'";
        Map<String, Long> before = RedisStats.commandCalls(redis.host(), redis.port());
        List<String> rows = run(sql, true);
        Map<String, Long> after = RedisStats.commandCalls(redis.host(), redis.port());

        assertThat(rows).isEmpty();
        assertThat(RedisStats.delta(before, after, "scan"))
                .as("SCANs with no join key")
                .isZero();
        assertThat(RedisStats.delta(before, after, "get"))
                .as("values read with no join key")
                .isZero();
    }

    @Test
    void redisFetchesOnlyTheJoinKeysValuesOfTheFirstOfTwoKeyColumns() throws Exception {
        String sql = join("redis_pairs");
        assertThat(explain(sql)).contains("Dynamic Partitioning Event Operator");

        RedisRuns runs = prunedAndScanned(sql);

        assertThat(runs.pruned()).isEqualTo(expected("b")).isEqualTo(runs.scanned());
        assertThat(runs.pruned("scan"))
                .as("SCANs with the join keys: the keys are still walked")
                .isPositive();
        assertThat(runs.pruned("get")).as("values read with the join keys").isEqualTo(2 * PICKED);
        assertThat(runs.scanned("get"))
                .as("values read without dynamic pruning")
                .isEqualTo(2 * ITEMS);
    }

    @Test
    void moreJoinKeysThanTheTableAllowsScanTheTable() throws Exception {
        hive.execute("CREATE EXTERNAL TABLE IF NOT EXISTS " + DB + ".redis_items_max2 (k bigint, n int, v string) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='it:rtk:item:', 'redis.key.column'='k', "
                + "'redis.value.type'='string', 'nosql.read.runtime-keys.max'='2')");
        String sql = join("redis_items_max2");
        Map<String, Long> before = RedisStats.commandCalls(redis.host(), redis.port());
        List<String> rows = run(sql, true);
        Map<String, Long> after = RedisStats.commandCalls(redis.host(), redis.port());

        assertThat(rows).isEqualTo(expected(null));
        assertThat(RedisStats.delta(before, after, "scan"))
                .as("SCANs above the threshold")
                .isPositive();
    }

    @Test
    void mongoFindsTheJoinKeysById() throws Exception {
        String sql = join("mongo_items");
        assertThat(explain(sql)).contains("Dynamic Partitioning Event Operator");

        assertThat(run(sql, true)).isEqualTo(expected(null));
    }

    @Test
    void mongoReadsOnlyTheJoinKeysDocumentsThroughAnIndexedField() throws Exception {
        String sql = join("mongo_lines");
        assertThat(explain(sql)).contains("Dynamic Partitioning Event Operator");

        List<String> pruned;
        String prunedLog;
        try (LogCapture capture = LogCapture.start()) {
            pruned = run(sql, true);
            prunedLog = capture.text();
        }
        List<String> scanned;
        String scannedLog;
        try (LogCapture capture = LogCapture.start()) {
            scanned = run(sql, false);
            scannedLog = capture.text();
        }

        assertThat(pruned).isEqualTo(expected("b")).isEqualTo(scanned);
        assertThat(prunedLog).contains(PICKED + " values of k listed");
        assertThat(documentsRead(prunedLog))
                .as("documents read with the join keys")
                .isEqualTo(2 * PICKED);
        assertThat(documentsRead(scannedLog))
                .as("documents read without dynamic pruning")
                .isEqualTo(2 * ITEMS);
    }

    /** The records the splits of mongo_lines read, from each reader's line at close. */
    private static long documentsRead(String log) {
        Matcher matcher = Pattern.compile(
                        "table " + Pattern.quote(DB + ".mongo_lines") + ", split .*: read (\\d+) records")
                .matcher(log);
        long read = 0;
        while (matcher.find()) {
            read += Long.parseLong(matcher.group(1));
        }
        return read;
    }

    /** A query run with dynamic pruning and then without, and Redis' command counts around each run. */
    private RedisRuns prunedAndScanned(String sql) throws SQLException {
        Map<String, Long> before = RedisStats.commandCalls(redis.host(), redis.port());
        List<String> pruned = run(sql, true);
        Map<String, Long> afterPruned = RedisStats.commandCalls(redis.host(), redis.port());
        List<String> scanned = run(sql, false);
        Map<String, Long> afterScanned = RedisStats.commandCalls(redis.host(), redis.port());
        return new RedisRuns(pruned, scanned, before, afterPruned, afterScanned);
    }

    private record RedisRuns(
            List<String> pruned,
            List<String> scanned,
            Map<String, Long> before,
            Map<String, Long> afterPruned,
            Map<String, Long> afterScanned) {
        long pruned(String command) {
            return RedisStats.delta(before, afterPruned, command);
        }

        long scanned(String command) {
            return RedisStats.delta(afterPruned, afterScanned, command);
        }
    }

    /** {single-partition reads, range scans} Cassandra served for the table so far. */
    private long[] cassandraReads(String table) {
        return new long[] {cassandraCount("local_read_latency", table), cassandraCount("local_scan_latency", table)};
    }

    private long cassandraCount(String view, String table) {
        List<List<Object>> rows = cql.rows("SELECT count FROM system_views." + view + " WHERE keyspace_name = '" + DB
                + "' AND table_name = '" + table + "'");
        return rows.isEmpty() ? 0 : ((Number) rows.get(0).get(0)).longValue();
    }

    /** The counters once they stop moving: a read is counted when the node finishes it. */
    private long[] settledCassandraReads(String table, long[] before) throws InterruptedException {
        long[] last = cassandraReads(table);
        for (int i = 0; i < 20; i++) {
            Thread.sleep(50);
            long[] now = cassandraReads(table);
            if (now[0] == last[0] && now[1] == last[1] && (now[0] > before[0] || now[1] > before[1] || i >= 3)) {
                return now;
            }
            last = now;
        }
        return last;
    }

    private static long[] delta(long[] after, long[] before) {
        return new long[] {after[0] - before[0], after[1] - before[1]};
    }
}
