package io.hivenosql.sandbox.mongo;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The PostgreSQL server programs ({@code initdb}, {@code postgres}, {@code pg_ctl}, {@code createdb}) of one
 * installation, and the user they run as. Debian keeps them in {@code /usr/lib/postgresql/<major>/bin}, off the PATH;
 * when there are none and this JVM is root, Debian's {@code postgresql} package is installed as {@code bin/hive-nosql}
 * installs {@code redis-server}. PostgreSQL refuses to run as root, so a root JVM runs them as the {@code postgres}
 * user (the package creates it) through {@code runuser}.
 *
 * @param binDir the directory of the programs
 * @param runAs the command prefix that runs them as the cluster's owner: empty, or {@code runuser -u postgres --}
 * @param user the user the cluster runs as, when that is not this JVM's ({@code postgres} for a root JVM)
 */
record PostgresBinaries(Path binDir, List<String> runAs, Optional<String> user) {
    static final String DEBIAN_DIR = "/usr/lib/postgresql";
    static final String OWNER = "postgres";

    private static final Logger log = LoggerFactory.getLogger(PostgresBinaries.class);
    private static final List<String> PROGRAMS = List.of("initdb", "postgres", "pg_ctl", "createdb");
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);

    PostgresBinaries {
        requireNonNull(binDir, "binDir is null");
        runAs = List.copyOf(requireNonNull(runAs, "runAs is null"));
        requireNonNull(user, "user is null");
    }

    /** The installed PostgreSQL (installing Debian's when root and none is found); throws with the fix otherwise. */
    static synchronized PostgresBinaries locate(Path installLog) {
        boolean root = ExternalCommand.isRoot();
        Optional<Path> binDir = findBinDir(Path.of(DEBIAN_DIR));
        if (binDir.isEmpty()) {
            if (!root) {
                throw new IllegalStateException("PostgreSQL is not installed (no initdb, postgres, pg_ctl and "
                        + "createdb in " + DEBIAN_DIR + "/*/bin or on the PATH), and FerretDB stores its data there: "
                        + "run `sudo apt-get install -y postgresql`, or use the in-memory test double ("
                        + MongoFlavour.VARIABLE + "=double)");
            }
            install(installLog);
            binDir = findBinDir(Path.of(DEBIAN_DIR));
            if (binDir.isEmpty()) {
                throw new IllegalStateException("apt-get installed postgresql, but " + DEBIAN_DIR
                        + "/*/bin still lacks " + PROGRAMS + " (log " + installLog + ")");
            }
        }
        if (!root) {
            return new PostgresBinaries(binDir.get(), List.of(), Optional.empty());
        }
        Path runuser = ExternalCommand.find("runuser", List.of(Path.of("/usr/sbin/runuser"), Path.of("/sbin/runuser")))
                .orElseThrow(() -> new IllegalStateException("PostgreSQL refuses to run as root, and this JVM is root "
                        + "without `runuser` (util-linux) to run it as the " + OWNER + " user: install util-linux, or "
                        + "run as another user"));
        ExternalCommand.run(
                "Looking up the " + OWNER + " user (PostgreSQL refuses to run as root)",
                List.of("id", "-u", OWNER),
                Path.of("/"),
                Map.of(),
                Duration.ofSeconds(30),
                installLog);
        return new PostgresBinaries(binDir.get(), List.of(runuser.toString(), "-u", OWNER, "--"), Optional.of(OWNER));
    }

    /**
     * The bin directory of the newest major version under {@code debianDir} that has every program, else the directory
     * of {@code initdb} on the PATH (symbolic links resolved) when it has them all.
     */
    static Optional<Path> findBinDir(Path debianDir) {
        List<Path> candidates = new ArrayList<>();
        if (Files.isDirectory(debianDir)) {
            try (Stream<Path> versions = Files.list(debianDir)) {
                versions.map(version -> version.resolve("bin"))
                        .filter(PostgresBinaries::hasAllPrograms)
                        .sorted(Comparator.comparing(PostgresBinaries::majorVersion)
                                .reversed())
                        .forEach(candidates::add);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot list " + debianDir, e);
            }
        }
        ExternalCommand.find("initdb", List.of()).ifPresent(initdb -> {
            try {
                candidates.add(initdb.toRealPath().getParent());
            } catch (IOException e) {
                log.debug("Cannot resolve {}: {}", initdb, e.getMessage());
            }
        });
        return candidates.stream().filter(PostgresBinaries::hasAllPrograms).findFirst();
    }

    Path program(String name) {
        return binDir.resolve(name);
    }

    /** {@code program} with its arguments, run as the cluster's owner. */
    List<String> command(String program, String... arguments) {
        List<String> command = new ArrayList<>(runAs);
        command.add(program(program).toString());
        command.addAll(List.of(arguments));
        return command;
    }

    /** {@code postgres --version}'s answer, e.g. {@code PostgreSQL 15.14 (Debian 15.14-0+deb12u1)}. */
    String version(Path log) {
        String output = ExternalCommand.run(
                        "postgres --version",
                        List.of(program("postgres").toString(), "--version"),
                        binDir,
                        Map.of(),
                        Duration.ofSeconds(30),
                        log)
                .trim();
        return output.startsWith("postgres (PostgreSQL) ")
                ? "PostgreSQL " + output.substring("postgres (PostgreSQL) ".length())
                : output;
    }

    private static boolean hasAllPrograms(Path binDir) {
        return PROGRAMS.stream().allMatch(program -> Files.isExecutable(binDir.resolve(program)));
    }

    private static int majorVersion(Path binDir) {
        try {
            return Integer.parseInt(binDir.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** {@code apt-get install -y postgresql} without questions, as {@code bin/hive-nosql} installs redis-server. */
    private static void install(Path installLog) {
        Path aptGet = ExternalCommand.find("apt-get", List.of(Path.of("/usr/bin/apt-get")))
                .orElseThrow(() -> new IllegalStateException("PostgreSQL is not installed and there is no apt-get to "
                        + "install it: install PostgreSQL 15 (initdb, postgres, pg_ctl, createdb), or use the "
                        + "in-memory test double (" + MongoFlavour.VARIABLE + "=double)"));
        log.info("PostgreSQL is not installed: installing Debian's postgresql (log {})", installLog);
        Map<String, String> environment = Map.of("DEBIAN_FRONTEND", "noninteractive");
        ExternalCommand.run(
                "apt-get update",
                List.of(aptGet.toString(), "update"),
                Path.of("/"),
                environment,
                INSTALL_TIMEOUT,
                installLog);
        ExternalCommand.run(
                "Installing PostgreSQL",
                List.of(aptGet.toString(), "install", "-y", "--no-install-recommends", "postgresql"),
                Path.of("/"),
                environment,
                INSTALL_TIMEOUT,
                installLog);
    }
}
