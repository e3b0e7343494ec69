package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.Stack;
import io.hivenosql.sandbox.cluster.ContainerClassPath;
import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The Redis handler on Hive on Tez over YARN (the sandbox's cluster mode, {@code bin/hive-nosql up --cluster}): HDFS
 * with 2 DataNodes, YARN with 2 NodeManagers, HiveServer2 in its own JVM, the handler jar on HDFS in {@code
 * hive.aux.jars.path}. CREATE, INSERT and a SELECT whose key filter is pushed to Redis run as Tez DAGs whose tasks run
 * in YARN container JVMs (not HiveServer2's, not this one), whose own classpath holds no handler class: the handler
 * reaches them only because Hive shipped its jar.
 *
 * <p>Cluster-mode tests are named {@code *YarnIT} ({@code RedisClusterIT} is about Redis Cluster). This one starts its
 * own stack (a cluster and a redis-server, no Cassandra, no MongoDB) and stops it when it ends.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisYarnIT {
    private static final Logger log = LoggerFactory.getLogger(RedisYarnIT.class);
    private static final String DB = "it_yarn";
    private static final String TABLE = DB + ".accounts";
    private static final String PREFIX = "it:yarn:acct:";
    private static final int ROWS = 200;

    private Stack stack;
    private HiveInstance hive;
    private TestingRedisServer redis;
    private ContainerLogs containerLogs;

    @BeforeAll
    void start() throws Exception {
        Path work = Path.of(System.getProperty("hivenosql.work.dir", "target/it-work"))
                .resolve("yarn-redis")
                .toAbsolutePath();
        long begin = System.nanoTime();
        stack = Stack.builder(work)
                .cluster(true)
                .auxJars(HiveStack.Resources.auxJars())
                // what bin/hive-nosql demo --cluster gives the examples: their copy on HDFS, their local root
                .examples(HiveStack.Resources.examplesDir())
                .start();
        log.info("Cluster stack up in {} ms ({})", (System.nanoTime() - begin) / 1_000_000, stack.cluster());
        hive = stack.hive();
        redis = stack.redis();
        containerLogs = new ContainerLogs(stack.cluster().state().containerLogDirs());
    }

    @AfterAll
    void stop() {
        if (stack != null) {
            stack.close();
        }
    }

    @Test
    void createInsertAndPushedSelectRunInContainersThatHaveTheHandlerOnlyFromHive() throws Exception {
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
        hive.execute("CREATE EXTERNAL TABLE " + TABLE + " (id int, owner string, balance bigint) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='" + PREFIX + "')");
        // every statement a Tez DAG, none a fetch task inside HiveServer2
        hive.execute("SET hive.fetch.task.conversion=none");

        Set<String> beforeInsert = containerLogs.attemptIds();
        hive.execute("INSERT INTO " + TABLE + " SELECT id, concat('owner-', cast(id AS string)), id * 100 "
                + "FROM (SELECT posexplode(split(space(" + (ROWS - 1) + "), ' ')) AS (id, unused)) ids");
        assertThat(keysWithPrefix()).isEqualTo(ROWS);
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

        List<ContainerLogs.Attempt> attempts = new ArrayList<>(insert);
        attempts.addAll(select);
        Set<ContainerLogs.Container> containers = new LinkedHashSet<>();
        attempts.forEach(attempt -> containers.add(attempt.container()));
        Set<Long> notContainers = Set.of(
                ProcessHandle.current().pid(),
                stack.cluster().pid(),
                stack.cluster().state().hiveServerPid());
        for (ContainerLogs.Container container : containers) {
            assertThat(container.isApplicationMaster()).as(container.id()).isFalse();
            assertThat(container.taskPid()).as("pid of " + container.id()).isPresent();
            assertThat(notContainers)
                    .as(container.id())
                    .doesNotContain(container.taskPid().getAsLong());
            assertShippedOnly(container);
            // the Tez AM computed the splits (hive.compute.splits.in.am): it needs the handler too
            assertShippedOnly(containerLogs
                    .applicationMaster(container.applicationId())
                    .orElseThrow(() -> new AssertionError("no AM container of " + container.applicationId())));
        }
        log.info(
                "INSERT and SELECT ran {} task attempt(s) in YARN containers {} (pids {})",
                attempts.size(),
                containers.stream().map(ContainerLogs.Container::id).toList(),
                containers.stream()
                        .map(container -> container.taskPid().getAsLong())
                        .toList());
    }

    @Test
    void mappingFilesReachTheClusterFromHdfsAndFromTheServersMappingFileRoots() throws Exception {
        String prefix = "it:yarn:user:";
        try (Jedis jedis = redis.connect()) {
            jedis.hset(prefix + "1", Map.of("name", "ada", "age", "25", "city", "Oslo"));
            jedis.hset(prefix + "2", Map.of("name", "bob", "age", "32", "city", "Lima"));
        }
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
        hive.execute("SET hive.fetch.task.conversion=none");
        // examples_dir names the examples' copy on HDFS, which tasks on any host can read
        String onHdfs = stack.variables().get(Stack.EXAMPLES_DIR);
        assertThat(onHdfs).startsWith(stack.cluster().state().hdfsUri() + "/");
        // a local file under the stack's mapping-file roots (hivenosql.mapping.file.roots of the cluster's HiveServer2)
        String local =
                HiveStack.Resources.examplesDir().toAbsolutePath().normalize().toString();
        for (String dir : List.of(onHdfs, local)) {
            String table = DB + (dir.equals(local) ? ".users_local_mapping" : ".users_hdfs_mapping");
            hive.execute("CREATE EXTERNAL TABLE " + table + " STORED BY 'io.hivenosql.redis.RedisStorageHandler' "
                    + "TBLPROPERTIES ('redis.nodes'='" + redis.address() + "', 'redis.key.prefix'='" + prefix
                    + "', 'nosql.mapping.url'='" + dir + "/redis/users-mapping.json')");
            Set<String> before = containerLogs.attemptIds();
            assertThat(hive.query("SELECT count(*), sum(age), max(full_name) FROM " + table))
                    .as("rows of %s", table)
                    .containsExactly(List.of(2L, 57L, "bob"));
            assertThat(containerLogs.attemptsSince(before))
                    .as("task attempts of the SELECT of %s", table)
                    .isNotEmpty();
        }
    }

    /** The handler jar is among the resources YARN localized, and nowhere on the cluster's own classpath. */
    private static void assertShippedOnly(ContainerLogs.Container container) {
        assertThat(container.clusterClassPath())
                .as("cluster classpath of " + container.id())
                .anyMatch(entry -> entry.getFileName().toString().startsWith("hadoop-common-"))
                .anyMatch(entry -> entry.getFileName().toString().startsWith("tez-runtime-library-"));
        assertThat(ContainerClassPath.violations(container.clusterClassPath()))
                .as("handler or store-client classes on the cluster classpath of " + container.id())
                .isEmpty();
        assertThat(container.shippedClassPath())
                .as("resources localized into " + container.id())
                .anyMatch(entry -> entry.getFileName().toString().matches("handler-redis-.*-hive\\.jar"));
    }

    private long keysWithPrefix() {
        long keys = 0;
        try (Jedis jedis = redis.connect()) {
            String cursor = ScanParams.SCAN_POINTER_START;
            do {
                ScanResult<String> page =
                        jedis.scan(cursor, new ScanParams().match(PREFIX + "*").count(500));
                keys += page.getResult().size();
                cursor = page.getCursor();
            } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        }
        return keys;
    }
}
