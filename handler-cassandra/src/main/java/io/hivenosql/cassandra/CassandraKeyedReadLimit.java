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
 * BenchmarkCassandraKeyedReads} on one node (2 cores; a lineitem-like table of 400,000 rows in 99,961 partitions of
 * {@code m} = 613 estimated bytes, 4 rows each): the connector's scan read 182,959 rows/s, {@code B} = 28.0 MB/s of the
 * estimated bytes; its partition splits as planned ({@link PartitionKeySplits}: 8,000 random partitions in one split,
 * 64 in flight) read them at {@code R} = 24,502-27,786 partitions/s (4,324/s one at a time). So {@code 1 / R = c + m /
 * B} and {@code C = B / R - m} = 1,009-1,144 - 613 = 396-531 bytes, rounded up to 500: a keyed read costs what a scan
 * spends on less than one partition of that table. The limit of that table: 99,968 x 613 / 1,113 = 55,058 keys; TPC-H
 * lineitem at scale factor 0.1 (150,000 partitions), about 82,000. (With splits of 100 partitions and 32 in flight,
 * before the splits were sized by bytes, {@code C} was 2,000.)
 */
final class CassandraKeyedReadLimit {
    /** {@code C}: the estimated bytes a scan reads in the fixed time of one keyed read (see the class documentation). */
    static final long SCAN_BYTES_PER_KEYED_READ = 500;

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
