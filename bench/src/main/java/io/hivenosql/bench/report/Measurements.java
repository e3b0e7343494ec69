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
}
