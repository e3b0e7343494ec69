package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.redis.RedisSplit.SlotRange;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestRedisSplitPlanner {
    @Test
    void splitCountFollowsPropertyThenEstimateThenHint() {
        assertThat(RedisSplitPlanner.splitCount(7, 0, 0)).isEqualTo(7);
        assertThat(RedisSplitPlanner.splitCount(0, 0, 0)).isEqualTo(1);
        assertThat(RedisSplitPlanner.splitCount(0, 199_999, 0)).isEqualTo(1);
        assertThat(RedisSplitPlanner.splitCount(0, 1_000_001, 0)).isEqualTo(6);
        assertThat(RedisSplitPlanner.splitCount(0, 1_000_000_000, 0)).isEqualTo(64);
        assertThat(RedisSplitPlanner.splitCount(0, 100_000, 8)).isEqualTo(8);
        assertThat(RedisSplitPlanner.splitCount(0, 30_000, 8)).isEqualTo(3);
        assertThat(RedisSplitPlanner.splitCount(0, 500, 8)).isEqualTo(1);
        assertThat(RedisSplitPlanner.splitCount(0, 100_000_000, 200)).isEqualTo(64);
    }

    @Test
    void groupsSlotsIntoRunsOfEqualKeysCoveringEachSlotOnce() {
        long[] keys = new long[16384];
        for (int slot = 0; slot < 16384; slot++) {
            keys[slot] = slot < 100 ? 1000 : 1;
        }
        List<SlotRange> ranges = List.of(new SlotRange(0, 5460), new SlotRange(10000, 10010));
        List<List<SlotRange>> groups = RedisSplitPlanner.groupSlots(ranges, keys, 4);
        assertThat(groups).hasSizeBetween(2, 4);
        BitSet covered = new BitSet();
        int count = 0;
        for (List<SlotRange> group : groups) {
            for (SlotRange range : group) {
                covered.set(range.first(), range.last() + 1);
                count += range.last() - range.first() + 1;
            }
        }
        assertThat(count).isEqualTo(5461 + 11);
        assertThat(covered.cardinality()).isEqualTo(5461 + 11);
        assertThat(covered.get(0, 5461).cardinality()).isEqualTo(5461);
        assertThat(covered.get(10000, 10011).cardinality()).isEqualTo(11);
        assertThat(RedisSplitPlanner.groupSlots(List.of(new SlotRange(5, 7)), new long[16384], 10))
                .containsExactly(
                        List.of(new SlotRange(5, 5)), List.of(new SlotRange(6, 6)), List.of(new SlotRange(7, 7)));
        assertThat(RedisSplitPlanner.groupSlots(List.of(new SlotRange(0, 99)), new long[16384], 1))
                .containsExactly(List.of(new SlotRange(0, 99)));
    }
}
