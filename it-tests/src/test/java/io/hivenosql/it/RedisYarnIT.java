package io.hivenosql.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.hive.RemoteHiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;

/**
 * The Redis handler on Hive on Tez over YARN (the sandbox's cluster mode, {@code bin/hive-nosql up --cluster}): HDFS
 * with 2 DataNodes, YARN with 2 NodeManagers, HiveServer2 in its own JVM, the handler jar on HDFS in {@code
 * hive.aux.jars.path}. CREATE, INSERT and a SELECT whose key filter is pushed to Redis run as Tez DAGs whose tasks run
 * in YARN container JVMs (not HiveServer2's, not this one), whose own classpath holds no handler class: the handler
 * reaches them only because Hive shipped its jar.
 *
 * <p>The same session then joins every key with a managed ORC table on HDFS, runs INSERT OVERWRITE (the old keys are
 * gone) and shows the key sample's row count in EXPLAIN (the table lives in a logical database of its own, so the
 * sample is exact).
 *
 * <p>Cluster-mode tests are named {@code *YarnIT} ({@code RedisClusterIT} is about Redis Cluster); they share one
 * cluster ({@link YarnStack}).
 */
@ExtendWith(YarnStack.class)
class RedisYarnIT {
    private static final Logger log = LoggerFactory.getLogger(RedisYarnIT.class);
    private static final String DB = "it_yarn";
    private static final String TABLE = DB + ".accounts";
    private static final String PREFIX = "it:yarn:acct:";
    private static final String JAR = "handler-redis-.*-hive\\.jar";
    private static final int ROWS = 200;
    /** The logical database of the table of deployment (a): its keys alone, so that DBSIZE sizes the table. */
    private static final int DATABASE = 3;

    private final YarnStack.Resources yarn;
    private final RemoteHiveInstance hive;
    private final TestingRedisServer redis;
    private final ContainerLogs containerLogs;

    RedisYarnIT(YarnStack.Resources yarn) {
        this.yarn = yarn;
        this.hive = yarn.hive();
        this.redis = yarn.stores().redis();
        this.containerLogs = yarn.containerLogs();
    }

