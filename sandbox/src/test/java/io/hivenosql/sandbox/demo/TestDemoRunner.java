package io.hivenosql.sandbox.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cluster.ContainerLogs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

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
}
