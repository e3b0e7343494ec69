package io.hivenosql.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.SandboxArguments.Command;
import io.hivenosql.sandbox.hive.HiveEngine;
import io.hivenosql.sandbox.hive.HiveRelease;
import io.hivenosql.sandbox.mongo.MongoFlavour;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestSandboxArguments {
    @Test
    void parsesUpWithDefaults() {
        SandboxArguments arguments = SandboxArguments.parse(List.of("up", "--work", "w"));

        assertThat(arguments.command()).isEqualTo(Command.UP);
        assertThat(arguments.workDir()).isEqualTo(Path.of("w").toAbsolutePath());
        assertThat(arguments.engine()).isEqualTo(HiveEngine.TEZ);
        assertThat(arguments.auxJars()).isEmpty();
        assertThat(arguments.examplesDir()).isEmpty();
    }

    @Test
    void parsesDemoWithEveryOption() {
        SandboxArguments arguments = SandboxArguments.parse(List.of(
                "demo",
                "--work=/tmp/w",
                "--engine",
                "MR",
                "--aux-jars",
                "a.jar, b.jar,",
                "--aux-jars=c.jar",
                "--examples",
                "/x/hql"));

        assertThat(arguments.command()).isEqualTo(Command.DEMO);
        assertThat(arguments.workDir()).isEqualTo(Path.of("/tmp/w"));
        assertThat(arguments.engine()).isEqualTo(HiveEngine.MR);
        assertThat(arguments.auxJars()).containsExactly(Path.of("a.jar"), Path.of("b.jar"), Path.of("c.jar"));
        assertThat(arguments.examplesDir()).contains(Path.of("/x/hql"));
    }

    @Test
    void parsesTheHiveReleaseOfUpAndDemo() {
        assertThat(SandboxArguments.parse(List.of("up", "--work", "w")).hive()).isEqualTo(HiveRelease.HIVE_4_0_1);
        assertThat(SandboxArguments.parse(List.of("up", "--work", "w", "--hive", "3.1.3"))
                        .hive())
                .isEqualTo(HiveRelease.HIVE_3_1_3);
        assertThat(SandboxArguments.parse(List.of("demo", "--work", "w", "--hive=3.1.3", "--examples", "x"))
                        .hive())
                .isEqualTo(HiveRelease.HIVE_3_1_3);
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "w", "--hive", "4.2.0")))
                .hasMessage("no HiveServer2 4.2.0 here; --hive takes 4.0.1 or 3.1.3");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "w", "--hive", "3.1.3", "--cluster")))
                .hasMessage("--cluster runs HiveServer2 4.0.1 only: drop --hive 3.1.3");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("beeline-args", "--work", "w", "--hive", "3.1.3")))
                .hasMessageContaining("--hive is an option of up and demo only");
    }

    @Test
    void parsesTheClusterFlagOfUpAndDemo() {
        assertThat(SandboxArguments.parse(List.of("up", "--work", "w")).cluster())
                .isFalse();
        assertThat(SandboxArguments.parse(List.of("up", "--cluster", "--work", "w"))
                        .cluster())
                .isTrue();
        SandboxArguments demo = SandboxArguments.parse(List.of("demo", "--work", "w", "--cluster", "--examples", "x"));
        assertThat(demo.cluster()).isTrue();
        assertThat(demo.examplesDir()).contains(Path.of("x").toAbsolutePath());
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "w", "--cluster", "--cluster")))
                .hasMessageContaining("--cluster is given twice");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("beeline-args", "--work", "w", "--cluster")))
                .hasMessageContaining("--cluster is an option of up and demo only");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "w", "--cluster", "--engine", "mr")))
                .hasMessageContaining("--cluster runs Hive on Tez only");
    }

    @Test
    void parsesTheReplicatedFlagOfUpAlsoWithTheCluster() {
        assertThat(SandboxArguments.parse(List.of("up", "--work", "w")).replicated())
                .isFalse();
        SandboxArguments both = SandboxArguments.parse(List.of("up", "--replicated", "--work", "w", "--cluster"));
        assertThat(both.replicated()).isTrue();
        assertThat(both.cluster()).isTrue();
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "w", "--replicated", "--replicated")))
                .hasMessageContaining("--replicated is given twice");
        assertThatThrownBy(
                        () -> SandboxArguments.parse(List.of("demo", "--work", "w", "--examples", "x", "--replicated")))
                .hasMessageContaining("--replicated is an option of up only");
    }

    @Test
    void parsesBeelineArgsAndHelp() {
        assertThat(SandboxArguments.parse(List.of("beeline-args", "--work", "/w"))
                        .command())
                .isEqualTo(Command.BEELINE_ARGS);
        assertThat(SandboxArguments.parse(List.of("help")).command()).isEqualTo(Command.HELP);
        assertThat(SandboxArguments.parse(List.of("--help")).command()).isEqualTo(Command.HELP);
        assertThat(SandboxArguments.parse(List.of("up", "-h")).command()).isEqualTo(Command.HELP);
    }

    @Test
    void rejectsBadCommandLines() {
        assertThatThrownBy(() -> SandboxArguments.parse(List.of())).hasMessageContaining("no command");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("start", "--work", "w")))
                .hasMessageContaining("unknown command 'start'");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up"))).hasMessageContaining("up needs --work");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work")))
                .hasMessageContaining("--work needs a value");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "a", "--work", "b")))
                .hasMessageContaining("--work is given twice");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "a", "--port", "1")))
                .hasMessageContaining("unknown option --port");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "a", "extra")))
                .hasMessageContaining("unexpected argument 'extra'");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "a", "--engine", "spark")))
                .hasMessageContaining("Unknown Hive engine 'spark'");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("demo", "--work", "a")))
                .hasMessageContaining("demo needs --examples");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("beeline-args", "--work", "a", "--engine", "mr")))
                .hasMessageContaining("beeline-args takes only --work");
    }

    @Test
    void mainReportsUsageErrorsWithExitCode64() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SandboxMain.run(List.of("up"), new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));

        assertThat(code).isEqualTo(SandboxMain.USAGE_ERROR);
        assertThat(err.toString()).contains("error: up needs --work DIR").contains("usage: SandboxMain");
    }

    @Test
    void parsesTheMongoServerOfUpDemoAndPrepareMongo() {
        assertThat(SandboxArguments.parse(List.of("up", "--work", "w")).mongo()).isEmpty();
        assertThat(SandboxArguments.parse(List.of("up", "--work", "w", "--mongo", "ferretdb"))
                        .mongo())
                .contains(MongoFlavour.FERRETDB);
        assertThat(SandboxArguments.parse(List.of("demo", "--work", "w", "--examples", "x", "--mongo=double"))
                        .mongo())
                .contains(MongoFlavour.DOUBLE);
        SandboxArguments prepare = SandboxArguments.parse(List.of("prepare-mongo", "--mongo", "ferretdb"));
        assertThat(prepare.command()).isEqualTo(Command.PREPARE_MONGO);
        assertThat(prepare.mongo()).contains(MongoFlavour.FERRETDB);
        assertThat(SandboxArguments.parse(List.of("prepare-mongo")).mongo()).isEmpty();
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "w", "--mongo", "mongod")))
                .hasMessageContaining("--mongo must be one of double, ferretdb: 'mongod'");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("beeline-args", "--work", "w", "--mongo", "double")))
                .hasMessageContaining("--mongo is an option of up, demo and prepare-mongo only");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("prepare-mongo", "--work", "w")))
                .hasMessageContaining("prepare-mongo takes only --mongo");
        assertThat(SandboxArguments.USAGE).contains("--mongo double|ferretdb", "HIVE_NOSQL_MONGO");
    }

    @Test
    void prepareMongoOfTheDoubleNeedsNothing() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = SandboxMain.run(
                List.of("prepare-mongo", "--mongo", "double"),
                new PrintStream(out, true),
                new PrintStream(new ByteArrayOutputStream(), true));

        assertThat(code).isZero();
        assertThat(out.toString()).contains("the in-memory test double");
    }

    @Test
    void tlsIsAFlagOfUpAndDemoAndNotOfAReplicatedStack() {
        assertThat(SandboxArguments.parse(List.of("up", "--work", "w")).tls()).isFalse();
        assertThat(SandboxArguments.parse(List.of("up", "--tls", "--work", "w")).tls())
                .isTrue();
        assertThat(SandboxArguments.parse(List.of("demo", "--work", "w", "--examples", "x", "--tls"))
                        .tls())
                .isTrue();
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "w", "--tls", "--replicated")))
                .hasMessageContaining("--tls runs one server per store: drop --replicated");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("beeline-args", "--work", "w", "--tls")))
                .hasMessageContaining("--tls is an option of up and demo only");
        assertThatThrownBy(() -> SandboxArguments.parse(List.of("up", "--work", "w", "--tls", "--tls")))
                .hasMessageContaining("--tls is given twice");
    }
}
