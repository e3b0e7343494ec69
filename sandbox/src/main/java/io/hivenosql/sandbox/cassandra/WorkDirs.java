package io.hivenosql.sandbox.cassandra;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** File helpers for a {@link TestingCassandraServer}'s work directory. */
final class WorkDirs {
    private static final Logger log = LoggerFactory.getLogger(WorkDirs.class);

    /** What a run leaves in its work directory besides the log: removed before a start and after a stop. */
    static final List<String> RUN_FILES = List.of(
            CassandraYaml.DATA,
            CassandraYaml.COMMITLOG,
            CassandraYaml.SAVED_CACHES,
            CassandraYaml.HINTS,
            CassandraYaml.CDC_RAW,
            "logs",
            ".cassandra",
            "heapdump");

    private WorkDirs() {}

    /** Deletes what a run left in {@code dir}, except its log and configuration files. */
    static void deleteRunFiles(Path dir) {
        RUN_FILES.forEach(name -> deleteRecursively(dir.resolve(name)));
    }

    static void deleteRecursively(Path dir) {
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

    static String tail(Path file, int lines) {
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
