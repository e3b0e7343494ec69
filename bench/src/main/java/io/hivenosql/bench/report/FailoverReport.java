package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.failover.RequestRecord;
import io.hivenosql.bench.failover.RowsCheck;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The failover workload's {@code report.html}: one self-contained page in the TPC-H report's style, with the run, the
 * study's table per phase and per phase and request type, the rows lost, what happened when, how Hive ran each request,
 * every distinct failure, and the memory of each process. {@link #verdict} states the targets against the run.
 */
public final class FailoverReport {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'");

    private FailoverReport() {}

    /** Writes {@code report.html}, {@code failover.csv}, {@code requests.csv} and {@code summary.md} into {@code dir}. */
    public static List<Path> write(FailoverResults results, Path dir) throws IOException {
        requireNonNull(results, "results is null");
        List<Path> files = new ArrayList<>();
        files.add(ReportFiles.write(dir, HtmlReport.FILE_NAME, render(results)));
        files.add(ReportFiles.write(dir, FailoverCsv.TABLE_FILE, FailoverCsv.table(results)));
        files.add(ReportFiles.write(dir, FailoverCsv.REQUESTS_FILE, FailoverCsv.requests(results)));
        files.add(ReportFiles.write(dir, MarkdownSummary.FILE_NAME, FailoverCsv.markdown(results)));
        return List.copyOf(files);
    }

    /** The table by phase and the rows lost as Markdown ({@code summary.md}), for the console and the docs. */
    public static String summary(FailoverResults results) {
        return FailoverCsv.markdown(results);
    }

    /** What the run missed of the target for its store; empty when it met it. */
    public static List<String> verdict(FailoverResults results) {
        List<String> misses = new ArrayList<>();
        RowsCheck rows = results.rows();
        if (!rows.lostHive().isEmpty() || !rows.lostStore().isEmpty()) {
            misses.add(Math.max(rows.lostHive().size(), rows.lostStore().size()) + " rows lost");
        }
        if (rows.hiveDuplicates() > 0) {
            misses.add(rows.hiveDuplicates() + " keys read twice");
        }
        FailoverStatistics.Row all = results.phases().get(results.phases().size() - 1);
        if (all.wrong() > 0) {
            misses.add(all.wrong() + " reads with a wrong result");
        }
        if (results.mayFailWhileNoticing()) {
            int outside = FailoverStatistics.failedOutsideWindow(
                            results.records(),
                            results.timeline(),
                            results.noticed().orElse(Duration.ZERO))
                    .size();
            if (outside > 0) {
                misses.add(outside + " failed requests outside the promotion window");
            }
        } else if (all.errors() > 0) {
            misses.add(all.errors() + " failed requests");
        }
        if (results.unfinished() > 0 || results.issued() < results.requests()) {
            misses.add("the run did not finish every request");
        }
        return misses;
    }

    public static String render(FailoverResults results) {
        String when =
                WHEN.format(results.started().truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC));
        Markup html = HtmlReport.openPage("hive-nosql failover report, " + results.store() + ", " + when);
        header(html, results, when);
        List<String> misses = verdict(results);
        html.element(
                "p",
                misses.isEmpty()
                        ? "\u2713 Target met: " + target(results)
                        : "\u2717 Target missed (" + target(results) + "): " + String.join(", ", misses),
                "class",
                misses.isEmpty() ? "badge ok" : "badge bad");
        howToRead(html);
        html.element("h2", "By phase");
        table(html, results.phases());
        html.element("h2", "By phase and request type");
        table(html, results.phasesByType());
        rowsLost(html, results);
        FailoverSections.timeline(html, results);
        FailoverSections.execution(html, results);
        FailoverSections.failures(html, results);
        FailoverSections.memory(html, results);
        return HtmlReport.closePage(
                html,
                "Written by the hive-nosql bench module (--workload failover). The tables are also in "
                        + FailoverCsv.TABLE_FILE + ", every request in " + FailoverCsv.REQUESTS_FILE + ".");
    }

    /** The target for the run's store. */
    static String target(FailoverResults results) {
        return results.mayFailWhileNoticing()
                ? "0 rows lost, no wrong result; only requests in flight during the promotion window may fail"
                : "0 failed requests, 0 rows lost, no wrong result";
    }

    private static void header(Markup html, FailoverResults results, String when) {
        html.open("header");
        html.element("h1", "hive-nosql failover workload: " + results.store());
        html.element(
                "p",
                "The classic failover study through Hive: concurrent JDBC sessions run key lookups, small filtered "
                        + "scans and INSERTs against a replicated store; one node is killed (SIGKILL to its pid) "
                        + "after a third of the requests and restarted after two thirds.",
                "class",
                "lead");
        html.open("dl", "class", "run");
        term(html, "Started", when);
        term(html, "Store", results.storeDescription());
        term(html, "Node killed", results.victim());
        term(html, "Clients", results.clients() + " JDBC sessions, one thread each");
        term(
                html,
                "Requests",
                Format.count(results.requests()) + " (6 lookups : 3 scans : 1 INSERT); "
                        + Format.count(results.records().size()) + " ended"
                        + (results.unfinished() > 0 ? ", " + results.unfinished() + " cut at the deadline" : ""));
        term(
                html,
                results.noticedMeaning(),
                results.noticed()
                        .map(window -> Format.count(window.toMillis()) + " ms (measured)")
                        .orElse("not seen within its timeout"));
        html.close("dl");
        html.element("h2", "Machine");
        HtmlTables.machine(html, results.machine());
        html.close("header");
    }

    private static void howToRead(Markup html) {
        html.open("section", "id", "how-to-read").element("h2", "How to read this");
        html.element(
                "p",
                "Phases: before the kill (from the start until the node's process is gone), node down (until the "
                        + "restarted node is up again and every node serves), after the restart (until the last "
                        + "request ends), and the whole run. A request counts in the phase in which it ended, so one "
                        + "in flight at the kill counts as node down.");
        html.element(
                "p",
                "Req/Sec: requests that ended in the phase over its wall time. Millis: the phase's wall time in "
                        + "milliseconds. 50% \u2026 99.9%, Max, Mean: request latency in milliseconds, as its client "
                        + "saw it (JDBC call to last row), failed requests included (HdrHistogram, 3 significant "
                        + "digits). Err: failed requests, for any reason. Fail: of those, the ones that failed "
                        + "because of the node loss (the error names an unreachable store or replica, or a lost "
                        + "connection); Err \u2212 Fail failed for another reason. Wrong: requests that succeeded "
                        + "with a wrong result (a preloaded row missing, a key twice, a wrong value): there should "
                        + "be none. Thr: client threads.");
        html.close("section");
    }

    static void table(Markup html, List<FailoverStatistics.Row> rows) {
        HtmlTables.openTable(html, "failover");
        for (String column : List.of("Test", "Requests", "Req/Sec", "Millis")) {
            HtmlTables.header(html, column, null);
        }
        for (double percentile : FailoverStatistics.PERCENTILES) {
            HtmlTables.header(html, Format.plain(percentile) + "%", "latency percentile, ms");
        }
        HtmlTables.header(html, "Max", "ms");
        HtmlTables.header(html, "Mean", "ms");
        HtmlTables.header(html, "Err", "failed requests");
        HtmlTables.header(html, "Fail", "failed because of the node loss");
        HtmlTables.header(html, "Wrong", "succeeded with a wrong result");
        HtmlTables.header(html, "Thr", "client threads");
        HtmlTables.openBody(html);
        for (FailoverStatistics.Row row : rows) {
            html.open("tr", "class", row.errors() > 0 || row.wrong() > 0 ? "differs" : null);
            html.element("td", row.test());
            for (String value : cells(row)) {
                HtmlTables.cell(html, value);
            }
            html.close("tr");
        }
        HtmlTables.closeTable(html);
    }

    /** A row's values after Test, as the HTML and Markdown tables show them. */
    static List<String> cells(FailoverStatistics.Row row) {
        List<String> cells = new ArrayList<>();
        cells.add(Format.count(row.requests()));
        cells.add(number(row.requestsPerSecond()));
        cells.add(Format.count(Math.round(row.millis())));
        row.percentiles().forEach(value -> cells.add(number(value)));
        cells.add(number(row.max()));
        cells.add(number(row.mean()));
        cells.add(Format.count(row.errors()));
        cells.add(Format.count(row.nodeLoss()));
        cells.add(Format.count(row.wrong()));
        cells.add(String.valueOf(row.threads()));
        return cells;
    }

    private static void rowsLost(Markup html, FailoverResults results) {
        RowsCheck rows = results.rows();
        html.open("section", "id", "rows-lost").element("h2", "Rows lost");
        html.element(
                "p",
                "Expected: the preloaded rows and every row of an INSERT acknowledged to its client. Counted "
                        + "afterwards, with every node up: through Hive (count(*), and the keys of SELECT k) and with "
                        + "the store's own client (" + results.storeKeysMethod() + ").");
        html.open("table", "class", "machine");
        HtmlTables.row(html, "Rows expected", Format.count(rows.expected()));
        HtmlTables.row(html, "count(*) through Hive", Format.count(rows.hiveCount()));
        HtmlTables.row(html, "Distinct keys through Hive", Format.count(rows.hiveKeys()));
        HtmlTables.row(html, "Keys read twice through Hive", Format.count(rows.hiveDuplicates()));
        HtmlTables.row(html, "Keys with the store's client", Format.count(rows.storeKeys()));
        HtmlTables.row(html, "Rows lost (through Hive)", lost(rows.lostHive()));
        HtmlTables.row(html, "Rows lost (store's client)", lost(rows.lostStore()));
        HtmlTables.row(
                html,
                "Rows of failed INSERTs",
                Format.count(rows.unacknowledged()) + ", of which " + Format.count(rows.unacknowledgedFound())
                        + " are there (written before the INSERT failed; not expected, not lost)");
        HtmlTables.row(html, "Rows no request wrote", lost(rows.unexpected()));
        html.close("table");
        html.close("section");
    }

    private static String lost(List<Long> keys) {
        if (keys.isEmpty()) {
            return "0";
        }
        return Format.count(keys.size()) + " (k = "
                + keys.stream().limit(10).map(String::valueOf).collect(Collectors.joining(", "))
                + (keys.size() > 10 ? ", \u2026" : "") + ")";
    }

    static String number(double value) {
        return Double.isNaN(value) ? Format.NONE : Format.number(value);
    }

    private static void term(Markup html, String name, String value) {
        html.element("dt", name).element("dd", value);
    }

    static Map<String, Long> details(FailoverResults results) {
        return FailoverStatistics.details(results.records(), request -> request.outcome() != RequestRecord.Outcome.OK);
    }
}
