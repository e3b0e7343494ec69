package io.hivenosql.cassandra;

import java.util.List;
import java.util.OptionalLong;

/**
 * Runtime join-key pushdown with {@code nosql.read.runtime-keys.max=auto}: the most partitions of a table that are read
 * faster by key than the table is scanned, from Cassandra's size estimates ({@code system.size_estimates}: the
 * partition count {@code P} and the mean partition size {@code m} in bytes).
 *
 * <p>The derivation. A scan reads the table's {@code P x m} estimated bytes at a rate of {@code B} bytes a second. A
 * keyed read of a partition costs a fixed time {@code c} (a query: its round trip, the coordinator's work, the
 * partition index lookup) plus its bytes at about the scan's rate, {@code m / B}. So {@code K} keys are faster by key
 * when {@code K x (c + m / B) < P x m / B}, that is when
 *
 * <pre>
 *   K &lt; P x m / (m + C),   where C = c x B: the bytes a scan reads in the fixed time of one keyed read.
 * </pre>
 *
 * With small partitions ({@code m << C}) the limit is {@code P x m / C}, the table's bytes over {@code C}; with large
 * ones it tends to {@code P}, every partition. {@link #SCAN_BYTES_PER_KEYED_READ} is {@code C}, measured with {@code
 * BenchmarkCassandraKeyedReads} on one node (2 cores; a lineitem-like table of 200,000 rows in 50,048 partitions of
 * {@code m} = 614 estimated bytes, 4 rows each): the connector's scan read 115,763 rows/s, {@code B} = 17.8 MB/s of
 * the estimated bytes; its partition splits read 2,000 random partitions at {@code R} = 7,096 partitions/s with {@link
 * CassandraRecordReader#PARTITION_READS_IN_FLIGHT} (32) in flight (1,680/s one at a time). So {@code 1 / R = c + m /
 * B} and {@code C = B / R - m} = 2,506 - 614 = 1,892 bytes, rounded to 2,000: a keyed read costs what a scan spends
 * on 3 partitions of that table, 16 rows. The limit of that table: 50,048 x 614 / 2,614 = 11,755 keys; TPC-H lineitem
 * at scale factor 0.1 (150,000 partitions), about 35,000.
 */
final class CassandraKeyedReadLimit {
    /** {@code C}: the estimated bytes a scan reads in the fixed time of one keyed read (see the class documentation). */
    static final long SCAN_BYTES_PER_KEYED_READ = 2_000;

    private CassandraKeyedReadLimit() {}

    /** The limit for a table of the given estimated partitions and mean partition bytes; 0 for an empty one. */
    static long limit(long partitions, long meanPartitionBytes) {
        if (partitions <= 0 || meanPartitionBytes <= 0) {
            return 0;
        }
        double limit =
                (double) partitions * meanPartitionBytes / ((double) meanPartitionBytes + SCAN_BYTES_PER_KEYED_READ);
        return (long) Math.min(partitions, Math.floor(limit));
    }

    /** The limit from a table's size estimates; empty when there are none (or they count no partition). */
    static OptionalLong limit(List<CassandraSizeEstimates.SizeEstimate> estimates) {
        long[] totals = CassandraSizeEstimates.totals(estimates);
        if (totals[0] <= 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(limit(totals[0], totals[1] / totals[0]));
    }
}
