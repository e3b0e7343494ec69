package io.hivenosql.sandbox.cassandra;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real daemon for the class (it takes seconds to start): with password authentication and 8 tokens, in a given
 * directory; the last test stops it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TestTestingCassandraServer {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    static Path tempDir;

    private static TestingCassandraServer server;

    @BeforeAll
    static void start() {
        server = TestingCassandraServer.builder()
                .workDir(tempDir.resolve("cassandra"))
                .passwordAuthenticator(true)
                .numTokens(8)
                .build();
    }

    @AfterAll
    static void close() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    @Order(1)
    void answersTheCqlProtocolOnAFreePortOfLocalhost() throws IOException {
        assertThat(server.isAlive()).isTrue();
        assertThat(server.host()).isEqualTo("127.0.0.1");
        assertThat(server.contactPoint()).isEqualTo("127.0.0.1:" + server.nativePort());
        assertThat(List.of(server.storagePort(), server.jmxPort())).doesNotContain(server.nativePort());
        try (CqlProbe probe = CqlProbe.connect(server.host(), server.nativePort(), TIMEOUT)) {
            Map<String, List<String>> options = probe.options();
            assertThat(options.get("CQL_VERSION")).singleElement().asString().startsWith("3.");
            assertThat(options.get("PROTOCOL_VERSIONS")).contains("4/v4", "5/v5");
        }
        assertThat(server.workDir()).isEqualTo(tempDir.resolve("cassandra"));
        assertThat(server.workDir().resolve("cassandra.yaml")).isRegularFile();
        assertThat(Files.readString(server.logFile()))
                .contains("Starting listening for CQL clients on /127.0.0.1:" + server.nativePort());
    }

    @Test
    @Order(2)
    void letsOnlyTheSuperuserWithItsPasswordIn() throws IOException {
        assertThat(server.passwordAuthenticator()).isTrue();
        try (CqlProbe anonymous = CqlProbe.connect(server.host(), server.nativePort(), TIMEOUT)) {
            assertThatThrownBy(() -> anonymous.startup(null, null))
                    .isInstanceOf(CqlProbe.ServerError.class)
                    .hasMessageContaining("PasswordAuthenticator");
        }
        try (CqlProbe wrong = CqlProbe.connect(server.host(), server.nativePort(), TIMEOUT)) {
            assertThatThrownBy(() -> wrong.startup(TestingCassandraServer.SUPERUSER, "not-the-password"))
                    .isInstanceOfSatisfying(CqlProbe.ServerError.class, e -> assertThat(e.code())
                            .isEqualTo(CqlProbe.BAD_CREDENTIALS));
        }
        try (CqlProbe superuser = CqlProbe.connect(server.host(), server.nativePort(), TIMEOUT)) {
            assertThat(superuser.startup(TestingCassandraServer.SUPERUSER, TestingCassandraServer.SUPERUSER_PASSWORD))
                    .isEqualTo("org.apache.cassandra.auth.PasswordAuthenticator");
            assertThat(superuser.queryText("SELECT data_center FROM system.local"))
                    .containsExactly(server.localDatacenter());
            assertThat(superuser.queryText("SELECT release_version FROM system.local"))
                    .containsExactly("5.0.9");
        }
    }

    @Test
    @Order(3)
    void nodetoolReachesTheNodeWithTheConfiguredTokens() {
        String info = server.nodetool("info", "--tokens");

        assertThat(info).containsPattern("Data Center\\s*:\\s*datacenter1");
        assertThat(info.lines().filter(line -> line.matches("Token\\s*:\\s*-?\\d+")))
                .hasSize(8);
        assertThatThrownBy(() -> server.nodetool("no-such-command"))
                .hasMessageContaining("nodetool [no-such-command] failed with exit code");
    }

    @Test
    @Order(4)
    void runsInItsOwnJvmWithCassandrasClasspathKeptOffThisOne() throws IOException {
        // ProcessHandle.Info cuts long command lines short: read all of it
        String commandLine = new String(
                        Files.readAllBytes(Path.of("/proc", Long.toString(server.pid()), "cmdline")), UTF_8)
                .replace('\0', ' ');

        assertThat(commandLine)
                .contains("io.hivenosql.sandbox.cassandra.daemon.CassandraDaemonLauncher")
                .contains("cassandra-all-5.0.9.jar")
                .containsPattern("-javaagent:\\S*jamm-[0-9.]+\\.jar")
                .contains("-Dhivenosql.parent.pid=" + ProcessHandle.current().pid());
        assertThatThrownBy(() -> Class.forName("org.apache.cassandra.service.CassandraDaemon"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    @Order(5)
    void stopEndsTheProcessFreesItsPortsAndKeepsOnlyTheLog() throws Exception {
        long pid = server.pid();
        int nativePort = server.nativePort();
        assertThat(server.workDir().resolve("data")).isDirectory();

        server.stop();

        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .isFalse();
        assertThat(server.isAlive()).isFalse();
        assertThat(isFree(nativePort)).isTrue();
        assertThat(isFree(server.storagePort())).isTrue();
        assertThat(server.workDir().resolve("data")).doesNotExist();
        assertThat(server.workDir().resolve("commitlog")).doesNotExist();
        assertThat(Files.readString(server.logFile())).contains("Cassandra shutdown complete");
        assertThatThrownBy(() -> server.nodetool("status")).hasMessageContaining("is not running");
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
