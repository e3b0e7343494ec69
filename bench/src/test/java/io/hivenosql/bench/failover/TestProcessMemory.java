package io.hivenosql.bench.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.bench.report.FailoverResults;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class TestProcessMemory {
    @Test
    void readsKilobyteFigures() {
        assertThat(ProcessMemory.kilobytes("VmRSS:\t  123456 kB")).isEqualTo(123456);
        assertThatThrownBy(() -> ProcessMemory.kilobytes("Threads: 12")).hasMessageContaining("not a kB figure");
    }

    @Test
    void measuresThisJvm() {
        FailoverResults.ProcessMemory memory =
                ProcessMemory.of("test", ProcessHandle.current().pid());
        if (Files.exists(Path.of("/proc/self/status"))) {
            assertThat(memory.residentBytes()).isPositive();
            assertThat(memory.peakBytes()).isGreaterThanOrEqualTo(memory.residentBytes());
        }
        assertThat(ProcessMemory.of("gone", Long.MAX_VALUE).residentBytes()).isZero();
    }
}
