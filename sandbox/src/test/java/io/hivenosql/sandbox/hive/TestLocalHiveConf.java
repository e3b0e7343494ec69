package io.hivenosql.sandbox.hive;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestLocalHiveConf {
    private static final Path WORK = Path.of("/srv/stack/hive");

    @Test
    void putsEverythingUnderTheWorkDir() {
        Map<String, String> conf = LocalHiveConf.properties(WORK, 10123, HiveEngine.TEZ, List.of(), Map.of());

        assertThat(conf)
                .containsEntry(
                        "javax.jdo.option.ConnectionURL",
                        "jdbc:derby:;databaseName=/srv/stack/hive/metastore_db;create=true")
                .containsEntry("hive.metastore.warehouse.dir", "file:///srv/stack/hive/warehouse")
                .containsEntry("hive.metastore.warehouse.external.dir", "file:///srv/stack/hive/warehouse-external")
                .containsEntry("hive.exec.scratchdir", "/srv/stack/hive/scratch")
                .containsEntry("tez.staging-dir", "/srv/stack/hive/tez-staging")
                .containsEntry("hive.server2.thrift.bind.host", "127.0.0.1")
                .containsEntry("hive.server2.thrift.port", "10123")
                .containsEntry("hive.execution.engine", "tez")
                .containsEntry("tez.local.mode", "true")
                .containsEntry("hive.exec.submit.local.task.via.child", "false")
                .doesNotContainKey("hive.aux.jars.path");
        assertThat(conf.entrySet())
                .filteredOn(entry ->
                        entry.getKey().endsWith("dir") || entry.getKey().endsWith("location"))
                .allSatisfy(entry -> assertThat(entry.getValue()).contains("/srv/stack/hive/"));
    }

    @Test
    void mapReduceHasNoTezSettings() {
        Map<String, String> conf = LocalHiveConf.properties(WORK, 1, HiveEngine.MR, List.of(), Map.of());

        assertThat(conf)
                .containsEntry("hive.execution.engine", "mr")
                .containsEntry("mapreduce.framework.name", "local");
        assertThat(conf.keySet()).noneMatch(key -> key.startsWith("tez."));
    }

    @Test
    void bothEnginesRunOneQuerysJobsAtATime() {
        // every local task shares the server's JVM and Hive's per-input I/O contexts (see LocalJobSerializer)
        for (HiveEngine engine : HiveEngine.values()) {
            assertThat(LocalHiveConf.properties(WORK, 1, engine, List.of(), Map.of()))
                    .containsEntry("hive.query.lifetime.hooks", LocalJobSerializer.class.getName())
                    .doesNotContainKey("hive.exec.pre.hooks");
        }
    }

    @Test
    void auxJarsBecomeFileUrisAndExtraConfWins() {
        Map<String, String> conf = LocalHiveConf.properties(
                WORK,
                1,
                HiveEngine.TEZ,
                List.of(Path.of("/jars/handler-redis-hive.jar"), Path.of("/jars/b.jar")),
                Map.of("hive.execution.engine", "mr", "my.key", "v"));

        assertThat(conf)
                .containsEntry("hive.aux.jars.path", "file:///jars/handler-redis-hive.jar,file:///jars/b.jar")
                .containsEntry("hive.execution.engine", "mr")
                .containsEntry("my.key", "v");
    }
}
