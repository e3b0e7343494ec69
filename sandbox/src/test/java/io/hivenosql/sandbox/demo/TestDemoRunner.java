package io.hivenosql.sandbox.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.hive.HiveEngine;
import io.hivenosql.sandbox.hive.HiveRelease;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestDemoRunner {
    private static ContainerLogs.Attempt attempt(String application, String container, String id) {
        return new ContainerLogs.Attempt(id, new ContainerLogs.Container(Path.of("logs", application, container)));
    }

    @Test
    void summarizesTheTaskAttemptsOfAScriptByContainerAndApplication() {
        List<ContainerLogs.Attempt> attempts = List.of(
                attempt("application_17_0002", "container_17_0002_01_000002", "17_0002_1_00_000000_0"),
                attempt("application_17_0002", "container_17_0002_01_000002", "17_0002_1_01_000000_0"),
                attempt("application_17_0002", "container_17_0002_01_000003", "17_0002_2_00_000000_0"));

        assertThat(DemoRunner.tasks(attempts))
                .isEqualTo("3 Tez task attempt(s) in 2 YARN container(s) of application_17_0002");
        assertThat(DemoRunner.tasks(List.of())).isEqualTo("no Tez task in a YARN container");
    }

    @Test
    void scriptsThatNeedHive4OnTezRunOnlyThere(@TempDir Path examples) throws IOException {
        Files.createDirectories(examples.resolve("mongo"));
        Path plain = Files.writeString(examples.resolve("mongo/01-plain.hql"), "-- reads\nSELECT 1;\n");
        Path dml = Files.writeString(
                examples.resolve("mongo/02-dml.hql"), DemoRunner.NEEDS_HIVE_4_ON_TEZ + "\nDELETE FROM t;\n");
        // the marker counts on the first line only
        Path later = Files.writeString(
                examples.resolve("mongo/03-later.hql"), "SELECT 1;\n" + DemoRunner.NEEDS_HIVE_4_ON_TEZ + "\n");

        assertThat(DemoRunner.scripts(examples)).containsExactly(plain, dml, later);
        assertThat(DemoRunner.scripts(examples, HiveRelease.HIVE_4_0_1, HiveEngine.TEZ))
                .containsExactly(plain, dml, later);
        assertThat(DemoRunner.scripts(examples, HiveRelease.HIVE_4_0_1, HiveEngine.MR))
                .containsExactly(plain, later);
        assertThat(DemoRunner.scripts(examples, HiveRelease.HIVE_3_1_3, HiveEngine.TEZ))
                .containsExactly(plain, later);
    }
}
