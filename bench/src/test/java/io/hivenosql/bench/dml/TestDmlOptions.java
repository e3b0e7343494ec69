package io.hivenosql.bench.dml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.bench.Target;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestDmlOptions {
    @Test
    void defaultsAreScaleFactorOneTenthOnEveryStore() {
        DmlOptions options = DmlOptions.parse(List.of("--workload", "dml"));
        assertThat(options.scaleFactor()).isEqualTo(0.1);
        assertThat(options.targets()).containsExactly(Target.REDIS, Target.CASSANDRA, Target.MONGO);
        assertThat(options.warmups()).isEqualTo(1);
        assertThat(options.runs()).isEqualTo(3);
        assertThat(options.runDir()).isEqualTo(Path.of(".sandbox/bench/dml"));
        assertThat(options.outputDir()).isEqualTo(Path.of("bench/results"));
        assertThat(options.help()).isFalse();
        assertThat(options.runtimeKeysMax()).isEmpty();
        assertThat(options.tuning()).isEmpty();
        assertThat(options.clusterNodeManagers()).isEmpty();
    }

    @Test
    void clusterRunsOnTwoNodeManagersUnlessTold() {
        assertThat(DmlOptions.parse(List.of("--workload", "dml", "--cluster")).clusterNodeManagers())
                .hasValue(2);
        DmlOptions three = DmlOptions.parse(List.of("--workload", "dml", "--cluster", "--node-managers", "3"));
        assertThat(three.clusterNodeManagers()).hasValue(3);
        assertThat(three.toString()).contains("cluster of 3 NodeManager(s)");
        assertThatThrownBy(() -> DmlOptions.parse(List.of("--workload", "dml", "--node-managers", "3")))
                .hasMessageContaining("--node-managers needs --cluster");
        assertThatThrownBy(() -> DmlOptions.parse(List.of("--workload", "dml", "--cluster", "--node-managers=0")))
                .hasMessageContaining("at least 1 NodeManager");
    }

    @Test
    void takesEveryOption() {
        DmlOptions options = DmlOptions.parse(List.of(
                "--out",
                "/o",
                "--workload=dml",
                "--sf=0.01",
                "--stores",
                "mongo, redis",
                "--warmups",
                "0",
                "--runs",
                "5",
                "--runtime-keys-max=10000",
                "--work",
                "/w",
                "--aux-jars",
                "a-hive.jar,b-hive.jar",
                "--out",
                "/later"));
        assertThat(options.scaleFactor()).isEqualTo(0.01);
        assertThat(options.targets()).containsExactly(Target.REDIS, Target.MONGO);
        assertThat(options.warmups()).isZero();
        assertThat(options.runs()).isEqualTo(5);
        assertThat(options.runtimeKeysMax()).hasValue(10000);
        assertThat(options.tuning())
                .isEqualTo("each store's lineitem has nosql.read.runtime-keys.max = 10000 (--runtime-keys-max)");
        assertThat(options.help()).isFalse();
        assertThat(options.runDir()).isEqualTo(Path.of("/w/dml"));
        assertThat(options.outputDir()).isEqualTo(Path.of("/later"));
        assertThat(options.auxJars()).containsExactly(Path.of("a-hive.jar"), Path.of("b-hive.jar"));
    }

    @Test
    void refusesWhatItCannotRun() {
        assertThatThrownBy(() -> DmlOptions.parse(List.of("--workload", "dml", "--stores", "hdfs-orc")))
                .hasMessageContaining("runs on redis, cassandra and mongo, not hdfs-orc");
        assertThatThrownBy(() -> DmlOptions.parse(List.of("--workload", "dml", "--sf", "0.01,0.1")))
                .hasMessageContaining("one scale factor");
        assertThatThrownBy(() -> DmlOptions.parse(List.of("--workload", "dml", "--runs", "0")))
                .hasMessageContaining("--runs >= 1");
        assertThatThrownBy(() -> DmlOptions.parse(List.of("--workload", "dml", "--queries", "q1")))
                .hasMessageContaining("unknown option of the DML workload: --queries");
        assertThatThrownBy(() -> DmlOptions.parse(List.of("--workload", "tpch")))
                .hasMessageContaining("expected dml");
    }

    @Test
    void recognisesTheWorkload() {
        assertThat(DmlOptions.requested(List.of("--sf", "0.1", "--workload", "dml")))
                .isTrue();
        assertThat(DmlOptions.requested(List.of("--workload=dml"))).isTrue();
        assertThat(DmlOptions.requested(List.of("--workload", "failover"))).isFalse();
        assertThat(DmlOptions.requested(List.of("--stores", "dml"))).isFalse();
        assertThat(DmlOptions.parse(List.of("--workload", "dml", "--help")).help())
                .isTrue();
    }
}
