package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisCluster;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.ClusterPipeline;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisMonitor;

/**
 * A Redis Cluster of three masters each with a replica ({@link TestingRedisCluster#startReplicated()}) loses a master
 * in the middle of a query. Every query runs with {@code tez.am.task.max.failed.attempts=1} and records the attempt
 * numbers of its tasks ({@link FailingAttemptUdf}), so that a success proves that the reader or writer went on by
 * itself, not that Tez ran the task again. The master is killed through MONITOR at the first command of the query on
 * it (the first row fetch of the scan, the first HSET of the INSERT), when nearly all of its keys are still to come.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisFailoverIT {
    private static final Logger log = LoggerFactory.getLogger(RedisFailoverIT.class);
    private static final String DB = "it_failover";
    private static final String HANDLER = "STORED BY 'io.hivenosql.redis.RedisStorageHandler'";
    private static final int ROWS = 20_000;
    private static final long SUM = (long) ROWS * (ROWS - 1) / 2;
    private static final int FAILOVER_TIMEOUT_MS = 3_000;

    private TestingRedisCluster cluster;
    private HiveInstance hive;
    private Connection session;

    @BeforeAll
    void start(HiveInstance hive) throws Exception {
        this.hive = hive;
        cluster = TestingRedisCluster.startReplicated();
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        session = hive.connect();
        execute("SET hive.execution.engine=tez");
        execute("SET hive.fetch.task.conversion=none");
        execute("SET tez.am.task.max.failed.attempts=1");
        execute("CREATE TEMPORARY FUNCTION fail_attempt AS '" + FailingAttemptUdf.class.getName() + "'");
        loadRows("it:fo:scan:");
        execute("CREATE EXTERNAL TABLE " + DB + ".scanned (id int, v bigint) " + HANDLER
                + " TBLPROPERTIES ('redis.nodes'='" + cluster.nodes() + "', 'redis.key.prefix'='it:fo:scan:', "
                + "'redis.scan.count'='10')");
    }

    @AfterAll
    void stop() throws SQLException {
        if (session != null) {
            session.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @BeforeEach
    void resetAttempts() {
        FailingAttemptUdf.reset();
    }

    /** A node a test killed comes back (as a replica) before the next test. */
    @AfterEach
    void restartKilled() {
        cluster.restartKilled();
    }

    /** The control: in this session a task attempt that fails fails the query, with no second attempt. */
    @Test
    @Order(1)
    void aFailedTaskAttemptFailsTheQuery() throws Exception {
        assertThatThrownBy(() -> query("SELECT sum(fail_attempt(v, 5, 1)) FROM " + DB + ".scanned"))
                .isInstanceOf(SQLException.class);
        assertThat(FailingAttemptUdf.attemptsSeen())
                .as("only the first attempt ran")
                .isEqualTo(1);
    }

    @Test
    @Order(2)
    void aMasterKilledMidScanLosesNoRowAndReadsNoneTwice() throws Exception {
        TestingRedisServer master = cluster.masters().get(0);
        TestingRedisServer replica = cluster.replicaOf(master);
        long keysOnMaster = keys(master, "it:fo:scan:");
        CountDownLatch killed = killOnFirst(master, "hmget", "it:fo:scan:");

        List<String> result = query("SELECT count(*), count(DISTINCT id), sum(v), sum(fail_attempt(v, " + ROWS
                + ", 0)) FROM " + DB + ".scanned");

        assertThat(killed.getCount())
                .as("the master was killed at its first row fetch")
                .isZero();
        assertThat(master.isAlive()).isFalse();
        assertThat(keysOnMaster)
                .as("keys the killed master held, of which the first fetch read 10")
                .isGreaterThan(6_000);
        assertThat(result).containsExactly(ROWS + "|" + ROWS + "|" + SUM + "|" + SUM);
        assertThat(FailingAttemptUdf.attemptsSeen()).as("no task ran twice").isEqualTo(1);
        assertThat(RedisStats.commandCalls(replica.host(), replica.port()))
                .as("the promoted replica served the rest of the split")
                .containsKey("hmget");
        assertThat(cluster.masters()).contains(replica);
    }

    @Test
    @Order(3)
    void aMasterKilledMidInsertLosesNoRowAndWritesNoneTwice() throws Exception {
        execute("CREATE EXTERNAL TABLE " + DB + ".inserted (id int, v bigint) " + HANDLER
                + " TBLPROPERTIES ('redis.nodes'='" + cluster.nodes() + "', 'redis.key.prefix'='it:fo:ins:', "
                + "'redis.batch.size'='50')");
        TestingRedisServer master = cluster.masters().get(1);
        CountDownLatch killed = killOnFirst(master, "hset", "it:fo:ins:");

        execute("INSERT INTO " + DB + ".inserted SELECT pos, fail_attempt(pos * 7, " + ROWS + ", 0) FROM (SELECT "
                + "posexplode(split(space(" + (ROWS - 1) + "), ' ')) AS (pos, x)) t");

        assertThat(killed.getCount())
                .as("the master was killed at the INSERT's first HSET on it")
                .isZero();
        assertThat(master.isAlive()).isFalse();
        assertThat(FailingAttemptUdf.attemptsSeen()).as("no task ran twice").isEqualTo(1);
        assertThat(query("SELECT count(*), count(DISTINCT id), sum(id), sum(v) FROM " + DB + ".inserted"))
                .containsExactly(ROWS + "|" + ROWS + "|" + SUM + "|" + 7 * SUM);
        long keys = 0;
        for (TestingRedisServer node : cluster.masters()) {
            keys += keys(node, "it:fo:ins:");
        }
        assertThat(keys).as("keys on the masters").isEqualTo(ROWS);
    }

    /** Nothing can take over a master whose replica is dead as well: the query fails within the configured bound. */
    @Test
    @Order(4)
    void noPromotionWithinTheTimeoutFailsTheQueryNamingSlotsAndNode() throws Exception {
        loadRows("it:fo:none:");
        execute("CREATE EXTERNAL TABLE " + DB + ".orphaned (id int, v bigint) " + HANDLER
                + " TBLPROPERTIES ('redis.nodes'='" + cluster.nodes() + "', 'redis.key.prefix'='it:fo:none:', "
                + "'redis.scan.count'='10', 'redis.cluster.failover-timeout-ms'='" + FAILOVER_TIMEOUT_MS + "')");
        TestingRedisServer master = cluster.masters().get(2);
        TestingRedisServer replica = cluster.replicaOf(master);
        replica.kill();
        CountDownLatch killed = killOnFirst(master, "hmget", "it:fo:none:");
        long start = System.nanoTime();

        // sum(v), not count(*): a key-only scan fetches no values (TYPE, not HMGET)
        assertThatThrownBy(() -> query("SELECT sum(v) FROM " + DB + ".orphaned"))
                .isInstanceOf(SQLException.class)
                .satisfies(e -> assertThat(Failures.stackTrace(e))
                        .contains("HNS-204")
                        .contains(master.address())
                        .contains("redis.cluster.failover-timeout-ms (" + FAILOVER_TIMEOUT_MS + " ms)")
                        .contains("16383]")
                        .contains(DB + ".orphaned"));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(killed.getCount()).isZero();
        assertThat(seconds).as("seconds to fail").isBetween(FAILOVER_TIMEOUT_MS / 1000.0, 40.0);
        log.info("the query without a promotion failed {} s after it started", seconds);
    }

    /** {@code ROWS} hashes {@code prefix<i>} = {v: i}, on the replicas too before this returns. */
    private void loadRows(String prefix) {
        Set<HostAndPort> nodes =
                Arrays.stream(cluster.nodes().split(",")).map(HostAndPort::from).collect(Collectors.toSet());
        try (JedisCluster client = new JedisCluster(nodes);
                ClusterPipeline pipeline = client.pipelined()) {
            for (int i = 0; i < ROWS; i++) {
                pipeline.hset(prefix + i, "v", Integer.toString(i));
            }
            pipeline.sync();
        }
        for (TestingRedisServer master : cluster.masters()) {
            try (Jedis jedis = master.connect()) {
                assertThat(jedis.waitReplicas(1, 10_000))
                        .as("replicas of %s", master)
                        .isEqualTo(1);
            }
        }
    }

    /**
     * MONITOR on {@code server}: kills it (by pid) at the first {@code command} on a key with {@code prefix}; returns
     * once MONITOR is attached.
     */
    private static CountDownLatch killOnFirst(TestingRedisServer server, String command, String prefix)
            throws Exception {
        CountDownLatch killed = new CountDownLatch(1);
        Thread monitor = new Thread(() -> {
            try (Jedis jedis = server.connect()) {
                jedis.monitor(new JedisMonitor() {
                    @Override
                    public void onCommand(String line) {
                        if (killed.getCount() > 0
                                && line.toLowerCase(Locale.ROOT).contains("\"" + command + "\"")
                                && line.contains(prefix)) {
                            server.kill();
                            killed.countDown();
                        }
                    }
                });
            } catch (RuntimeException expected) {
                // the monitor connection dies with the server
            }
        });
        monitor.setDaemon(true);
        monitor.start();
        try (Jedis jedis = server.connect()) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!jedis.clientList().contains(" flags=O ")) {
                assertThat(System.nanoTime()).as("MONITOR never attached").isLessThan(deadline);
                Thread.sleep(5);
            }
        }
        return killed;
    }

    private static long keys(TestingRedisServer server, String prefix) {
        try (Jedis jedis = server.connect()) {
            return RedisStats.keys(jedis, prefix);
        }
    }

    private void execute(String sql) throws SQLException {
        try (Statement statement = session.createStatement()) {
            statement.execute(sql);
        }
    }

    private List<String> query(String sql) throws SQLException {
        try (Statement statement = session.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            return Rows.of(rows);
        }
    }
}
