package io.hivenosql.sandbox.cassandra;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.FreePorts;
import io.hivenosql.sandbox.ServerProcess;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A ring of three real Cassandra 5 nodes, each a {@link TestingCassandraServer} in its own JVM, on 127.0.0.1, 127.0.0.2
 * and 127.0.0.3 with the same storage and CQL ports (JMX on distinct ports of 127.0.0.1), data center {@value
 * TestingCassandraServer#LOCAL_DATACENTER}, seed 127.0.0.1. Each node has preassigned, interleaved tokens and does not
 * bootstrap, so the seed starts first and the two others join at the same time. Each node's directory ({@code node1}
 * ... under the ring's) keeps its data while the ring runs: {@link #kill} crashes a node (SIGKILL), {@link #restart}
 * starts it again on its data. {@link #close()} stops the nodes it started, by pid, and deletes their data (their logs
 * stay).
 *
 * <p>Ready means: every node answers CQL, and every running node's failure detector holds every running node UP (read
 * over JMX, as {@code nodetool status} does).
 */
public final class TestingCassandraRing implements Closeable {
    public static final List<String> HOSTS = List.of("127.0.0.1", "127.0.0.2", "127.0.0.3");
    /** The heap of each node. */
    public static final int HEAP_MEGABYTES = 640;

    private static final Logger log = LoggerFactory.getLogger(TestingCassandraRing.class);
    private static final int TOKENS_PER_NODE = 4;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(200);
    private static final String FAILURE_DETECTOR = "org.apache.cassandra.net:type=FailureDetector";

    private final List<TestingCassandraServer> nodes;

    private TestingCassandraRing(List<TestingCassandraServer> nodes) {
        this.nodes = Collections.synchronizedList(new ArrayList<>(nodes));
    }

    /** Starts the three nodes under {@code workDir} ({@code node1}, {@code node2}, {@code node3}; a previous run's data there is removed) and waits until the ring is ready. */
    public static TestingCassandraRing start(Path workDir) {
        requireNonNull(workDir, "workDir is null");
        long start = System.nanoTime();
        int storagePort = FreePorts.pickOnAll(HOSTS);
        int cqlPort = FreePorts.pickOnAll(HOSTS);
        List<TestingCassandraServer.Builder> builders = IntStream.range(0, HOSTS.size())
                .mapToObj(i -> node(workDir, i, storagePort, cqlPort))
                .toList();
        List<TestingCassandraServer> started = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<TestingCassandraServer>> joining = new ArrayList<>();
        try {
            // the seed first: a node that is not a seed must find one at its start
            started.add(builders.get(0).build());
            for (TestingCassandraServer.Builder builder : builders.subList(1, builders.size())) {
                joining.add(CompletableFuture.supplyAsync(
                        () -> {
                            TestingCassandraServer node = builder.build();
                            started.add(node);
                            return node;
                        },
                        runnable -> daemonThread(runnable).start()));
            }
            List<TestingCassandraServer> nodes = new ArrayList<>(List.of(started.get(0)));
            for (CompletableFuture<TestingCassandraServer> node : joining) {
                nodes.add(join(node));
            }
            TestingCassandraRing ring = new TestingCassandraRing(nodes);
            ring.awaitAllUp(START_TIMEOUT);
            log.info(
                    "Started Cassandra ring {} in {} ms",
                    ring.contactPoints(),
                    (System.nanoTime() - start) / 1_000_000);
            return ring;
        } catch (RuntimeException e) {
            // let the other starts end before stopping what they started
            joining.forEach(node -> node.handle((server, failure) -> server).join());
            new TestingCassandraRing(started).close();
            throw e;
        }
    }