    @Test
    void createInsertAndPushedSelectRunInContainersThatHaveTheHandlerOnlyFromHive() throws Exception {
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
        hive.execute("DROP TABLE IF EXISTS " + TABLE);
        hive.execute("CREATE EXTERNAL TABLE " + TABLE + " (id int, owner string, balance bigint) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='" + PREFIX + "', 'redis.database'='" + DATABASE + "')");
        try (Jedis jedis = redis.connect()) {
            jedis.select(DATABASE);
            jedis.flushDB();
        }
        String regions = DB + ".regions";
        // every statement a Tez DAG, none a fetch task inside HiveServer2
        hive.execute("SET hive.fetch.task.conversion=none");
        YarnChecks.createOrcRegions(hive, regions, ROWS);

        Set<String> beforeInsert = containerLogs.attemptIds();
        hive.execute("INSERT INTO " + TABLE + " SELECT id, concat('owner-', cast(id AS string)), id * 100 "
                + "FROM (SELECT posexplode(split(space(" + (ROWS - 1) + "), ' ')) AS (id, unused)) ids");
        assertThat(keysWithPrefix(DATABASE, PREFIX)).isEqualTo(ROWS);
        List<ContainerLogs.Attempt> insert = containerLogs.attemptsSince(beforeInsert);
        assertThat(insert).as("task attempts of the INSERT").isNotEmpty();

        Set<String> beforeSelect = containerLogs.attemptIds();
        Map<String, Long> before = RedisStats.commandCalls(redis.host(), redis.port());
        List<List<Object>> rows = hive.query("SELECT id, owner, balance FROM " + TABLE + " WHERE id = 42");
        Map<String, Long> after = RedisStats.commandCalls(redis.host(), redis.port());
        assertThat(rows).containsExactly(List.of(42, "owner-42", 4200L));
        assertThat(RedisStats.delta(before, after, "scan"))
                .as("SCANs of the pushed key lookup")
                .isZero();
        assertThat(RedisStats.delta(before, after, "hgetall"))
                .as("HGETALLs of the pushed key lookup")
                .isEqualTo(1);
        List<ContainerLogs.Attempt> select = containerLogs.attemptsSince(beforeSelect);
        assertThat(select).as("task attempts of the SELECT").isNotEmpty();

        // a scan of every key joined with the ORC table on HDFS
        List<List<Object>> expected = new ArrayList<>();
        for (int region = 0; region < 3; region++) {
            long count = 0;
            long balance = 0;
            for (int id = region; id < ROWS; id += 3) {
                count++;
                balance += id * 100L;
            }
            expected.add(List.of("region-" + region, count, balance));
        }
        assertThat(hive.query("SELECT r.region, count(*), sum(a.balance) FROM " + TABLE + " a JOIN " + regions
                        + " r ON a.id = r.id GROUP BY r.region ORDER BY r.region"))
                .containsExactlyElementsOf(expected);

        hive.execute("INSERT OVERWRITE TABLE " + TABLE + " SELECT id, concat('new-', cast(id AS string)), id FROM "
                + YarnChecks.ids(ROWS / 2));
        assertThat(keysWithPrefix(DATABASE, PREFIX))
                .as("keys after INSERT OVERWRITE")
                .isEqualTo(ROWS / 2);
        try (Jedis jedis = redis.connect()) {
            jedis.select(DATABASE);
            assertThat(jedis.hget(PREFIX + "1", "owner")).isEqualTo("new-1");
            assertThat(jedis.exists(PREFIX + (ROWS - 1)))
                    .as("a key INSERT OVERWRITE did not write")
                    .isFalse();
        }

        List<ContainerLogs.Attempt> attempts = containerLogs.attemptsSince(beforeInsert);
        Set<ContainerLogs.Container> containers =
                YarnChecks.assertRanShippedInContainers(yarn, attempts, "the INSERTs and the SELECT", JAR);
        log.info(
                "INSERT and SELECT ran {} task attempt(s) in YARN containers {} (pids {})",
                attempts.size(),
                containers.stream().map(ContainerLogs.Container::id).toList(),
                containers.stream()
                        .map(container -> container.taskPid().getAsLong())
                        .toList());
        hive.execute("RESET");

        // the key sample of a database holding only this table's keys: DBSIZE exactly
        String scan = "SELECT owner, count(*) FROM " + TABLE + " GROUP BY owner";
        assertThat(YarnChecks.scanRows(YarnChecks.explain(hive, scan)))
                .as("rows in the plan")
                .isEqualTo(ROWS / 2);
        log.info("deployment (a) vectorization: {}", YarnChecks.assertScanReadsBatches(hive, scan));
    }

