package io.hivenosql.bench.report;

import io.hivenosql.bench.failover.RequestMix;
import io.hivenosql.bench.failover.RequestRecord;
import io.hivenosql.bench.failover.RequestRecord.Outcome;
import io.hivenosql.bench.failover.RequestType;
import io.hivenosql.bench.failover.RowsCheck;
import io.hivenosql.bench.failover.Timeline;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Failover runs made up for the report's tests: 30 seconds, the kill at 10 s, every node up again at 20 s; 100 requests
 * ending in each phase, the i-th of a phase taking i milliseconds.
 */
final class TestingFailoverResults {
    static final long SECOND = 1_000_000_000L;
    static final Timeline TIMELINE =
            new Timeline(0, OptionalLong.of(10 * SECOND), OptionalLong.of(20 * SECOND), 30 * SECOND);

    private TestingFailoverResults() {}

    /** 300 requests, all fine. */
    static List<RequestRecord> clean() {
        List<RequestRecord> records = new ArrayList<>();
        for (int phase = 0; phase < 3; phase++) {
            for (int i = 1; i <= 100; i++) {
                int index = phase * 100 + i - 1;
                long end = phase * 10 * SECOND + i * 90_000_000L;
                records.add(new RequestRecord(
                        index, RequestMix.type(index), index % 4, end - i * 1_000_000L, end, Outcome.OK, ""));
            }
        }
        return records;
    }

    /** {@link #clean()} with request {@code index} ending as {@code outcome}. */
    static List<RequestRecord> with(List<RequestRecord> records, int index, Outcome outcome, String detail) {
        List<RequestRecord> changed = new ArrayList<>(records);
        RequestRecord old = changed.get(index);
        changed.set(
                index,
                new RequestRecord(
                        old.index(), old.type(), old.client(), old.startNanos(), old.endNanos(), outcome, detail));
        return changed;
    }

    static FailoverResults results(
            List<RequestRecord> records, boolean redis, Optional<Duration> window, RowsCheck rows) {
        return new FailoverResults(
                Instant.parse("2026-11-26T13:00:00Z"),
                TestingBenchResults.machine(),
                redis ? "redis" : "cassandra",
                redis ? "Redis Cluster <3 masters & replicas>" : "Cassandra ring",
                "node 127.0.0.2",
                4,
                records.size(),
                records.size(),
                records,
                TIMELINE,
                window,
                redis ? "promotion window" : "failure detection",
                redis,
                List.of("+10.0 s: killed node 127.0.0.2", "+20.0 s: every node is up again"),
                Map.of(
                        RequestType.LOOKUP, "a fetch task",
                        RequestType.SCAN, "a fetch task",
                        RequestType.INSERT, "a Tez DAG"),
                rows,
                "the store's client",
                List.of(new FailoverResults.ProcessMemory("bench JVM", 42, 2L << 30, 3L << 30)));
    }

    static RowsCheck nothingLost() {
        return RowsCheck.of(Set.of(1L, 2L), Set.of(), 2, List.of(1L, 2L), List.of(1L, 2L));
    }
}
