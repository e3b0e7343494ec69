package io.hivenosql.redis;

import static io.hivenosql.redis.RedisScanRange.Progress.END;
import static io.hivenosql.redis.RedisScanRange.Progress.INSIDE;
import static io.hivenosql.redis.RedisScanRange.Progress.PAST_END;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestRedisScanRange {
    @Test
    void unitsFollowTheDatabaseSizeWithAMargin() {
        assertThat(RedisScanRange.unitBits(0)).isZero();
        assertThat(RedisScanRange.unitBits(31)).isZero();
        assertThat(RedisScanRange.unitBits(32)).isEqualTo(1);
        assertThat(RedisScanRange.unitBits(300)).isEqualTo(4); // 18 -> 16 units
        assertThat(RedisScanRange.unitBits(866_030)).isEqualTo(15);
        assertThat(RedisScanRange.unitBits(Long.MAX_VALUE)).isEqualTo(RedisScanRange.MAX_UNIT_BITS);
    }

    @Test
    void rangesCutTheUnitsIntoNearlyEqualConsecutiveParts() {
        for (int bits : new int[] {0, 1, 4, 15, 20}) {
            long units = RedisScanRange.units(bits);
            for (int count : new int[] {1, 2, 3, 7, 16, 64, 1024}) {
                if (count > units) {
                    continue;
                }
                long expectedStart = 0;
                for (int i = 0; i < count; i++) {
                    RedisScanRange range = new RedisScanRange(i, count, bits);
                    assertThat(range.firstUnit()).isEqualTo(expectedStart);
                    assertThat(range.endUnit() - range.firstUnit()).isBetween(units / count, units / count + 1);
                    expectedStart = range.endUnit();
                }
                assertThat(expectedStart).isEqualTo(units);
            }
        }
    }

    @Test
    void rejectsMoreRangesThanUnits() {
        assertThatThrownBy(() -> new RedisScanRange(0, 17, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("0/17 of 16 units");
        assertThatThrownBy(() -> new RedisScanRange(3, 3, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RedisScanRange(0, 1, 21)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Walks the cursors of a key table of 2^tableBits buckets the way Redis's dictScan does (reverse-binary increment
     * under the table's mask) from each range's start cursor, and checks that the ranges visit every bucket exactly
     * once: the property the splits rely on, for tables of at least as many buckets as units.
     */
    @Test
    void rangesVisitEveryBucketOfALargeEnoughTableOnce() {
        for (int tableBits : new int[] {4, 5, 10}) {
            for (int unitBits : new int[] {0, 2, 4}) {
                for (int count : new int[] {1, 3, 4}) {
                    if (count > RedisScanRange.units(unitBits)) {
                        continue;
                    }
                    int[] visits = new int[1 << tableBits];
                    for (int i = 0; i < count; i++) {
                        RedisScanRange range = new RedisScanRange(i, count, unitBits);
                        for (long bucket : bucketsOf(range, tableBits)) {
                            visits[(int) bucket]++;
                        }
                    }
                    for (int bucket = 0; bucket < visits.length; bucket++) {
                        assertThat(visits[bucket])
                                .as(
                                        "bucket %d of %d, %d ranges of %d units",
                                        bucket, visits.length, count, RedisScanRange.units(unitBits))
                                .isEqualTo(1);
                    }
                }
            }
        }
    }

    /** The buckets one range visits, one dictScan step (one bucket) at a time, stopping as the reader does. */
    private static List<Long> bucketsOf(RedisScanRange range, int tableBits) {
        long mask = (1L << tableBits) - 1;
        List<Long> buckets = new ArrayList<>();
        long cursor = range.startCursor();
        while (true) {
            buckets.add(cursor & mask);
            long next = Long.reverse(Long.reverse(cursor | ~mask) + 1);
            RedisScanRange.Progress progress = range.progress(next);
            assertThat(progress)
                    .as("one bucket never runs past a range of whole buckets")
                    .isNotEqualTo(PAST_END);
            if (progress == END) {
                return buckets;
            }
            cursor = next;
        }
    }

    @Test
    void progressComparesReversedCursorsWithTheRangeEnd() {
        RedisScanRange first = new RedisScanRange(0, 4, 2); // positions [0, 2^62)
        assertThat(first.startCursor()).isZero();
        assertThat(first.progress(Long.reverse(1L << 61))).isEqualTo(INSIDE);
        assertThat(first.progress(Long.reverse(1L << 62))).isEqualTo(END);
        assertThat(first.progress(Long.reverse(3L << 61))).isEqualTo(PAST_END);
        assertThat(first.progress(0)).as("wrapped around").isEqualTo(PAST_END);

        RedisScanRange third = new RedisScanRange(2, 4, 2); // positions [2^63, 3 * 2^62): cursor bits reversed
        assertThat(third.startCursor()).isEqualTo(1);
        assertThat(third.progress(Long.reverse(5L << 61))).isEqualTo(INSIDE);
        assertThat(third.progress(Long.reverse(3L << 62))).isEqualTo(END);
        assertThat(third.progress(Long.reverse(-1L))).isEqualTo(PAST_END);

        RedisScanRange last = new RedisScanRange(3, 4, 2);
        assertThat(last.progress(Long.reverse(-1L))).isEqualTo(INSIDE);
        assertThat(last.progress(0)).as("iteration complete").isEqualTo(END);
    }
}
