package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import java.util.List;
import java.util.Map;

/**
 * Everything measured at one scale factor: the load of each table into each target, every query run, every raw scan,
 * and the result check of each query across the targets.
 *
 * @param lineitemRows the rows of {@code lineitem}, what the full-scan probe reads
 * @param lineitemBytes the size of {@code lineitem} as dbgen text, the bytes a scan's MB/s is counted in for every
 *     target (so the rates compare the same logical data, whatever each store's encoding)
 * @param checks query name to the outcome of comparing its results across the targets
 * @param peers the peers' runs against the stores' tables ({@code --peers}), store by store; empty without peers
 */
public record ScaleFactorResults(
        double scaleFactor,
        List<Target> targets,
        long lineitemRows,
        long lineitemBytes,
        List<LoadMeasurement> loads,
        List<QueryMeasurement> queries,
        List<RawScanMeasurement> rawScans,
        Map<String, ResultCheck> checks,
        List<PeerStoreResults> peers) {
    /** A scale factor run without peers. */
    public ScaleFactorResults(
            double scaleFactor,
            List<Target> targets,
            long lineitemRows,
            long lineitemBytes,
            List<LoadMeasurement> loads,
            List<QueryMeasurement> queries,
            List<RawScanMeasurement> rawScans,
            Map<String, ResultCheck> checks) {
        this(scaleFactor, targets, lineitemRows, lineitemBytes, loads, queries, rawScans, checks, List.of());
    }

    public ScaleFactorResults {
        if (scaleFactor <= 0) {
            throw new IllegalArgumentException("scale factor must be positive: " + scaleFactor);
        }
        targets = List.copyOf(requireNonNull(targets, "targets is null"));
        loads = List.copyOf(requireNonNull(loads, "loads is null"));
        queries = List.copyOf(requireNonNull(queries, "queries is null"));
        rawScans = List.copyOf(requireNonNull(rawScans, "rawScans is null"));
        checks = Map.copyOf(requireNonNull(checks, "checks is null"));
        peers = List.copyOf(requireNonNull(peers, "peers is null"));
    }
}
