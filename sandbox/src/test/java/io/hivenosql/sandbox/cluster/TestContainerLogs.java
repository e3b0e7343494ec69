package io.hivenosql.sandbox.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
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

    @Test
    void readsAnAttemptsTaskNumberAndInterval() throws IOException {
        Path task = container(dir.resolve("logDir-nm-1"), "container_1795651563917_0001_01_000003", "");
        Files.writeString(
                task.resolve("syslog_attempt_1795651563917_0001_1_00_000001_1"),
                "2026-11-26T00:06:40,509 [INFO] [main] |task.TezChild|: start\n"
                        + "  at a stack trace line without a time stamp\n"
                        + "2026-11-26T00:06:41,002 [INFO] [main] |task.TezChild|: middle\n"
                        + "2026-11-26T00:06:42,250 [INFO] [main] |task.TezChild|: TaskRunner2Result: SUCCESS\n");
        Files.writeString(task.resolve("syslog_attempt_1795651563917_0001_1_00_000002_0"), "no time stamp yet\n");
        List<ContainerLogs.Attempt> attempts = new ContainerLogs(List.of(dir.resolve("logDir-nm-1"))).attempts();

        ContainerLogs.Attempt retry = attempts.get(0);
        assertThat(retry.taskId()).isEqualTo("1795651563917_0001_1_00_000001");
        assertThat(retry.number()).isEqualTo(1);
        ContainerLogs.Interval interval = retry.interval().orElseThrow();
        assertThat(interval.start()).isEqualTo(LocalDateTime.of(2026, 11, 26, 0, 6, 40, 509_000_000));
        assertThat(interval.end()).isEqualTo(LocalDateTime.of(2026, 11, 26, 0, 6, 42, 250_000_000));
        assertThat(attempts.get(1).interval()).isEmpty();
        assertThat(retry.interval("|: middle", "TaskRunner2Result"))
                .contains(new ContainerLogs.Interval(
                        LocalDateTime.of(2026, 11, 26, 0, 6, 41, 2_000_000),
                        LocalDateTime.of(2026, 11, 26, 0, 6, 42, 250_000_000)));
        assertThat(retry.interval("TaskRunner2Result", "start")).isEmpty();

        LocalDateTime end = interval.end();
        assertThat(interval.overlaps(new ContainerLogs.Interval(end, end.plusSeconds(1))))
                .isTrue();
        assertThat(interval.overlaps(new ContainerLogs.Interval(end.plusNanos(1_000_000), end.plusSeconds(1))))
                .isFalse();
        assertThat(interval.overlaps(new ContainerLogs.Interval(interval.start().minusSeconds(5), interval.start())))
                .isTrue();
    }

    private static Path container(Path logs, String id, String syslog) throws IOException {
        Path container = Files.createDirectories(logs.resolve(APP).resolve(id));
        Files.writeString(container.resolve("syslog"), syslog);
        return container;
    }
}
