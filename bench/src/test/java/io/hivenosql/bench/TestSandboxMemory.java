package io.hivenosql.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.mongo.MongoFlavour;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestSandboxMemory {
    private static final List<Target> ALL = Target.defaults();
    private static final Optional<MongoFlavour> DOUBLE = Optional.of(MongoFlavour.DOUBLE);
    private static final Optional<MongoFlavour> FERRETDB = Optional.of(MongoFlavour.FERRETDB);

    @Test
    void mongoHeapHoldsTheScaleFactorsRows() {
        // dbgen's sizes at 0.1: 600,000 + 150,000 + 15,000 + 20,000 + 80,000 + 1,000 + 25 + 5 rows
        assertThat(TpchGenerator.expectedRows(0.1)).isEqualTo(866_030);
        // 512 MB + 2.4 GB per million rows
        assertThat(SandboxMemory.mongoHeapMegabytes(0.1)).isEqualTo(512 + 2078);
        // at least the default 1 GB
        assertThat(SandboxMemory.mongoHeapMegabytes(0.01)).isEqualTo(1024);
    }

    @Test
    void scaleFactorOneWithEveryStoreDoesNotFitTwentyFourGigabytes() {
        long machine = 24 * 1024;
        assertThatCode(() -> SandboxMemory.check(0.1, ALL, DOUBLE, 8192, machine))
                .doesNotThrowAnyException();

        assertThatThrownBy(() -> SandboxMemory.check(1, ALL, DOUBLE, 8192, machine))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scale factor 1 (8,660,030 rows) needs about")
                .hasMessageContaining("the MongoDB test server (every document on its heap) 21,296 MB")
                .hasMessageContaining("this machine has 24,576 MB")
                .hasMessageContaining("fewer --stores");
        // without the MongoDB test server it fits: no mongo target, or a real MongoDB in MONGO_URI
        List<Target> noMongo = List.of(Target.HDFS_ORC, Target.HDFS_TEXT, Target.REDIS, Target.CASSANDRA);
        assertThatCode(() -> SandboxMemory.check(1, noMongo, DOUBLE, 8192, machine))
                .doesNotThrowAnyException();
        assertThatCode(() -> SandboxMemory.check(1, ALL, Optional.empty(), 8192, machine))
                .doesNotThrowAnyException();
    }

    @Test
    void ferretDbTakesAFixedShareOnceWhateverServesTargetMongo() {
        String ferretDb = "FerretDB and its PostgreSQL 1,024 MB";
        List<Target> both = List.of(Target.HDFS_ORC, Target.MONGO, Target.MONGO_FERRETDB);
        // beside the test double: the double's heap and FerretDB
        assertThatThrownBy(() -> SandboxMemory.check(0.01, both, DOUBLE, 8192, 1))
                .hasMessageContaining("the MongoDB test server (every document on its heap) 1,024 MB")
                .hasMessageContaining(ferretDb)
                .hasMessageContaining("needs about " + String.format("%,d", 8192 + 512 + 1024 + 1024) + " MB");
        // with --mongo ferretdb the targets share one FerretDB: counted once, and no test double
        assertThatThrownBy(() -> SandboxMemory.check(0.01, both, FERRETDB, 8192, 1))
                .hasMessageNotContaining("the MongoDB test server (")
                .hasMessageContaining("needs about " + String.format("%,d", 8192 + 512 + 1024) + " MB");
        // FerretDB's documents are on disk: scale factor 1 with both fits where the double alone at 1 does not
        List<Target> ferretOnly = List.of(Target.HDFS_ORC, Target.MONGO_FERRETDB);
        assertThatThrownBy(() -> SandboxMemory.check(1, ferretOnly, DOUBLE, 8192, 1))
                .hasMessageContaining(ferretDb)
                .hasMessageNotContaining("the MongoDB test server (");
        assertThatCode(() -> SandboxMemory.check(1, ferretOnly, DOUBLE, 8192, 24 * 1024))
                .doesNotThrowAnyException();
    }

    @Test
    void theSparkPeerAddsItsHeapAndOverhead() {
        long machine = 24 * 1024;
        // scale factor 0.5 with every store fits beside a 4 GB bench JVM with a 4 GB peer, not with a 12 GB one
        assertThatCode(() -> SandboxMemory.check(0.5, ALL, DOUBLE, 4096, 4096, machine))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> SandboxMemory.check(0.5, ALL, DOUBLE, 4096, 12288, machine))
                .hasMessageContaining("the Spark peer 12,800 MB")
                .hasMessageContaining("--peer-heap-mb");
    }
}
