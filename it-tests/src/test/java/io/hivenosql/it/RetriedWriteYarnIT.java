package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.hive.RemoteHiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

/**
 * A task attempt killed mid-write on YARN (its container JVM, by pid), while one task writes the same rows to Redis
 * (keys), Cassandra (primary keys), MongoDB by {@code _id} ({@code mongo.write.mode=upsert}) and MongoDB without an
 * {@code _id} column ({@code insert}: staged per attempt, published when Hive commits the insert): Tez's second attempt
 * writes every row again, and every store ends with exactly the rows of the query, none twice.
 */
@ExtendWith(YarnStack.class)
class RetriedWriteYarnIT {
    private static final Logger log = LoggerFactory.getLogger(RetriedWriteYarnIT.class);
    private static final String DB = "it_yarn_retry";
    private static final String PREFIX = "it:yarn:retry:";
    /** More than the Cassandra writer buffers before it sends anything (4,096 rows), so every store has rows at the kill. */
    private static final int ROWS = 6000;

    private final YarnStack.Resources yarn;
    private final RemoteHiveInstance hive;
    private final TestingRedisServer redis;
    private HandlerJarCqlSession cql;

    RetriedWriteYarnIT(YarnStack.Resources yarn) {
        this.yarn = yarn;
        this.hive = yarn.hive();
        this.redis = yarn.stores().redis();
    }

    @BeforeEach
    void connect() {
        cql = yarn.stores().cql();
    }

    @AfterEach
    void disconnect() throws IOException {
        cql.close();
    }

