package io.hivenosql.bench.raw;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.redis.TestingRedisCluster;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;

class TestRedisRawScan {
    private static final int ROWS = 700;

    @Test
    void readsEveryHashOfThePrefixOnOneServerOnEveryScanOfOneConnection() {
        try (TestingRedisServer server = TestingRedisServer.start();
                Jedis jedis = server.connect()) {
            for (int i = 0; i < ROWS; i++) {
                jedis.hset("lineitem:" + i, Map.of("a", "1", "b", "22"));
            }
            jedis.hset("orders:1", Map.of("a", "1"));
            try (RedisRawScan scan = RedisRawScan.open(server.address(), "lineitem:")) {
                assertThat(scan.scan()).isEqualTo(ROWS);
                assertThat(scan.scan()).isEqualTo(ROWS);
            }
        }
    }

    @Test
    void readsEveryMasterOfACluster() {
        try (TestingRedisCluster cluster = TestingRedisCluster.start();
                JedisCluster client =
                        new JedisCluster(HostAndPort.from(cluster.nodes().split(",")[0]))) {
            for (int i = 0; i < ROWS; i++) {
                client.hset("lineitem:" + i, Map.of("a", "1"));
            }
            client.hset("orders:1", Map.of("a", "1"));
            try (RedisRawScan scan = RedisRawScan.open(cluster.nodes(), "lineitem:")) {
                assertThat(scan.scan()).isEqualTo(ROWS);
            }
        }
    }
}
