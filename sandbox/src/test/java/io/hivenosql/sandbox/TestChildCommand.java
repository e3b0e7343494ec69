package io.hivenosql.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TestChildCommand {
    @Test
    void returnsTheExitValue() throws Exception {
        assertThat(ChildCommand.run(new ProcessBuilder("sh", "-c", "exit 3"), Duration.ofMinutes(1)))
                .isEqualTo(OptionalInt.of(3));
    }

    @Test
    void theChildReadsNoInput() throws Exception {
        // cat ends at once on /dev/null; it would wait for ever on an open pipe
        assertThat(ChildCommand.run(new ProcessBuilder("cat"), Duration.ofSeconds(30)))
                .isEqualTo(OptionalInt.of(0));
    }

    @Test
    void aChildThatOutlivesItsTimeIsKilledWithItsDescendants() throws Exception {
        ProcessBuilder shell = new ProcessBuilder("sh", "-c", "sleep 7301 & wait");
        long begin = System.nanoTime();
        assertThat(ChildCommand.run(shell, Duration.ofMillis(500))).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - begin)).isLessThan(Duration.ofSeconds(60));
        assertThat(sleepers("7301")).isEmpty();
    }

    @Test
    void anInterruptedWaitKillsTheChild() throws Exception {
        Thread waiter = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            try {
                TimeUnit.MILLISECONDS.sleep(500);
            } catch (InterruptedException e) {
                return;
            }
            waiter.interrupt();
        });
        interrupter.start();
        assertThatThrownBy(() ->
                        ChildCommand.run(new ProcessBuilder("sh", "-c", "sleep 7302 & wait"), Duration.ofMinutes(5)))
                .isInstanceOf(InterruptedException.class);
        interrupter.join();
        assertThat(sleepers("7302")).isEmpty();
    }

    /**
     * The processes that still sleep {@code seconds}, wherever they are now (a grandchild whose parent was killed is no
     * descendant of this JVM any more), after a moment for a killed one to go.
     */
    private static List<ProcessHandle> sleepers(String seconds) throws InterruptedException {
        List<ProcessHandle> alive = List.of();
        for (int i = 0; i < 100; i++) {
            alive = ProcessHandle.allProcesses()
                    .filter(ProcessHandle::isAlive)
                    .filter(process -> process.info()
                            .arguments()
                            .map(List::of)
                            .orElse(List.of())
                            .contains(seconds))
                    .toList();
            if (alive.isEmpty()) {
                return alive;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        return alive;
    }
}
