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
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.IntFunction;
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
    /** Whether {@link #pause()} stopped the process and {@link #resume()} has not continued it yet. */
    private volatile boolean paused;

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
     * Freezes the process (SIGSTOP to its pid), as a long stall of its host would: it keeps its sockets but reads and
     * answers nothing until {@link #resume()}. For tests of a server that lags, e.g. a replica that has not received
     * what its master acknowledged.
     */
    public void pause() {
        signal("STOP");
        paused = true;
    }

    /** Lets a {@linkplain #pause() paused} process go on (SIGCONT to its pid); nothing when it is not paused. */
    public void resume() {
        if (paused && process.isAlive()) {
            signal("CONT");
        }
        paused = false;
    }

    private void signal(String signal) {
        if (!process.isAlive()) {
            throw new IllegalStateException(name + " pid " + pid() + " does not run; it cannot get SIG" + signal);
        }
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid()))
                    .redirectErrorStream(true)
                    .start();
            String output = new String(kill.getInputStream().readAllBytes(), UTF_8).trim();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid() + " (" + name + ") failed: " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot send SIG" + signal + " to " + name + " pid " + pid(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "interrupted while sending SIG" + signal + " to " + name + " pid " + pid(), e);
        }
    }

    /**
     * Stops the process when it runs (a paused one is resumed first, so that it can act on SIGTERM): SIGTERM, then SIGKILL if it is still running after the stop timeout; logs how long
     * it took, naming {@code server} (the owner's description).
     */
    public void stop(Object server) {
        if (!process.isAlive()) {
            return;
        }
        long start = System.nanoTime();
        resume();
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

    /**
     * Starts {@code command} in {@code workDir} with {@code environment} added to this JVM's, its standard output and
     * error into {@code logFile} (replaced); its standard input stays a pipe, which ends when this JVM is gone.
     */
    public static Process launch(List<String> command, Path workDir, Path logFile, Map<String, String> environment)
            throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(logFile.toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    /** One look at whether a starting server is ready: its answer when it is, empty when not yet. */
    @FunctionalInterface
    public interface Probe<T> {
        /** The server's answer, empty when it is not ready yet; an exception says why it did not answer. */
        Optional<T> poll() throws Exception;
    }

    /**
     * Polls {@code probe} every {@code interval} until it answers and returns its answer. Throws what {@code exited}
     * makes of the exit code when this process exits first, and what {@code timedOut} makes of the last probe's
     * exception (null when none) when {@code timeout} passes. The caller stops the process on any exception.
     */
    public <T> T awaitReady(
            Duration timeout,
            Duration interval,
            Probe<T> probe,
            IntFunction<RuntimeException> exited,
            Function<Exception, RuntimeException> timedOut) {
        return poll(
                timeout,
                interval,
                name + " pid " + pid(),
                probe,
                () -> {
                    if (!process.isAlive()) {
                        throw exited.apply(process.exitValue());
                    }
                },
                timedOut);
    }

    /**
     * Polls {@code probe} every {@code interval} until it answers, running {@code between} after each probe that did not
     * (it throws when waiting is pointless, e.g. the server's process is gone); when {@code timeout} passes, throws what
     * {@code timedOut} makes of the last probe's exception (null when none); when interrupted, throws with the
     * interrupt kept. {@code what} names the server in that message.
     */
    public static <T> T poll(
            Duration timeout,
            Duration interval,
            String what,
            Probe<T> probe,
            Runnable between,
            Function<Exception, RuntimeException> timedOut) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try {
                Optional<T> answer = probe.poll();
                if (answer.isPresent()) {
                    return answer.get();
                }
            } catch (Exception e) {
                last = e;
            }
            between.run();
            try {
                Thread.sleep(interval.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for " + what + " to start", e);
            }
        }
        throw timedOut.apply(last);
    }

    /**
     * Runs {@code stop} when the JVM exits without the owner having stopped its server (a test JVM that fails); {@link
     * StopHook#remove} once the owner has.
     */
    public static StopHook stopOnExit(String threadName, Runnable stop) {
        return new StopHook(new Thread(stop, threadName));
    }

    /** A registered shutdown hook of a server's owner. */
    public static final class StopHook {
        private final Thread hook;

        private StopHook(Thread hook) {
            this.hook = hook;
            Runtime.getRuntime().addShutdownHook(hook);
        }

        /** Unregisters the hook; does nothing when the JVM is already shutting down (then it runs, and finds the server stopped). */
        public void remove() {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook runs (and finds the server stopped)
            }
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
