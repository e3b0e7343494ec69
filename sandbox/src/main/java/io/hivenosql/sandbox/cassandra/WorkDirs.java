package io.hivenosql.sandbox.cassandra;

import io.hivenosql.sandbox.ServerProcess;
import java.nio.file.Path;
import java.util.List;

/** The run files of a {@link TestingCassandraServer}'s work directory (the generic helpers: {@link ServerProcess}). */
final class WorkDirs {
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
        RUN_FILES.forEach(name -> ServerProcess.deleteRecursively(dir.resolve(name)));
    }
}
