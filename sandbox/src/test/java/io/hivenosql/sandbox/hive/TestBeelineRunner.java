package io.hivenosql.sandbox.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command line only; running beeline against a server is covered by TestLocalHiveServer. */
class TestBeelineRunner {
    @Test
    void connectionArgumentsKeepTheVariablesOrder() {
        Map<String, String> variables = new LinkedHashMap<>();
        variables.put("redis_nodes", "127.0.0.1:7000");
        variables.put("examples_dir", "/x");

        assertThat(BeelineRunner.connectionArguments("jdbc:hive2://h:1/default", "me", variables))
                .containsExactly(
                        "-u",
                        "jdbc:hive2://h:1/default",
                        "-n",
                        "me",
                        "--hivevar",
                        "redis_nodes=127.0.0.1:7000",
                        "--hivevar",
                        "examples_dir=/x");
    }

    @Test
    void childJvmGetsHiveFlagsClasspathAndBeelineMain() {
        BeelineRunner runner = BeelineRunner.builder("jdbc:hive2://h:1/default")
                .classpath("/a.jar:/b.jar")
                .java(Path.of("/opt/jdk/bin/java"))
                .build();

        List<String> command = runner.command(List.of("-e", "select 1"));

        assertThat(command.get(0)).isEqualTo("/opt/jdk/bin/java");
        assertThat(command).contains("--add-opens=java.base/java.net=ALL-UNNAMED", "-Xmx512m");
        assertThat(command.subList(command.indexOf("-cp"), command.size()))
                .containsExactly("-cp", "/a.jar:/b.jar", "org.apache.hive.beeline.BeeLine", "-e", "select 1");
    }

    @Test
    void scriptArgumentsNameThePasswordFileNeverThePassword() {
        BeelineRunner runner = BeelineRunner.builder("jdbc:hive2://h:1/tpch")
                .user("etl")
                .passwordFile(Path.of("/work/beeline-1.password"))
                .silent(false)
                .build();

        assertThat(runner.scriptArguments(Path.of("/tmp/q.hql")))
                .containsExactly(
                        "-u",
                        "jdbc:hive2://h:1/tpch",
                        "-n",
                        "etl",
                        "-w",
                        "/work/beeline-1.password",
                        "--outputformat=tsv2",
                        "--showHeader=false",
                        "--silent=false",
                        "--force=false",
                        "-f",
                        "/tmp/q.hql");
        assertThat(BeelineRunner.builder("jdbc:hive2://h:1/tpch").build().scriptArguments(Path.of("/tmp/q.hql")))
                .doesNotContain("-w");
    }

    @Test
    void resultSummarisesTheFailure() {
        BeelineRunner.Result failed = new BeelineRunner.Result(
                List.of("java"), 2, "row\n\n", "a\nError: bad table", Duration.ofSeconds(3), false);
        BeelineRunner.Result timedOut = new BeelineRunner.Result(List.of(), -1, "", "", Duration.ofSeconds(61), true);

        assertThat(failed.succeeded()).isFalse();
        assertThat(failed.stdoutLines()).containsExactly("row");
        assertThat(failed.describe()).isEqualTo("beeline exited 2; stderr:\n  a\n  Error: bad table");
        assertThat(timedOut.succeeded()).isFalse();
        assertThat(timedOut.describe()).isEqualTo("beeline timed out after 61 s");
    }

    @Test
    void refusesMissingScripts() {
        BeelineRunner runner = BeelineRunner.builder("jdbc:hive2://h:1/default").build();

        assertThatThrownBy(() -> runner.runFile(Path.of("/no/such/script.hql")))
                .hasMessageContaining("/no/such/script.hql does not exist");
    }
}
