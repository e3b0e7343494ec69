package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.cassandra.CassandraSizeEstimates.SizeEstimate;
import io.hivenosql.cassandra.CassandraSplit.TokenRange;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plans the splits of a scan. A full scan is a pipeline of small pure steps over the Murmur3 token ring:
 *
 * <ol>
 *   <li>the ring's ranges from the driver's token map, each with its replicas; a range that wraps around the ring
 *       becomes {@code (start, max]} and {@code (min, end]} ({@link TokenRing#unwrap});
 *   <li>each range's estimated bytes from {@code system.size_estimates} (the overlapping estimate ranges, in
 *       proportion); without estimates (a new table, data not yet flushed) each range weighs its token count, and the
 *       table's bytes are estimated by a probe instead ({@link CassandraSizeEstimates#probe}: its first rows in ring
 *       order);
 *   <li>a target per split: {@code cassandra.split.size-mb}, or the total divided by {@code cassandra.split.count}, or
 *       without estimates the total divided by Hive's split hint (default: two per node), but with at most one split
 *       per {@code cassandra.split.size-mb} of the bytes the probe found, as with estimates (so a small table is one
 *       split);
 *   <li>ranges heavier than the target are cut into equal parts, and the ranges of one replica set are joined (in
 *       token order) up to the target: each split reads ranges its hosts all hold. With {@code cassandra.split.count}
 *       the ring is instead cut into exactly that many parts of equal weight, whatever their replicas; so it is when
 *       the probe's bytes allow fewer splits than there are replica sets.
 * </ol>
 *
 * <p>Every token of the ring is in exactly one split. With a pushed partition key restriction the splits instead carry
 * the partition keys to read (grouped by replica set, about {@value PartitionKeySplits#TARGET_SPLIT_MB} MB each,
 * see {@link PartitionKeySplits}), and no range is scanned.
 */
final class CassandraSplitPlanner {
    private static final String MURMUR3 = "org.apache.cassandra.dht.Murmur3Partitioner";
    private static final int DEFAULT_SPLITS_PER_HOST = 2;
    private static final long MB = 1L << 20;
    private static final Logger log = LoggerFactory.getLogger(CassandraSplitPlanner.class);

    private CassandraSplitPlanner() {}

    /** A range of the ring (may wrap) and the hosts holding it. */
    record RingRange(long start, long end, List<String> hosts) {
        RingRange {
            hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
        }
    }

    /** A planned split: token ranges (unwrapped, disjoint), preferred hosts, estimated bytes (0 if unknown). */
    record PlannedSplit(List<TokenRange> ranges, List<String> hosts, long estimatedBytes) {
        PlannedSplit {
            ranges = List.copyOf(requireNonNull(ranges, "ranges is null"));
            hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
        }
    }

    /**
     * How to size the splits: the target bytes of a split, the exact split count (0: none), Hive's hint (0: none) and
     * the table's bytes as the probe estimated them (used only without size estimates; empty: unknown).
     */
    record Sizing(long targetBytes, int splitCount, int desiredSplits, OptionalLong probedBytes) {
        Sizing {
            requireNonNull(probedBytes, "probedBytes is null");
        }
    }

    // ---------------------------------------------------------------- session side

    /** The splits of a scan of the table with the given restrictions; at least one. */
    static List<SplitSpec> plan(
            CqlSession session, CassandraSchema schema, CqlRestrictions restrictions, int desiredSplits) {
        CassandraTable table = schema.table();
        Optional<TokenMap> tokenMap = session.getMetadata().getTokenMap();
        if (restrictions.partitionValues().isPresent()) {
            return PartitionKeySplits.plan(session, schema, restrictions.partitions(), tokenMap);
        }
        List<RingRange> ring = ring(table, tokenMap);
        List<SizeEstimate> estimates = CassandraSizeEstimates.read(session, table);
        OptionalLong probedBytes = OptionalLong.empty();
        if (table.splitCount() == 0 && !CassandraSizeEstimates.hasData(estimates)) {
            Optional<CassandraSizeEstimates.Probe> probe = CassandraSizeEstimates.probe(session, schema);
            probe.ifPresent(found -> log.debug(
                    "table {}: {} has no size estimates yet (new table, or data not flushed since the last recording);"
                            + " the probe estimates {} rows of {} bytes; splitting the ring evenly by Hive's hint ({}),"
                            + " at most one split per {} MB",
                    table.name(),
                    table.qualifiedCqlName(),
                    found.rows(),
                    found.bytes(),
                    desiredSplits > 0 ? desiredSplits : "two per node",
                    table.splitSizeMb()));
            if (probe.isPresent()) {
                probedBytes = OptionalLong.of(probe.get().bytes());
            }
        }
        Sizing sizing = new Sizing(table.splitSizeMb() * MB, table.splitCount(), desiredSplits, probedBytes);
        List<PlannedSplit> planned = plan(ring, estimates, sizing);
        List<SplitSpec> specs = new ArrayList<>(planned.size());
        for (PlannedSplit split : planned) {
            CassandraSplit payload = new CassandraSplit.TokenRanges(split.ranges());
            specs.add(new SplitSpec(
                    payload.toBytes(),
                    split.hosts(),
                    split.estimatedBytes(),
                    CassandraSplit.describe(payload) + " on " + split.hosts()));
        }
        Collections.shuffle(specs, new Random(table.name().hashCode()));
        return specs;
    }

    private static List<RingRange> ring(CassandraTable table, Optional<TokenMap> tokenMap) {
        if (tokenMap.isEmpty()) {
            log.debug("table {}: the driver has no token map; one range covers the whole ring", table.name());
            return List.of(new RingRange(TokenRing.MIN_TOKEN, TokenRing.MIN_TOKEN, List.of()));
        }
        TokenMap map = tokenMap.get();
        if (!MURMUR3.equals(map.getPartitionerName())) {
            throw new HandlerException(
                    HandlerErrorCode.UNSUPPORTED_OPERATION,
                    "table " + table.name() + ": the Cassandra cluster at "
                            + CassandraClients.hostList(table.hosts()) + " uses " + map.getPartitionerName()
                            + "; hive-nosql reads clusters with " + MURMUR3 + " (Cassandra's default) only");
        }
        List<RingRange> ring = new ArrayList<>();
        for (com.datastax.oss.driver.api.core.metadata.token.TokenRange range : map.getTokenRanges()) {
            long start = Long.parseLong(map.format(range.getStart()));
            long end = Long.parseLong(map.format(range.getEnd()));
            ring.add(new RingRange(start, end, ReplicaHosts.of(map.getReplicas(table.keyspace(), range))));
        }
        if (ring.isEmpty()) {
            ring.add(new RingRange(TokenRing.MIN_TOKEN, TokenRing.MIN_TOKEN, List.of()));
        }
        return ring;
    }

    // ---------------------------------------------------------------- pure planning

    /** Plans the splits of a ring (see the class documentation). */
    static List<PlannedSplit> plan(List<RingRange> ring, List<SizeEstimate> estimates, Sizing sizing) {
        List<Weighted> ranges = new ArrayList<>();
        Set<String> allHosts = new TreeSet<>();
        for (RingRange range : ring) {
            allHosts.addAll(range.hosts());
            for (TokenRange part : TokenRing.unwrap(range.start(), range.end())) {
                ranges.add(new Weighted(part, range.hosts(), 0));
            }
        }
        ranges.sort((a, b) -> a.range().compareTo(b.range()));
        checkCoverage(ranges);
        double total = 0;
        for (int i = 0; i < ranges.size(); i++) {
            Weighted range = ranges.get(i);
            double bytes = bytes(range.range(), estimates);
            ranges.set(i, new Weighted(range.range(), range.hosts(), bytes));
            total += bytes;
        }
        boolean known = total > 0;
        if (!known) {
            total = 0;
            for (int i = 0; i < ranges.size(); i++) {
                Weighted range = ranges.get(i);
                ranges.set(
                        i,
                        new Weighted(range.range(), range.hosts(), range.range().widthAsDouble()));
                total += range.range().widthAsDouble();
            }
        }
        List<PlannedSplit> splits;
        if (sizing.splitCount() > 0) {
            splits = equalParts(ranges, total, sizing.splitCount(), known);
        } else if (known) {
            splits = byReplicas(ranges, Math.max(1, sizing.targetBytes()), true);
        } else {
            int hinted = sizing.desiredSplits() > 0
                    ? sizing.desiredSplits()
                    : Math.max(1, DEFAULT_SPLITS_PER_HOST * allHosts.size());
            int bySize = splitsForBytes(sizing.probedBytes(), sizing.targetBytes());
            splits = byReplicas(ranges, total / Math.min(hinted, bySize), false);
            if (splits.size() > bySize) {
                // fewer splits than replica sets: parts of the ring, whatever their replicas
                splits = equalParts(ranges, total, bySize, false);
            }
        }
        checkCoverage(splits);
        return splits;
    }

    /** At most one split per {@code targetBytes} of the table's bytes, at least one; no limit when they are unknown. */
    static int splitsForBytes(OptionalLong tableBytes, long targetBytes) {
        if (tableBytes.isEmpty()) {
            return Integer.MAX_VALUE;
        }
        long bytes = Math.max(0, tableBytes.getAsLong());
        long target = Math.max(1, targetBytes);
        long splits = bytes / target + (bytes % target == 0 ? 0 : 1);
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, splits));
    }

    /** A range with its hosts and weight (estimated bytes, or tokens when nothing is known). */
    private record Weighted(TokenRange range, List<String> hosts, double weight) {}

    private static double bytes(TokenRange range, List<SizeEstimate> estimates) {
        double bytes = 0;
        for (SizeEstimate estimate : estimates) {
            TokenRange other = estimate.range();
            long start = Math.max(range.start(), other.start());
            long end = Math.min(range.end(), other.end());
            if (start < end) {
                bytes += estimate.bytes() * (((double) end - (double) start) / other.widthAsDouble());
            }
        }
        return bytes;
    }

    /**
     * Per replica set: its ranges (in token order) cut into as many parts of equal weight as the target asks for, each
     * part at most the target (and at least one part per replica set).
     */
    private static List<PlannedSplit> byReplicas(List<Weighted> ranges, double target, boolean known) {
        Map<List<String>, List<Weighted>> groups = new LinkedHashMap<>();
        for (Weighted range : ranges) {
            groups.computeIfAbsent(range.hosts(), h -> new ArrayList<>()).add(range);
        }
        List<PlannedSplit> splits = new ArrayList<>();
        for (List<Weighted> group : groups.values()) {
            double weight = group.stream().mapToDouble(Weighted::weight).sum();
            int count = (int) Math.min(Math.max(1, Math.ceil(weight / target - 1e-9)), 1 << 16);
            splits.addAll(equalParts(new ArrayList<>(group), weight, count, known));
        }
        return splits;
    }

    /** Exactly {@code count} splits of equal weight, in token order; hosts are those of each split's heaviest range. */
    private static List<PlannedSplit> equalParts(List<Weighted> ranges, double total, int count, boolean known) {
        List<PlannedSplit> splits = new ArrayList<>(count);
        double share = total / count;
        List<TokenRange> current = new ArrayList<>();
        Map<List<String>, Double> hostWeights = new LinkedHashMap<>();
        double weight = 0;
        int index = 0;
        while (index < ranges.size()) {
            Weighted range = ranges.get(index);
            double room = share - weight;
            boolean last = splits.size() == count - 1;
            if (last || range.weight() <= room * 1.0000001 || range.weight() == 0) {
                current.add(range.range());
                hostWeights.merge(range.hosts(), range.weight(), Double::sum);
                weight += range.weight();
                index++;
                continue;
            }
            // cut the range where the split is full
            long at = TokenRing.tokenAt(range.range(), room / range.weight());
            if (at > range.range().start() && at < range.range().end()) {
                TokenRange head = new TokenRange(range.range().start(), at);
                TokenRange tail = new TokenRange(at, range.range().end());
                double headWeight =
                        range.weight() * head.widthAsDouble() / range.range().widthAsDouble();
                current.add(head);
                hostWeights.merge(range.hosts(), headWeight, Double::sum);
                weight += headWeight;
                ranges.set(index, new Weighted(tail, range.hosts(), range.weight() - headWeight));
            } else if (current.isEmpty()) {
                current.add(range.range()); // too narrow to cut
                hostWeights.merge(range.hosts(), range.weight(), Double::sum);
                weight += range.weight();
                index++;
            }
            if (!current.isEmpty()) {
                splits.add(new PlannedSplit(current, heaviest(hostWeights), known ? Math.round(weight) : 0));
            }
            current = new ArrayList<>();
            hostWeights.clear();
            weight = 0;
        }
        if (!current.isEmpty()) {
            splits.add(new PlannedSplit(current, heaviest(hostWeights), known ? Math.round(weight) : 0));
        }
        return splits;
    }

    private static List<String> heaviest(Map<List<String>, Double> hostWeights) {
        List<String> best = List.of();
        double bestWeight = -1;
        for (Map.Entry<List<String>, Double> entry : hostWeights.entrySet()) {
            if (entry.getValue() > bestWeight) {
                best = entry.getKey();
                bestWeight = entry.getValue();
            }
        }
        return best;
    }

    private static void checkCoverage(List<Weighted> ranges) {
        List<TokenRange> all = new ArrayList<>();
        ranges.forEach(r -> all.add(r.range()));
        TokenRing.checkCovers(all);
    }

    private static void checkCoverage(Collection<PlannedSplit> splits) {
        List<TokenRange> all = new ArrayList<>();
        splits.forEach(s -> all.addAll(s.ranges()));
        TokenRing.checkCovers(all);
    }
}
