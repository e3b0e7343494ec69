package io.hivenosql.sandbox.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;

class TestTestingRedisCluster {
    @Test
    void formsThreeMasterClusterAndStopsIt() {
        List<Long> pids;
        try (TestingRedisCluster cluster = TestingRedisCluster.start()) {
            pids = cluster.servers().stream().map(TestingRedisServer::pid).toList();
            assertThat(cluster.nodes().split(",")).hasSize(3).allMatch(n -> n.startsWith("127.0.0.1:"));
            for (TestingRedisServer server : cluster.servers()) {
                try (Jedis jedis = server.connect()) {
                    assertThat(jedis.info("cluster")).contains("cluster_enabled:1");
                    assertThat(jedis.clusterInfo())
                            .contains("cluster_state:ok")
                            .contains("cluster_slots_assigned:16384")
                            .contains("cluster_known_nodes:3");
                }
            }
            Set<HostAndPort> nodes = Arrays.stream(cluster.nodes().split(","))
                    .map(HostAndPort::from)
                    .collect(Collectors.toSet());
            try (JedisCluster client = new JedisCluster(nodes)) {
                for (int i = 0; i < 300; i++) {
                    client.set("key:" + i, "value:" + i);
                }
                assertThat(client.get("key:299")).isEqualTo("value:299");
            }
            Set<Long> perNode = new HashSet<>();
            long total = 0;
            for (TestingRedisServer server : cluster.servers()) {
                try (Jedis jedis = server.connect()) {
                    perNode.add(jedis.dbSize());
                    total += jedis.dbSize();
                }
            }
            assertThat(total).isEqualTo(300);
            assertThat(perNode).doesNotContain(0L);
        }
        assertThat(pids).allSatisfy(pid -> assertThat(
                        ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .isFalse());
    }

    @Test
    void slotRangesCoverAllSlotsOnce() {
        int[][] ranges = TestingRedisCluster.slotRanges();
        assertThat(ranges[0][0]).isZero();
        assertThat(ranges[2][1]).isEqualTo(16383);
        assertThat(ranges[1][0]).isEqualTo(ranges[0][1] + 1);
        assertThat(ranges[2][0]).isEqualTo(ranges[1][1] + 1);
    }
}
