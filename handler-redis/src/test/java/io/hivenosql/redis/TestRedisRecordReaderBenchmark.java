package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/** Runs every benchmark method of {@link BenchmarkRedisRecordReader} once on a small table, so CI keeps it working. */
class TestRedisRecordReaderBenchmark {
    @Test
    void everyBenchmarkReadsEveryRow() throws Exception {
        BenchmarkRedisRecordReader benchmark = new BenchmarkRedisRecordReader();
        benchmark.rows = 2_500;
        benchmark.setUp();
        Blackhole blackhole = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        try {
            assertThat(benchmark.hiveRecordReader(blackhole)).isEqualTo(2_500);
            assertThat(benchmark.rawJedisScanAndHgetall(blackhole)).isEqualTo(2_500);
        } finally {
            benchmark.tearDown();
        }
    }
}