    @Test
    void aTaskAttemptKilledMidWriteIsRetriedAndEveryStoreHoldsEachRowOnce() throws Exception {
        createTables();
        ContainerLogs containerLogs = yarn.containerLogs();
        hive.execute("SET hive.fetch.task.conversion=none");
        var before = containerLogs.attemptIds();
        // one task writes all four tables, 1 ms a row (reflect's empty text keeps the values), 50 rows a batch
        String source = "(SELECT id, concat('owner-', cast(id AS string), "
                + "substr(reflect('java.lang.Thread', 'sleep', 1 + id * 0L), 1, 0)) AS owner "
                + "FROM (SELECT posexplode(split(space(" + (ROWS - 1) + "), ' ')) AS (id, unused)) ids) src";
        CompletableFuture<Void> insert = CompletableFuture.runAsync(() -> {
            try {
                hive.execute("FROM " + source
                        + " INSERT INTO " + DB + ".r SELECT id, owner, id * 100"
                        + " INSERT INTO " + DB + ".c SELECT id, owner, id * 100"
                        + " INSERT INTO " + DB + ".m_upsert SELECT id, owner, id * 100"
                        + " INSERT INTO " + DB + ".m_insert SELECT id, owner, id * 100");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (cassandraCount() == 0 && !insert.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(insert).as("the INSERT, before any task was killed").isNotDone();
        List<ContainerLogs.Attempt> running = containerLogs.attemptsSince(before);
        assertThat(running).as("attempts of the INSERT").hasSize(1);
        ContainerLogs.Attempt killed = running.get(0);
        long pid = killed.container().taskPid().orElseThrow();
        ProcessHandle task = ProcessHandle.of(pid).orElseThrow();
        task.destroyForcibly();
        task.onExit().get(30, TimeUnit.SECONDS);
        Map<String, Long> written = counts();
        log.info(
                "killed attempt {} (container {}, pid {}); rows written: {}",
                killed.id(),
                killed.container().id(),
                pid,
                written);
        assertThat(written.get("redis"))
                .as("keys the killed attempt wrote")
                .isPositive()
                .isLessThan(ROWS);
        assertThat(written.get("mongo staged"))
                .as("rows the killed attempt staged")
                .isPositive();
        assertThat(written.get("mongo insert"))
                .as("rows published before the commit")
                .isZero();

        insert.get(3, TimeUnit.MINUTES);
        hive.execute("RESET");
        List<ContainerLogs.Attempt> attempts = containerLogs.attemptsSince(before);
        assertThat(attempts)
                .as("attempts of the INSERT's task")
                .extracting(ContainerLogs.Attempt::taskId)
                .containsOnly(killed.taskId());
        assertThat(attempts).extracting(ContainerLogs.Attempt::number).contains(0, 1);

        Map<String, Long> counts = counts();
        assertThat(counts)
                .isEqualTo(Map.of(
                        "redis",
                        (long) ROWS,
                        "cassandra",
                        (long) ROWS,
                        "mongo upsert",
                        (long) ROWS,
                        "mongo insert",
                        (long) ROWS,
                        "mongo staged",
                        0L));
        assertRedisRows();
        assertThat(cassandraRows()).isEqualTo(expected());
        try (MongoClient client = yarn.stores().mongoClient()) {
            var database = client.getDatabase(DB);
            assertThat(mongoRows(database.getCollection("m_upsert"), "_id")).isEqualTo(expected());
            assertThat(mongoRows(database.getCollection("m_insert"), "id")).isEqualTo(expected());
        }
    }

    private void createTables() throws Exception {
        cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        cql.execute("CREATE TABLE " + DB + ".c (id int PRIMARY KEY, owner text, balance bigint)");
        try (MongoClient client = yarn.stores().mongoClient()) {
            client.getDatabase(DB).drop();
        }
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        String columns = " (id int, owner string, balance bigint) STORED BY ";
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".r" + columns + "'io.hivenosql.redis.RedisStorageHandler' "
                + "TBLPROPERTIES ('redis.nodes'='" + redis.address() + "', 'redis.key.prefix'='" + PREFIX + "', "
                + "'redis.batch.size'='50')");
        var cassandra = yarn.stores().cassandra();
        hive.execute(
                "CREATE EXTERNAL TABLE " + DB + ".c" + columns + "'io.hivenosql.cassandra.CassandraStorageHandler' "
                        + "TBLPROPERTIES ('cassandra.hosts'='" + cassandra.contactPoint() + "', 'cassandra.local-dc'='"
                        + cassandra.localDatacenter() + "', 'cassandra.write.batch.rows'='50')");
        String mongo = "'io.hivenosql.mongo.MongoStorageHandler' WITH SERDEPROPERTIES ";
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".m_upsert" + columns + mongo
                + "('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ('mongo.uri'='"
                + yarn.stores().mongo().databaseUri(DB, "m_upsert") + "', 'mongo.write.mode'='upsert', "
                + "'mongo.write.batch-size'='50')");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".m_insert" + columns + mongo
                + "('mongo.columns.mapping'='{\"id\":\"id\"}') TBLPROPERTIES ('mongo.uri'='"
                + yarn.stores().mongo().databaseUri(DB, "m_insert") + "', 'mongo.write.batch-size'='50')");
    }

    /** Rows (or keys, or documents) per store; "mongo staged": documents in staging collections of the database. */
    private Map<String, Long> counts() {
        Map<String, Long> counts = new TreeMap<>();
        counts.put("redis", redisKeys());
        counts.put("cassandra", cassandraCount());
        try (MongoClient client = yarn.stores().mongoClient()) {
            var database = client.getDatabase(DB);
            counts.put("mongo upsert", database.getCollection("m_upsert").countDocuments());
            counts.put("mongo insert", database.getCollection("m_insert").countDocuments());
            long staged = 0;
            for (String name : database.listCollectionNames()) {
                if (name.startsWith("__hivenosql_stage.")) {
                    staged += database.getCollection(name).countDocuments();
                }
            }
            counts.put("mongo staged", staged);
        }
        return counts;
    }

    private long cassandraCount() {
        return ((Number) cql.rows("SELECT count(*) FROM " + DB + ".c").get(0).get(0)).longValue();
    }

    /** id -> owner|balance of every row the query writes. */
    private static Map<Integer, String> expected() {
        Map<Integer, String> rows = new TreeMap<>();
        for (int id = 0; id < ROWS; id++) {
            rows.put(id, "owner-" + id + "|" + id * 100L);
        }
        return rows;
    }

    private void assertRedisRows() {
        try (Jedis jedis = redis.connect();
                Pipeline pipeline = jedis.pipelined()) {
            List<Response<Map<String, String>>> hashes = new ArrayList<>();
            for (int id = 0; id < ROWS; id++) {
                hashes.add(pipeline.hgetAll(PREFIX + id));
            }
            pipeline.sync();
            for (int id = 0; id < ROWS; id++) {
                assertThat(hashes.get(id).get())
                        .as(PREFIX + id)
                        .isEqualTo(Map.of("owner", "owner-" + id, "balance", Long.toString(id * 100L)));
            }
        }
    }

    private Map<Integer, String> cassandraRows() {
        Map<Integer, String> rows = new TreeMap<>();
        for (List<Object> row : cql.rows("SELECT id, owner, balance FROM " + DB + ".c")) {
            rows.put((Integer) row.get(0), row.get(1) + "|" + row.get(2));
        }
        return rows;
    }

    /** id -> owner|balance of every document; a second document of one id fails. */
    private static Map<Integer, String> mongoRows(MongoCollection<Document> collection, String idField) {
        Map<Integer, String> rows = new TreeMap<>();
        for (Document document : collection.find()) {
            int id = ((Number) document.get(idField)).intValue();
            String previous = rows.put(id, document.get("owner") + "|" + document.get("balance"));
            assertThat(previous)
                    .as("a second document of id %s in %s", id, collection.getNamespace())
                    .isNull();
        }
        assertThat(Set.copyOf(rows.keySet())).hasSize(ROWS);
        return rows;
    }

    private long redisKeys() {
        try (Jedis jedis = redis.connect()) {
            return RedisStats.keys(jedis, PREFIX);
        }
    }
}
