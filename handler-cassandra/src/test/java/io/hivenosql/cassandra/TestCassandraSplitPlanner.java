package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TokenRing.MAX_TOKEN;
import static io.hivenosql.cassandra.TokenRing.MIN_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.cassandra.CassandraSizeEstimates.Probe;
import io.hivenosql.cassandra.CassandraSizeEstimates.SizeEstimate;
import io.hivenosql.cassandra.CassandraSplit.TokenRange;
import io.hivenosql.cassandra.CassandraSplitPlanner.PlannedSplit;
import io.hivenosql.cassandra.CassandraSplitPlanner.RingRange;
import io.hivenosql.cassandra.CassandraSplitPlanner.Sizing;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class TestCassandraSplitPlanner {
    private static final long MB = 1 << 20;

    @Test
    void coversTheRingOfOneNodeWithOneToken() {
        List<PlannedSplit> splits = CassandraSplitPlanner.plan(
                List.of(new RingRange(7, 7, List.of("h1"))),
                List.of(),
                new Sizing(64 * MB, 0, 4, OptionalLong.empty()));

        assertThat(splits).hasSize(4);
        assertCoversRingOnce(splits);
        assertThat(splits).allSatisfy(s -> assertThat(s.hosts()).containsExactly("h1"));
        assertThat(splits).allSatisfy(s -> assertThat(s.estimatedBytes()).isZero());
    }

    @Test
    void withoutEstimatesSplitsVnodesEvenlyByHiveHint() {
        List<RingRange> ring = vnodeRing(16, List.of(List.of("h1")), new Random(1));

        List<PlannedSplit> hinted =
                CassandraSplitPlanner.plan(ring, List.of(), new Sizing(64 * MB, 0, 5, OptionalLong.empty()));
        List<PlannedSplit> unhinted =
                CassandraSplitPlanner.plan(ring, List.of(), new Sizing(64 * MB, 0, 0, OptionalLong.empty()));

        assertCoversRingOnce(hinted);
        assertCoversRingOnce(unhinted);
        assertThat(hinted).hasSizeBetween(5, 6);
        assertThat(unhinted).hasSizeBetween(2, 3); // two per host
    }

    @Test
    void withoutEstimatesASmallTableIsOneSplitWhateverTheHint() {
        List<RingRange> oneHost = vnodeRing(16, List.of(List.of("h1")), new Random(4));
        List<List<String>> replicaSets = List.of(List.of("h1", "h2"), List.of("h2", "h3"), List.of("h1", "h3"));
        List<RingRange> threeSets = vnodeRing(16, replicaSets, new Random(5));

        // up to one split's worth of bytes (the sf 0.01 lineitem of the TPC-H suite is about 7 MB)
        for (long bytes : List.of(0L, 7 * MB, 64 * MB)) {
            for (int hint : List.of(0, 1, 16)) {
                Sizing sizing = new Sizing(64 * MB, 0, hint, OptionalLong.of(bytes));
                List<PlannedSplit> small = CassandraSplitPlanner.plan(oneHost, List.of(), sizing);
                List<PlannedSplit> spread = CassandraSplitPlanner.plan(threeSets, List.of(), sizing);

                assertThat(small).as("%s bytes, hint %s", bytes, hint).hasSize(1);
                assertCoversRingOnce(small);
                assertThat(small.get(0).hosts()).containsExactly("h1");
                // one split although the ring has three replica sets: the hosts of the set holding most of it
                assertThat(spread).as("%s bytes, hint %s", bytes, hint).hasSize(1);
                assertCoversRingOnce(spread);
                assertThat(replicaSets).contains(spread.get(0).hosts());
            }
        }
    }

    @Test
    void withoutEstimatesTheProbedBytesCapTheHint() {
        List<RingRange> oneHost = vnodeRing(16, List.of(List.of("h1")), new Random(6));
        List<RingRange> threeSets =
                vnodeRing(16, List.of(List.of("h1", "h2"), List.of("h2", "h3"), List.of("h1", "h3")), new Random(7));

        // 160 MB in 64 MB splits: at most ceil(2.5) = 3, not Hive's 16
        assertThat(CassandraSplitPlanner.plan(
                        oneHost, List.of(), new Sizing(64 * MB, 0, 16, OptionalLong.of(160 * MB))))
                .hasSize(3);
        assertThat(CassandraSplitPlanner.plan(
                        threeSets, List.of(), new Sizing(64 * MB, 0, 16, OptionalLong.of(160 * MB))))
                .hasSize(3);
        // the target is cassandra.split.size-mb's: 16 MB splits of the same table make 10, still capped by the hint
        assertThat(CassandraSplitPlanner.plan(
                        oneHost, List.of(), new Sizing(16 * MB, 0, 16, OptionalLong.of(160 * MB))))
                .hasSize(10);
        assertThat(CassandraSplitPlanner.plan(oneHost, List.of(), new Sizing(16 * MB, 0, 4, OptionalLong.of(160 * MB))))
                .hasSize(4);
        // a large table keeps Hive's hint, as when nothing is known
        for (List<RingRange> ring : List.of(oneHost, threeSets)) {
            List<PlannedSplit> large =
                    CassandraSplitPlanner.plan(ring, List.of(), new Sizing(64 * MB, 0, 16, OptionalLong.of(4096 * MB)));
            List<PlannedSplit> unknown =
                    CassandraSplitPlanner.plan(ring, List.of(), new Sizing(64 * MB, 0, 16, OptionalLong.empty()));

            assertThat(large).hasSizeGreaterThanOrEqualTo(16).isEqualTo(unknown);
            assertCoversRingOnce(large);
        }
        // no hint: two per host, also capped by the bytes
        assertThat(CassandraSplitPlanner.plan(
                        oneHost, List.of(), new Sizing(64 * MB, 0, 0, OptionalLong.of(4096 * MB))))
                .hasSize(2);
        assertThat(CassandraSplitPlanner.plan(oneHost, List.of(), new Sizing(64 * MB, 0, 0, OptionalLong.of(42))))
                .hasSize(1);
    }

    @Test
    void theExplicitSplitCountAndSizeEstimatesIgnoreTheProbedBytes() {
        List<RingRange> ring = vnodeRing(16, List.of(List.of("h1"), List.of("h2")), new Random(8));
        List<SizeEstimate> estimates = evenEstimates(300 * MB, 16);

        assertThat(CassandraSplitPlanner.plan(ring, List.of(), new Sizing(64 * MB, 7, 16, OptionalLong.of(10))))
                .hasSize(7);
        assertThat(CassandraSplitPlanner.plan(ring, estimates, new Sizing(64 * MB, 7, 16, OptionalLong.of(10))))
                .hasSize(7);
        // with estimates the split size decides: 300 MB in 64 MB splits, not one split for "10 bytes"
        List<PlannedSplit> sized =
                CassandraSplitPlanner.plan(ring, estimates, new Sizing(64 * MB, 0, 16, OptionalLong.of(10)));
        assertThat(sized)
                .hasSizeGreaterThanOrEqualTo(5)
                .isEqualTo(
                        CassandraSplitPlanner.plan(ring, estimates, new Sizing(64 * MB, 0, 16, OptionalLong.empty())));
    }

    @Test
    void splitsForBytes() {
        assertThat(CassandraSplitPlanner.splitsForBytes(OptionalLong.empty(), 64 * MB))
                .isEqualTo(Integer.MAX_VALUE);
        assertThat(CassandraSplitPlanner.splitsForBytes(OptionalLong.of(0), 64 * MB))
                .isEqualTo(1);
        assertThat(CassandraSplitPlanner.splitsForBytes(OptionalLong.of(7 * MB), 64 * MB))
                .isEqualTo(1);
        assertThat(CassandraSplitPlanner.splitsForBytes(OptionalLong.of(64 * MB), 64 * MB))
                .isEqualTo(1);
        assertThat(CassandraSplitPlanner.splitsForBytes(OptionalLong.of(64 * MB + 1), 64 * MB))
                .isEqualTo(2);
        assertThat(CassandraSplitPlanner.splitsForBytes(OptionalLong.of(1000 * MB), 64 * MB))
                .isEqualTo(16);
        assertThat(CassandraSplitPlanner.splitsForBytes(OptionalLong.of(Long.MAX_VALUE), 1))
                .isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void estimatesRowsFromTheTokensOfTheFirstRows() {
        int probe = CassandraSizeEstimates.PROBE_ROWS;
        // fewer rows than asked for: that is the table
        assertThat(CassandraSizeEstimates.estimateRows(0, MIN_TOKEN)).isZero();
        assertThat(CassandraSizeEstimates.estimateRows(probe - 1, MAX_TOKEN)).isEqualTo(probe - 1);
        // the first 1000 rows span a tenth of the ring: about 10,000 rows
        assertThat(CassandraSizeEstimates.estimateRows(probe, MIN_TOKEN + (1L << 62) / 5 * 2))
                .isBetween(9_999L, 10_001L);
        // ... the whole ring: 1000 rows (and more partitions at the end than expected)
        assertThat(CassandraSizeEstimates.estimateRows(probe, MAX_TOKEN)).isEqualTo(probe);
        assertThat(CassandraSizeEstimates.estimateRows(probe, -1)).isBetween(1_999L, 2_001L);
        // all in one partition at the very start: as large as can be
        assertThat(CassandraSizeEstimates.estimateRows(probe, MIN_TOKEN)).isGreaterThan(Integer.MAX_VALUE);
    }

    @Test
    void estimatesBytesAsTheRowsTimesTheMeanRowRead() {
        int probe = CassandraSizeEstimates.PROBE_ROWS;
        assertThat(CassandraSizeEstimates.estimate(0, 0, MIN_TOKEN)).isEqualTo(new Probe(0, 0));
        // a whole small table: what was read
        assertThat(CassandraSizeEstimates.estimate(500, 60_000, MAX_TOKEN)).isEqualTo(new Probe(500, 60_000));
        // 1000 rows of 120 bytes spanning a tenth of the ring: about 10,000 rows of 1.2 MB
        Probe tenth = CassandraSizeEstimates.estimate(probe, 120L * probe, MIN_TOKEN + (1L << 62) / 5 * 2);
        assertThat(tenth.rows()).isBetween(9_999L, 10_001L);
        assertThat(tenth.bytes()).isBetween(1_199_880L, 1_200_120L);
        // one huge partition at the start of the ring: no overflow, the hint decides
        assertThat(CassandraSizeEstimates.estimate(probe, Long.MAX_VALUE / 2, MIN_TOKEN)
                        .bytes())
                .isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void joinsSmallRangesOfOneReplicaSetUpToTheTarget() {
        List<RingRange> ring =
                vnodeRing(256, List.of(List.of("h1", "h2"), List.of("h2", "h3"), List.of("h1", "h3")), new Random(2));
        // 300 MB in all, spread evenly over the ring
        List<SizeEstimate> estimates = evenEstimates(300 * MB, 64);

        List<PlannedSplit> splits =
                CassandraSplitPlanner.plan(ring, estimates, new Sizing(64 * MB, 0, 0, OptionalLong.empty()));

        assertCoversRingOnce(splits);
        // about 100 MB per replica set: 2 splits each (one full, one the rest), a few more where ranges do not add up
        assertThat(splits).hasSizeBetween(6, 9);
        assertThat(splits).allSatisfy(s -> assertThat(s.estimatedBytes()).isLessThanOrEqualTo(64 * MB + 1));
        long estimated =
                (long) estimates.stream().mapToDouble(SizeEstimate::bytes).sum();
        assertThat(splits.stream().mapToLong(PlannedSplit::estimatedBytes).sum())
                .isBetween(estimated - 100, estimated + 100);
        for (PlannedSplit split : splits) {
            // every range of a split is held by the split's hosts
            for (TokenRange range : split.ranges()) {
                assertThat(hostsOf(ring, range)).isEqualTo(split.hosts());
            }
        }
    }

    @Test
    void cutsRangesLargerThanTheTarget() {
        List<RingRange> ring =
                List.of(new RingRange(0, MIN_TOKEN + 1, List.of("h1")), new RingRange(MIN_TOKEN + 1, 0, List.of("h2")));
        // h1's half holds 1000 MB, h2's half 10 MB
        List<SizeEstimate> estimates = List.of(
                new SizeEstimate(new TokenRange(0, MAX_TOKEN), 1000, MB),
                new SizeEstimate(new TokenRange(MIN_TOKEN, 0), 10, MB));

        List<PlannedSplit> splits =
                CassandraSplitPlanner.plan(ring, estimates, new Sizing(100 * MB, 0, 0, OptionalLong.empty()));

        assertCoversRingOnce(splits);
        assertThat(splits.stream().filter(s -> s.hosts().equals(List.of("h1")))).hasSize(10);
        assertThat(splits.stream().filter(s -> s.hosts().equals(List.of("h2")))).hasSize(1);
    }

    @Test
    void makesExactlyTheRequestedSplitCount() {
        List<RingRange> ring = vnodeRing(16, List.of(List.of("h1"), List.of("h2")), new Random(3));
        for (int count : List.of(1, 3, 7, 40)) {
            List<PlannedSplit> withEstimates = CassandraSplitPlanner.plan(
                    ring, evenEstimates(100 * MB, 16), new Sizing(64 * MB, count, 0, OptionalLong.empty()));
            List<PlannedSplit> without =
                    CassandraSplitPlanner.plan(ring, List.of(), new Sizing(64 * MB, count, 9, OptionalLong.empty()));

            assertThat(withEstimates).hasSize(count);
            assertThat(without).hasSize(count);
            assertCoversRingOnce(withEstimates);
            assertCoversRingOnce(without);
            for (PlannedSplit split : withEstimates) {
                assertThat((double) split.estimatedBytes())
                        .isCloseTo(100.0 * MB / count, org.assertj.core.data.Offset.offset(2.0 * MB));
            }
        }
    }

    /** A ring of {@code tokensPerNode x replicaSets} random tokens, each range owned by a replica set in turn. */
    private static List<RingRange> vnodeRing(int tokensPerSet, List<List<String>> replicaSets, Random random) {
        TreeSet<Long> tokens = new TreeSet<>();
        while (tokens.size() < tokensPerSet * replicaSets.size()) {
            tokens.add(random.nextLong());
        }
        List<Long> sorted = new ArrayList<>(tokens);
        List<RingRange> ring = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            long start = sorted.get(i == 0 ? sorted.size() - 1 : i - 1); // the first range wraps around
            ring.add(new RingRange(start, sorted.get(i), replicaSets.get(random.nextInt(replicaSets.size()))));
        }
        return ring;
    }

    private static List<SizeEstimate> evenEstimates(long totalBytes, int ranges) {
        List<SizeEstimate> estimates = new ArrayList<>();
        for (TokenRange range : TokenRing.cut(new TokenRange(MIN_TOKEN, MAX_TOKEN), ranges)) {
            estimates.add(new SizeEstimate(range, totalBytes / ranges / 1000, 1000));
        }
        return estimates;
    }

    private static List<String> hostsOf(List<RingRange> ring, TokenRange range) {
        for (RingRange ringRange : ring) {
            for (TokenRange part : TokenRing.unwrap(ringRange.start(), ringRange.end())) {
                if (part.start() <= range.start() && range.end() <= part.end()) {
                    return ringRange.hosts();
                }
            }
        }
        throw new AssertionError("no ring range holds " + range);
    }

    private static void assertCoversRingOnce(List<PlannedSplit> splits) {
        List<TokenRange> all = new ArrayList<>();
        splits.forEach(s -> all.addAll(s.ranges()));
        TokenRing.checkCovers(all);
        assertThat(splits).allSatisfy(s -> assertThat(s.ranges()).isNotEmpty());
    }
}
