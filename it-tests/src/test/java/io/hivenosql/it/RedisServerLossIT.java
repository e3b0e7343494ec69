package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisMonitor;
import redis.clients.jedis.Pipeline;

/**
 * Redis dies in the middle of a scan: the query fails with a message naming the server, instead of returning a partial
 * result. The server is killed the moment it receives the first SCAN of a split (seen through MONITOR), so the test
 * does not depend on timing.
 */
@ExtendWith(HiveStack.class)
class RedisServerLossIT {
    @Test
    void serverStoppedMidScanFailsTheQueryWithAClearError(HiveInstance hive) throws Exception {
        try (TestingRedisServer doomed = TestingRedisServer.builder().build()) {
            try (Jedis jedis = new Jedis(doomed.host(), doomed.port())) {
                Pipeline pipeline = jedis.pipelined();
                for (int i = 0; i < 20_000; i++) {
                    Map<String, String> fields = new HashMap<>();
                    fields.put("v", Integer.toString(i));
                    pipeline.hset("it:loss:" + i, fields);
                }
                pipeline.sync();
            }
            hive.execute("CREATE DATABASE IF NOT EXISTS it_loss");
            hive.execute("DROP TABLE IF EXISTS it_loss.doomed");
            hive.execute("CREATE EXTERNAL TABLE it_loss.doomed (id int, v int) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + doomed.address() + "', 'redis.key.prefix'='it:loss:', 'redis.scan.count'='10')");

            CountDownLatch scanning = new CountDownLatch(1);
            Thread monitor = new Thread(() -> {
                try (Jedis jedis = new Jedis(doomed.host(), doomed.port())) {
                    jedis.monitor(new JedisMonitor() {
                        @Override
                        public void onCommand(String command) {
                            if (command.toLowerCase().contains("\"scan\"") && command.contains("it:loss:")) {
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
            Thread.sleep(200); // let MONITOR attach before the query starts

            assertThatThrownBy(() -> hive.query("SELECT sum(v) FROM it_loss.doomed"))
                    .hasStackTraceContaining(doomed.address());
            assertThat(scanning.await(10, TimeUnit.SECONDS)).isTrue();
        }
    }
}
