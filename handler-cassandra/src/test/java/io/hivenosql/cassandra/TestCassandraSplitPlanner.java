package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.CassandraSplitPlanner.MAX_TOKEN;
import static io.hivenosql.cassandra.CassandraSplitPlanner.MIN_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.cassandra.CassandraSizeEstimates.SizeEstimate;
import io.hivenosql.cassandra.CassandraSplit.TokenRange;
import io.hivenosql.cassandra.CassandraSplitPlanner.PlannedSplit;
import io.hivenosql.cassandra.CassandraSplitPlanner.RingRange;
import io.hivenosql.cassandra.CassandraSplitPlanner.Sizing;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class TestCassandraSplitPlanner {
    private static final long MB = 1 << 20;

    @Test
    void unwrapsTheWrapAroundRange() {
        assertThat(CassandraSplitPlanner.unwrap(100, -100))
                .containsExactly(new TokenRange(100, MAX_TOKEN), new TokenRange(MIN_TOKEN, -100));
        assertThat(CassandraSplitPlanner.unwrap(-100, 100)).containsExactly(new TokenRange(-100, 100));
        // one token: the whole ring
        assertThat(CassandraSplitPlanner.unwrap(42, 42))
                .containsExactly(new TokenRange(42, MAX_TOKEN), new TokenRange(MIN_TOKEN, 42));
        assertThat(CassandraSplitPlanner.unwrap(MIN_TOKEN, MIN_TOKEN))
                .containsExactly(new TokenRange(MIN_TOKEN, MAX_TOKEN));
        assertThat(CassandraSplitPlanner.unwrap(MAX_TOKEN, 0)).containsExactly(new TokenRange(MIN_TOKEN, 0));
    }

    @Test
    void coversTheRingOfOneNodeWithOneToken() {
        List<PlannedSplit> splits = CassandraSplitPlanner.plan(
                List.of(new RingRange(7, 7, List.of("h1"))), List.of(), new Sizing(64 * MB, 0, 4));

        assertThat(splits).hasSize(4);
        assertCoversRingOnce(splits);
        assertThat(splits).allSatisfy(s -> assertThat(s.hosts()).containsExactly("h1"));
        assertThat(splits).allSatisfy(s -> assertThat(s.estimatedBytes()).isZero());
    }

    @Test
    void withoutEstimatesSplitsVnodesEvenlyByHiveHint() {
        List<RingRange> ring = vnodeRing(16, List.of(List.of("h1")), new Random(1));

        List<PlannedSplit> hinted = CassandraSplitPlanner.plan(ring, List.of(), new Sizing(64 * MB, 0, 5));
        List<PlannedSplit> unhinted = CassandraSplitPlanner.plan(ring, List.of(), new Sizing(64 * MB, 0, 0));

        assertCoversRingOnce(hinted);
        assertCoversRingOnce(unhinted);
        assertThat(hinted).hasSizeBetween(5, 6);
        assertThat(unhinted).hasSizeBetween(2, 3); // two per host
    }

    @Test
    void joinsSmallRangesOfOneReplicaSetUpToTheTarget() {
        List<RingRange> ring =
                vnodeRing(256, List.of(List.of("h1", "h2"), List.of("h2", "h3"), List.of("h1", "h3")), new Random(2));
        // 300 MB in all, spread evenly over the ring
        List<SizeEstimate> estimates = evenEstimates(300 * MB, 64);

        List<PlannedSplit> splits = CassandraSplitPlanner.plan(ring, estimates, new Sizing(64 * MB, 0, 0));

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

        List<PlannedSplit> splits = CassandraSplitPlanner.plan(ring, estimates, new Sizing(100 * MB, 0, 0));

        assertCoversRingOnce(splits);
        assertThat(splits.stream().filter(s -> s.hosts().equals(List.of("h1")))).hasSize(10);
        assertThat(splits.stream().filter(s -> s.hosts().equals(List.of("h2")))).hasSize(1);
    }

    @Test
    void makesExactlyTheRequestedSplitCount() {
        List<RingRange> ring = vnodeRing(16, List.of(List.of("h1"), List.of("h2")), new Random(3));
        for (int count : List.of(1, 3, 7, 40)) {
            List<PlannedSplit> withEstimates =
                    CassandraSplitPlanner.plan(ring, evenEstimates(100 * MB, 16), new Sizing(64 * MB, count, 0));
            List<PlannedSplit> without = CassandraSplitPlanner.plan(ring, List.of(), new Sizing(64 * MB, count, 9));

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

    @Test
    void cutsRangesIntoEqualParts() {
        List<TokenRange> parts = CassandraSplitPlanner.cut(new TokenRange(MIN_TOKEN, MAX_TOKEN), 4);

        assertThat(parts).hasSize(4);
        assertThat(parts.get(0)).isEqualTo(new TokenRange(MIN_TOKEN, MIN_TOKEN + (1L << 62) - 1));
        assertThat(CassandraSplitPlanner.cut(new TokenRange(0, 3), 10)).hasSize(3);
    }

    @Test
    void detectsGapsAndOverlaps() {
        assertThatThrownBy(() -> CassandraSplitPlanner.checkCovers(
                        List.of(new TokenRange(MIN_TOKEN, 0), new TokenRange(1, MAX_TOKEN))))
                .hasMessageContaining("gap at token 0");
        assertThatThrownBy(() -> CassandraSplitPlanner.checkCovers(
                        List.of(new TokenRange(MIN_TOKEN, 5), new TokenRange(0, MAX_TOKEN))))
                .hasMessageContaining("overlap");
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
        for (TokenRange range : CassandraSplitPlanner.cut(new TokenRange(MIN_TOKEN, MAX_TOKEN), ranges)) {
            estimates.add(new SizeEstimate(range, totalBytes / ranges / 1000, 1000));
        }
        return estimates;
    }

    private static List<String> hostsOf(List<RingRange> ring, TokenRange range) {
        for (RingRange ringRange : ring) {
            for (TokenRange part : CassandraSplitPlanner.unwrap(ringRange.start(), ringRange.end())) {
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
        CassandraSplitPlanner.checkCovers(all);
        assertThat(splits).allSatisfy(s -> assertThat(s.ranges()).isNotEmpty());
    }
}
