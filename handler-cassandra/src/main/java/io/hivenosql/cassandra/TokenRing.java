package io.hivenosql.cassandra;

import io.hivenosql.cassandra.CassandraSplit.TokenRange;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The Murmur3 token ring, {@code (MIN_TOKEN, MAX_TOKEN]} ({@link #RING_WIDTH} wide), and arithmetic on its ranges: a
 * ring range that wraps around as unwrapped {@link TokenRange}s, the width of a ring range, cutting a range at a
 * fraction of its width or into equal parts, and the check that ranges cover the ring exactly once. Exact (on
 * {@link BigInteger}) where a token is computed, so that the planned ranges never overlap or leave a gap.
 */
final class TokenRing {
    static final long MIN_TOKEN = Long.MIN_VALUE;
    static final long MAX_TOKEN = Long.MAX_VALUE;
    /** The number of tokens in the ring. */
    static final double RING_WIDTH = Math.pow(2, 64);

    private TokenRing() {}

    /** The ranges of a ring range {@code (start, end]} without wrapping; {@code start == end} is the whole ring. */
    static List<TokenRange> unwrap(long start, long end) {
        if (start < end) {
            return List.of(new TokenRange(start, end));
        }
        List<TokenRange> ranges = new ArrayList<>(2);
        if (start < MAX_TOKEN) {
            ranges.add(new TokenRange(start, MAX_TOKEN));
        }
        if (end > MIN_TOKEN) {
            ranges.add(new TokenRange(MIN_TOKEN, end));
        }
        return ranges;
    }

    /** The number of tokens in the ring range {@code (start, end]}, as a double ({@code start == end}: the ring). */
    static double width(long start, long end) {
        double width = (double) end - (double) start;
        return start < end ? width : RING_WIDTH + width;
    }

    /** The token at a fraction (0 to 1) of the range's width from its start. */
    static long tokenAt(TokenRange range, double fraction) {
        BigInteger offset = new BigDecimal(range.width())
                .multiply(BigDecimal.valueOf(Math.max(0, Math.min(1, fraction))))
                .toBigInteger();
        return BigInteger.valueOf(range.start()).add(offset).longValue();
    }

    /** The range cut into {@code pieces} parts of (nearly) equal width; fewer when it has fewer tokens. */
    static List<TokenRange> cut(TokenRange range, int pieces) {
        BigInteger width = range.width();
        int count = width.compareTo(BigInteger.valueOf(pieces)) < 0 ? width.intValueExact() : pieces;
        if (count <= 1) {
            return List.of(range);
        }
        List<TokenRange> parts = new ArrayList<>(count);
        BigInteger start = BigInteger.valueOf(range.start());
        long previous = range.start();
        for (int i = 1; i <= count; i++) {
            long end = i == count
                    ? range.end()
                    : start.add(width.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(count)))
                            .longValueExact();
            parts.add(new TokenRange(previous, end));
            previous = end;
        }
        return parts;
    }

    /**
     * Checks that the ranges cover {@code (MIN, MAX]} exactly once.
     *
     * @throws IllegalStateException naming the first gap or overlap
     */
    static void checkCovers(List<TokenRange> ranges) {
        List<TokenRange> sorted = new ArrayList<>(ranges);
        Collections.sort(sorted);
        long expected = MIN_TOKEN;
        for (TokenRange range : sorted) {
            if (range.start() != expected) {
                throw new IllegalStateException("token ranges do not cover the ring exactly once: "
                        + (range.start() > expected ? "gap" : "overlap") + " at token " + expected + " (next range "
                        + range + ")");
            }
            expected = range.end();
        }
        if (expected != MAX_TOKEN) {
            throw new IllegalStateException("token ranges do not cover the ring: gap after token " + expected);
        }
    }
}
