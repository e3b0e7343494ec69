package io.hivenosql.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TestServerProcessPoll {
    private static final Duration INTERVAL = Duration.ofMillis(1);

    @Test
    void returnsTheFirstAnswerAfterFailedProbes() {
        AtomicInteger polls = new AtomicInteger();
        AtomicInteger betweens = new AtomicInteger();

        String answer = ServerProcess.poll(
                Duration.ofSeconds(10),
                INTERVAL,
                "a server",
                () -> {
                    if (polls.incrementAndGet() < 3) {
                        throw new IOException("refused");
                    }
                    return Optional.of("up");
                },
                betweens::incrementAndGet,
                last -> new IllegalStateException("timed out", last));

        assertThat(answer).isEqualTo("up");
        assertThat(polls).hasValue(3);
        assertThat(betweens).hasValue(2);
    }

    @Test
    void aTimeoutCarriesTheLastProbesException() {
        assertThatThrownBy(() -> ServerProcess.poll(
                        Duration.ofMillis(50),
                        INTERVAL,
                        "a server",
                        () -> {
                            throw new IOException("refused");
                        },
                        () -> {},
                        last -> new IllegalStateException("timed out", last)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("timed out")
                .hasRootCauseMessage("refused");
    }

    @Test
    void whatRunsBetweenProbesEndsTheWait() {
        assertThatThrownBy(() -> ServerProcess.poll(
                        Duration.ofSeconds(10),
                        INTERVAL,
                        "a server",
                        Optional::empty,
                        () -> {
                            throw new IllegalStateException("exited with code 1");
                        },
                        last -> new IllegalStateException("timed out", last)))
                .hasMessage("exited with code 1");
    }

    @Test
    void anExitedProcessIsReportedWithItsCode() throws Exception {
        Process process = new ProcessBuilder("false").start();
        ServerProcess server = new ServerProcess(process, "false", Duration.ofSeconds(5), Duration.ofSeconds(5));
        assertThat(server.waitForExit(Duration.ofSeconds(10))).isTrue();

        assertThatThrownBy(() -> server.awaitReady(
                        Duration.ofSeconds(10),
                        INTERVAL,
                        Optional::empty,
                        code -> new IllegalStateException("exited with code " + code),
                        last -> new IllegalStateException("timed out", last)))
                .hasMessage("exited with code 1");
    }
}
