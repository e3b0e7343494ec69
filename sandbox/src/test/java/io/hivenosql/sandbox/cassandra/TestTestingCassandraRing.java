package io.hivenosql.sandbox.cassandra;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One real ring of three nodes: its addresses and shared ports, and a node killed and restarted on its data. */
class TestTestingCassandraRing {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    static Path tempDir;

    private static TestingCassandraRing ring;

    @BeforeAll
    static void start() {
        long start = System.nanoTime();
        ring = TestingCassandraRing.start(tempDir.resolve("ring"));
        System.out.printf(
                "ring started in %d ms; RSS (kB) %s%n",
                (System.nanoTime() - start) / 1_000_000,
                ring.nodes().stream().map(node -> rssKilobytes(node.pid())).toList());
    }

    @AfterAll
    static void close() {
        if (ring != null) {
            ring.close();
        }
    }

    @Test
    void threeNodesOnTheirOwnAddressesShareTheirPortsAndKnowEachOther() throws IOException {
        List<TestingCassandraServer> nodes = ring.nodes();
        assertThat(nodes)
                .extracting(TestingCassandraServer::host)
                .containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");
        assertThat(nodes)
                .extracting(TestingCassandraServer::nativePort)
                .containsOnly(nodes.get(0).nativePort());
        assertThat(nodes)
                .extracting(TestingCassandraServer::storagePort)
                .containsOnly(nodes.get(0).storagePort());
        assertThat(nodes).extracting(TestingCassandraServer::jmxPort).doesNotHaveDuplicates();
        int port = nodes.get(0).nativePort();
        assertThat(ring.contactPoints()).isEqualTo("127.0.0.1:" + port + ",127.0.0.2:" + port + ",127.0.0.3:" + port);
        assertThat(ring.localDatacenter()).isEqualTo("datacenter1");
        for (TestingCassandraServer node : nodes) {
            try (CqlProbe probe = CqlProbe.connect(node.host(), node.nativePort(), TIMEOUT)) {
                probe.startup(null, null);
                assertThat(probe.queryText("SELECT data_center FROM system.local"))
                        .containsExactly("datacenter1");
                assertThat(probe.queryText("SELECT data_center FROM system.peers_v2"))
                        .containsExactly("datacenter1", "datacenter1");
            }
        }
        assertThat(Files.readString(nodes.get(1).workDir().resolve("cassandra.yaml"), UTF_8))
                .contains("seeds: \"127.0.0.1:" + nodes.get(0).storagePort() + "\"")
                .contains("initial_token: " + TestingCassandraRing.tokens(1));
    }

    @Test
    void aKilledNodeIsSeenDownAndComesBackOnItsDataWhenRestarted() throws IOException {
        TestingCassandraServer killed = ring.nodes().get(2);
        String hostId = hostId(killed);
        long start = System.nanoTime();
        ring.kill(2);
        assertThat(killed.isAlive()).isFalse();
        ring.awaitSeenDown(2, Duration.ofSeconds(60));
        long seenDown = System.nanoTime();
        assertThatThrownBy(() -> ring.awaitAllUp(Duration.ofSeconds(1))).hasMessageContaining("127.0.0.3 not running");
        ring.restart(2);
        TestingCassandraServer restarted = ring.nodes().get(2);
        System.out.printf(
                "seen down %d ms after the kill; restarted in %d ms%n",
                (seenDown - start) / 1_000_000, (System.nanoTime() - seenDown) / 1_000_000);
        assertThat(restarted.pid()).isNotEqualTo(killed.pid());
        assertThat(restarted.workDir()).isEqualTo(killed.workDir());
        // the same data: a node started on an empty directory would have a new host id
        assertThat(hostId(restarted)).isEqualTo(hostId);
        ring.awaitAllUp(TIMEOUT);

        ring.stop(1);
        // a clean stop announces itself: the others see it down at once, not after the failure detector's delay
        ring.awaitSeenDown(1, Duration.ofSeconds(3));
        ring.restart(1);
        ring.awaitAllUp(TIMEOUT);
    }

    private static String hostId(TestingCassandraServer node) throws IOException {
        try (CqlProbe probe = CqlProbe.connect(node.host(), node.nativePort(), TIMEOUT)) {
            probe.startup(null, null);
            return probe.queryText("SELECT CAST(host_id AS text) FROM system.local")
                    .get(0);
        }
    }

    private static long rssKilobytes(long pid) {
        try {
            return Files.readAllLines(Path.of("/proc/" + pid + "/status")).stream()
                    .filter(line -> line.startsWith("VmRSS:"))
                    .mapToLong(line -> Long.parseLong(line.replaceAll("[^0-9]", "")))
                    .findFirst()
                    .orElse(-1);
        } catch (IOException e) {
            return -1;
        }
    }
}
