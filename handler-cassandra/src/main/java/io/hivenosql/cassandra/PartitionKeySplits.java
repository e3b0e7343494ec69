package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import io.hivenosql.api.spi.SplitSpec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The splits of a scan whose partition key a pushed restriction names ({@code pk IN (...)} and equalities): no token
 * range is scanned; each split carries the serialized partition keys it reads, grouped by the replica set that holds
 * them (the driver's token map tells it). A split's estimated size is its partitions times the table's mean partition
 * size {@code m} in {@code system.size_estimates} (0, unknown, without estimates), so that Tez groups partition splits
 * into tasks by what they read, as it does token-range splits.
 *
 * <p>How many partitions a split holds ({@link #partitionsPerSplit}): about {@value #TARGET_SPLIT_MB} MB of estimated
 * partitions, at least {@value #MIN_PARTITIONS_PER_SPLIT} and at most {@value #MAX_PARTITIONS_PER_SPLIT} ({@value
 * #UNKNOWN_SIZE_PARTITIONS_PER_SPLIT} without estimates). Tez groups splits smaller than {@code tez.grouping.min-size}
 * (50 MB by default) into one task anyway, so smaller splits buy no parallelism, while each boundary costs the task a
 * reader to open and a pipeline of reads that drains before the next split's starts: {@code
 * BenchmarkCassandraKeyedReads} (8,000 of 99,961 partitions of 613 bytes, one node, 2 cores, 32 in flight) read 10,858
 * partitions/s in splits of 100, 24,975/s in splits of 1,000 and 30,050/s in one split.
 *
 * <p>How many of a split's partitions are asked for at once ({@link #readsInFlight}): as many as keep about {@value
 * #READ_BUFFER_MB} MB of partitions buffered ({@code 16 MB / m}), between {@value #MIN_READS_IN_FLIGHT} and {@value
 * #MAX_READS_IN_FLIGHT}, so a table of wide partitions does not fill the task's heap with pages; the same benchmark, in
 * one split: 8 in flight 18,134 partitions/s, 32 30,050/s, 64 32,853/s, 128 33,291/s. Without estimates, {@link
 * CassandraRecordReader#PARTITION_READS_IN_FLIGHT}.
 */
final class PartitionKeySplits {
    static final int TARGET_SPLIT_MB = 32;
    static final int MIN_PARTITIONS_PER_SPLIT = 100;
    static final int MAX_PARTITIONS_PER_SPLIT = 50_000;
    static final int UNKNOWN_SIZE_PARTITIONS_PER_SPLIT = 1_000;
    static final int READ_BUFFER_MB = 16;
    static final int MIN_READS_IN_FLIGHT = 4;
    static final int MAX_READS_IN_FLIGHT = 64;

    private PartitionKeySplits() {}

    /**
     * The splits reading the given partitions (each the values of the partition key columns, in key order), at least
     * one. Without a token map the partitions have no preferred hosts.
     */
    static List<SplitSpec> plan(
            CqlSession session, CassandraSchema schema, List<List<Object>> partitions, Optional<TokenMap> tokenMap) {
        CassandraTable table = schema.table();
        long[] totals = CassandraSizeEstimates.totals(CassandraSizeEstimates.read(session, table));
        long meanPartitionBytes = totals[0] > 0 ? totals[1] / totals[0] : 0;
        ProtocolVersion protocol = session.getContext().getProtocolVersion();
        List<TypeCodec<Object>> codecs = new ArrayList<>();
        for (int column : schema.partitionKey()) {
            DataType type = schema.cqlType(column);
            codecs.add(CodecRegistry.DEFAULT.codecFor(type));
        }
        int perSplit = partitionsPerSplit(meanPartitionBytes);
        int inFlight = readsInFlight(meanPartitionBytes);
        Map<List<String>, List<List<ByteBuffer>>> byReplicas = new LinkedHashMap<>();
        for (List<Object> partition : partitions) {
            List<ByteBuffer> key = new ArrayList<>(codecs.size());
            for (int i = 0; i < codecs.size(); i++) {
                key.add(codecs.get(i).encode(partition.get(i), protocol));
            }
            List<String> hosts = List.of();
            if (tokenMap.isPresent()) {
                Token token = tokenMap.get().newToken(key.toArray(new ByteBuffer[0]));
                hosts = ReplicaHosts.of(tokenMap.get().getReplicas(table.keyspace(), token));
            }
            byReplicas.computeIfAbsent(hosts, h -> new ArrayList<>()).add(key);
        }
        List<SplitSpec> specs = new ArrayList<>();
        byReplicas.forEach((hosts, keys) -> {
            for (int from = 0; from < keys.size(); from += perSplit) {
                CassandraSplit.Partitions payload = new CassandraSplit.Partitions(
                        codecs.size(), keys.subList(from, Math.min(keys.size(), from + perSplit)), inFlight);
                specs.add(new SplitSpec(
                        payload.toBytes(),
                        hosts,
                        estimatedBytes(payload.keys().size(), meanPartitionBytes),
                        CassandraSplit.describe(payload) + " on " + hosts));
            }
        });
        if (specs.isEmpty()) {
            // cannot happen (a restriction has at least one value), but a scan always has a split
            specs.add(new SplitSpec(
                    new CassandraSplit.Partitions(codecs.size(), List.of()).toBytes(), List.of(), 0, "no partition"));
        }
        return specs;
    }

    /** The partitions a split holds, for partitions of {@code meanPartitionBytes} each (0: unknown). */
    static int partitionsPerSplit(long meanPartitionBytes) {
        return fitting(
                TARGET_SPLIT_MB,
                meanPartitionBytes,
                MIN_PARTITIONS_PER_SPLIT,
                MAX_PARTITIONS_PER_SPLIT,
                UNKNOWN_SIZE_PARTITIONS_PER_SPLIT);
    }

    /** The partitions read at once, for partitions of {@code meanPartitionBytes} each (0: unknown). */
    static int readsInFlight(long meanPartitionBytes) {
        return fitting(
                READ_BUFFER_MB,
                meanPartitionBytes,
                MIN_READS_IN_FLIGHT,
                MAX_READS_IN_FLIGHT,
                CassandraRecordReader.PARTITION_READS_IN_FLIGHT);
    }

    /** How many partitions of {@code meanPartitionBytes} fit in {@code megabytes}, within [min, max]; else unknown. */
    private static int fitting(int megabytes, long meanPartitionBytes, int min, int max, int unknown) {
        if (meanPartitionBytes <= 0) {
            return unknown;
        }
        long fit = ((long) megabytes << 20) / meanPartitionBytes;
        return (int) Math.max(min, Math.min(max, fit));
    }

    /** The estimated bytes of a split of {@code partitions} partitions of {@code meanPartitionBytes} each (0: unknown). */
    static long estimatedBytes(int partitions, long meanPartitionBytes) {
        return (long) Math.min(Long.MAX_VALUE, (double) Math.max(0, partitions) * Math.max(0, meanPartitionBytes));
    }
}
