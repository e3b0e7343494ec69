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
        Measurements.requireAtLeast("run", run, 1);
        Measurements.requireAtLeast("rows", rows, 0);
    }

    public double rowsPerSecond() {
        return Measurements.perSecond(rows, elapsed);
    }
}
