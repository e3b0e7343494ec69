package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.ServerFixture;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisMonitor;
import redis.clients.jedis.Pipeline;

/**
 * Redis dies in the middle of a scan ({@link BaseServerLossIT}): the query fails with a message naming the server,
 * instead of returning a partial result. The server is killed the moment a task asks for the rows of the first keys
 * its scan found (HMGET or HGETALL, seen through MONITOR), so the test does not depend on timing; the planner's sample
 * of field names in HiveServer2 (SCAN, HKEYS) comes before and is left alone.
 */
class RedisServerLossIT extends BaseServerLossIT {
    private static final String DB = "it_loss";

    private TestingRedisServer doomed;
    private CountDownLatch scanning;

    @Override
    String database() {
        return DB;
    }

    @Override
    void startServer(HiveStack.Resources stack) {
        doomed = TestingRedisServer.builder().build();
    }

    @Override
    void stopServer() {
        if (doomed != null) {
            doomed.close();
        }
    }

    @Override
    String createBigTable() throws Exception {
        try (Jedis jedis = new Jedis(doomed.host(), doomed.port())) {
            Pipeline pipeline = jedis.pipelined();
            for (int i = 0; i < 20_000; i++) {
                Map<String, String> fields = new HashMap<>();
                fields.put("v", Integer.toString(i));
                pipeline.hset("it:loss:" + i, fields);
            }
            pipeline.sync();
        }
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".doomed (id int, v int) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + doomed.address() + "', 'redis.key.prefix'='it:loss:', 'redis.scan.count'='10')");
        return DB + ".doomed";
    }

    /**
     * MONITOR kills the server on the first row fetch of the table's keys, when 19,990 of the 20,000 keys are still
     * unread. Unlike the other stores, the kill does not wait for {@link #awaitTheScan}: Redis answers within
     * microseconds, so a scan of 20,000 keys could be far along or done before a kill from the test's thread.
     */
    @Override
    void watchForTheScan() throws Exception {
        scanning = new CountDownLatch(1);
        Thread monitor = new Thread(() -> {
            try (Jedis jedis = new Jedis(doomed.host(), doomed.port())) {
                jedis.monitor(new JedisMonitor() {
                    @Override
                    public void onCommand(String command) {
                        String lower = command.toLowerCase(Locale.ROOT);
                        if ((lower.contains("\"hmget\"") || lower.contains("\"hgetall\""))
                                && command.contains("it:loss:")) {
                            scanning.countDown();
                            doomed.kill();
                        }
                    }
                });
            } catch (RuntimeException expected) {
                // the monitor connection dies with the server
            }
        });
        monitor.setDaemon(true);
        monitor.start();
        // the query starts once MONITOR is attached (a client with flag O)
        try (Jedis jedis = new Jedis(doomed.host(), doomed.port())) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
            while (!jedis.clientList().contains(" flags=O ")) {
                assertThat(System.nanoTime()).as("MONITOR never attached").isLessThan(deadline);
                Thread.sleep(5);
            }
        }
    }

    @Override
    void awaitTheScan(Future<?> query) throws Exception {
        awaitWhileRunning(query, "scan", 5, () -> scanning.getCount() == 0);
    }

    /** The monitor has killed it already, on the first row fetch. */
    @Override
    ServerFixture doomedServer() {
        return doomed;
    }

    @Override
    void assertFailure(String stackTrace, String table, double secondsAfterTheKill) {
        assertThat(stackTrace).contains("Redis at " + doomed.address());
    }
}
