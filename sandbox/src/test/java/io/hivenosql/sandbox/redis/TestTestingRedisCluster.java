package io.hivenosql.sandbox.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
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

    /**
     * Three masters with a replica each: a killed master's replica takes its slots within seconds with the keys it
     * held, and the killed node, restarted, rejoins as a replica of the node that took over.
     */
    @Test
    void replicatedClusterFailsOverAndTakesTheKilledMasterBack() {
        List<Long> pids;
        try (TestingRedisCluster cluster = TestingRedisCluster.startReplicated()) {
            pids = cluster.servers().stream().map(TestingRedisServer::pid).toList();
            assertThat(cluster.servers()).hasSize(6);
            assertThat(cluster.masters())
                    .hasSize(3)
                    .containsExactlyElementsOf(cluster.servers().subList(0, 3));
            assertThat(cluster.replicas())
                    .hasSize(3)
                    .containsExactlyInAnyOrderElementsOf(cluster.servers().subList(3, 6));
            TestingRedisServer master = cluster.masters().get(0);
            TestingRedisServer replica = cluster.replicaOf(master);
            try (Jedis jedis = replica.connect()) {
                assertThat(jedis.info("replication"))
                        .contains("role:slave", "master_port:" + master.port(), "master_link_status:up");
            }
            Set<HostAndPort> nodes = Arrays.stream(cluster.nodes().split(","))
                    .map(HostAndPort::from)
                    .collect(Collectors.toSet());
            try (JedisCluster client = new JedisCluster(nodes)) {
                for (int i = 0; i < 300; i++) {
                    client.set("key:" + i, "value:" + i);
                }
            }
            try (Jedis jedis = master.connect()) {
                // the replica has every key of its master before the kill
                assertThat(jedis.waitReplicas(1, 5_000)).isEqualTo(1);
            }
            long masterKeys = dbSize(master);
            assertThat(masterKeys).isPositive();

            master.kill();
            Duration window = cluster.awaitFailover(master, Duration.ofSeconds(30));

            assertThat(window).isBetween(Duration.ofMillis(500), Duration.ofSeconds(15));
            assertThat(cluster.masters()).hasSize(3).contains(replica).doesNotContain(master);
            assertThat(dbSize(replica)).isEqualTo(masterKeys);

            cluster.restart(master);

            assertThat(master.isAlive()).isTrue();
            assertThat(cluster.replicaOf(replica)).isEqualTo(master);
            assertThat(cluster.replicas()).contains(master).hasSize(3);
            try (JedisCluster client = new JedisCluster(nodes)) {
                assertThat(client.get("key:299")).isEqualTo("value:299");
            }
            pids = new ArrayList<>(pids);
            pids.add(master.pid());
        }
        assertThat(pids).allSatisfy(pid -> assertThat(
                        ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .isFalse());
    }

    private static long dbSize(TestingRedisServer server) {
        try (Jedis jedis = server.connect()) {
            return jedis.dbSize();
        }
    }

    @Test
    void slotRangesCoverAllSlotsOnce() {
        int[][] ranges = ClusterSlots.ranges();
        assertThat(ranges[0][0]).isZero();
        assertThat(ranges[2][1]).isEqualTo(16383);
        assertThat(ranges[1][0]).isEqualTo(ranges[0][1] + 1);
        assertThat(ranges[2][0]).isEqualTo(ranges[1][1] + 1);
    }
}