    /**
     * Deployment (b): a HiveServer2 with no handler jar on its classpath nor in hive.aux.jars.path; the session adds
     * the jar from HDFS. CREATE, INSERT, a pushed key SELECT and DROP then work, and the containers got the jar from
     * the session.
     */
    @Test
    void aSessionOfAPlainHiveServerAddsTheJarFromHdfsAndRunsEveryStatement() throws Exception {
        YarnChecks.assertPlainHiveServerHasNoHandler(yarn);
        String prefix = "it:yarn:addjar:";
        String table = "addjar_accounts";
        try (RemoteHiveInstance session = yarn.plainSession(List.of("ADD JAR " + yarn.hdfsJar("handler-redis")))) {
            session.execute("CREATE EXTERNAL TABLE " + table + " (id int, owner string) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + redis.address() + "', 'redis.key.prefix'='" + prefix + "')");
            session.execute("SET hive.fetch.task.conversion=none");
            Set<String> before = containerLogs.attemptIds();
            session.execute("INSERT INTO " + table + " SELECT id, concat('owner-', cast(id AS string)) "
                    + "FROM (SELECT posexplode(split(space(49), ' ')) AS (id, unused)) ids");
            assertThat(keysWithPrefix(prefix)).isEqualTo(50);
            Map<String, Long> callsBefore = RedisStats.commandCalls(redis.host(), redis.port());
            assertThat(session.query("SELECT owner FROM " + table + " WHERE id = 7"))
                    .containsExactly(List.of("owner-7"));
            Map<String, Long> callsAfter = RedisStats.commandCalls(redis.host(), redis.port());
            assertThat(RedisStats.delta(callsBefore, callsAfter, "scan"))
                    .as("SCANs")
                    .isZero();
            List<ContainerLogs.Attempt> attempts = containerLogs.attemptsSince(before);
            assertThat(attempts)
                    .as("task attempts of the INSERT and the SELECT")
                    .isNotEmpty();
            for (ContainerLogs.Attempt attempt : attempts) {
                YarnChecks.assertShippedOnly(attempt.container(), JAR);
            }
            log.info(
                    "deployment (b) vectorization: {}",
                    YarnChecks.assertScanReadsRows(
                            session,
                            "SELECT owner, count(*) FROM " + table + " GROUP BY owner",
                            "io.hivenosql.redis.RedisInputFormat"));
            session.execute("DROP TABLE " + table);
        }
        assertThat(keysWithPrefix(prefix))
                .as("keys after DROP of an external table")
                .isEqualTo(50);
    }

    /**
     * Mapping files reach the cluster: one on HDFS (read again by the tasks, wherever they run), one under the
     * {@code hivenosql.mapping.file.roots} of the cluster's HiveServer2 (a setting of its hive-site, which the cluster
     * must pass on); one DAG reads both tables.
     */
    @Test
    void mappingFilesOnHdfsAndUnderTheServersRootsReachTheTasks() throws Exception {
        String prefix = "it:yarn:user:";
        try (Jedis jedis = redis.connect()) {
            jedis.hset(prefix + "1", Map.of("name", "ada", "age", "25"));
            jedis.hset(prefix + "2", Map.of("name", "bob", "age", "32"));
        }
        String mapping = "{\"columns\": [{\"name\": \"user_id\", \"type\": \"int\", \"role\": \"key\"}, "
                + "{\"name\": \"full_name\", \"type\": \"string\", \"path\": \"name\"}, "
                + "{\"name\": \"age\", \"type\": \"int\"}]}";
        Path local = yarn.stores().scratch("yarn").resolve("users-mapping.json");
        Files.writeString(local, mapping, UTF_8);
        org.apache.hadoop.fs.Path onHdfs = new org.apache.hadoop.fs.Path("/it/yarn/mappings/users-mapping.json");
        try (FileSystem hdfs = yarn.hdfs()) {
            hdfs.copyFromLocalFile(new org.apache.hadoop.fs.Path(local.toUri()), onHdfs);
        }
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
        Map<String, String> tables = Map.of(
                DB + ".users_hdfs_mapping",
                yarn.state().hdfsUri() + onHdfs,
                DB + ".users_local_mapping",
                local.toString());
        for (Map.Entry<String, String> table : tables.entrySet()) {
            hive.execute("DROP TABLE IF EXISTS " + table.getKey());
            hive.execute(
                    "CREATE EXTERNAL TABLE " + table.getKey() + " STORED BY 'io.hivenosql.redis.RedisStorageHandler' "
                            + "TBLPROPERTIES ('redis.nodes'='" + redis.address() + "', 'redis.key.prefix'='" + prefix
                            + "', 'nosql.mapping.url'='" + table.getValue() + "')");
        }
        hive.execute("SET hive.fetch.task.conversion=none");
        Set<String> before = containerLogs.attemptIds();
        List<List<Object>> rows = hive.query("SELECT 'hdfs', count(*), sum(age), max(full_name) FROM " + DB
                + ".users_hdfs_mapping UNION ALL SELECT 'local', count(*), sum(age), max(full_name) FROM " + DB
                + ".users_local_mapping");
        hive.execute("RESET");
        assertThat(rows).containsExactlyInAnyOrder(List.of("hdfs", 2L, 57L, "bob"), List.of("local", 2L, 57L, "bob"));
        assertThat(containerLogs.attemptsSince(before))
                .as("task attempts of the SELECT")
                .isNotEmpty();
    }

    private long keysWithPrefix(String prefix) {
        return keysWithPrefix(0, prefix);
    }

    private long keysWithPrefix(int database, String prefix) {
        try (Jedis jedis = redis.connect()) {
            jedis.select(database);
            return RedisStats.keys(jedis, prefix);
        }
    }
}
