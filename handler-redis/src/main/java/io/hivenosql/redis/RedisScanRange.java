package io.hivenosql.redis;

/**
 * One split's share of a single server's {@code SCAN}: a range of SCAN's cursor space.
 *
 * <p>SCAN walks the buckets of the server's key hash table in reverse-binary order: the cursor is a bucket index with
 * its bits reversed, and each call continues where the previous one stopped, one bucket after another, until it has
 * about COUNT keys. Read with its bits reversed, the cursor is a <em>position</em> that only grows (it wraps to 0 when
 * the iteration is complete), whatever the table's size, and also while Redis grows or shrinks the table. The 2^64
 * positions are cut into {@code 2^unitBits} units of equal width, and split {@code index} of {@code count} owns units
 * {@code [index * units / count, (index + 1) * units / count)}: it starts SCAN at the cursor of its first position and
 * stops at the first position of the next split. A key lives in the bucket given by the low bits of its hash, so each
 * key is in exactly one split's range, and the splits together walk the keyspace once.
 *
 * <p>Two conditions keep the ranges exact:
 *
 * <ul>
 *   <li>The table has at least {@code 2^unitBits} buckets, so that every range boundary is a bucket boundary; the
 *       planner chooses {@code unitBits} from DBSIZE with a wide margin (Redis keeps at least a bucket per key, fewer
 *       only while a snapshot is being written).
 *   <li>A SCAN call that runs past the end of the range also returned keys of the next range, which that split reads:
 *       the reader drops such a batch and repeats it with a smaller COUNT, down to 1. With COUNT 1 a call stops at the
 *       first bucket that holds keys and returns only that bucket's keys, so a batch that still runs past the end holds
 *       only keys of the next range (and the buckets left in this range were empty).
 * </ul>
 */
record RedisScanRange(int index, int count, int unitBits) {
    /** The most units: 2^20 (about a million); ranges stay balanced to within a unit. */
    static final int MAX_UNIT_BITS = 20;

    /** Where a SCAN call ended, relative to the range. */
    enum Progress {
        /** Still inside the range: keep the keys and go on. */
        INSIDE,
        /** Exactly at the end of the range (or the iteration is complete): keep the keys and stop. */
        END,
        /** Past the end: the batch may hold keys of the next range. */
        PAST_END
    }

    RedisScanRange {
        if (unitBits < 0 || unitBits > MAX_UNIT_BITS) {
            throw new IllegalArgumentException("unitBits must be in [0, " + MAX_UNIT_BITS + "]: " + unitBits);
        }
        if (count < 1 || count > units(unitBits) || index < 0 || index >= count) {
            throw new IllegalArgumentException(
                    "bad scan range " + index + "/" + count + " of " + units(unitBits) + " units");
        }
    }

    /** How many splits a server of {@code dbSize} keys can have: 2^unitBits (see {@link #unitBits(long)}). */
    static long units(int unitBits) {
        return 1L << unitBits;
    }

    /**
     * The unit bits for a server holding {@code dbSize} keys: the largest power of two at most DBSIZE / 16 (at most
     * 2^{@value #MAX_UNIT_BITS}). Redis sizes its key table to at least one bucket per key (one per five keys while it
     * writes a snapshot) and only shrinks it below a tenth full, so the table keeps 2^unitBits buckets unless nearly
     * all keys are deleted while the query runs.
     */
    static int unitBits(long dbSize) {
        long units = dbSize / 16;
        if (units < 2) {
            return 0;
        }
        return Math.min(MAX_UNIT_BITS, 63 - Long.numberOfLeadingZeros(units));
    }

    /** The first unit of the range. */
    long firstUnit() {
        return unitBoundary(index);
    }

    /** The first unit after the range; {@code units} for the last split. */
    long endUnit() {
        return unitBoundary(index + 1);
    }

    private long unitBoundary(int split) {
        return split * units(unitBits) / count;
    }

    boolean last() {
        return index == count - 1;
    }

    /** The cursor to start SCAN at: 0 for the first split. */
    long startCursor() {
        return Long.reverse(position(firstUnit()));
    }

    /** Where a SCAN call that returned {@code cursor} ended, relative to the range. */
    Progress progress(long cursor) {
        if (cursor == 0) {
            // the iteration wrapped: complete for the last split, past the end for any other
            return last() ? Progress.END : Progress.PAST_END;
        }
        if (last()) {
            return Progress.INSIDE;
        }
        int order = Long.compareUnsigned(Long.reverse(cursor), position(endUnit()));
        return order < 0 ? Progress.INSIDE : order == 0 ? Progress.END : Progress.PAST_END;
    }

    /** The first position of a unit (units below 2^unitBits). */
    private long position(long unit) {
        return unitBits == 0 ? 0 : unit << (Long.SIZE - unitBits);
    }

    @Override
    public String toString() {
        return "units " + firstUnit() + "-" + (endUnit() - 1) + " of " + units(unitBits);
    }
}