    private static TestingCassandraServer.Builder node(Path workDir, int index, int storagePort, int cqlPort) {
        return TestingCassandraServer.builder()
                .host(HOSTS.get(index))
                .ports(new CassandraStarter.Ports(storagePort, cqlPort, FreePorts.pick()))
                .keepData()
                .workDir(workDir.resolve("node" + (index + 1)))
                .heapMegabytes(HEAP_MEGABYTES)
                .startTimeout(START_TIMEOUT)
                .numTokens(TOKENS_PER_NODE)
                .config("initial_token", tokens(index))
                .config("auto_bootstrap", "false")
                .config("seed_provider", CassandraYaml.seedProvider(HOSTS.get(0) + ":" + storagePort))
                // the lowest threshold Cassandra accepts: a killed node is seen DOWN in about 15 s
                .config("phi_convict_threshold", "5")
                // Cassandra's own timeouts: a read waiting for a lost replica ends as a read timeout in seconds
                .config("read_request_timeout", "5000ms")
                .config("range_request_timeout", "10000ms")
                // how long a node that is not a seed looks for one at its start (the gossip shadow round)
                .systemProperty("cassandra.ring_delay_ms", "15000");
    }

    /** The node's tokens: the ring's 12 evenly spaced tokens, node {@code index} taking every third. */
    static String tokens(int index) {
        int total = TOKENS_PER_NODE * HOSTS.size();
        BigInteger step = BigInteger.TWO.pow(64).divide(BigInteger.valueOf(total));
        return IntStream.range(0, TOKENS_PER_NODE)
                .mapToObj(i -> BigInteger.valueOf(Long.MIN_VALUE)
                        .add(step.multiply(BigInteger.valueOf((long) i * HOSTS.size() + index)))
                        .toString())
                .collect(Collectors.joining(","));
    }

    /** The three nodes, by address (127.0.0.1 first); a restarted node replaces its predecessor. */
    public List<TestingCassandraServer> nodes() {
        return List.copyOf(nodes);
    }

    /** {@code 127.0.0.1:P,127.0.0.2:P,127.0.0.3:P}, the form of {@code cassandra.hosts}. */
    public String contactPoints() {
        return nodes().stream().map(TestingCassandraServer::contactPoint).collect(Collectors.joining(","));
    }

    public String localDatacenter() {
        return TestingCassandraServer.LOCAL_DATACENTER;
    }

    /** Kills node {@code index} (SIGKILL to its pid, as a crash would) and waits until its process is gone. */
    public void kill(int index) {
        TestingCassandraServer node = nodes.get(index);
        node.kill();
        if (node.isAlive()) {
            throw new IllegalStateException("Cassandra " + node + " is still running after SIGKILL");
        }
        log.info("Killed Cassandra node {}", node);
    }

    /**
     * Stops node {@code index} cleanly (SIGTERM to its pid: it drains and announces its shutdown, so the others see it
     * DOWN at once, unlike after {@link #kill}); {@link #restart} starts it again.
     */
    public void stop(int index) {
        TestingCassandraServer node = nodes.get(index);
        node.stop();
        log.info("Stopped Cassandra node {}", node);
    }

    /**
     * Starts the killed node {@code index} again, on its address, ports and data, and returns when every running node
     * (itself included) sees every running node UP.
     */
    public void restart(int index) {
        TestingCassandraServer node = nodes.get(index);
        if (node.isAlive()) {
            throw new IllegalStateException("Cannot restart " + node + ": it is running; kill it first");
        }
        nodes.set(index, node.relaunch());
        awaitUp(START_TIMEOUT, false);
    }

    /**
     * Runs {@code cql} on node {@code index} itself, at consistency ONE, and returns the first column of each row as
     * text (null for null): for what only that node knows, e.g. {@code SELECT CAST(count AS text) FROM
     * system_views.local_scan_latency WHERE keyspace_name = 'ks' AND table_name = 't'}.
     */
    public List<String> query(int index, String cql) {
        TestingCassandraServer node = nodes.get(index);
        try (CqlProbe probe = CqlProbe.connect(node.host(), node.nativePort(), Duration.ofSeconds(10))) {
            probe.startup(null, null);
            return probe.queryText(cql);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run " + cql + " on " + node, e);
        }
    }

    /** Waits until all three nodes run and each sees the three UP; fails when a node is not running. */
    public void awaitAllUp(Duration timeout) {
        awaitUp(timeout, true);
    }

