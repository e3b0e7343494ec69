package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.mongo.TestingMongoServer;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs every benchmark method of {@link BenchmarkMongoRecordReader} once on a small collection of the shared server,
 * so CI keeps it working: both must read every document and the same values (checksums equal to the loaded rows').
 */
class TestMongoRecordReaderBenchmark {
    private static final int ROWS = 500;

    @Test
    void everyBenchmarkReadsEveryDocument() throws Exception {
        BenchmarkMongoRecordReader benchmark = new BenchmarkMongoRecordReader();
        benchmark.rows = ROWS;
        String database = "bench_read_" + ProcessHandle.current().pid();
        benchmark.setUp(TestingMongoServer.shared(), database);
        Blackhole blackhole = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        try {
            long expected = TestingLineitemDocuments.checksum(TestingLineitemDocuments.rowList(ROWS));
            assertThat(benchmark.handlerRecordSource(blackhole)).isEqualTo(ROWS);
            assertThat(benchmark.lastChecksum()).isEqualTo(expected);
            assertThat(benchmark.rawDriverFind(blackhole)).isEqualTo(ROWS);
            assertThat(benchmark.lastChecksum()).isEqualTo(expected);
            assertThat(benchmark.rawDriverFindProjected(blackhole)).isEqualTo(ROWS);
            assertThat(benchmark.lastChecksum()).isEqualTo(expected);
        } finally {
            benchmark.dropDatabase(database);
            benchmark.tearDown();
        }
    }
}
