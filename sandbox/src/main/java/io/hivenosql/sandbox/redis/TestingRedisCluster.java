package io.hivenosql.sandbox.redis;

import io.hivenosql.sandbox.FreePorts;
import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A three-master Redis Cluster of real {@code redis-server} processes (no replicas), each in its own directory with its
 * own {@code nodes.conf}, on free ports whose cluster-bus ports (port + 10000) are free too. Slots are assigned in three
 * ranges with {@code CLUSTER ADDSLOTSRANGE}, the nodes are joined with {@code CLUSTER MEET}, and the constructor returns
 * once every node reports {@code cluster_state:ok} and the same slot map. {@link #close()} stops the three processes it
 * started.
 */
public final class TestingRedisCluster implements Closeable {
    public static final int MASTERS = 3;
    public static final int SLOTS = 16384;

    private static final Logger log = LoggerFactory.getLogger(TestingRedisCluster.class);
    private static final long READY_TIMEOUT_MILLIS = 30_000;
    private static final int BUS_PORT_OFFSET = 10_000;

    private final List<TestingRedisServer> servers;

    private TestingRedisCluster(List<TestingRedisServer> servers) {
        this.servers = List.copyOf(servers);
    }

    /** Starts three masters and forms the cluster. */
    public static TestingRedisCluster start() {
        return start(Optional.empty());
    }

    /** Starts three masters whose default user needs {@code password} ({@code requirepass}) and forms the cluster. */
    public static TestingRedisCluster withPassword(String password) {
        return start(Optional.of(password));
    }

    private static TestingRedisCluster start(Optional<String> password) {
        List<TestingRedisServer> servers = new ArrayList<>();
        try {
            for (int i = 0; i < MASTERS; i++) {
                TestingRedisServer.Builder builder =
                        TestingRedisServer.builder().clusterEnabled();
                password.ifPresent(builder::password);
                servers.add(builder.build());
            }
            TestingRedisCluster cluster = new TestingRedisCluster(servers);
            cluster.form();
            log.info("started Redis Cluster {}", cluster.nodes());
            return cluster;
        } catch (RuntimeException e) {
            servers.forEach(TestingRedisServer::close);
            throw e;
        }
    }

    /** The masters as {@code h:p,h:p,h:p}, the form of {@code redis.nodes}. */
    public String nodes() {
        return servers.stream().map(TestingRedisServer::address).collect(Collectors.joining(","));
    }

    /** The three master processes, in slot order (the first holds slot 0). */
    public List<TestingRedisServer> servers() {
        return servers;
    }

    @Override
    public void close() {
        servers.forEach(TestingRedisServer::close);
    }

    private void form() {
        int[][] ranges = slotRanges();
        for (int i = 0; i < servers.size(); i++) {
            try (Jedis jedis = servers.get(i).connect()) {
                jedis.clusterAddSlotsRange(ranges[i][0], ranges[i][1]);
            }
        }
        try (Jedis first = servers.get(0).connect()) {
            for (TestingRedisServer other : servers.subList(1, servers.size())) {
                first.clusterMeet(other.host(), other.port());
            }
        }
        awaitConsistent();
    }

    /** Slot ranges [first, last] per master: three ranges of nearly equal size covering 0..16383. */
    static int[][] slotRanges() {
        int[][] ranges = new int[MASTERS][];
        for (int i = 0; i < MASTERS; i++) {
            ranges[i] = new int[] {i * SLOTS / MASTERS, (i + 1) * SLOTS / MASTERS - 1};
        }
        return ranges;
    }

    private void awaitConsistent() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_TIMEOUT_MILLIS);
        String state = "";
        while (System.nanoTime() < deadline) {
            state = describeState();
            if (state.isEmpty()) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while forming the Redis Cluster " + nodes(), e);
            }
        }
        StringBuilder message = new StringBuilder("Redis Cluster " + nodes() + " did not become consistent within "
                + READY_TIMEOUT_MILLIS + " ms: " + state);
        for (TestingRedisServer server : servers) {
            message.append("\n--- ").append(server).append(" log tail:\n").append(server.logTail());
        }
        throw new IllegalStateException(message.toString());
    }

    /** Empty when every node says cluster_state:ok and all report the same slot map; else what is still missing. */
    private String describeState() {
        String firstMap = null;
        for (TestingRedisServer server : servers) {
            try (Jedis jedis = server.connect()) {
                if (!jedis.clusterInfo().contains("cluster_state:ok")) {
                    return server.address() + " is not cluster_state:ok yet";
                }
                String map = slotMap(jedis);
                if (firstMap == null) {
                    firstMap = map;
                } else if (!firstMap.equals(map)) {
                    return server.address() + " reports slots " + map + " but "
                            + servers.get(0).address() + " reports " + firstMap;
                }
            } catch (JedisException e) {
                return server.address() + ": " + e.getMessage();
            }
        }
        return firstMap != null && firstMap.split(";").length == MASTERS ? "" : "slot map incomplete: " + firstMap;
    }

    /** CLUSTER SLOTS as sorted {@code first-last@port} entries. */
    private static String slotMap(Jedis jedis) {
        List<String> entries = new ArrayList<>();
        for (Object slot : (List<?>) jedis.sendCommand(Protocol.Command.CLUSTER, "SLOTS")) {
            List<?> fields = (List<?>) slot;
            List<?> master = (List<?>) fields.get(2);
            entries.add(fields.get(0) + "-" + fields.get(1) + "@" + master.get(1));
        }
        entries.sort(null);
        return String.join(";", entries);
    }

    /** A free port whose cluster-bus port (port + 10000) is free as well. */
    static int freeClusterPort() {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = FreePorts.pick();
            if (port + BUS_PORT_OFFSET <= 65535 && FreePorts.isFree(port + BUS_PORT_OFFSET)) {
                return port;
            }
        }
        throw new IllegalStateException("found no free port p with p + 10000 free on 127.0.0.1 in 100 attempts");
    }
}
