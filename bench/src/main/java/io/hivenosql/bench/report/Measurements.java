package io.hivenosql.bench.report;

import java.time.Duration;

/** Small arithmetic shared by the measurements and the report. */
public final class Measurements {
    private Measurements() {}

    /** {@code count} a second over {@code elapsed}; 0 when nothing elapsed. */
    public static double perSecond(long count, Duration elapsed) {
        long nanos = elapsed.toNanos();
        return nanos <= 0 ? 0 : count * 1e9 / nanos;
    }

    /**
     * {@code value} when it is at least {@code min}; else throws an {@link IllegalArgumentException} naming {@code name}
     * ("rows is negative: -1", "run must be at least 1: 0").
     */
    public static long requireAtLeast(String name, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(
                    min == 0 ? name + " is negative: " + value : name + " must be at least " + min + ": " + value);
        }
        return value;
    }
}
