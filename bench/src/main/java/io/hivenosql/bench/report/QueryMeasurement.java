package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import java.time.Duration;

/**
 * One run of one query against one target: {@code run} counts from 1 within its target and query, and warm-up runs
 * are marked (they are in the CSV but not in the medians). {@code elapsed} is the time beeline reports for the
 * statement (compile, run and fetch, without the client's start-up); {@code rows} the rows it returned.
 */
public record QueryMeasurement(Target target, String query, int run, boolean warmup, Duration elapsed, long rows) {
    public QueryMeasurement {
        requireNonNull(target, "target is null");
        requireNonNull(query, "query is null");
        requireNonNull(elapsed, "elapsed is null");
        Measurements.requireAtLeast("run", run, 1);
        Measurements.requireAtLeast("rows", rows, 0);
    }
}
