package io.hivenosql.sandbox.mongo;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.FreePorts;
import io.hivenosql.sandbox.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A private PostgreSQL cluster for FerretDB: created by {@code initdb} in a directory of its own (trust authentication,
 * no password), listening on a free port of 127.0.0.1 with its unix socket in that directory, and stopped by its own
 * data directory ({@code pg_ctl stop -D}, which signals the postmaster of {@code postmaster.pid}), never by name, so it
 * never touches another cluster. The data is thrown away after each run, so it trades durability for speed: no fsync,
 * no synchronous commit, no full-page writes, minimal WAL.
 */
final class PostgresCluster {
    static final String DATABASE = "ferretdb";
    static final String SUPERUSER = "postgres";
    static final String DATA_DIR = "data";
    static final String LOG_FILE = "postgres.log";

    private static final Logger log = LoggerFactory.getLogger(PostgresCluster.class);
    private static final int START_ATTEMPTS = 3;
    private static final Duration TOOL_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration EXIT_WAIT = Duration.ofSeconds(10);
    /** Speed over durability: the cluster lives as long as one test run (see the class comment). */
    private static final List<String> SETTINGS = List.of(
            "fsync=off",
            "synchronous_commit=off",
            "full_page_writes=off",
            "wal_level=minimal",
            "max_wal_senders=0",
            "listen_addresses=127.0.0.1");

    private final PostgresBinaries binaries;
    private final Path dir;
    /** Whether {@link #dir} is a temporary directory outside the work directory (see {@link #prepare}). */
    private final boolean elsewhere;

    private final Path toolLog;
    private final int port;
    private final long pid;
    private final String version;

    private PostgresCluster(
            PostgresBinaries binaries, Path dir, boolean elsewhere, Path toolLog, int port, long pid, String version) {
        this.binaries = binaries;
        this.dir = dir;
        this.elsewhere = elsewhere;
        this.toolLog = toolLog;
        this.port = port;
        this.pid = pid;
        this.version = version;
    }

    /**
     * Creates a cluster in {@code dir} (a cluster left there by a killed JVM is stopped and deleted first), starts it on
     * a free port (another one when the port was taken meanwhile) and creates the database {@value #DATABASE}; the
     * tools' output goes to {@code toolLog}, the server's to {@code dir/}{@value #LOG_FILE}.
     */
    static PostgresCluster start(PostgresBinaries binaries, Path preferredDir, Path toolLog) {
        requireNonNull(binaries, "binaries is null");
        String version = binaries.version(toolLog);
        Path dir = prepare(binaries, preferredDir, toolLog);
        boolean elsewhere = !dir.equals(preferredDir);
        try {
            return initAndStart(binaries, dir, elsewhere, toolLog, version);
        } catch (RuntimeException e) {
            if (elsewhere) {
                ServerProcess.deleteRecursively(dir);
            }
            throw e;
        }
    }

