package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One query on a peer (Spark SQL with a store's connector) beside the same query on the Hive target of that store.
 *
 * @param runs the peer's timed rounds (warm-ups left out), from handing the text to Spark to the last row collected
 * @param failure why the peer did not run the query (Spark SQL does not parse or plan it unchanged)
 * @param check the peer's rows against the Hive targets' reference rows (absent when the peer did not run it)
 * @param peerScans what the peer's plan scanned and handed to the store, one line per scan
 * @param hiveScans what Hive's EXPLAIN shows of the same query's scans on the store target
 */
public record PeerQueryResult(
        String query,
        List<Duration> runs,
        Optional<String> failure,
        Optional<ResultCheck> check,
        List<String> peerScans,
        List<String> hiveScans) {
    public PeerQueryResult {
        requireNonNull(query, "query is null");
        runs = List.copyOf(requireNonNull(runs, "runs is null"));
        requireNonNull(failure, "failure is null");
        requireNonNull(check, "check is null");
        peerScans = List.copyOf(requireNonNull(peerScans, "peerScans is null"));
        hiveScans = List.copyOf(requireNonNull(hiveScans, "hiveScans is null"));
        if (failure.isPresent() == check.isPresent()) {
            throw new IllegalArgumentException("a peer query has a check exactly when it ran: " + query);
        }
    }

    /** The median of the timed runs, when the peer ran the query. */
    public Optional<Duration> median() {
        if (runs.isEmpty()) {
            return Optional.empty();
        }
        List<Duration> sorted = runs.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return Optional.of(
                sorted.size() % 2 == 1
                        ? sorted.get(middle)
                        : sorted.get(middle - 1).plus(sorted.get(middle)).dividedBy(2));
    }
}
