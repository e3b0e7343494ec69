package io.hivenosql.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The process of a store server (its own JVM) that this JVM started and owns, as the sandbox's test servers hold it:
 * they stop exactly that process by its pid (SIGTERM, then SIGKILL if it hangs), never anything found by name. Also the
 * file helpers of such a server's work directory.
 */
public final class ServerProcess {
    private static final Logger log = LoggerFactory.getLogger(ServerProcess.class);

    private final Process process;
    private final String name;
    private final Duration stopTimeout;
    private final Duration killTimeout;

    /**
     * {@code name} says what the process is in log lines ("Cassandra pid 42 did not stop ..."); {@code stopTimeout} is
     * how long {@link #stop} waits after SIGTERM, {@code killTimeout} how long it waits after SIGKILL.
     */
    public ServerProcess(Process process, String name, Duration stopTimeout, Duration killTimeout) {
        this.process = requireNonNull(process, "process is null");
        this.name = requireNonNull(name, "name is null");
        this.stopTimeout = requireNonNull(stopTimeout, "stopTimeout is null");
        this.killTimeout = requireNonNull(killTimeout, "killTimeout is null");
    }

    public Process process() {
        return process;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Kills the process at once (SIGKILL), as a crash would, and waits up to the kill timeout for it to exit. */
    public void kill() {
        process.destroyForcibly();
        waitForExit(killTimeout);
    }

    /**
     * Stops the process when it runs: SIGTERM, then SIGKILL if it is still running after the stop timeout; logs how long
     * it took, naming {@code server} (the owner's description).
     */
    public void stop(Object server) {
        if (!process.isAlive()) {
            return;
        }
        long start = System.nanoTime();
        process.destroy();
        if (!waitForExit(stopTimeout)) {
            log.warn("{} pid {} did not stop within {}; killing it", name, pid(), stopTimeout);
            kill();
        }
        log.info("Stopped {} in {} ms", server, (System.nanoTime() - start) / 1_000_000);
    }

    /** Waits up to {@code timeout} for the process to exit; when interrupted, kills it and keeps the interrupt. */
    public boolean waitForExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Deletes {@code dir} and all below it, as far as it can (a failure is logged at debug level). */
    public static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            log.debug("Cannot delete {}: {}", dir, e.getMessage());
        }
    }

    /** The last {@code lines} lines of {@code file} (a server's log), or a note saying why there are none. */
    public static String tail(Path file, int lines) {
        try {
            if (!Files.exists(file)) {
                return "(" + file + " does not exist)";
            }
            List<String> all = Files.readAllLines(file, UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }
}