    private static PostgresCluster initAndStart(
            PostgresBinaries binaries, Path dir, boolean elsewhere, Path toolLog, String version) {
        Path data = dir.resolve(DATA_DIR);
        ExternalCommand.run(
                "initdb of the FerretDB PostgreSQL cluster",
                binaries.command(
                        "initdb",
                        "-D",
                        data.toString(),
                        "-A",
                        "trust",
                        "-U",
                        SUPERUSER,
                        "-E",
                        "UTF8",
                        "--locale=C",
                        "--no-sync"),
                dir,
                Map.of(),
                TOOL_TIMEOUT,
                toolLog);
        IllegalStateException last = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            int port = FreePorts.pick();
            try {
                ExternalCommand.run(
                        "Starting PostgreSQL on port " + port,
                        binaries.command(
                                "pg_ctl",
                                "start",
                                "-w",
                                "-t",
                                Long.toString(TOOL_TIMEOUT.toSeconds()),
                                "-D",
                                data.toString(),
                                "-l",
                                dir.resolve(LOG_FILE).toString(),
                                "-o",
                                options(dir, port)),
                        dir,
                        Map.of(),
                        TOOL_TIMEOUT.plusSeconds(10),
                        toolLog);
            } catch (IllegalStateException e) {
                // most likely another process took the port between probing and binding: try another one
                last = new IllegalStateException(
                        e.getMessage() + "\nlast lines of the server's log (" + dir.resolve(LOG_FILE) + "):\n"
                                + ServerProcess.tail(dir.resolve(LOG_FILE), 20),
                        e);
                log.warn("PostgreSQL did not start on port {} (attempt {}): {}", port, attempt, e.getMessage());
                continue;
            }
            long pid = postmasterPid(data)
                    .orElseThrow(() -> new IllegalStateException(
                            "PostgreSQL started in " + data + " but wrote no postmaster.pid"));
            PostgresCluster cluster = new PostgresCluster(binaries, dir, elsewhere, toolLog, port, pid, version);
            try {
                ExternalCommand.run(
                        "createdb " + DATABASE,
                        binaries.command(
                                "createdb", "-h", "127.0.0.1", "-p", Integer.toString(port), "-U", SUPERUSER, DATABASE),
                        dir,
                        Map.of(),
                        TOOL_TIMEOUT,
                        toolLog);
            } catch (RuntimeException e) {
                cluster.stop();
                cluster.deleteFiles(true);
                throw e;
            }
            return cluster;
        }
        throw last;
    }

    private static String options(Path dir, int port) {
        // pg_ctl hands these to a shell: the directory is quoted
        String quoted = "'" + dir.toString().replace("'", "'\\''") + "'";
        StringBuilder options = new StringBuilder("-p " + port + " -k " + quoted);
        SETTINGS.forEach(setting -> options.append(" -c ").append(setting));
        return options.toString();
    }

    /**
     * A fresh directory for the cluster (any old cluster in it stopped by its data directory first), owned by the
     * cluster's user: {@code preferred} when that user can reach it, else (a root JVM whose work directory lies under a
     * directory closed to the {@code postgres} user, such as /root) a new temporary directory, which {@link #stop}
     * deletes.
     */
    private static Path prepare(PostgresBinaries binaries, Path preferred, Path toolLog) {
        Path data = preferred.resolve(DATA_DIR);
        if (postmasterPid(data).isPresent()) {
            log.warn("Stopping a PostgreSQL cluster left running in {} (its JVM was killed)", data);
            stopQuietly(binaries, data, "immediate", toolLog);
        }
        ServerProcess.deleteRecursively(preferred);
        try {
            Files.createDirectories(preferred);
            if (binaries.user().isEmpty()) {
                return preferred;
            }
            // a directory created by a root JVM may be closed to others: let the postgres user pass through
            addExecute(preferred.getParent());
            if (ownedAndWritable(binaries, preferred, toolLog)) {
                return preferred;
            }
            Path elsewhere = Files.createTempDirectory("ferretdb-postgres-");
            log.info(
                    "The {} user cannot reach {} (a parent directory is closed to other users): the FerretDB "
                            + "PostgreSQL cluster goes to {} instead",
                    binaries.user().get(),
                    preferred,
                    elsewhere);
            if (ownedAndWritable(binaries, elsewhere, toolLog)) {
                return elsewhere;
            }
            throw new IllegalStateException(
                    "PostgreSQL runs as the " + binaries.user().get() + " user (this JVM is "
                            + "root), who can write neither " + preferred + " nor " + elsewhere + "; see " + toolLog);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot prepare the PostgreSQL directory " + preferred + ": " + e.getMessage(), e);
        }
    }

    /** Gives {@code dir} to the cluster's user; whether that user can then write it. */
    private static boolean ownedAndWritable(PostgresBinaries binaries, Path dir, Path toolLog) throws IOException {
        String user = binaries.user().orElseThrow();
        UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
        PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
        view.setOwner(users.lookupPrincipalByName(user));
        view.setGroup(users.lookupPrincipalByGroupName(user));
        List<String> test = new ArrayList<>(binaries.runAs());
        test.addAll(List.of("test", "-w", dir.toString()));
        try {
            ExternalCommand.run(
                    "Checking that the " + user + " user can write " + dir,
                    test,
                    Path.of("/"),
                    Map.of(),
                    TOOL_TIMEOUT,
                    toolLog);
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    private static void addExecute(Path dir) throws IOException {
        Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
        permissions.addAll(Files.getPosixFilePermissions(dir));
        permissions.add(PosixFilePermission.GROUP_EXECUTE);
        permissions.add(PosixFilePermission.OTHERS_EXECUTE);
        Files.setPosixFilePermissions(dir, permissions);
    }

    /** The postmaster's pid from {@code data/postmaster.pid} (its first line), when the file is there. */
    static OptionalLong postmasterPid(Path data) {
        try {
            List<String> lines = Files.readAllLines(data.resolve("postmaster.pid"), UTF_8);
            return lines.isEmpty()
                    ? OptionalLong.empty()
                    : OptionalLong.of(Long.parseLong(lines.get(0).trim()));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    int port() {
        return port;
    }

    /** The postmaster's process id. */
    long pid() {
        return pid;
    }

    /** E.g. {@code PostgreSQL 15.14 (Debian 15.14-0+deb12u1)}. */
    String version() {
        return version;
    }

    Path dir() {
        return dir;
    }

    /** FerretDB's {@code --postgresql-url}. */
    String url() {
        return "postgres://" + SUPERUSER + "@127.0.0.1:" + port + "/" + DATABASE;
    }

    /**
     * Stops the cluster: {@code pg_ctl stop -m fast} on its data directory (clients are disconnected, no checkpoint
     * waits for them), then SIGKILL to the postmaster's pid if it is still there.
     */
    void stop() {
        Path data = dir.resolve(DATA_DIR);
        Optional<ProcessHandle> postmaster = ProcessHandle.of(pid);
        if (postmaster.isEmpty() || !postmaster.get().isAlive()) {
            return;
        }
        long start = System.nanoTime();
        stopQuietly(binaries, data, "fast", toolLog);
        // pg_ctl returns once postmaster.pid is gone, a moment before the postmaster exits
        if (!awaitExit(postmaster.get(), EXIT_WAIT)) {
            log.warn("PostgreSQL pid {} did not stop; killing it", pid);
            postmaster.get().destroyForcibly();
            awaitExit(postmaster.get(), EXIT_WAIT);
        }
        log.info(
                "Stopped PostgreSQL 127.0.0.1:{} (pid {}) in {} ms",
                port,
                pid,
                (System.nanoTime() - start) / 1_000_000);
    }

    /**
     * Deletes the stopped cluster's files: its data directory, and the rest (its log) too unless {@code keepLog}; a
     * directory outside the work directory goes whole.
     */
    void deleteFiles(boolean keepLog) {
        ServerProcess.deleteRecursively(keepLog && !elsewhere ? dir.resolve(DATA_DIR) : dir);
    }

    /** Polls (a handle's onExit polls a process that is not this JVM's child slowly): whether it exited in time. */
    private static boolean awaitExit(ProcessHandle process, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (process.isAlive()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !process.isAlive();
            }
        }
        return true;
    }

    private static void stopQuietly(PostgresBinaries binaries, Path data, String mode, Path toolLog) {
        try {
            ExternalCommand.run(
                    "Stopping PostgreSQL",
                    binaries.command(
                            "pg_ctl",
                            "stop",
                            "-D",
                            data.toString(),
                            "-m",
                            mode,
                            "-w",
                            "-t",
                            Long.toString(STOP_TIMEOUT.toSeconds())),
                    data.getParent(),
                    Map.of(),
                    STOP_TIMEOUT.plusSeconds(10),
                    toolLog);
        } catch (IllegalStateException e) {
            log.warn("pg_ctl stop of {} failed: {}", data, e.getMessage());
        }
    }

    @Override
    public String toString() {
        return version + " 127.0.0.1:" + port + " (pid " + pid + ", " + dir + ")";
    }
}