    /** Waits until every running node sees node {@code index} DOWN (after {@link #kill}: a coordinator then counts it out). */
    public void awaitSeenDown(int index, Duration timeout) {
        String host = HOSTS.get(index);
        ServerProcess.poll(
                timeout,
                POLL_INTERVAL,
                "the Cassandra ring to see " + host + " down",
                () -> {
                    for (TestingCassandraServer node : running()) {
                        if ("UP".equals(states(node).get(host))) {
                            return Optional.empty();
                        }
                    }
                    return Optional.of(true);
                },
                () -> {},
                last -> new IllegalStateException(
                        "The Cassandra ring did not see " + host + " down within " + timeout + ": " + describe(),
                        last));
    }

    private void awaitUp(Duration timeout, boolean all) {
        Runnable allRunning = () -> {
            if (all && running().size() < nodes.size()) {
                throw new IllegalStateException("A node of the Cassandra ring is not running: " + describe());
            }
        };
        allRunning.run();
        ServerProcess.poll(
                timeout,
                POLL_INTERVAL,
                "the Cassandra ring " + contactPoints(),
                () -> {
                    List<TestingCassandraServer> running = running();
                    for (TestingCassandraServer node : running) {
                        Map<String, String> states = states(node);
                        if (!running.stream().allMatch(peer -> "UP".equals(states.get(peer.host())))) {
                            return Optional.empty();
                        }
                    }
                    return Optional.of(true);
                },
                allRunning,
                last -> new IllegalStateException(
                        "The Cassandra ring did not come up within " + timeout + ": " + describe(), last));
    }

    private List<TestingCassandraServer> running() {
        return nodes().stream().filter(TestingCassandraServer::isAlive).toList();
    }

    /** What each running node's failure detector says of each node, for failure messages. */
    private String describe() {
        return nodes().stream()
                .map(node -> {
                    if (!node.isAlive()) {
                        return node.host() + " not running";
                    }
                    try {
                        return node.host() + " sees " + states(node);
                    } catch (IOException | RuntimeException e) {
                        return node.host() + " does not answer JMX (" + e + ")";
                    }
                })
                .collect(Collectors.joining("; "));
    }

    /** The node's failure detector: address ({@code 127.0.0.2}) to {@code UP} or {@code DOWN}. */
    private static Map<String, String> states(TestingCassandraServer node) throws IOException {
        JMXServiceURL url = new JMXServiceURL(
                "service:jmx:rmi:///jndi/rmi://" + TestingCassandraServer.HOST + ":" + node.jmxPort() + "/jmxrmi");
        try (JMXConnector connector = JMXConnectorFactory.connect(url, Map.of())) {
            MBeanServerConnection server = connector.getMBeanServerConnection();
            Map<?, ?> states = (Map<?, ?>) server.getAttribute(new ObjectName(FAILURE_DETECTOR), "SimpleStates");
            return states.entrySet().stream()
                    .collect(Collectors.toMap(
                            entry -> String.valueOf(entry.getKey()).replaceFirst("^.*/", ""),
                            entry -> String.valueOf(entry.getValue())));
        } catch (javax.management.JMException e) {
            throw new IOException("Cannot read the failure detector of " + node, e);
        }
    }

    /** Stops every node it started (SIGTERM to its pid, SIGKILL if it hangs), all at once, and deletes their data. */
    @Override
    public void close() {
        List<CompletableFuture<Void>> stops = nodes().stream()
                .map(node -> CompletableFuture.runAsync(
                        () -> {
                            node.abandon();
                            WorkDirs.deleteRunFiles(node.workDir());
                        },
                        runnable -> daemonThread(runnable).start()))
                .toList();
        stops.forEach(stop -> {
            try {
                stop.join();
            } catch (CompletionException e) {
                log.warn("Cannot stop a Cassandra node cleanly: {}", e.getMessage());
            }
        });
    }

    private static Thread daemonThread(Runnable runnable) {
        Thread thread = new Thread(runnable, "testing-cassandra-ring");
        thread.setDaemon(true);
        return thread;
    }

    private static <T> T join(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }
}
