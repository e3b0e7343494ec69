package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * A Redis server that accepts connections but stops answering (CLIENT PAUSE on a server of the test's own) fails the
 * query saying that reading timed out, from which host and port, after how long, for which table, and which property
 * to raise: not that the handler could not connect.
 */
@ExtendWith(HiveStack.class)
class RedisReadTimeoutIT {
    private static final String DB = "it_redis_timeout";

    @Test
    void aServerThatStopsAnsweringTimesOutNamingTheProperty(HiveInstance hive) throws Exception {
        try (TestingRedisServer paused = TestingRedisServer.start()) {
            try (Jedis jedis = paused.connect()) {
                jedis.hset("t:1", Map.of("name", "a"));
            }
            hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
            hive.execute("CREATE DATABASE " + DB);
            hive.execute("CREATE EXTERNAL TABLE " + DB + ".slow (id int, name string) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + paused.address() + "', 'redis.key.prefix'='t:', 'redis.timeout.ms'='300')");
            assertThat(Rows.of(hive, "SELECT name FROM " + DB + ".slow")).containsExactly("a");
            try (Jedis jedis = paused.connect()) {
                // every client's commands wait a minute; the server is killed long before
                jedis.clientPause(60_000);
            }
            try {
                assertThatThrownBy(() -> hive.query("SELECT name FROM " + DB + ".slow"))
                        .hasStackTraceContaining("timed out")
                        .hasStackTraceContaining(paused.address())
                        .hasStackTraceContaining("300 ms")
                        .hasStackTraceContaining(DB + ".slow")
                        .hasStackTraceContaining("redis.timeout.ms")
                        .satisfies(e -> assertThat(stackTrace(e)).doesNotContain("cannot connect"));
            } finally {
                paused.kill();
            }
        }
    }

    private static String stackTrace(Throwable e) {
        StringWriter writer = new StringWriter();
        e.printStackTrace(new PrintWriter(writer));
        return writer.toString();
    }
}
