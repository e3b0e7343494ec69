package io.hivenosql.sandbox.mongo;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.hivenosql.sandbox.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The FerretDB server binary, built once from the Go module proxy and cached, so that no FerretDB code lives in this
 * repository. {@code go install ...@v1.24.2} builds a binary that panics at start (the module leaves out {@code
 * build/version/version.txt}), so the build copies the module out of Go's read-only module cache, writes that file
 * and runs {@code go build ./cmd/ferretdb}: some 45 s with warm Go caches, 3-4 minutes on a fresh machine.
 *
 * <p>The cache is {@code ${XDG_CACHE_HOME:-~/.cache}/hive-nosql/ferretdb/<version>/ferretdb}. A file lock next to it
 * keeps two JVMs from building at once (the second waits and then finds the binary), and the finished binary is moved
 * into place atomically, after it printed its version: a binary in the cache is always a whole, working one.
 */
final class FerretDbBinary {
    /** The FerretDB release the sandbox builds: the last 1.x, which runs on plain PostgreSQL. */
    static final String VERSION = "v1.24.2";

    static final String MODULE = "github.com/FerretDB/FerretDB";

    private static final Logger log = LoggerFactory.getLogger(FerretDbBinary.class);
    private static final Duration DOWNLOAD_TIMEOUT = Duration.ofMinutes(10);
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(20);
    private static final Pattern DIR = Pattern.compile("\"Dir\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final Pattern ERROR = Pattern.compile("\"Error\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");

    private FerretDbBinary() {}

    /** The cached binary, built first when it is missing. */
    static Path obtain() {
        return obtain(cacheRoot());
    }

    /** The binary cached under {@code cacheRoot} ({@code <cacheRoot>/ferretdb/<version>/ferretdb}), built if missing. */
    static synchronized Path obtain(Path cacheRoot) {
        Path dir = cacheRoot.resolve("ferretdb").resolve(VERSION);
        Path binary = dir.resolve("ferretdb");
        if (Files.isExecutable(binary)) {
            return binary;
        }
        try {
            Files.createDirectories(dir);
            try (FileChannel lock = FileChannel.open(
                            dir.resolve("build.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock held = lock.lock()) {
                if (Files.isExecutable(binary)) {
                    return binary; // another JVM built it while this one waited
                }
                build(dir, binary);
                return binary;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot build FerretDB " + VERSION + " into " + dir + ": " + e.getMessage(), e);
        }
    }

    /** {@code $XDG_CACHE_HOME/hive-nosql}, or {@code ~/.cache/hive-nosql} when that is unset. */
    static Path cacheRoot() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("hive-nosql").toAbsolutePath();
    }

    private static void build(Path dir, Path binary) throws IOException {
        long start = System.nanoTime();
        Path go = findGo();
        Path scratch = Files.createTempDirectory(dir, "build-");
        Path buildLog = scratch.resolve("build.log");
        log.info(
                "Building FerretDB {} from the Go module proxy with {} (once; cached as {}; log {})",
                VERSION,
                go,
                binary,
                buildLog);
        try {
            String json = ExternalCommand.run(
                    "Downloading the FerretDB module",
                    List.of(go.toString(), "mod", "download", "-json", MODULE + "@" + VERSION),
                    scratch,
                    Map.of(),
                    DOWNLOAD_TIMEOUT,
                    buildLog);
            Path module = moduleDir(json, buildLog);
            Path source = scratch.resolve("src");
            copyWritable(module, source);
            // the module ships without it, and FerretDB refuses to start without its version
            Files.writeString(source.resolve("build/version/version.txt"), VERSION + "\n", UTF_8);
            Path built = scratch.resolve("ferretdb");
            ExternalCommand.run(
                    "Building FerretDB " + VERSION,
                    List.of(
                            go.toString(),
                            "build",
                            "-buildvcs=false",
                            "-trimpath",
                            "-o",
                            built.toString(),
                            "./cmd/ferretdb"),
                    source,
                    Map.of(),
                    BUILD_TIMEOUT,
                    buildLog);
            String version = ExternalCommand.run(
                    "The built FerretDB",
                    List.of(built.toString(), "--version"),
                    scratch,
                    Map.of(),
                    Duration.ofMinutes(1),
                    buildLog);
            if (!version.contains("version: " + VERSION)) {
                throw new IllegalStateException("The FerretDB built in " + scratch + " does not report version "
                        + VERSION + "; it printed:\n" + version);
            }
            Files.move(built, binary, StandardCopyOption.ATOMIC_MOVE);
            log.info("Built FerretDB {} in {} s: {}", VERSION, (System.nanoTime() - start) / 1_000_000_000, binary);
            ServerProcess.deleteRecursively(scratch);
        } catch (RuntimeException | IOException e) {
            log.warn("The FerretDB build failed; its files stay in {} for a look", scratch);
            throw e;
        }
    }

    /** {@code go}: on the PATH, else where the official tarball and Debian's golang-go put it. */
    static Path findGo() {
        return ExternalCommand.find("go", List.of(Path.of("/usr/local/go/bin/go"), Path.of("/usr/lib/go/bin/go")))
                .orElseThrow(() -> new IllegalStateException("Cannot build FerretDB " + VERSION + ": `go` is not "
                        + "installed (looked on the PATH, in /usr/local/go/bin and /usr/lib/go/bin). Install Go 1.21 "
                        + "or later (it fetches the Go 1.24 toolchain FerretDB asks for by itself), e.g. from "
                        + "https://go.dev/dl into /usr/local/go, then retry; or use the in-memory test double ("
                        + MongoFlavour.VARIABLE + "=double)"));
    }

    /** The {@code Dir} of {@code go mod download -json}'s answer; throws with its {@code Error} when it has none. */
    static Path moduleDir(String json, Path buildLog) {
        Matcher dir = DIR.matcher(json);
        if (dir.find()) {
            return Path.of(unescape(dir.group(1)));
        }
        Matcher error = ERROR.matcher(json);
        throw new IllegalStateException(
                "`go mod download -json " + MODULE + "@" + VERSION + "` gave no module directory"
                        + (error.find() ? ": " + unescape(error.group(1)) : "") + " (log " + buildLog + ")");
    }

    private static String unescape(String json) {
        return json.replace("\\\\", "\u0000").replace("\\\"", "\"").replace("\u0000", "\\");
    }

    /** Copies the module tree (read-only in Go's module cache) to {@code target}, every file writable by its owner. */
    private static void copyWritable(Path module, Path target) throws IOException {
        try (Stream<Path> paths = Files.walk(module)) {
            for (Path path : (Iterable<Path>) paths::iterator) {
                Path copy = target.resolve(module.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(path, copy, StandardCopyOption.COPY_ATTRIBUTES);
                }
                addOwnerWrite(copy);
            }
        }
    }

    private static void addOwnerWrite(Path path) throws IOException {
        Set<PosixFilePermission> permissions = EnumSet.noneOf(PosixFilePermission.class);
        permissions.addAll(Files.getPosixFilePermissions(path));
        permissions.add(PosixFilePermission.OWNER_WRITE);
        Files.setPosixFilePermissions(path, permissions);
    }
}
