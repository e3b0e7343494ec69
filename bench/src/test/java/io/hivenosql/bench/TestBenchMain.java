package io.hivenosql.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestBenchMain {
    @Test
    void mongoHeapHoldsTheLargestScaleFactor() {
        // dbgen's sizes at 0.1: 600,000 + 150,000 + 15,000 + 20,000 + 80,000 + 1,000 + 25 + 5 rows
        assertThat(TpchGenerator.expectedRows(0.1)).isEqualTo(866_030);
        // 512 MB + 2.4 GB per million rows
        assertThat(BenchMain.mongoHeapMegabytes(List.of(0.01, 0.1))).isEqualTo(512 + 2078);
        assertThat(BenchMain.mongoHeapMegabytes(List.of(0.1, 0.01))).isEqualTo(2590);
        // at least the default 1 GB
        assertThat(BenchMain.mongoHeapMegabytes(List.of(0.01))).isEqualTo(1024);
    }
}
