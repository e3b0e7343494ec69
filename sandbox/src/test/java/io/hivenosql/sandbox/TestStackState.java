package io.hivenosql.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestStackState {
    @TempDir
    Path workDir;

    @Test
    void writesPlainLinesAndReadsThemBack() throws Exception {
        Map<String, String> variables = new LinkedHashMap<>();
        variables.put("redis_nodes", "127.0.0.1:6390");
        variables.put("another", "x=y");
        StackState state = new StackState(
                4242, "jdbc:hive2://127.0.0.1:10001/default", "me", "tez", variables, Map.of("redis", 4343L));

        state.write(workDir);

        assertThat(Files.readAllLines(workDir.resolve("stack.properties")))
                .containsExactly(
                        "pid=4242",
                        "jdbc.url=jdbc:hive2://127.0.0.1:10001/default",
                        "user=me",
                        "engine=tez",
                        "var.redis_nodes=127.0.0.1:6390",
                        "var.another=x=y",
                        "server.redis.pid=4343");
        StackState read = StackState.read(workDir);
        assertThat(read).isEqualTo(state);
        assertThat(read.variables().keySet()).containsExactly("redis_nodes", "another");

        StackState.delete(workDir);
        assertThat(workDir.resolve("stack.properties")).doesNotExist();
    }

    @Test
    void explainsMissingOrDamagedFiles() throws Exception {
        assertThatThrownBy(() -> StackState.read(workDir))
                .hasMessageContaining("No stack is running in " + workDir)
                .hasMessageContaining("bin/hive-nosql up");

        Files.writeString(workDir.resolve("stack.properties"), "pid=12\njdbc.url=jdbc:hive2://h:1/\n");
        assertThatThrownBy(() -> StackState.read(workDir)).hasMessageContaining("has no 'user'");

        Files.writeString(workDir.resolve("stack.properties"), "pid=abc\njdbc.url=u\nuser=u\nengine=tez\n");
        assertThatThrownBy(() -> StackState.read(workDir)).hasMessageContaining("bad 'pid' (abc)");
    }

    @Test
    void beelineArgumentsComeFromTheStateFileOfALiveStack() {
        long self = ProcessHandle.current().pid();
        new StackState(
                        self,
                        "jdbc:hive2://127.0.0.1:1/default",
                        "me",
                        "mr",
                        Map.of("redis_nodes", "127.0.0.1:2"),
                        Map.of())
                .write(workDir);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int code = SandboxMain.run(
                List.of("beeline-args", "--work", workDir.toString()), new PrintStream(out), System.err);

        assertThat(code).isZero();
        assertThat(out.toString().lines())
                .containsExactly(
                        "-u", "jdbc:hive2://127.0.0.1:1/default", "-n", "me", "--hivevar", "redis_nodes=127.0.0.1:2");
    }

    @Test
    void beelineArgumentsRefuseAStaleStateFile() {
        long deadPid = deadPid();
        new StackState(deadPid, "jdbc:hive2://127.0.0.1:1/default", "me", "mr", Map.of(), Map.of()).write(workDir);
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = SandboxMain.run(
                List.of("beeline-args", "--work", workDir.toString()),
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err));

        assertThat(code).isEqualTo(SandboxMain.STACK_FAILED);
        assertThat(err.toString()).contains("is not running (pid " + deadPid + " is gone)");
    }

    private static long deadPid() {
        try {
            Process process = new ProcessBuilder("true").start();
            process.waitFor();
            return process.pid();
        } catch (Exception e) {
            throw new IllegalStateException("cannot run `true`", e);
        }
    }
}
