package io.hivenosql.bench.raw;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The Murmur3 token ring (Cassandra's default partitioner) cut into equal ranges {@code (start, end]} that together
 * cover every token a key can have: Murmur3 never gives a key the ring's minimum, {@link Long#MIN_VALUE}, so the
 * first range starts there exclusively and the last ends at {@link Long#MAX_VALUE}.
 */
record TokenRanges(List<Range> ranges) {
    /** One range, start exclusive and end inclusive, as a {@code token(key) > ? AND token(key) <= ?} query binds it. */
    record Range(long start, long end) {
        Range {
            if (start >= end) {
                throw new IllegalArgumentException("empty token range (" + start + ", " + end + "]");
            }
        }
    }

    TokenRanges {
        ranges = List.copyOf(ranges);
    }

    /** {@code count} ranges of equal width (within one token) from the ring's minimum to its maximum. */
    static TokenRanges split(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("a ring needs at least 1 range, not " + count);
        }
        BigInteger min = BigInteger.valueOf(Long.MIN_VALUE);
        BigInteger width = BigInteger.valueOf(Long.MAX_VALUE).subtract(min);
        List<Range> ranges = new ArrayList<>(count);
        long start = Long.MIN_VALUE;
        for (int i = 1; i <= count; i++) {
            long end = i == count
                    ? Long.MAX_VALUE
                    : min.add(width.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(count)))
                            .longValueExact();
            ranges.add(new Range(start, end));
            start = end;
        }
        return new TokenRanges(ranges);
    }
}
