package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import java.time.Duration;

/**
 * One raw driver scan of a store's whole {@code lineitem} table (Jedis, the Cassandra driver, the MongoDB driver; no
 * Hive), the baseline each handler's Hive scan is compared with. {@code run} counts from 1; warm-up runs are marked.
 */
public record RawScanMeasurement(Target target, int run, boolean warmup, long rows, Duration elapsed) {
    public RawScanMeasurement {
        requireNonNull(target, "target is null");
        requireNonNull(elapsed, "elapsed is null");
        if (!target.isStore()) {
            throw new IllegalArgumentException("no raw driver scan for " + target.cliName());
        }
        if (run < 1) {
            throw new IllegalArgumentException("run must be at least 1: " + run);
        }
        if (rows < 0) {
            throw new IllegalArgumentException("rows is negative: " + rows);
        }
    }

    public double rowsPerSecond() {
        return Measurements.perSecond(rows, elapsed);
    }
}
