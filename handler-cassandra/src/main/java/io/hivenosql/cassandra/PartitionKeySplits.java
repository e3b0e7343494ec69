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
 * them (the driver's token map tells it), at most {@value #PARTITIONS_PER_SPLIT} keys a split. A split's estimated
 * size is its partitions times the table's mean partition size in {@code system.size_estimates} (0, unknown, without
 * estimates), so that Tez groups partition splits into tasks by what they read, as it does token-range splits.
 */
final class PartitionKeySplits {
    static final int PARTITIONS_PER_SPLIT = 100;

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
            for (int from = 0; from < keys.size(); from += PARTITIONS_PER_SPLIT) {
                CassandraSplit.Partitions payload = new CassandraSplit.Partitions(
                        codecs.size(), keys.subList(from, Math.min(keys.size(), from + PARTITIONS_PER_SPLIT)));
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

    /** The estimated bytes of a split of {@code partitions} partitions of {@code meanPartitionBytes} each (0: unknown). */
    static long estimatedBytes(int partitions, long meanPartitionBytes) {
        return (long) Math.min(Long.MAX_VALUE, (double) Math.max(0, partitions) * Math.max(0, meanPartitionBytes));
    }
}
