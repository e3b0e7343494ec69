package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import java.time.Duration;

/** How long one {@code INSERT ... SELECT} from the HDFS text table into a target's table took. */
public record LoadMeasurement(Target target, String table, long rows, Duration elapsed) {
    public LoadMeasurement {
        requireNonNull(target, "target is null");
        requireNonNull(table, "table is null");
        requireNonNull(elapsed, "elapsed is null");
        Measurements.requireAtLeast("rows", rows, 0);
    }

    /** Rows loaded a second. */
    public double rowsPerSecond() {
        return Measurements.perSecond(rows, elapsed);
    }
}
