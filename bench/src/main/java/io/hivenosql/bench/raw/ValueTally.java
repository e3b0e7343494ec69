package io.hivenosql.bench.raw;

/**
 * Counts what a raw scan read: rows, and every decoded value, so that no decoding is work the JIT may drop as unused.
 * The values' count is folded into {@link #rows()}, which every scan returns.
 */
final class ValueTally {
    private long rows;
    private long values;

    void value(Object value) {
        if (value != null) {
            values++;
        }
    }

    /** A value's size, e.g. a string's length: the scan touched its content. */
    void size(long size) {
        values += size;
    }

    void row() {
        rows++;
    }

    /** The rows read (-1 only if the value count overflowed, which keeps the count live). */
    long rows() {
        return values < 0 ? -1 : rows;
    }
}
