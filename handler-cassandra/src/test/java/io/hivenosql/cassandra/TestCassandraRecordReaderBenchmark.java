package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs every benchmark method of {@link BenchmarkCassandraRecordReader} once on a small table of the shared node, so
 * CI keeps it working.
 */
class TestCassandraRecordReaderBenchmark {
    private static final int ROWS = 3_000;

    @Test
    void everyBenchmarkReadsEveryRow() throws Exception {
        BenchmarkCassandraRecordReader benchmark = new BenchmarkCassandraRecordReader();
        benchmark.rows = ROWS;
        benchmark.setUp(
                TestingCassandraServer.shared(),
                "bench_read_" + ProcessHandle.current().pid());
        Blackhole blackhole = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        try {
            assertThat(benchmark.handlerRecordSource(blackhole)).isEqualTo(ROWS);
            assertThat(benchmark.rawDriverTokenRangeScan(blackhole)).isEqualTo(ROWS);
        } finally {
            benchmark.tearDown();
        }
    }
}
