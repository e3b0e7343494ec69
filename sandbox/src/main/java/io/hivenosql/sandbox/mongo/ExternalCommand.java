package io.hivenosql.sandbox.mongo;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.ServerProcess;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A short-lived tool run to its end (go, initdb, pg_ctl, createdb, apt-get), its output in a log file. A failure is
 * thrown as an {@link IllegalStateException} that names the command, its exit code and its output's last lines, so
 * whoever reads it sees what ran and why it failed without hunting for the log.
 */
final class ExternalCommand {
    private static final int TAIL_LINES = 30;

    private ExternalCommand() {}

    /**
     * Runs {@code command} in {@code dir} with {@code environment} added to this JVM's, stdout and stderr into {@code
     * log} (appended, after a line naming the command); returns its output once it exits with 0. Throws naming {@code
     * what} when it cannot start, exits otherwise, or runs longer than {@code timeout} (then it is killed).
     */
    static String run(
            String what, List<String> command, Path dir, Map<String, String> environment, Duration timeout, Path log) {
        requireNonNull(what, "what is null");
        requireNonNull(command, "command is null");
        Process process;
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Files.writeString(
                    log,
                    "$ " + String.join(" ", command) + "\n",
                    UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().putAll(environment);
            process = builder.start();
        } catch (IOException e) {
            throw new IllegalStateException(
                    "Cannot run " + what + " (`" + String.join(" ", command) + "`): " + e.getMessage(), e);
        }
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw failure(what, command, "did not finish within " + timeout.toSeconds() + " s (killed)", log);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while running " + what, e);
        }
        if (process.exitValue() != 0) {
            throw failure(what, command, "exited with code " + process.exitValue(), log);
        }
        return outputSince(log, command);
    }

    private static IllegalStateException failure(String what, List<String> command, String how, Path log) {
        return new IllegalStateException(what + " failed: `" + String.join(" ", command) + "` " + how
                + "; last lines of its output (" + log + "):\n" + ServerProcess.tail(log, TAIL_LINES));
    }

    /** The output of the last run in {@code log}: what follows its last {@code $ command} line. */
    private static String outputSince(Path log, List<String> command) {
        try {
            String all = Files.readString(log, UTF_8);
            String marker = "$ " + String.join(" ", command) + "\n";
            int at = all.lastIndexOf(marker);
            return at < 0 ? all : all.substring(at + marker.length());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + log, e);
        }
    }

    /** Whether this JVM runs as root (uid 0): PostgreSQL then runs as the {@code postgres} user. */
    static boolean isRoot() {
        try {
            Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            return uid instanceof Integer value && value == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    /** The first of {@code name} on the PATH, then of {@code fallbacks}, that is an executable file. */
    static Optional<Path> find(String name, List<Path> fallbacks) {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, name));
                }
            }
        }
        candidates.addAll(fallbacks);
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }
}
