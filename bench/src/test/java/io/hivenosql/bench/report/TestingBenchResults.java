package io.hivenosql.bench.report;

import static io.hivenosql.bench.Target.CASSANDRA;
import static io.hivenosql.bench.Target.HDFS_ORC;
import static io.hivenosql.bench.Target.HDFS_TEXT;
import static io.hivenosql.bench.Target.MONGO;
import static io.hivenosql.bench.Target.REDIS;

import io.hivenosql.bench.Target;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A synthetic run with numbers chosen so every derived figure is exact.
 *
 * <p>Scale factor 1: all five targets; lineitem 6,000,000 rows, 750,000,000 bytes. Every query ran one 100 s warm-up
 * and three timed runs at median+300 ms, median-100 ms and the median; the full-scan medians are hdfs-orc 2 s,
 * hdfs-text 4 s, redis 12 s, cassandra 24 s, mongo 8 s (so 3M, 1.5M, 500k, 250k, 750k rows/s). Raw scans: redis
 * 1M, 2M, 4M rows/s after a warm-up (median 2M), cassandra 0.5M and 1M (median 0.75M), mongo none. Loads: redis
 * lineitem 6M rows in 60 s and orders 1.5M in 10 s. {@code probe_key_lookup} differs across the targets.
 *
 * <p>Scale factor 0.1: mongo listed but not run, cassandra's full scan took no time; the query and a loaded table
 * have names needing escapes ({@link #ODD_QUERY}, {@link #ODD_TABLE}); no raw scans.
 */
final class TestingBenchResults {
    static final String ODD_QUERY = "q<&\"x,y";
    static final String ODD_TABLE = "odd, \"table\" <&>";
    static final String DIFFERENCE = "row 1, o_comment: hdfs-orc \"<a&b>\" but redis 'x'";
    static final List<String> QUERIES = List.of("q01", "q06", "probe_full_scan", "probe_key_lookup");
    static final Map<Target, Integer> FULL_SCAN_MILLIS =
            Map.of(HDFS_ORC, 2000, HDFS_TEXT, 4000, REDIS, 12000, CASSANDRA, 24000, MONGO, 8000);

    private TestingBenchResults() {}

    static BenchResults twoScaleFactors() {
        return results(List.of(scaleFactorOne(), scaleFactorTenth()));
    }

    static BenchResults oneScaleFactor() {
        return results(List.of(scaleFactorOne()));
    }

    static MachineInfo machine() {
        return new MachineInfo(
                "test host <&\">",
                "Synthetic CPU @ 3.0GHz",
                8,
                16L * 1024 * 1024 * 1024,
                "Linux 6.1 amd64",
                "17.0.15",
                "4.0.1",
                "Tez 0.10.4 (local)",
                "embedded");
    }

    private static BenchResults results(List<ScaleFactorResults> scaleFactors) {
        return new BenchResults(Instant.parse("2025-03-04T05:06:07.891Z"), machine(), 1, 3, scaleFactors);
    }

    static ScaleFactorResults scaleFactorOne() {
        List<QueryMeasurement> queries = new ArrayList<>();
        for (Target target : Target.defaults()) {
            for (int i = 0; i < QUERIES.size(); i++) {
                String query = QUERIES.get(i);
                int median = query.equals("probe_full_scan") ? FULL_SCAN_MILLIS.get(target) : 500 + 1000 * i;
                queries.addAll(runs(target, query, median, 42));
            }
        }
        List<RawScanMeasurement> rawScans = List.of(
                new RawScanMeasurement(REDIS, 1, true, 6_000_000, Duration.ofSeconds(60)),
                new RawScanMeasurement(REDIS, 2, false, 6_000_000, Duration.ofSeconds(6)),
                new RawScanMeasurement(REDIS, 3, false, 6_000_000, Duration.ofMillis(1500)),
                new RawScanMeasurement(REDIS, 4, false, 6_000_000, Duration.ofSeconds(3)),
                new RawScanMeasurement(CASSANDRA, 1, false, 6_000_000, Duration.ofSeconds(12)),
                new RawScanMeasurement(CASSANDRA, 2, false, 6_000_000, Duration.ofSeconds(6)));
        List<LoadMeasurement> loads = List.of(
                new LoadMeasurement(REDIS, "lineitem", 6_000_000, Duration.ofSeconds(60)),
                new LoadMeasurement(REDIS, "orders", 1_500_000, Duration.ofSeconds(10)),
                new LoadMeasurement(HDFS_ORC, "lineitem", 6_000_000, Duration.ofSeconds(20)),
                new LoadMeasurement(CASSANDRA, "lineitem", 6_000_000, Duration.ofSeconds(120)),
                new LoadMeasurement(MONGO, "lineitem", 6_000_000, Duration.ofSeconds(40)));
        Map<String, ResultCheck> checks = Map.of(
                "q01", ResultCheck.matching("q01", 4),
                "q06", ResultCheck.matching("q06", 1),
                "probe_full_scan", ResultCheck.matching("probe_full_scan", 1),
                "probe_key_lookup", ResultCheck.mismatch("probe_key_lookup", 1, DIFFERENCE));
        return new ScaleFactorResults(1, Target.defaults(), 6_000_000, 750_000_000, loads, queries, rawScans, checks);
    }

    static ScaleFactorResults scaleFactorTenth() {
        List<QueryMeasurement> queries = new ArrayList<>();
        for (Target target : List.of(HDFS_ORC, HDFS_TEXT, REDIS)) {
            queries.addAll(runs(target, "probe_full_scan", FULL_SCAN_MILLIS.get(target) / 10, 1));
            queries.addAll(runs(target, ODD_QUERY, 300, 7));
        }
        queries.add(new QueryMeasurement(CASSANDRA, "probe_full_scan", 1, false, Duration.ZERO, 1));
        List<LoadMeasurement> loads = List.of(
                new LoadMeasurement(REDIS, ODD_TABLE, 10, Duration.ofSeconds(2)),
                new LoadMeasurement(REDIS, "lineitem", 600_000, Duration.ZERO));
        Map<String, ResultCheck> checks = Map.of(
                "probe_full_scan",
                ResultCheck.matching("probe_full_scan", 1),
                ODD_QUERY,
                ResultCheck.matching(ODD_QUERY, 7));
        return new ScaleFactorResults(0.1, Target.defaults(), 600_000, 75_000_000, loads, queries, List.of(), checks);
    }

    static final String DOUBLE_SERVER = "the in-memory test double mongo-java-server, not mongod";
    static final String FERRETDB_SERVER = "FerretDB 1.24 on PostgreSQL 15, a MongoDB-compatible server, not mongod";

    /**
     * Scale factor 0.01 on hdfs-orc, mongo and mongo-ferretdb (full scans of 1, 2 and 8 s), with what serves each
     * MongoDB target.
     */
    static BenchResults mongoTargets() {
        List<Target> targets = List.of(HDFS_ORC, MONGO, Target.MONGO_FERRETDB);
        List<QueryMeasurement> queries = new ArrayList<>();
        queries.addAll(runs(HDFS_ORC, "probe_full_scan", 1000, 1));
        queries.addAll(runs(MONGO, "probe_full_scan", 2000, 1));
        queries.addAll(runs(Target.MONGO_FERRETDB, "probe_full_scan", 8000, 1));
        ScaleFactorResults results = new ScaleFactorResults(
                0.01,
                targets,
                60_175,
                7_500_000,
                List.of(new LoadMeasurement(Target.MONGO_FERRETDB, "lineitem", 60_175, Duration.ofSeconds(30))),
                queries,
                List.of(),
                Map.of("probe_full_scan", ResultCheck.matching("probe_full_scan", 1)));
        return new BenchResults(
                Instant.parse("2025-03-04T05:06:07.891Z"),
                machine(),
                1,
                3,
                List.of(results),
                Map.of(MONGO, DOUBLE_SERVER, Target.MONGO_FERRETDB, FERRETDB_SERVER));
    }

    /** One 100 s warm-up, then timed runs at median+300 ms, median-100 ms, median. */
    static List<QueryMeasurement> runs(Target target, String query, int medianMillis, long rows) {
        return List.of(
                new QueryMeasurement(target, query, 1, true, Duration.ofSeconds(100), rows),
                new QueryMeasurement(target, query, 2, false, Duration.ofMillis(medianMillis + 300), rows),
                new QueryMeasurement(target, query, 3, false, Duration.ofMillis(medianMillis - 100), rows),
                new QueryMeasurement(target, query, 4, false, Duration.ofMillis(medianMillis), rows));
    }
}
