package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.mongo.TestingMongoServer;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs every benchmark method of {@link BenchmarkMongoRecordWriter} once on a few rows against the shared server, so
 * CI keeps it working: each must leave exactly the rows in the collection, with the same values.
 */
class TestMongoRecordWriterBenchmark {
    private static final int ROWS = 2_500;

    @Test
    void everyBenchmarkWritesEveryRow() throws Exception {
        BenchmarkMongoRecordWriter benchmark = new BenchmarkMongoRecordWriter();
        benchmark.rows = ROWS;
        String database = "bench_write_" + ProcessHandle.current().pid();
        benchmark.setUp(TestingMongoServer.shared(), database);
        Blackhole blackhole = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        try {
            benchmark.empty();
            assertThat(benchmark.handlerRecordSink()).isEqualTo(ROWS);
            assertThat(benchmark.countRows()).isEqualTo(ROWS);
            assertThat(benchmark.scanCollection(blackhole))
                    .isEqualTo(new TestingLineitemDocuments.Scan(ROWS, benchmark.dataChecksum()));

            benchmark.empty();
            assertThat(benchmark.countRows()).isZero();
            assertThat(benchmark.rawDriverInsertMany()).isEqualTo(ROWS);
            assertThat(benchmark.countRows()).isEqualTo(ROWS);
            assertThat(benchmark.scanCollection(blackhole))
                    .isEqualTo(new TestingLineitemDocuments.Scan(ROWS, benchmark.dataChecksum()));
        } finally {
            benchmark.dropDatabase(database);
            benchmark.tearDown();
        }
    }
}
