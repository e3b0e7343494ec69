package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import org.junit.jupiter.api.Test;

/**
 * Runs every benchmark method of {@link BenchmarkCassandraRecordWriter} once on a few rows against the shared node,
 * so CI keeps it working; each must leave exactly the rows in the table.
 */
class TestCassandraRecordWriterBenchmark {
    private static final int ROWS = 3_000;

    @Test
    void everyBenchmarkWritesEveryRow() throws Exception {
        BenchmarkCassandraRecordWriter benchmark = new BenchmarkCassandraRecordWriter();
        benchmark.rows = ROWS;
        benchmark.setUp(
                TestingCassandraServer.shared(),
                "bench_write_" + ProcessHandle.current().pid());
        try {
            assertThat(benchmark.handlerRecordSink()).isEqualTo(ROWS);
            assertThat(benchmark.countRows()).isEqualTo(ROWS);

            benchmark.truncate();
            assertThat(benchmark.countRows()).isZero();
            assertThat(benchmark.rawDriverAsyncInserts()).isEqualTo(ROWS);
            assertThat(benchmark.countRows()).isEqualTo(ROWS);
        } finally {
            benchmark.tearDown();
        }
    }
}
