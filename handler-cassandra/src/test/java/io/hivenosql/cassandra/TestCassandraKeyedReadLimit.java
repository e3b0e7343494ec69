package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.CassandraKeyedReadLimit.SCAN_BYTES_PER_KEYED_READ;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.cassandra.CassandraSizeEstimates.SizeEstimate;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestCassandraKeyedReadLimit {
    private static final long C = SCAN_BYTES_PER_KEYED_READ;

    @Test
    void partitionsAsLargeAsWhatAScanReadsInAKeyedReadHalveTheTable() {
        // K < P x m / (m + C): with m = C, half of the partitions
        assertThat(CassandraKeyedReadLimit.limit(10_000, C)).isEqualTo(5_000);
        assertThat(CassandraKeyedReadLimit.limit(10_000, 3 * C)).isEqualTo(7_500);
    }

    @Test
    void smallPartitionsGiveTheTablesBytesOverTheCostOfAKeyedRead() {
        // m << C: about P x m / C
        assertThat(CassandraKeyedReadLimit.limit(1_000_000, 1)).isEqualTo(1_000_000 / (C + 1));
        assertThat(CassandraKeyedReadLimit.limit(150_000, C / 10)).isEqualTo(150_000 / 11);
    }

    @Test
    void largePartitionsTendToEveryPartitionAndNeverMore() {
        assertThat(CassandraKeyedReadLimit.limit(2_000, C * 999)).isBetween(1_997L, 1_998L);
        assertThat(CassandraKeyedReadLimit.limit(2_000, Long.MAX_VALUE)).isBetween(1_999L, 2_000L);
    }

    @Test
    void theLimitGrowsWithThePartitionsAndTheirSize() {
        long previous = -1;
        for (long mean = 1; mean < 10 * C; mean *= 3) {
            long limit = CassandraKeyedReadLimit.limit(50_000, mean);
            assertThat(limit).as("mean %s", mean).isGreaterThan(previous).isLessThanOrEqualTo(50_000);
            previous = limit;
        }
        assertThat(CassandraKeyedReadLimit.limit(20_000, 700))
                .isGreaterThan(CassandraKeyedReadLimit.limit(10_000, 700));
    }

    @Test
    void anEmptyTableReadsNoKeyByKeyAndNoEstimatesGiveNoLimit() {
        assertThat(CassandraKeyedReadLimit.limit(0, 700)).isZero();
        assertThat(CassandraKeyedReadLimit.limit(1_000, 0)).isZero();
        assertThat(CassandraKeyedReadLimit.limit(List.of())).isEmpty();
        assertThat(CassandraKeyedReadLimit.limit(List.of(estimate(-5, 0, 0, 100))))
                .isEmpty();
    }

    @Test
    void theEstimatesOfEveryRangeAreSummedAndTheirMeanWeighedByPartitions() {
        // 3,000 partitions of 2C and 1,000 of 6C: 4,000 partitions of 3C on average
        List<SizeEstimate> estimates = List.of(estimate(-100, 0, 3_000, 2 * C), estimate(0, 100, 1_000, 6 * C));

        assertThat(CassandraKeyedReadLimit.limit(estimates)).hasValue(3_000);
    }

    private static SizeEstimate estimate(long start, long end, long partitions, long meanBytes) {
        return new SizeEstimate(new CassandraSplit.TokenRange(start, end), partitions, meanBytes);
    }
}
