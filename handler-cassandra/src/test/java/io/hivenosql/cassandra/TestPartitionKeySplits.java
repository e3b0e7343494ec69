package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestPartitionKeySplits {
    @Test
    void splitsHoldAboutTheTargetBytesWithinTheBounds() {
        // TPC-H lineitem's partitions (about 614 bytes): 32 MB is more than the most a split holds
        assertThat(PartitionKeySplits.partitionsPerSplit(614)).isEqualTo(PartitionKeySplits.MAX_PARTITIONS_PER_SPLIT);
        // 4 KB partitions: 32 MB / 4 KB
        assertThat(PartitionKeySplits.partitionsPerSplit(4096)).isEqualTo(8192);
        // wide partitions: never fewer than the floor, so a split is worth its reader
        assertThat(PartitionKeySplits.partitionsPerSplit(10L << 20))
                .isEqualTo(PartitionKeySplits.MIN_PARTITIONS_PER_SPLIT);
        // no size estimates yet
        assertThat(PartitionKeySplits.partitionsPerSplit(0))
                .isEqualTo(PartitionKeySplits.UNKNOWN_SIZE_PARTITIONS_PER_SPLIT);
    }

    @Test
    void readsInFlightKeepAboutTheBufferBytes() {
        assertThat(PartitionKeySplits.readsInFlight(614)).isEqualTo(PartitionKeySplits.MAX_READS_IN_FLIGHT);
        // 1 MB partitions: 16 of them buffered
        assertThat(PartitionKeySplits.readsInFlight(1L << 20)).isEqualTo(16);
        // wider still: the floor, so keyed reads still overlap
        assertThat(PartitionKeySplits.readsInFlight(100L << 20)).isEqualTo(PartitionKeySplits.MIN_READS_IN_FLIGHT);
        assertThat(PartitionKeySplits.readsInFlight(0)).isEqualTo(CassandraRecordReader.PARTITION_READS_IN_FLIGHT);
    }

    @Test
    void estimatedBytesAreThePartitionsTimesTheirMeanSize() {
        assertThat(PartitionKeySplits.estimatedBytes(1_000, 614)).isEqualTo(614_000);
        assertThat(PartitionKeySplits.estimatedBytes(1_000, 0)).isZero();
        assertThat(PartitionKeySplits.estimatedBytes(Integer.MAX_VALUE, Long.MAX_VALUE))
                .isEqualTo(Long.MAX_VALUE);
    }
}
