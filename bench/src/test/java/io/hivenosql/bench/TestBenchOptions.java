package io.hivenosql.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestBenchOptions {
    @Test
    void defaultsRunEverythingAtTheSmallestScale() {
        BenchOptions options = BenchOptions.parse(List.of());
        assertThat(options.settings().scaleFactors()).containsExactly(0.01);
        // every target but mongo-ferretdb, which runs only when named
        assertThat(options.settings().targets())
                .containsExactly(Target.HDFS_ORC, Target.HDFS_TEXT, Target.REDIS, Target.CASSANDRA, Target.MONGO);
        assertThat(options.settings().queries()).hasSize(28);
        assertThat(options.settings().warmups()).isEqualTo(1);
        assertThat(options.settings().runs()).isEqualTo(3);
        assertThat(options.settings().rawScans()).isTrue();
        assertThat(options.sandbox()).isTrue();
    }

    @Test
    void selectsScaleFactorsTargetsAndQueries() {
        BenchOptions options = BenchOptions.parse(List.of(
                "--sf",
                "0.1,1",
                "--stores=mongo,hdfs-orc",
                "--queries",
                "q6,Q01,probes",
                "--runs",
                "5",
                "--warmups=0"));
        assertThat(options.settings().scaleFactors()).containsExactly(0.1, 1.0);
        // the HDFS targets come first: results are compared with hdfs-orc
        assertThat(options.settings().targets()).containsExactly(Target.HDFS_ORC, Target.MONGO);
        assertThat(options.settings().queries())
                .extracting(Query::name)
                .containsExactly(
                        "q01",
                        "q06",
                        "probe_full_scan",
                        "probe_selective_scan",
                        "probe_key_lookup",
                        "probe_join_hdfs",
                        "probe_count",
                        "probe_join_selective");
        assertThat(options.settings().runs()).isEqualTo(5);
        assertThat(options.settings().warmups()).isZero();
    }

    @Test
    void mongoFerretDbRunsBesideMongoWhenNamed() {
        BenchOptions options = BenchOptions.parse(List.of("--stores", "mongo-ferretdb,hdfs-orc,MONGO"));
        assertThat(options.settings().targets()).containsExactly(Target.HDFS_ORC, Target.MONGO, Target.MONGO_FERRETDB);
        assertThat(Target.fromCliName("mongo-ferretdb")).isEqualTo(Target.MONGO_FERRETDB);
        assertThat(Target.MONGO_FERRETDB.isStore()).isTrue();
        assertThat(Target.names()).endsWith("mongo, mongo-ferretdb");
        assertThat(BenchOptions.USAGE).contains("mongo-ferretdb");

        BenchOptions external = BenchOptions.parse(List.of(
                "--jdbc-url",
                "jdbc:hive2://h:1/default",
                "--data-root",
                "hdfs://h/x",
                "--mongo-ferretdb",
                "mongodb://f:27017"));
        assertThat(external.stores().ferretDb()).isEqualTo("mongodb://f:27017");
        assertThat(external.stores().mongoOf(Target.MONGO_FERRETDB)).isEqualTo("mongodb://f:27017");
    }

    @Test
    void theRawCassandraScanReadsAsManyRangesAtOnceAsHiveHasTaskSlots() {
        // local mode runs one task at a time; 2 NodeManagers of 2048 MB hold 8 containers of 512 MB, one the AM's
        assertThat(BenchOptions.parse(List.of()).settings().rawScanParallelism())
                .isEqualTo(1);
        assertThat(BenchOptions.parse(List.of("--cluster")).settings().rawScanParallelism())
                .isEqualTo(7);
        assertThat(BenchOptions.parse(List.of("--cluster", "--node-managers", "1"))
                        .settings()
                        .rawScanParallelism())
                .isEqualTo(3);
        assertThat(BenchOptions.parse(List.of("--raw-parallelism", "4"))
                        .settings()
                        .rawScanParallelism())
                .isEqualTo(4);
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--raw-parallelism", "0")))
                .hasMessageContaining("--raw-parallelism must be >= 1");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--raw-parallelism", "many")))
                .hasMessageContaining("--raw-parallelism: 'many' is not a whole number");
    }

    @Test
    void clusterModeTakesTheNumberOfNodeManagers() {
        assertThat(BenchOptions.parse(List.of()).clusterNodeManagers()).isEmpty();
        assertThat(BenchOptions.parse(List.of("--cluster")).clusterNodeManagers())
                .contains(2);
        assertThat(BenchOptions.parse(List.of("--cluster", "--node-managers", "1"))
                        .clusterNodeManagers())
                .contains(1);
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--node-managers", "1")))
                .hasMessageContaining("--node-managers needs --cluster");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--cluster", "--node-managers", "0")))
                .hasMessageContaining("at least 1 NodeManager");
        assertThatThrownBy(() -> BenchOptions.parse(List.of(
                        "--cluster", "--jdbc-url", "jdbc:hive2://h:10000/default", "--data-root", "hdfs://nn/b")))
                .hasMessageContaining("cannot go with --jdbc-url");
    }

    @Test
    void checkIsOneUntimedRoundWithoutRawScans() {
        BenchOptions options = BenchOptions.parse(List.of("--check", "--runs", "7"));
        assertThat(options.settings().warmups()).isZero();
        assertThat(options.settings().runs()).isEqualTo(1);
        assertThat(options.settings().rawScans()).isFalse();
    }

    @Test
    void anExistingServerNeedsADataRoot() {
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--jdbc-url", "jdbc:hive2://h:10000/default")))
                .hasMessageContaining("--data-root");
        BenchOptions options = BenchOptions.parse(List.of(
                "--jdbc-url",
                "jdbc:hive2://h:10000/default",
                "--data-root",
                "hdfs://nn:8020/tmp/b",
                "--redis",
                "r:6379",
                "--stores",
                "hdfs-orc,redis"));
        assertThat(options.sandbox()).isFalse();
        assertThat(options.stores().redis()).isEqualTo("r:6379");
        assertThatThrownBy(() -> options.stores().cassandra()).hasMessageContaining("--cassandra host:port");
    }

    @Test
    void badInputIsNamed() {
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--sf", "big")))
                .hasMessageContaining("'big' is not a number");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--sf", "0"))).hasMessageContaining("0 is outside");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--stores", "hbase")))
                .hasMessageContaining("Unknown target 'hbase'");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--queries", "q23")))
                .hasMessageContaining("Unknown query 'q23'");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--runs", "-1"))).hasMessageContaining("--runs: '-1'");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--runs", "0"))).hasMessageContaining("--runs >= 1");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--colour", "red")))
                .hasMessageContaining("unknown option --colour");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--sf"))).hasMessageContaining("--sf needs a value");
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--mongo", "mongodb://u:p@h")))
                .hasMessageContaining("must not hold user information")
                .hasMessageNotContaining("u:p");
    }

    @Test
    void theWorkloadIsTpchUnlessFailoverIsAsked() {
        assertThat(BenchOptions.parse(List.of("--workload", "tpch")).settings().queries())
                .hasSize(28);
        assertThatThrownBy(() -> BenchOptions.parse(List.of("--workload", "ycsb")))
                .hasMessageContaining("'ycsb' is not tpch, failover or dml");
        assertThat(BenchMain.failover(List.of("--workload", "failover", "--store", "redis")))
                .isTrue();
        assertThat(BenchMain.failover(List.of("--store", "redis", "--workload=failover")))
                .isTrue();
        assertThat(BenchMain.failover(List.of("--workload", "tpch", "--sf", "0.1")))
                .isFalse();
        assertThat(BenchMain.failover(List.of("--queries", "failover"))).isFalse();
        assertThat(BenchOptions.USAGE).contains("--workload tpch|failover");
    }
}
