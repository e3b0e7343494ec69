package io.hivenosql.sandbox.cassandra;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The daemon's launcher stops Cassandra when the process that started it is gone, so that a killed test JVM or stack
 * leaves no daemon behind. A {@code sleep} process stands in for that parent.
 */
class TestCassandraDaemonLauncher {
    @Test
    void daemonStopsWhenItsParentIsGone() throws Exception {
        Process parent = new ProcessBuilder("sleep", "600").start();
        try (TestingCassandraServer server =
                TestingCassandraServer.builder().parentPid(parent.pid()).build()) {
            // the default settings let anyone in
            try (CqlProbe probe = CqlProbe.connect(server.host(), server.nativePort(), Duration.ofSeconds(10))) {
                assertThat(probe.startup(null, null)).isEmpty();
            }
            ProcessHandle daemon = ProcessHandle.of(server.pid()).orElseThrow();

            parent.destroyForcibly().waitFor(10, SECONDS);

            daemon.onExit().get(60, SECONDS);
            assertThat(Files.readString(server.logFile()))
                    .contains("(pid " + parent.pid() + ") is gone; stopping")
                    .contains("Cassandra shutdown complete");
        } finally {
            parent.destroyForcibly();
        }
    }

    @Test
    void daemonDoesNotStartWithoutItsParent() throws Exception {
        Process parent = new ProcessBuilder("true").start();
        parent.waitFor(10, SECONDS);

        assertThatThrownBy(() -> TestingCassandraServer.builder()
                        .parentPid(parent.pid())
                        .startTimeout(Duration.ofSeconds(60))
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("exited with code 1 during start-up")
                .hasMessageContaining("(pid " + parent.pid() + ") is already gone; not starting");
    }
}
