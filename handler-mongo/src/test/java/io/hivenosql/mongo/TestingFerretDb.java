package io.hivenosql.mongo;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A private FerretDB (a MongoDB-compatible server) over a private PostgreSQL cluster, both on free ports in a temporary
 * directory, for the tests of this module that need a real server without {@code $sample} and collations. Kept small
 * and private to these tests until a shared fixture exists.
 *
 * <p>The FerretDB binary is {@code $FERRETDB_BINARY} (or the system property {@code ferretdb.binary}), else
 * {@code ferretdb} on the PATH; PostgreSQL's {@code initdb}, {@code pg_ctl} and {@code createdb} are on the PATH or
 * in Debian's {@code /usr/lib/postgresql/<version>/bin}. {@link #available} says whether both are there (tests skip otherwise). As
 * root, PostgreSQL runs as the {@code postgres} user ({@code runuser}), since it refuses to run as root. Stopping
 * stops FerretDB (its process) and then PostgreSQL by the pid of its {@code postmaster.pid}, never by name.
 */
final class TestingFerretDb implements Closeable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(20);

    private final Path directory;
    private final Process ferret;
    private final long postgresPid;
    private final int port;

    private TestingFerretDb(Path directory, Process ferret, long postgresPid, int port) {
        this.directory = directory;
        this.ferret = ferret;
        this.postgresPid = postgresPid;
        this.port = port;
    }

    /** Why no FerretDB can be started here; empty when it can. */
    static Optional<String> unavailable() {
        if (ferretBinary().isEmpty()) {
            return Optional.of("no FerretDB binary: set FERRETDB_BINARY or put ferretdb on the PATH");
        }
        if (postgresBin().isEmpty()) {
            return Optional.of("no PostgreSQL initdb and pg_ctl on the PATH or in /usr/lib/postgresql/*/bin");
        }
        return Optional.empty();
    }

    static boolean available() {
        return unavailable().isEmpty();
    }

    /** Starts PostgreSQL and FerretDB; the caller closes the result. */
    static TestingFerretDb start() throws IOException {
        Path binary = ferretBinary()
                .orElseThrow(() -> new IllegalStateException(unavailable().orElseThrow()));
        Path bin = postgresBin()
                .orElseThrow(() -> new IllegalStateException(unavailable().orElseThrow()));
        Path directory = Files.createTempDirectory("ferretdb-test");
        Path data = directory.resolve("pg");
        Files.createDirectories(data);
        boolean root = "root".equals(System.getProperty("user.name"));
        if (root) {
            UserPrincipal postgres =
                    directory.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
            Files.setOwner(directory, postgres);
            Files.setOwner(data, postgres);
        }
        int pgPort = freePort();
        try {
            startPostgres(bin, directory, data, root, pgPort);
        } catch (IOException | RuntimeException e) {
            // initdb or pg_ctl failed; a server that started too slowly for pg_ctl -w has its pid file by now
            Path pidFile = data.resolve("postmaster.pid");
            if (Files.exists(pidFile)) {
                stopPid(Long.parseLong(Files.readAllLines(pidFile).get(0).trim()));
            }
            delete(directory);
            throw e;
        }
        long postgresPid = Long.parseLong(
                Files.readAllLines(data.resolve("postmaster.pid")).get(0).trim());
        try {
            run(
                    directory,
                    root,
                    List.of(
                            bin.resolve("createdb").toString(),
                            "-h",
                            "127.0.0.1",
                            "-p",
                            Integer.toString(pgPort),
                            "-U",
                            "postgres",
                            "ferretdb"));
            int port = freePort();
            Path state = Files.createDirectories(directory.resolve("state"));
            Process ferret = new ProcessBuilder(
                            binary.toString(),
                            "--handler=postgresql",
                            "--postgresql-url=postgres://postgres@127.0.0.1:" + pgPort + "/ferretdb",
                            "--listen-addr=127.0.0.1:" + port,
                            "--state-dir=" + state,
                            "--telemetry=disable",
                            "--debug-addr=-",
                            "--log-level=WARN")
                    .redirectErrorStream(true)
                    .redirectOutput(directory.resolve("ferretdb.log").toFile())
                    .start();
            TestingFerretDb server = new TestingFerretDb(directory, ferret, postgresPid, port);
            try {
                server.awaitPort();
            } catch (IOException | RuntimeException e) {
                server.close();
                throw e;
            }
            return server;
        } catch (IOException | RuntimeException e) {
            stopPid(postgresPid);
            delete(directory);
            throw e;
        }
    }

    private static void startPostgres(Path bin, Path directory, Path data, boolean root, int port) throws IOException {
        run(
                directory,
                root,
                List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-A", "trust", "-U", "postgres"));
        run(
                directory,
                root,
                List.of(
                        bin.resolve("pg_ctl").toString(),
                        "-D",
                        data.toString(),
                        "-w",
                        "-l",
                        directory.resolve("pg.log").toString(),
                        "-o",
                        "-p " + port + " -k " + directory + " -c listen_addresses=127.0.0.1 -c fsync=off",
                        "start"));
    }

    /** The URI of a collection, e.g. {@code mongodb://127.0.0.1:p/db.c}. */
    String uri(String database, String collection) {
        return "mongodb://127.0.0.1:" + port + "/" + database + "." + collection;
    }

    /** The URI of the server. */
    String uri() {
        return "mongodb://127.0.0.1:" + port + "/";
    }

    private void awaitPort() throws IOException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!ferret.isAlive()) {
                throw new IOException("FerretDB exited with " + ferret.exitValue() + ": " + log("ferretdb.log"));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException e) {
                sleep(100);
            }
        }
        throw new IOException(
                "FerretDB did not listen on " + port + " within " + START_TIMEOUT + ": " + log("ferretdb.log"));
    }

    @Override
    public void close() throws IOException {
        try {
            ferret.destroy();
            if (!ferret.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                ferret.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ferret.destroyForcibly();
        } finally {
            stopPid(postgresPid);
            delete(directory);
        }
    }

    /** Stops PostgreSQL's postmaster by its pid: SIGINT (a fast shutdown), then SIGKILL if it lingers. */
    private static void stopPid(long pid) throws IOException {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty()) {
            return;
        }
        try {
            new ProcessBuilder("kill", "-INT", Long.toString(pid))
                    .redirectErrorStream(true)
                    .start()
                    .waitFor();
            handle.get().onExit().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            handle.get().destroyForcibly();
        }
    }

    private static void run(Path directory, boolean asPostgres, List<String> command) throws IOException {
        List<String> full = new ArrayList<>();
        if (asPostgres) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        Path output = Files.createTempFile(directory, "command", ".log");
        try {
            Process process = new ProcessBuilder(full)
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            if (!process.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("timed out: " + full);
            }
            if (process.exitValue() != 0) {
                throw new IOException(full + " failed with " + process.exitValue() + ": "
                        + Files.readString(output, StandardCharsets.UTF_8));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + full, e);
        }
    }

    private String log(String name) {
        try {
            String text = Files.readString(directory.resolve(name), StandardCharsets.UTF_8);
            return text.length() > 2000 ? text.substring(text.length() - 2000) : text;
        } catch (IOException e) {
            return "(no " + name + ")";
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static Optional<Path> ferretBinary() {
        String configured =
                Optional.ofNullable(System.getenv("FERRETDB_BINARY")).orElse(System.getProperty("ferretdb.binary"));
        if (configured != null && !configured.isBlank()) {
            Path path = Path.of(configured);
            return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
        }
        return onPath("ferretdb");
    }

    private static Optional<Path> postgresBin() {
        Optional<Path> initdb = onPath("initdb");
        if (initdb.isPresent()) {
            try {
                // Debian links initdb and pg_ctl, not createdb, into /usr/local/bin: the real directory has all three
                Path bin = initdb.get().toRealPath().getParent();
                if (Files.isExecutable(bin.resolve("pg_ctl")) && Files.isExecutable(bin.resolve("createdb"))) {
                    return Optional.of(bin);
                }
            } catch (IOException e) {
                // look in Debian's directory
            }
        }
        Path debian = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(debian)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(debian)) {
            return versions.map(version -> version.resolve("bin"))
                    .filter(bin -> Files.isExecutable(bin.resolve("initdb"))
                            && Files.isExecutable(bin.resolve("pg_ctl"))
                            && Files.isExecutable(bin.resolve("createdb")))
                    .max(Comparator.naturalOrder());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Path> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String entry : path.split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(entry).resolve(name);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static void delete(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory left behind is no test failure
        }
    }
}
