package io.hivenosql.bench.report;

import io.hivenosql.bench.failover.RequestRecord;
import io.hivenosql.bench.failover.RowsCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * The failover run's machine-readable files (RFC 4180 CSV as {@link CsvReport} writes it) and its Markdown summary:
 *
 * <ul>
 *   <li>{@code failover.csv}: the study's table, one row per phase and per phase and request type ({@code type}
 *       {@code all} for the phase as a whole); latencies in milliseconds, empty when a phase had no request.
 *   <li>{@code requests.csv}: every request: its number, type, client, start and latency in milliseconds from the run's
 *       start, phase, outcome and error message.
 *   <li>{@code summary.md}: the table by phase and the rows lost, for docs/benchmarks.md.
 * </ul>
 */
final class FailoverCsv {
    static final String TABLE_FILE = "failover.csv";
    static final String REQUESTS_FILE = "requests.csv";
    static final List<String> TABLE_HEADER = List.of(
            "store",
            "test",
            "requests",
            "requests_per_second",
            "millis",
            "p50_ms",
            "p90_ms",
            "p99_ms",
            "p99_5_ms",
            "p99_9_ms",
            "max_ms",
            "mean_ms",
            "errors",
            "node_loss_failures",
            "wrong",
            "threads");
    static final List<String> REQUESTS_HEADER =
            List.of("index", "type", "client", "start_ms", "latency_ms", "phase", "outcome", "detail");

    private FailoverCsv() {}

    static String table(FailoverResults results) {
        List<List<String>> lines = new ArrayList<>();
        lines.add(TABLE_HEADER);
        List<FailoverStatistics.Row> rows = new ArrayList<>(results.phases());
        rows.addAll(results.phasesByType());
        for (FailoverStatistics.Row row : rows) {
            List<String> fields = new ArrayList<>();
            fields.add(results.store());
            fields.add(row.test());
            fields.add(String.valueOf(row.requests()));
            fields.add(plain(row.requestsPerSecond()));
            fields.add(plain(row.millis()));
            row.percentiles().forEach(value -> fields.add(plain(value)));
            fields.add(plain(row.max()));
            fields.add(plain(row.mean()));
            fields.add(String.valueOf(row.errors()));
            fields.add(String.valueOf(row.nodeLoss()));
            fields.add(String.valueOf(row.wrong()));
            fields.add(String.valueOf(row.threads()));
            lines.add(fields);
        }
        return csv(lines);
    }

    static String requests(FailoverResults results) {
        List<List<String>> lines = new ArrayList<>();
        lines.add(REQUESTS_HEADER);
        long start = results.timeline().startNanos();
        for (RequestRecord request : results.records()) {
            lines.add(List.of(
                    String.valueOf(request.index()),
                    request.type().label(),
                    String.valueOf(request.client()),
                    plain((request.startNanos() - start) / 1e6),
                    plain(request.latencyNanos() / 1e6),
                    results.timeline().phaseOf(request.endNanos()).label(),
                    request.outcome().name(),
                    request.detail()));
        }
        return csv(lines);
    }

    /** The table by phase and the rows lost as Markdown. */
    static String markdown(FailoverResults results) {
        StringBuilder md = new StringBuilder();
        md.append("Failover workload, ")
                .append(results.store())
                .append(": ")
                .append(results.storeDescription())
                .append("; ")
                .append(results.clients())
                .append(" clients, ")
                .append(Format.count(results.requests()))
                .append(" requests; killed ")
                .append(results.victim())
                .append('\n');
        md.append('\n')
                .append(results.noticedMeaning())
                .append(": ")
                .append(results.noticed()
                        .map(window -> Format.count(window.toMillis()) + " ms (measured)")
                        .orElse("not seen within its timeout"))
                .append('\n');
        md.append("\n| Test | Requests | Req/Sec | Millis | 50% | 90% | 99% | 99.5% | 99.9% | Max | Mean | Err | Fail "
                + "| Wrong | Thr |\n");
        md.append("|---|").append("---:|".repeat(14)).append('\n');
        List<FailoverStatistics.Row> rows = new ArrayList<>(results.phases());
        rows.addAll(results.phasesByType());
        for (FailoverStatistics.Row row : rows) {
            md.append("| ").append(row.test());
            FailoverReport.cells(row).forEach(cell -> md.append(" | ").append(cell));
            md.append(" |\n");
        }
        RowsCheck check = results.rows();
        md.append("\nRows expected ")
                .append(Format.count(check.expected()))
                .append("; count(*) through Hive ")
                .append(Format.count(check.hiveCount()))
                .append("; distinct keys through Hive ")
                .append(Format.count(check.hiveKeys()))
                .append("; keys with the store's client ")
                .append(Format.count(check.storeKeys()))
                .append("; lost through Hive ")
                .append(check.lostHive().size())
                .append(", with the store's client ")
                .append(check.lostStore().size())
                .append("; rows of failed INSERTs ")
                .append(check.unacknowledged())
                .append(" (")
                .append(check.unacknowledgedFound())
                .append(" of them there)\n");
        List<String> misses = FailoverReport.verdict(results);
        md.append("\nTarget (")
                .append(FailoverReport.target(results))
                .append("): ")
                .append(misses.isEmpty() ? "met" : "missed, " + String.join(", ", misses))
                .append('\n');
        return md.toString();
    }

    private static String plain(double value) {
        return Double.isNaN(value) ? "" : Format.plain(Math.round(value * 1000) / 1000.0);
    }

    private static String csv(List<List<String>> lines) {
        StringBuilder csv = new StringBuilder();
        for (List<String> fields : lines) {
            for (int i = 0; i < fields.size(); i++) {
                csv.append(i > 0 ? "," : "").append(CsvReport.field(fields.get(i)));
            }
            csv.append("\r\n");
        }
        return csv.toString();
    }
}
