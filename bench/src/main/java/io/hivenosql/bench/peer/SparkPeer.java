package io.hivenosql.bench.peer;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.QueryFailedException;
import io.hivenosql.bench.Target;
import io.hivenosql.bench.report.PeerStoreResults;
import io.hivenosql.bench.spark.PeerRequest;
import io.hivenosql.bench.spark.PeerResults;
import io.hivenosql.bench.spark.SparkPeerCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the Spark peer for one store in a JVM of its own ({@link SparkPeerCommand}: Spark and the connectors, nothing of
 * Hive), after the Hive rounds, so that the two never share the machine: writes the request, waits for the JVM (killed,
 * with its children, when it outlives the timeout), and reads what it measured. The JVM's output goes to {@code
 * spark-<store>.log} in the work directory; a failed run throws with its tail.
 */
public final class SparkPeer {
    private static final Logger log = LoggerFactory.getLogger(SparkPeer.class);
    private static final int LOG_TAIL_LINES = 30;

    private final Path workDir;
    private final int heapMegabytes;
    private final Duration timeout;

    public SparkPeer(Path workDir, int heapMegabytes, Duration timeout) {
        this.workDir = requireNonNull(workDir, "workDir is null").toAbsolutePath();
        this.heapMegabytes = heapMegabytes;
        this.timeout = requireNonNull(timeout, "timeout is null");
    }

    /** Where the peer of {@code target} writes its results, in the work directory: the request names it. */
    public Path resultsFile(Target target) {
        return file(target, ".results");
    }

    /** The peer's file of {@code target} with that suffix: its label in the reports, e.g. {@code spark-redis.log}. */
    private Path file(Target target, String suffix) {
        return workDir.resolve(PeerStoreResults.label(target) + suffix);
    }

    /** Runs the request's queries on Spark over the store of {@code target}; returns what the peer wrote. */
    public PeerResults run(Target target, PeerRequest request) {
        try {
            Files.createDirectories(workDir);
            Path requestFile = file(target, ".request");
            Path logFile = file(target, ".log");
            Files.deleteIfExists(request.results());
            request.write(requestFile);
            List<String> command = SparkPeerCommand.of(requestFile, heapMegabytes);
            log.info("Starting the Spark peer of {} (log {})", target.cliName(), logFile);
            // in the work directory: whatever Spark writes beside it (a spark-warehouse directory) stays there
            Process process = new ProcessBuilder(command)
                    .directory(workDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(logFile.toFile())
                    .start();
            boolean finished;
            try {
                finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop(process);
                throw new QueryFailedException("interrupted while the Spark peer of " + target.cliName() + " ran");
            }
            if (!finished) {
                stop(process);
                throw new QueryFailedException("the Spark peer of " + target.cliName() + " took longer than "
                        + timeout.toMinutes() + " minutes and was stopped; its log: " + logFile);
            }
            if (process.exitValue() != 0 || !Files.exists(request.results())) {
                throw new QueryFailedException("the Spark peer of " + target.cliName() + " failed (exit "
                        + process.exitValue() + "); the end of its log " + logFile + ":\n" + tail(logFile));
            }
            return PeerResults.read(request.results());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the Spark peer of " + target.cliName(), e);
        }
    }

    private static void stop(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static String tail(Path logFile) throws IOException {
        List<String> lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
    }
}
