package io.hivenosql.sandbox.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestContainerLogs {
    private static final String APP = "application_1795651563917_0001";

    @TempDir
    Path dir;

    @Test
    void readsAttemptsPidsAndClassPathsOfContainers() throws IOException {
        Path logs = dir.resolve("logDir-nm-0");
        Path work = dir.resolve("local/appcache/" + APP + "/container_1795651563917_0001_01_000002");
        Path am = container(
                logs, "container_1795651563917_0001_01_000001", "2026-11-26 [INFO] [main] |app.DAGAppMaster|: start\n");
        Path task = container(
                logs,
                "container_1795651563917_0001_01_000002",
                "2026-11-26T00:06:40,509 [INFO] [main] |task.TezChild|: TezChild starting with PID=25970, containerIdentifier=x\n"
                        + "java.class.path: " + work + ":" + work + "/handler-redis-hive.jar:/m2/hadoop-common.jar\n"
                        + "user.dir: " + work + "\n");
        Files.writeString(task.resolve("syslog_attempt_1795651563917_0001_1_00_000000_0"), "attempt");
        ContainerLogs containerLogs = new ContainerLogs(List.of(logs, dir.resolve("missing")));

        assertThat(containerLogs.containers())
                .extracting(ContainerLogs.Container::id)
                .containsExactly(am.getFileName().toString(), task.getFileName().toString());
        Set<String> before = containerLogs.attemptIds();
        assertThat(before).containsExactly("1795651563917_0001_1_00_000000_0");
        Files.writeString(task.resolve("syslog_attempt_1795651563917_0001_2_00_000000_0"), "attempt");
        List<ContainerLogs.Attempt> since = containerLogs.attemptsSince(before);
        assertThat(since).extracting(ContainerLogs.Attempt::id).containsExactly("1795651563917_0001_2_00_000000_0");

        ContainerLogs.Container container = since.get(0).container();
        assertThat(container.applicationId()).isEqualTo(APP);
        assertThat(container.isApplicationMaster()).isFalse();
        assertThat(container.taskPid()).hasValue(25970);
        assertThat(container.workingDir()).contains(work);
        assertThat(container.shippedClassPath()).containsExactly(work, work.resolve("handler-redis-hive.jar"));
        assertThat(container.clusterClassPath()).containsExactly(Path.of("/m2/hadoop-common.jar"));
        assertThat(containerLogs.applicationMaster(APP))
                .map(ContainerLogs.Container::logDir)
                .contains(am);
        assertThat(containerLogs.applicationMaster(APP).orElseThrow().taskPid()).isEmpty();
        assertThat(containerLogs.applicationMaster(APP).orElseThrow().classPath())
                .isEmpty();
    }

    private static Path container(Path logs, String id, String syslog) throws IOException {
        Path container = Files.createDirectories(logs.resolve(APP).resolve(id));
        Files.writeString(container.resolve("syslog"), syslog);
        return container;
    }
}
