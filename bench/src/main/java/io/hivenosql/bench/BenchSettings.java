package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;

/**
 * What a run does: the scale factors in order, the targets the queries run on (in report order; the first is the
 * reference results are compared with), the queries, warm-up and timed rounds, whether to run the raw driver scans
 * and how many token ranges the raw Cassandra scan reads at once, and how long one beeline session may take.
 */
public record BenchSettings(
        List<Double> scaleFactors,
        List<Target> targets,
        List<Query> queries,
        int warmups,
        int runs,
        boolean rawScans,
        int rawScanParallelism,
        Duration queryTimeout) {
    /** One token range at a time in the raw Cassandra scan, as Tez local mode runs one task at a time. */
    public BenchSettings(
            List<Double> scaleFactors,
            List<Target> targets,
            List<Query> queries,
            int warmups,
            int runs,
            boolean rawScans,
            Duration queryTimeout) {
        this(scaleFactors, targets, queries, warmups, runs, rawScans, 1, queryTimeout);
    }

    public BenchSettings {
        scaleFactors = List.copyOf(requireNonNull(scaleFactors, "scaleFactors is null"));
        targets = List.copyOf(requireNonNull(targets, "targets is null"));
        queries = List.copyOf(requireNonNull(queries, "queries is null"));
        requireNonNull(queryTimeout, "queryTimeout is null");
        if (scaleFactors.isEmpty() || targets.isEmpty() || queries.isEmpty()) {
            throw new IllegalArgumentException("a run needs a scale factor, a target and a query");
        }
        if (warmups < 0 || runs < 1) {
            throw new IllegalArgumentException("--warmups must be >= 0 and --runs >= 1");
        }
        if (rawScanParallelism < 1) {
            throw new IllegalArgumentException("--raw-parallelism must be >= 1");
        }
    }
}
