package io.hivenosql.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code map --apply} without {@code --jdbc-url} goes to the running stack, as {@code bin/hive-nosql beeline} does. */
class TestMapMain {
    @TempDir
    Path work;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, UTF_8);

    @Test
    void leavesACommandLineWithoutApplyOrWithAUrlAlone() {
        List<String> plain = List.of("cassandra", "--out", "o");
        assertThat(MapMain.withStackDefaults(plain, work, out)).isEqualTo(plain);
        List<String> url = List.of("cassandra", "--apply", "--jdbc-url=jdbc:hive2://h:1/");
        assertThat(MapMain.withStackDefaults(url, work, out)).isEqualTo(url);
    }

    @Test
    void appliesThroughTheRunningStack() {
        new StackState(
                        ProcessHandle.current().pid(),
                        "jdbc:hive2://127.0.0.1:4242/default",
                        "ana",
                        "tez",
                        Map.of(),
                        Map.of())
                .write(work);
        assertThat(MapMain.withStackDefaults(List.of("mongo", "--apply"), work, out))
                .containsExactly(
                        "mongo", "--apply", "--jdbc-url", "jdbc:hive2://127.0.0.1:4242/default", "--user", "ana");
        assertThat(MapMain.withStackDefaults(List.of("mongo", "--apply", "--user", "bo"), work, out))
                .containsExactly(
                        "mongo", "--apply", "--user", "bo", "--jdbc-url", "jdbc:hive2://127.0.0.1:4242/default");
        assertThat(bytes.toString(UTF_8)).contains("applying through the running stack's HiveServer2");
    }

    @Test
    void withoutAStackSaysHowToStartOne() {
        assertThatThrownBy(() -> MapMain.withStackDefaults(List.of("mongo", "--apply"), work, out))
                .hasMessageContaining("bin/hive-nosql up");
    }

    @Test
    void needsTheHandlerJars() {
        assertThatThrownBy(() -> MapMain.run(List.of(), List.of("mongo"), out))
                .hasMessageContaining("bin/hive-nosql build");
    }
}
