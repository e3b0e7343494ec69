package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The machine-readable results, RFC 4180 CSV (comma separated, CRLF line ends, fields quoted when they hold a comma,
 * quote or line break), numbers without grouping:
 *
 * <ul>
 *   <li>{@code results.csv}: one row per measurement, {@code kind} being {@code load}, {@code query} or {@code
 *       raw_scan}. {@code run} is empty for a load; {@code rows_per_second} is empty for a query (its rows are the
 *       rows it returned, not those it read: the scan rate is lineitem's rows over the {@code probe_full_scan} time)
 *       and for a zero time.
 *   <li>{@code summary.csv}: one row per scale factor, target and query: the timed runs' count, median, fastest and
 *       slowest seconds, rows, and whether the query's results matched across the targets ({@code true}, {@code
 *       false}, or empty when not compared) with the first difference.
 * </ul>
 */
public final class CsvReport {
    public static final String RESULTS_FILE = "results.csv";
    public static final String SUMMARY_FILE = "summary.csv";

    static final List<String> RESULTS_HEADER = List.of(
            "kind", "scale_factor", "target", "table_or_query", "run", "warmup", "rows", "seconds", "rows_per_second");
    static final List<String> SUMMARY_HEADER = List.of(
            "scale_factor",
            "target",
            "query",
            "runs",
            "median_seconds",
            "min_seconds",
            "max_seconds",
            "rows",
            "results_match",
            "difference");

    private static final String LINE_END = "\r\n";

    private CsvReport() {}

    /** Writes {@code results.csv} and {@code summary.csv} into {@code dir} (created if missing); returns their paths. */
    public static List<Path> write(BenchResults results, Path dir) throws IOException {
        requireNonNull(results, "results is null");
        return List.of(
                ReportFiles.write(dir, RESULTS_FILE, results(results)),
                ReportFiles.write(dir, SUMMARY_FILE, summary(results)));
    }

    /** The content of {@code results.csv}. */
    public static String results(BenchResults results) {
        StringBuilder csv = new StringBuilder();
        line(csv, RESULTS_HEADER);
        for (ScaleFactorResults sf : results.scaleFactors()) {
            String scaleFactor = Format.scaleFactor(sf.scaleFactor());
            for (LoadMeasurement load : sf.loads()) {
                line(
                        csv,
                        List.of(
                                "load",
                                scaleFactor,
                                load.target().cliName(),
                                load.table(),
                                "",
                                "false",
                                String.valueOf(load.rows()),
                                seconds(load.elapsed()),
                                rate(load.rows(), load.elapsed())));
            }
            for (QueryMeasurement query : sf.queries()) {
                line(
                        csv,
                        List.of(
                                "query",
                                scaleFactor,
                                query.target().cliName(),
                                query.query(),
                                String.valueOf(query.run()),
                                String.valueOf(query.warmup()),
                                String.valueOf(query.rows()),
                                seconds(query.elapsed()),
                                ""));
            }
            for (PeerStoreResults store : sf.peers()) {
                for (PeerQueryResult query : store.queries()) {
                    for (int run = 0; run < query.runs().size(); run++) {
                        line(
                                csv,
                                List.of(
                                        "peer_query",
                                        scaleFactor,
                                        store.label(),
                                        query.query(),
                                        String.valueOf(run + 1),
                                        "false",
                                        query.check()
                                                .map(check -> String.valueOf(check.rows()))
                                                .orElse(""),
                                        seconds(query.runs().get(run)),
                                        ""));
                    }
                }
            }
            for (RawScanMeasurement scan : sf.rawScans()) {
                line(
                        csv,
                        List.of(
                                "raw_scan",
                                scaleFactor,
                                scan.target().cliName(),
                                "lineitem",
                                String.valueOf(scan.run()),
                                String.valueOf(scan.warmup()),
                                String.valueOf(scan.rows()),
                                seconds(scan.elapsed()),
                                rate(scan.rows(), scan.elapsed())));
            }
        }
        return csv.toString();
    }

    /** The content of {@code summary.csv}. */
    public static String summary(BenchResults results) {
        StringBuilder csv = new StringBuilder();
        line(csv, SUMMARY_HEADER);
        for (Statistics statistics : Statistics.of(results)) {
            String scaleFactor = Format.scaleFactor(statistics.scaleFactor());
            for (String query : statistics.queries()) {
                Optional<ResultCheck> check = statistics.check(query);
                String matches =
                        check.map(value -> String.valueOf(value.matches())).orElse("");
                String difference = check.map(ResultCheck::difference).orElse("");
                for (Target target : statistics.targets()) {
                    Optional<RunSummary> summary = statistics.query(target, query);
                    if (summary.isEmpty()) {
                        continue;
                    }
                    RunSummary runs = summary.get();
                    line(
                            csv,
                            List.of(
                                    scaleFactor,
                                    target.cliName(),
                                    query,
                                    String.valueOf(runs.runs()),
                                    seconds(runs.median()),
                                    seconds(runs.min()),
                                    seconds(runs.max()),
                                    String.valueOf(runs.rows()),
                                    matches,
                                    difference));
                }
            }
        }
        return csv.toString();
    }

    /** A field as RFC 4180 wants it: quoted, with quotes doubled, when it holds a comma, quote or line break. */
    static String field(String value) {
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }

    /** Exact seconds: {@code 2.5}, {@code 0.000123}. */
    static String seconds(Duration elapsed) {
        return BigDecimal.valueOf(elapsed.toNanos(), 9).stripTrailingZeros().toPlainString();
    }

    private static String rate(long rows, Duration elapsed) {
        if (elapsed.toNanos() <= 0) {
            return "";
        }
        return Format.plain(Math.round(Measurements.perSecond(rows, elapsed) * 1000) / 1000.0);
    }

    private static void line(StringBuilder csv, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                csv.append(',');
            }
            csv.append(field(fields.get(i)));
        }
        csv.append(LINE_END);
    }
}
