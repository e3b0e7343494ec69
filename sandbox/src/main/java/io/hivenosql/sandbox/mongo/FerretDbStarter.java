package io.hivenosql.sandbox.mongo;

import io.hivenosql.sandbox.FreePorts;
import io.hivenosql.sandbox.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a {@link TestingMongoServer} of flavour {@link MongoFlavour#FERRETDB}: the cached FerretDB binary (built
 * first if missing, see {@link FerretDbBinary}), a private PostgreSQL cluster in the work directory ({@link
 * PostgresCluster}), then FerretDB on a free port of 127.0.0.1, ready once it answers {@code hello}. Whatever fails on
 * the way, what was started is stopped again.
 */
final class FerretDbStarter {
    static final String LOG_FILE = "ferretdb.log";
    static final String TOOL_LOG = "tools.log";
    static final String STATE_DIR = "ferretdb-state";
    static final String POSTGRES_DIR = "postgres";

    private static final Logger log = LoggerFactory.getLogger(FerretDbStarter.class);
    private static final int START_ATTEMPTS = 3;
    private static final Duration POLL_INTERVAL = Duration.ofMillis(100);
    private static final Duration HELLO_TIMEOUT = Duration.ofSeconds(5);

    private FerretDbStarter() {}

    static TestingMongoServer start(MongoServerStarter.Settings settings) {
        Path binary = FerretDbBinary.obtain();
        long start = System.nanoTime();
        Path workDir = prepareWorkDir(settings.workDir());
        boolean deleteWorkDir = settings.workDir().isEmpty();
        PostgresCluster postgres;
        try {
            PostgresBinaries binaries = PostgresBinaries.locate(workDir.resolve(TOOL_LOG));
            postgres = PostgresCluster.start(binaries, workDir.resolve(POSTGRES_DIR), workDir.resolve(TOOL_LOG));
        } catch (RuntimeException e) {
            if (deleteWorkDir) {
                ServerProcess.deleteRecursively(workDir);
            }
            throw e;
        }
        IllegalStateException last = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            int port = settings.port() == 0 ? FreePorts.pick() : settings.port();
            ServerProcess process = launch(binary, postgres, workDir, port, settings);
            MongoHello hello;
            try {
                hello = awaitHello(process, port, workDir.resolve(LOG_FILE), settings);
            } catch (IllegalStateException e) {
                boolean portTaken = !process.isAlive()
                        && ServerProcess.tail(workDir.resolve(LOG_FILE), 20).contains("address already in use");
                process.stop("FerretDB on port " + port + " (start failed)");
                last = e;
                if (!portTaken || settings.port() != 0) {
                    break;
                }
                log.warn("FerretDB did not start on port {} (attempt {}): the port was taken", port, attempt);
                continue;
            }
            TestingMongoServer server =
                    TestingMongoServer.ferretDb(port, process, workDir, deleteWorkDir, settings.shared(), postgres);
            log.info(
                    "Started {}: {}, a MongoDB-compatible server, not mongod (wire version {}), in {} ms",
                    server,
                    description(postgres),
                    hello.maxWireVersion().isPresent() ? hello.maxWireVersion().getAsInt() : "unknown",
                    (System.nanoTime() - start) / 1_000_000);
            return server;
        }
        postgres.stop();
        postgres.deleteFiles(!deleteWorkDir);
        if (deleteWorkDir) {
            ServerProcess.deleteRecursively(workDir);
        }
        throw last;
    }

    /** {@code FerretDB v1.24.2 on PostgreSQL 15.14 (...)}: what the server is. */
    static String description(PostgresCluster postgres) {
        return "FerretDB " + FerretDbBinary.VERSION + " on " + postgres.version();
    }

    private static ServerProcess launch(
            Path binary, PostgresCluster postgres, Path workDir, int port, MongoServerStarter.Settings settings) {
        List<String> command = new ArrayList<>(List.of(
                binary.toString(),
                "--handler=postgresql",
                "--postgresql-url=" + postgres.url(),
                "--state-dir=" + workDir.resolve(STATE_DIR),
                "--telemetry=disable",
                "--debug-addr=-",
                "--log-level=" + logLevel(settings.logLevel())));
        command.addAll(settings.security().flags(TestingMongoServer.HOST, port));
        try {
            Files.createDirectories(workDir.resolve(STATE_DIR));
            return TestingMongoServer.ownProcess(
                    ServerProcess.launch(command, workDir, workDir.resolve(LOG_FILE), Map.of()), "FerretDB");
        } catch (IOException e) {
            postgres.stop();
            postgres.deleteFiles(true);
            throw new UncheckedIOException("Cannot start FerretDB (`" + String.join(" ", command) + "`)", e);
        }
    }

    /** FerretDB's level for a builder's slf4j level: DEBUG, INFO, WARN or ERROR. */
    static String logLevel(String slf4jLevel) {
        return switch (slf4jLevel.toLowerCase(Locale.ROOT)) {
            case "trace", "debug" -> "DEBUG";
            case "info" -> "INFO";
            case "warn" -> "WARN";
            default -> "ERROR";
        };
    }

    private static MongoHello awaitHello(
            ServerProcess process, int port, Path logFile, MongoServerStarter.Settings settings) {
        Duration timeout = settings.startTimeout();
        return process.awaitReady(
                timeout,
                POLL_INTERVAL,
                () -> {
                    MongoHello hello = MongoHello.ask(
                            TestingMongoServer.HOST,
                            port,
                            HELLO_TIMEOUT,
                            settings.security().fixtureContext());
                    return hello.ok() ? Optional.of(hello) : Optional.empty();
                },
                exitCode -> new IllegalStateException("FerretDB (port " + port + ") exited with code " + exitCode
                        + " during start-up; log tail (" + logFile + "):\n" + ServerProcess.tail(logFile, 40)),
                last -> new IllegalStateException("FerretDB (pid " + process.pid() + ", port " + port
                        + ") did not answer hello within " + timeout.toMillis() + " ms"
                        + (last == null ? "" : " (last: " + last.getMessage() + ")") + "; log tail (" + logFile
                        + "):\n" + ServerProcess.tail(logFile, 40)));
    }

    /**
     * A temporary directory, or the given one (created if missing) with what an earlier server left in it cleared: its
     * state directory (the PostgreSQL cluster is renewed by {@link PostgresCluster#start}) and the tools' log.
     */
    private static Path prepareWorkDir(Optional<Path> given) {
        try {
            if (given.isEmpty()) {
                return Files.createTempDirectory("testing-ferretdb-");
            }
            Path dir = Files.createDirectories(given.get());
            ServerProcess.deleteRecursively(dir.resolve(STATE_DIR));
            Files.deleteIfExists(dir.resolve(TOOL_LOG));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create a work directory for FerretDB", e);
        }
    }
}
