package io.hivenosql.bench.dml;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import java.time.Duration;

/**
 * One timed statement: the JDBC call's wall time from the client (compile, the Tez DAG, the statement's commit in
 * HiveServer2), and the rows it changed in the store.
 *
 * @param run 1-based; the warm-up runs come first
 * @param table the table the statement changes
 */
public record DmlMeasurement(
        Target target, int run, boolean warmup, DmlStep step, String table, Duration elapsed, long rows) {
    public DmlMeasurement {
        requireNonNull(target, "target is null");
        requireNonNull(step, "step is null");
        requireNonNull(table, "table is null");
        requireNonNull(elapsed, "elapsed is null");
        if (run < 1 || rows < 0) {
            throw new IllegalArgumentException("run must be >= 1 and rows >= 0");
        }
    }

    public double seconds() {
        return elapsed.toNanos() / 1e9;
    }
}
