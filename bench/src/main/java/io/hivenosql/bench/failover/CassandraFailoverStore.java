package io.hivenosql.bench.failover;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraRing;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A 3-node Cassandra 5 ring on 127.0.0.1-3 ({@link TestingCassandraRing}); the workload's keyspace has replication
 * factor 3 and its table reads and writes at QUORUM. The run kills the second node (127.0.0.2) and restarts it on its
 * data.
 */
final class CassandraFailoverStore implements ReplicatedStore {
    static final int VICTIM = 1;
    static final String CONSISTENCY = "quorum";

    private final TestingCassandraRing ring;
    private final Path handlerJar;
    private final String victimName;
    private long killNanos;

    private CassandraFailoverStore(TestingCassandraRing ring, Path handlerJar) {
        this.ring = ring;
        this.handlerJar = handlerJar;
        TestingCassandraServer node = ring.nodes().get(VICTIM);
        this.victimName = "node " + TestingCassandraRing.HOSTS.get(VICTIM) + " (pid " + node.pid()
                + ") of the 3-node ring; the other two hold a quorum of every row";
    }

    static CassandraFailoverStore start(Path workDir, List<Path> handlerJars) {
        Path jar = HandlerJarCqlSession.handlerJar(handlerJars);
        TestingCassandraRing ring = TestingCassandraRing.start(workDir);
        return new CassandraFailoverStore(ring, jar);
    }

    @Override
    public String description() {
        return "Cassandra 5 ring of 3 nodes (127.0.0.1-3, " + TestingCassandraRing.HEAP_MEGABYTES
                + " MB heap each), keyspace replication factor 3, QUORUM reads and writes";
    }

    @Override
    public String storedBy(String database) {
        return "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ('cassandra.hosts' = '"
                + ring.contactPoints() + "', 'cassandra.local-dc' = '" + ring.localDatacenter() + "', "
                + "'cassandra.replication' = \"{'class': 'SimpleStrategy', 'replication_factor': 3}\", "
                + "'cassandra.consistency.read' = '" + CONSISTENCY + "', 'cassandra.consistency.write' = '"
                + CONSISTENCY + "', 'cassandra.primary-key' = 'k')";
    }

    @Override
    public String victim() {
        return victimName;
    }

    @Override
    public void kill() {
        killNanos = System.nanoTime();
        ring.kill(VICTIM);
    }

    @Override
    public Duration awaitNoticed(Duration timeout) {
        ring.awaitSeenDown(VICTIM, timeout);
        return Duration.ofNanos(System.nanoTime() - killNanos);
    }

    @Override
    public String noticedMeaning() {
        return "failure detection, from the kill until both other nodes held the killed one DOWN";
    }

    @Override
    public boolean mayFailWhileNoticing() {
        return false;
    }

    @Override
    public void restart(Duration timeout) {
        ring.restart(VICTIM);
        ring.awaitAllUp(timeout);
    }

    @Override
    public Set<Long> storedKeys() {
        Set<Long> keys = new TreeSet<>();
        try (HandlerJarCqlSession session =
                HandlerJarCqlSession.connect(handlerJar, ring.contactPoints(), ring.localDatacenter(), null, null)) {
            session.forEachRow(
                    "SELECT k FROM " + FailoverMain.DATABASE_PREFIX + "cassandra." + RequestMix.TABLE,
                    "QUORUM",
                    row -> keys.add(((Number) row[0]).longValue()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return keys;
    }

    @Override
    public String storedKeysMethod() {
        return "the Cassandra driver, SELECT k at QUORUM";
    }

    @Override
    public Map<String, Long> pids() {
        Map<String, Long> pids = new LinkedHashMap<>();
        for (TestingCassandraServer node : ring.nodes()) {
            if (node.isAlive()) {
                pids.put("Cassandra " + node.contactPoint(), node.pid());
            }
        }
        return pids;
    }

    @Override
    public void close() {
        ring.close();
    }
}
