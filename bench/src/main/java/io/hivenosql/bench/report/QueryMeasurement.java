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
        if (run < 1) {
            throw new IllegalArgumentException("run must be at least 1: " + run);
        }
        if (rows < 0) {
            throw new IllegalArgumentException("rows is negative: " + rows);
        }
    }
}
