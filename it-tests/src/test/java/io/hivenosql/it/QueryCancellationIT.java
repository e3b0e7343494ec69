package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.hive.jdbc.HiveStatement;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

/**
 * A cancelled query, or one whose client disconnected, stops the handler's work within seconds, and a 100,001-value IN
 * list (which once kept a core busy for 17 minutes, and its thread running long after the client left) finishes in
 * seconds with the right rows.
 *
 * <p>The long scans read one row per request to the store (SCAN COUNT 1, one-row pages and batches), so that the
 * handler, not Hive, is busy when the query is stopped. The queries run as fetch tasks, which HiveServer2 reads on a
 * background thread. After {@code Statement.cancel()}, or when the client's socket closes (HiveServer2 closes the
 * session), HiveServer2 interrupts that thread, and the store sees no more requests (Redis' own command counters,
 * Cassandra's range read counter of the table, MongoDB's open cursors), and no thread of the HiveServer2 JVM
 * (this one: the test stack runs it in process) runs handler code any more.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryCancellationIT {
    private static final String DB = "it_cancel";
    private static final String REDIS_PREFIX = "it:cancel:";
    private static final int ROWS = 30_000;
    private static final int IN_VALUES = 100_001;

    private HiveInstance hive;
    private TestingRedisServer redis;
    private HandlerJarCqlSession cql;
    private MongoClient mongo;

    enum Store {
        REDIS("id"),
        CASSANDRA("id"),
        MONGO("id");

        private final String key;

        Store(String key) {
            this.key = key;
        }

        String table() {
            return DB + "." + name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * How the query is stopped. Both run as fetch tasks, which HiveServer2 reads on a background thread that it
     * interrupts. (A Tez query is no test here: in Tez local mode a killed DAG's running task is not interrupted and reads
     * its split to the end; on a cluster its container is killed.)
     */
    enum Stop {
        /** Statement.cancel(). */
        CANCEL,
        /** The client's socket closes while a fetch task reads (HiveServer2 reads it on a background thread). */
        CLOSE
    }

    @BeforeAll
    void load(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        redis = stack.redis();
        cql = stack.cql();
        mongo = stack.mongoClient();
        TestingCassandraServer cassandra = stack.cassandra();
        TestingMongoServer mongoServer = stack.mongo();
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            Pipeline pipeline = jedis.pipelined();
            for (int i = 0; i < ROWS; i++) {
                pipeline.hset(REDIS_PREFIX + i, Map.of("v", "value " + i));
            }
            pipeline.sync();
        }
        cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        cql.execute("CREATE TABLE " + DB + ".cassandra (part int, id int, v text, PRIMARY KEY ((part), id))");
        for (int from = 0; from < ROWS; from += 50) {
            // one partition per batch, small enough for no batch size warning
            StringBuilder batch = new StringBuilder("BEGIN UNLOGGED BATCH ");
            for (int i = from; i < from + 50; i++) {
                batch.append("INSERT INTO ")
                        .append(DB)
                        .append(".cassandra (part, id, v) VALUES (")
                        .append(from)
                        .append(", ")
                        .append(i)
                        .append(", 'v")
                        .append(i)
                        .append("'); ");
            }
            cql.execute(batch.append("APPLY BATCH").toString());
        }
        MongoCollection<Document> collection = mongo.getDatabase(DB).getCollection("mongo");
        collection.drop();
        List<Document> documents = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            documents.add(new Document("_id", i).append("v", "value " + i));
        }
        collection.insertMany(documents);

        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        // the tables of the long scans read one row per request (Redis SCAN COUNT 1, one-row Cassandra pages and
        // MongoDB batches), so that the handler, not Hive, is busy when the query is stopped; the tables "..._in"
        // read the same rows in the default batches
        for (String suffix : List.of("", "_in")) {
            boolean slow = suffix.isEmpty();
            hive.execute("CREATE EXTERNAL TABLE " + Store.REDIS.table() + suffix + " (id int, v string) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + redis.address() + "', 'redis.key.prefix'='" + REDIS_PREFIX + "', 'redis.split.count'='1'"
                    + (slow ? ", 'redis.scan.count'='1'" : "") + ")");
            hive.execute("CREATE EXTERNAL TABLE " + Store.CASSANDRA.table() + suffix + " (part int, id int, v string) "
                    + "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ('cassandra.hosts'='"
                    + cassandra.contactPoint() + "', 'cassandra.local-dc'='" + cassandra.localDatacenter() + "', "
                    + "'cassandra.table'='cassandra', 'cassandra.split.count'='1'"
                    + (slow ? ", 'cassandra.page.size'='1'" : "") + ")");
            hive.execute("CREATE EXTERNAL TABLE " + Store.MONGO.table() + suffix + " (id int, v string) "
                    + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' "
                    + "WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ('mongo.uri'='"
                    + mongoServer.databaseUri(DB, "mongo") + "'" + (slow ? ", 'mongo.read.batch-size'='1'" : "")
                    + ")");
        }
    }

    @AfterAll
    void close() throws Exception {
        if (cql != null) {
            cql.close();
        }
        if (mongo != null) {
            mongo.close();
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(Store.values())
                .flatMap(store -> Stream.of(Stop.values()).map(stop -> Arguments.of(store, stop)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void aStoppedQueryStopsTheHandlerWork(Store store, Stop stop) throws Exception {
        await(20, "no handler work before the query", this::noHandlerThreadForASecond);
        long workBefore = storeWork(store);
        Connection connection = hive.connect();
        Statement statement = connection.createStatement();
        statement.execute("SET hive.fetch.task.conversion=more");
        String sql = "SELECT id FROM " + store.table();
        // asynchronously: hive-jdbc serializes a connection's calls, so a cancel or close sent while another thread
        // waits for the query would wait for the query to end
        ((HiveStatement) statement).executeAsync(sql);
        try {
            // Redis and Cassandra count requests; MongoDB (the test server) has the scan's cursor open
            long started = store == Store.MONGO ? workBefore : workBefore + 3;
            await(60, "the scan reads " + store, () -> storeWork(store) > started);
            if (stop == Stop.CANCEL) {
                statement.cancel();
            } else {
                disconnect(connection);
            }
            long stopped = System.nanoTime();
            await(10, "no handler thread works after the query stopped", this::noHandlerThreadForASecond);
            if (store == Store.MONGO) {
                await(10, "the scan's cursor is closed", () -> storeWork(store) == workBefore);
            } else {
                long settled = storeWork(store);
                Thread.sleep(2_000);
                assertThat(storeWork(store))
                        .as("%s requests 2 s after the handler stopped", store)
                        .isEqualTo(settled);
                // a whole scan takes at least one request per row: the query was stopped, it did not just end
                assertThat(settled - workBefore)
                        .as("%s requests of the stopped scan", store)
                        .isLessThan(ROWS);
            }
            assertThat((System.nanoTime() - stopped) / 1_000_000_000.0)
                    .as("seconds until the handler stopped")
                    .isLessThan(12);
        } finally {
            try {
                connection.close();
            } catch (SQLException e) {
                // already gone
            }
        }
    }

    /**
     * The client goes away without a word: its socket closes, and HiveServer2 closes the session (as
     * hive.server2.close.session.on.disconnect has it by default).
     */
    private static void disconnect(Connection connection) throws Exception {
        java.lang.reflect.Field field = connection.getClass().getDeclaredField("transport");
        field.setAccessible(true);
        ((org.apache.thrift.transport.TTransport) field.get(connection)).close();
    }

    /** A 100,001-value IN list on the key: too many lookups, so a scan that Hive filters; it finishes in seconds. */
    @ParameterizedTest
    @EnumSource(Store.class)
    void aHundredThousandValueInListFinishesInSeconds(Store store) throws SQLException {
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < IN_VALUES; i++) {
            in.append(i == 0 ? "" : ", ").append(ROWS / 2 + i);
        }
        long start = System.nanoTime();
        Object count = Rows.single(
                hive, "SELECT count(*) FROM " + store.table() + "_in WHERE " + store.key + " IN (" + in + ")");
        double seconds = (System.nanoTime() - start) / 1_000_000_000.0;
        assertThat(count).isEqualTo((long) ROWS / 2);
        assertThat(seconds)
                .as("seconds for a %d-value IN list on %s", IN_VALUES, store)
                .isLessThan(60);
    }

    /** What the store has served the table so far: a number that grows while the handler reads. */
    private long storeWork(Store store) {
        return switch (store) {
            case REDIS -> RedisStats.commandCalls(redis.host(), redis.port()).entrySet().stream()
                    .filter(e -> !e.getKey().equals("info"))
                    .mapToLong(Map.Entry::getValue)
                    .sum();
            case CASSANDRA -> {
                List<List<Object>> rows = cql.rows("SELECT count FROM system_views.local_scan_latency "
                        + "WHERE keyspace_name = '" + DB + "' AND table_name = 'cassandra'");
                yield rows.isEmpty() ? 0 : ((Number) rows.get(0).get(0)).longValue();
            }
            case MONGO -> {
                // the test server counts no reads: its open cursors (a scan's cursor stays open until it is read
                // to the end or closed)
                Document status = mongo.getDatabase("admin").runCommand(new Document("serverStatus", 1));
                Document open = status.get("metrics", Document.class)
                        .get("cursor", Document.class)
                        .get("open", Document.class);
                yield ((Number) open.get("total")).longValue();
            }
        };
    }

    /** The threads running hive-nosql code (not the drivers' relocated classes, not this test's). */
    private static List<String> handlerThreads() {
        List<String> threads = new ArrayList<>();
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            if (thread == Thread.currentThread()) {
                return;
            }
            StackTraceElement frame = handlerFrame(stack);
            if (frame != null) {
                threads.add(thread.getName() + " at " + frame);
            }
        });
        return threads;
    }

    /** The first frame of hive-nosql code in a stack, or null. */
    private static StackTraceElement handlerFrame(StackTraceElement[] stack) {
        for (StackTraceElement frame : stack) {
            String name = frame.getClassName();
            if (name.startsWith("io.hivenosql.")
                    && !name.contains(".shaded.")
                    && !name.startsWith("io.hivenosql.it.")
                    && !name.startsWith("io.hivenosql.sandbox.")) {
                return frame;
            }
        }
        return null;
    }

    /** The whole stacks of the threads running hive-nosql code, with their interrupt flags, for a failure. */
    private static String handlerStacks() {
        StringBuilder text = new StringBuilder();
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            if (thread != Thread.currentThread() && handlerFrame(stack) != null) {
                text.append("\n")
                        .append(thread.getName())
                        .append(" (interrupted: ")
                        .append(thread.isInterrupted());
                text.append(")");
                for (StackTraceElement frame : stack) {
                    text.append("\n\tat ").append(frame);
                }
            }
        });
        return text.toString();
    }

    private boolean noHandlerThreadForASecond() {
        for (int i = 0; i < 10; i++) {
            if (!handlerThreads().isEmpty()) {
                return false;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    private static void await(int seconds, String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "not within " + seconds + " s: " + what + "; handler threads: " + handlerStacks());
            }
            Thread.sleep(200);
        }
    }
}
