package io.hivenosql.sandbox.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.io.Closeable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * A Redis Cluster of real {@code redis-server} processes, each in its own directory with its own {@code nodes.conf},
 * on free ports whose cluster-bus ports (port + 10000) are free too: three masters ({@link #start()}), or three masters
 * each with one replica ({@link #startReplicated()}, real {@code CLUSTER REPLICATE}, a short {@code
 * cluster-node-timeout} so that a killed master's replica is promoted within seconds). Slots are assigned in three
 * ranges with {@code CLUSTER ADDSLOTSRANGE}, the nodes are joined with {@code CLUSTER MEET}, and the start returns once
 * the cluster is ready: every node reports {@code cluster_state:ok} and the same slot map, and every replica's link to
 * its master is up. {@link #close()} stops the processes it started.
 *
 * <pre>{@code
 * try (TestingRedisCluster cluster = TestingRedisCluster.startReplicated()) {
 *     TestingRedisServer master = cluster.masters().get(0);
 *     master.kill();
 *     Duration window = cluster.awaitFailover(master, Duration.ofSeconds(30)); // its replica serves its slots
 *     cluster.restart(master);                                                // it rejoins as a replica
 * }
 * }</pre>
 */
public final class TestingRedisCluster implements Closeable {
    public static final int MASTERS = 3;
    public static final int SLOTS = 16384;
    /** The {@code cluster-node-timeout} of {@link #startReplicated()}: a killed master is replaced in 2-4 s. */
    public static final Duration REPLICATED_NODE_TIMEOUT = Duration.ofMillis(1_000);

    private static final Logger log = LoggerFactory.getLogger(TestingRedisCluster.class);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(30);
    private static final long POLL_MILLIS = 20;

    /** The masters as started (in slot order), then their replicas (the i-th replicates the i-th master). */
    private final List<TestingRedisServer> servers;

    private TestingRedisCluster(List<TestingRedisServer> servers) {
        this.servers = List.copyOf(servers);
    }

    /** Starts three masters and forms the cluster. */
    public static TestingRedisCluster start() {
        return start(Optional.empty(), Optional.empty(), 0, Duration.ofMillis(5_000));
    }

    /**
     * Starts three masters that speak only TLS, to clients and to each other ({@code tls-cluster yes}), with
     * {@code material}'s certificate, and forms the cluster.
     */
    public static TestingRedisCluster startTls(TlsServerMaterial material) {
        return start(Optional.empty(), Optional.of(material), 0, Duration.ofMillis(5_000));
    }

    /** Starts three masters whose default user needs {@code password} ({@code requirepass}) and forms the cluster. */
    public static TestingRedisCluster withPassword(String password) {
        return start(Optional.of(password), Optional.empty(), 0, Duration.ofMillis(5_000));
    }

    /** Starts three masters each with one replica, {@code cluster-node-timeout} {@link #REPLICATED_NODE_TIMEOUT}. */
    public static TestingRedisCluster startReplicated() {
        return startReplicated(REPLICATED_NODE_TIMEOUT);
    }

    /**
     * Starts three masters each with one replica; {@code nodeTimeout} is every node's {@code cluster-node-timeout}: a
     * master silent that long is marked failed and its replica is promoted about a second later.
     */
    public static TestingRedisCluster startReplicated(Duration nodeTimeout) {
        return start(Optional.empty(), Optional.empty(), 1, nodeTimeout);
    }

    private static TestingRedisCluster start(
            Optional<String> password, Optional<TlsServerMaterial> tls, int replicasPerMaster, Duration nodeTimeout) {
        requireNonNull(nodeTimeout, "nodeTimeout is null");
        List<TestingRedisServer> servers = new ArrayList<>();
        try {
            for (int i = 0; i < MASTERS * (1 + replicasPerMaster); i++) {
                TestingRedisServer.Builder builder =
                        TestingRedisServer.builder().clusterEnabled().clusterNodeTimeout(nodeTimeout);
                password.ifPresent(builder::password);
                tls.ifPresent(builder::tls);
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

    /**
     * Every node as {@code h:p,h:p,...}, the form of {@code redis.nodes}: the three masters as started, then their
     * replicas (a client finds the cluster from any of them that answers).
     */
    public String nodes() {
        return servers.stream().map(TestingRedisServer::address).collect(Collectors.joining(","));
    }

    /** Every process of the cluster as started: the three masters in slot order, then their replicas. */
    public List<TestingRedisServer> servers() {
        return servers;
    }

    /** The live nodes that are masters now, in slot order (after a failover, a promoted replica is one of them). */
    public List<TestingRedisServer> masters() {
        ClusterNodesView view = view();
        List<ClusterNodesView.Node> masters = view.nodes().stream()
                .filter(n -> n.isMaster() && !n.failing() && n.firstSlot() >= 0)
                .sorted(Comparator.comparingInt(ClusterNodesView.Node::firstSlot))
                .toList();
        List<TestingRedisServer> live = new ArrayList<>();
        for (ClusterNodesView.Node master : masters) {
            serverOn(master.port()).filter(TestingRedisServer::isAlive).ifPresent(live::add);
        }
        return List.copyOf(live);
    }

    /** The live nodes that are replicas now. */
    public List<TestingRedisServer> replicas() {
        ClusterNodesView view = view();
        return servers.stream()
                .filter(TestingRedisServer::isAlive)
                .filter(s -> view.byPort(s.port())
                        .map(ClusterNodesView.Node::isReplica)
                        .orElse(false))
                .toList();
    }

    /**
     * The live replica of {@code master}; throws when it has none. A node restarted as a replica shows in the other
     * nodes' view once gossip has carried it there, so this looks again for up to {@link #READY_TIMEOUT}.
     */
    public TestingRedisServer replicaOf(TestingRedisServer master) {
        String id = view().byPort(master.port())
                .orElseThrow(() -> new IllegalArgumentException(master + " is not a node of this cluster"))
                .id();
        List<TestingRedisServer> found = new ArrayList<>();
        await(
                READY_TIMEOUT,
                () -> {
                    ClusterNodesView view = view();
                    servers.stream()
                            .filter(s -> s.isAlive()
                                    && view.byPort(s.port())
                                            .map(n -> n.masterId().equals(id))
                                            .orElse(false))
                            .findFirst()
                            .ifPresent(found::add);
                    return found.isEmpty() ? master + " has no live replica in " + nodes() : "";
                },
                "a live replica of " + master);
        return found.get(0);
    }

    /**
     * Waits until another live node serves the slots of {@code killedMaster} (killed with {@link
     * TestingRedisServer#kill()}) and the cluster is consistent again: {@code cluster_state:ok} on every live node, the
     * same slot map everywhere, none of it on the killed node. Returns the promotion window: from the kill (or from
     * this call, for a server killed otherwise) to the moment that was first seen.
     *
     * @throws IllegalStateException when the server still runs, or the slots are not served by another node in time
     */
    public Duration awaitFailover(TestingRedisServer killedMaster, Duration timeout) {
        requireNonNull(killedMaster, "killedMaster is null");
        if (killedMaster.isAlive()) {
            throw new IllegalStateException("The " + killedMaster + " runs; kill it before awaiting its failover");
        }
        long start = killedMaster.killedAtNanos() != 0 ? killedMaster.killedAtNanos() : System.nanoTime();
        await(
                timeout,
                () -> {
                    String state = describeState(false);
                    if (!state.isEmpty()) {
                        return state;
                    }
                    return ClusterSlots.serves(slotMapOf(anyLive()), killedMaster)
                            ? killedMaster.address() + " still serves slots in the live nodes' map"
                            : "";
                },
                "the slots of the killed master " + killedMaster.address() + " to be served by another node");
        Duration window = Duration.ofNanos(System.nanoTime() - start);
        log.info(
                "the slots of {} are served by another node {} ms after the kill",
                killedMaster.address(),
                window.toMillis());
        return window;
    }

    /**
     * Restarts a killed node on its port and work directory (its data is gone: no persistence) and waits until the
     * cluster is ready again; a master that was replaced meanwhile rejoins as a replica of the node that took over.
     */
    public void restart(TestingRedisServer server) {
        if (!servers.contains(requireNonNull(server, "server is null"))) {
            throw new IllegalArgumentException(server + " is not a node of this cluster " + nodes());
        }
        server.restart();
        awaitReady(READY_TIMEOUT);
    }

    /** Restarts every node that was killed ({@link #restart}), so that the cluster is whole again; returns how many. */
    public int restartKilled() {
        int restarted = 0;
        for (TestingRedisServer server : servers) {
            if (!server.isAlive()) {
                restart(server);
                restarted++;
            }
        }
        return restarted;
    }

    /** Waits until every live node is ready: cluster_state ok, the same slot map, every replica's link up. */
    public void awaitReady(Duration timeout) {
        await(timeout, () -> describeState(true), "the Redis Cluster to be ready");
    }

    @Override
    public void close() {
        servers.forEach(TestingRedisServer::close);
    }

    private void form() {
        int[][] ranges = ClusterSlots.ranges();
        List<TestingRedisServer> masters = servers.subList(0, MASTERS);
        for (int i = 0; i < MASTERS; i++) {
            try (Jedis jedis = masters.get(i).connect()) {
                jedis.clusterAddSlotsRange(ranges[i][0], ranges[i][1]);
            }
        }
        try (Jedis first = servers.get(0).connect()) {
            for (TestingRedisServer other : servers.subList(1, servers.size())) {
                first.clusterMeet(other.host(), other.port());
            }
        }
        if (servers.size() > MASTERS) {
            await(READY_TIMEOUT, this::describeMeeting, "every node to know every other");
            for (int i = MASTERS; i < servers.size(); i++) {
                String masterId;
                try (Jedis master = masters.get(i % MASTERS).connect()) {
                    masterId = master.clusterMyId();
                }
                try (Jedis replica = servers.get(i).connect()) {
                    replica.clusterReplicate(masterId);
                }
            }
        }
        awaitReady(READY_TIMEOUT);
    }

    /** Polls {@code state} (empty when done, else what is missing) until it is done or {@code timeout} passes. */
    private void await(Duration timeout, Supplier<String> state, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            last = state.get();
            if (last.isEmpty()) {
                return;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + what + " (" + nodes() + ")", e);
            }
        }
        StringBuilder message = new StringBuilder(
                "Redis Cluster " + nodes() + ": waited " + timeout.toMillis() + " ms for " + what + ": " + last);
        for (TestingRedisServer server : servers) {
            if (server.isAlive()) {
                message.append("\n--- ").append(server).append(" log tail:\n").append(server.logTail());
            }
        }
        throw new IllegalStateException(message.toString());
    }

    private String describeMeeting() {
        for (TestingRedisServer server : servers) {
            try (Jedis jedis = server.connect()) {
                if (!jedis.clusterInfo().contains("cluster_known_nodes:" + servers.size() + "\r\n")) {
                    return server.address() + " does not know all " + servers.size() + " nodes yet";
                }
            } catch (JedisException e) {
                return server.address() + ": " + e.getMessage();
            }
        }
        return "";
    }

    /**
     * Empty when every live node says cluster_state:ok, all report the same complete slot map, (with {@code
     * replicasUp}) every live replica's link to its master is up and every live node is a master with slots or such
     * a replica; else what is still missing.
     */
    private String describeState(boolean replicasUp) {
        String firstMap = null;
        TestingRedisServer first = null;
        int liveReplicas = 0;
        Map<TestingRedisServer, Long> replicasSeen = new LinkedHashMap<>();
        for (TestingRedisServer server : servers) {
            if (!server.isAlive()) {
                continue;
            }
            try (Jedis jedis = server.connect()) {
                if (!jedis.clusterInfo().contains("cluster_state:ok")) {
                    return server.address() + " is not cluster_state:ok yet";
                }
                String map = ClusterSlots.slotMap(jedis);
                if (firstMap == null) {
                    firstMap = map;
                    first = server;
                } else if (!firstMap.equals(map)) {
                    return server.address() + " reports slots " + map + " but " + first.address() + " reports "
                            + firstMap;
                }
                if (replicasUp) {
                    String replication = jedis.info("replication");
                    if (replication.contains("role:slave") && !replication.contains("master_link_status:up")) {
                        return server.address() + " is a replica whose link to its master is not up yet";
                    }
                    if (replication.contains("role:master") && !ClusterSlots.serves(map, server)) {
                        return server.address() + " is a master without slots (not yet a replica again)";
                    }
                    liveReplicas += replication.contains("role:slave") ? 1 : 0;
                    replicasSeen.put(
                            server,
                            ClusterNodesView.parse(jedis.clusterNodes()).nodes().stream()
                                    .filter(n -> n.isReplica() && !n.failing())
                                    .count());
                }
            } catch (JedisException e) {
                return server.address() + ": " + e.getMessage();
            }
        }
        for (Map.Entry<TestingRedisServer, Long> seen : replicasSeen.entrySet()) {
            // gossip carries a new replica's role to the other nodes a little after its link is up
            if (seen.getValue() != liveReplicas) {
                return seen.getKey().address() + " sees " + seen.getValue() + " replicas, but " + liveReplicas
                        + " live nodes are replicas";
            }
        }
        return firstMap != null && firstMap.split(";").length == MASTERS ? "" : "slot map incomplete: " + firstMap;
    }

    private String slotMapOf(TestingRedisServer server) {
        try (Jedis jedis = server.connect()) {
            return ClusterSlots.slotMap(jedis);
        }
    }

    private ClusterNodesView view() {
        try (Jedis jedis = anyLive().connect()) {
            return ClusterNodesView.parse(jedis.clusterNodes());
        }
    }

    private TestingRedisServer anyLive() {
        return servers.stream()
                .filter(TestingRedisServer::isAlive)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no node of Redis Cluster " + nodes() + " runs"));
    }

    private Optional<TestingRedisServer> serverOn(int port) {
        return servers.stream().filter(s -> s.port() == port).findFirst();
    }
}
