package io.hivenosql.sandbox.mongo;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a {@link TestingMongoServer}: prepares the work directory, launches the server's JVM and waits for its port
 * file, which the server writes once it listens (it binds the port itself, so a free port is never raced for).
 */
final class MongoServerStarter {
    private static final Logger log = LoggerFactory.getLogger(MongoServerStarter.class);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(10);

    private MongoServerStarter() {}

    /** The settings of a server, from {@link TestingMongoServer.Builder}. */
    record Settings(
            Optional<Path> workDir,
            int heapMegabytes,
            int port,
            String logLevel,
            Duration startTimeout,
            long parentPid,
            boolean shared,
            FerretDbSecurity security) {
        Settings {
            requireNonNull(workDir, "workDir is null");
            requireNonNull(security, "security is null");
            requireNonNull(logLevel, "logLevel is null");
            requireNonNull(startTimeout, "startTimeout is null");
        }
    }

    static TestingMongoServer start(Settings settings) {
        long start = System.nanoTime();
        MongoServerCommand command = MongoServerCommand.load();
        Path workDir = prepareWorkDir(settings);
        Path portFile = workDir.resolve(TestingMongoServer.PORT_FILE);
        Path logFile = workDir.resolve(TestingMongoServer.LOG_FILE);
        ServerProcess process;
        try {
            // stdin stays a pipe: the server exits when it closes, i.e. when this JVM is gone
            process = TestingMongoServer.ownProcess(ServerProcess.launch(
                    command.server(
                            settings.heapMegabytes(),
                            settings.logLevel(),
                            settings.port(),
                            portFile,
                            settings.parentPid()),
                    workDir,
                    logFile,
                    Map.of()));
        } catch (IOException e) {
            if (settings.workDir().isEmpty()) {
                ServerProcess.deleteRecursively(workDir);
            }
            throw new UncheckedIOException("Cannot start a MongoDB test server in " + workDir, e);
        }
        int port;
        try {
            port = awaitPort(process, portFile, logFile, settings);
        } catch (RuntimeException e) {
            TestingMongoServer.local(
                            settings.port(),
                            process,
                            workDir,
                            settings.workDir().isEmpty(),
                            false)
                    .abandon();
            throw e;
        }
        TestingMongoServer server = TestingMongoServer.local(
                port, process, workDir, settings.workDir().isEmpty(), settings.shared());
        log.info("Started {} in {} ms", server, (System.nanoTime() - start) / 1_000_000);
        return server;
    }

    /** Waits until the server has written its port file; returns the port. */
    private static int awaitPort(ServerProcess process, Path portFile, Path logFile, Settings settings) {
        return process.awaitReady(
                settings.startTimeout(),
                POLL_INTERVAL,
                () -> readPort(portFile),
                exitCode -> new IllegalStateException("The MongoDB test server (port " + describePort(settings.port())
                        + ") exited with code " + exitCode + " during start-up; log tail (" + logFile + "):\n"
                        + ServerProcess.tail(logFile, 40)),
                last -> new IllegalStateException("The MongoDB test server (pid " + process.pid()
                        + ") did not listen within " + settings.startTimeout().toMillis() + " ms; log tail (" + logFile
                        + "):\n" + ServerProcess.tail(logFile, 40)));
    }

    private static Optional<Integer> readPort(Path portFile) {
        try {
            // the server moves the complete file into place: it exists only with the whole port in it
            return Optional.of(
                    Integer.parseInt(Files.readString(portFile, UTF_8).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static String describePort(int port) {
        return port == 0 ? "a free one" : Integer.toString(port);
    }

    private static Path prepareWorkDir(Settings settings) {
        try {
            if (settings.workDir().isEmpty()) {
                return Files.createTempDirectory("testing-mongo-");
            }
            Path dir = Files.createDirectories(settings.workDir().get());
            Files.deleteIfExists(dir.resolve(TestingMongoServer.PORT_FILE));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a work directory for the MongoDB test server", e);
        }
    }

    static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            log.debug("Cannot delete {}: {}", file, e.getMessage());
        }
    }
}
