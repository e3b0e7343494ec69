package io.hivenosql.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestSandboxMemory {
    private static final List<Target> ALL = List.of(Target.values());

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
        assertThatCode(() -> SandboxMemory.check(0.1, ALL, true, 8192, machine)).doesNotThrowAnyException();

        assertThatThrownBy(() -> SandboxMemory.check(1, ALL, true, 8192, machine))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scale factor 1 (8,660,030 rows) needs about")
                .hasMessageContaining("the MongoDB test server (every document on its heap) 21,296 MB")
                .hasMessageContaining("this machine has 24,576 MB")
                .hasMessageContaining("fewer --stores");
        // without the MongoDB test server it fits: no mongo target, or a real MongoDB in MONGO_URI
        List<Target> noMongo = List.of(Target.HDFS_ORC, Target.HDFS_TEXT, Target.REDIS, Target.CASSANDRA);
        assertThatCode(() -> SandboxMemory.check(1, noMongo, true, 8192, machine))
                .doesNotThrowAnyException();
        assertThatCode(() -> SandboxMemory.check(1, ALL, false, 8192, machine)).doesNotThrowAnyException();
    }
}
