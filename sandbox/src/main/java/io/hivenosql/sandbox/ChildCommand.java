package io.hivenosql.sandbox;

import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

/**
 * A command run to its end as a child process with no input (beeline, a Hive Driver), killed with its descendants when
 * it outlives its time or the waiting thread is interrupted.
 */
public final class ChildCommand {
    private ChildCommand() {}

    /**
     * Starts {@code process} (its input: {@code /dev/null}) and waits for it: its exit value, or empty when it was
     * killed after {@code timeout}.
     */
    public static OptionalInt run(ProcessBuilder process, Duration timeout) throws IOException, InterruptedException {
        Process child = process.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        try {
            if (child.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return OptionalInt.of(child.exitValue());
            }
        } catch (InterruptedException e) {
            kill(child);
            throw e;
        }
        kill(child);
        child.waitFor(10, TimeUnit.SECONDS);
        return OptionalInt.empty();
    }

    private static void kill(Process child) {
        child.descendants().forEach(ProcessHandle::destroyForcibly);
        child.destroyForcibly();
    }
}
