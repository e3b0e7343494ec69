package io.hivenosql.bench.report;

import io.hivenosql.bench.Target;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/** The report's tables: the machine, the headline figures, the per-query results, mismatches and growth. */
final class HtmlTables {
    private HtmlTables() {}

    static void machine(Markup html, MachineInfo machine) {
        html.open("table", "class", "machine");
        row(html, "Host", machine.hostDescription());
        row(html, "CPU", machine.cpu() + " (" + machine.cores() + " cores)");
        row(html, "Memory", machine.memoryBytes() > 0 ? Format.bytes(machine.memoryBytes()) : Format.NONE);
        row(html, "Operating system", machine.os());
        row(html, "Java", machine.java());
        row(html, "Hive", machine.hive() + " on " + machine.engine());
        row(html, "HiveServer2", machine.hiveServer());
        html.close("table");
    }

    /** Per target: Hive scan rows/s and MB/s, ratios to the HDFS tables and to the raw driver, load rate. */
    static void headline(Markup html, Statistics statistics) {
        openTable(html, "headline");
        header(html, "Target", null);
        header(html, "Hive scan rows/s", "lineitem rows over the median time of " + Statistics.FULL_SCAN);
        header(html, "MB/s", "lineitem as dbgen text, 10^6 bytes, over the same time");
        header(html, "\u00f7 hdfs-text", "scan rate over hdfs-text's; above 1\u00d7 is faster");
        header(html, "\u00f7 hdfs-orc", "scan rate over hdfs-orc's; above 1\u00d7 is faster");
        header(html, "raw driver rows/s", "median rate of the store's own driver reading all of lineitem");
        header(html, "\u00f7 raw driver", "Hive scan rate over the raw driver's: what Hive and the handler cost");
        header(html, "load rows/s", "all tables' rows over their total INSERT ... SELECT time");
        openBody(html);
        for (Target target : statistics.targets()) {
            html.open("tr");
            targetCell(html, target);
            cell(html, Format.number(statistics.scanRowsPerSecond(target)));
            cell(html, Format.number(statistics.scanMegabytesPerSecond(target)));
            cell(html, Format.ratio(statistics.scanRatio(target, Target.HDFS_TEXT)));
            cell(html, Format.ratio(statistics.scanRatio(target, Target.HDFS_ORC)));
            cell(html, Format.number(statistics.rawRowsPerSecond(target)));
            cell(html, Format.ratio(statistics.rawRatio(target)));
            cell(html, Format.number(statistics.loadRowsPerSecond(target)));
            html.close("tr");
        }
        closeTable(html);
    }

    /** Per query: each target's median with its spread (the fastest in bold), the rows, and the result check. */
    static void queries(Markup html, Statistics statistics, int runs) {
        openTable(html, "queries");
        header(html, "Query", null);
        for (Target target : statistics.targets()) {
            targetLabel(html, "th", target);
        }
        header(html, "Rows", "rows the query returned");
        header(html, "Results", "whether every target returned the same rows");
        openBody(html);
        for (String query : statistics.queries()) {
            Optional<ResultCheck> check = statistics.check(query);
            boolean mismatch = check.isPresent() && !check.get().matches();
            html.open("tr", "class", mismatch ? "differs" : null);
            html.element("td", query);
            Optional<Target> fastest = statistics.targets().stream()
                    .filter(target -> statistics.query(target, query).isPresent())
                    .min(Comparator.comparing(target ->
                            statistics.query(target, query).orElseThrow().median()));
            long rows = -1;
            for (Target target : statistics.targets()) {
                Optional<RunSummary> summary = statistics.query(target, query);
                if (summary.isEmpty()) {
                    cell(html, Format.NONE);
                    continue;
                }
                rows = rows < 0 ? summary.get().rows() : rows;
                boolean best = fastest.equals(Optional.of(target))
                        && statistics.targets().size() > 1;
                html.open("td", "class", best ? "best" : null);
                html.text(Format.seconds(summary.get().median()) + " s");
                html.element(
                        "span",
                        Format.seconds(summary.get().min()) + "\u2013"
                                + Format.seconds(summary.get().max())
                                + runCount(summary.get().runs(), runs),
                        "class",
                        "spread");
                html.close("td");
            }
            long shownRows = check.map(ResultCheck::rows).orElse(rows);
            cell(html, shownRows < 0 ? Format.NONE : Format.count(shownRows));
            if (check.isEmpty()) {
                html.element("td", "not compared", "class", "muted");
            } else if (check.get().matches()) {
                html.element("td", "\u2713 same", "class", "ok-text");
            } else {
                html.open("td", "class", "bad-text").open("a", "href", "#" + mismatchId(statistics, query));
                html.text("\u2717 differ").close("a").close("td");
            }
            html.close("tr");
        }
        closeTable(html);
    }

    /** The first difference of each query whose results differ across the targets. */
    static void mismatches(Markup html, Statistics statistics) {
        List<ResultCheck> mismatches = statistics.mismatches();
        if (mismatches.isEmpty()) {
            return;
        }
        html.element("h3", "Result mismatches");
        for (ResultCheck check : mismatches) {
            html.open("div", "class", "mismatch", "id", mismatchId(statistics, check.query()));
            html.open("p").element("strong", check.query());
            html.text(" \u2014 " + Format.count(check.rows()) + " rows; first difference:")
                    .close("p");
            html.element("pre", check.difference().isEmpty() ? "(no details recorded)" : check.difference());
            html.close("div");
        }
    }

    /** Per target and scale factor: the scan rate and its ratio to hdfs-orc. */
    static void growth(Markup html, List<Statistics> scaleFactors) {
        openTable(html, "growth");
        header(html, "Target", null);
        for (Statistics statistics : scaleFactors) {
            header(html, "SF " + Format.scaleFactor(statistics.scaleFactor()), "Hive scan rows/s (\u00f7 hdfs-orc)");
        }
        openBody(html);
        for (Target target : Statistics.targets(scaleFactors)) {
            html.open("tr");
            targetCell(html, target);
            for (Statistics statistics : scaleFactors) {
                OptionalDouble rate = statistics.scanRowsPerSecond(target);
                OptionalDouble ratio = statistics.scanRatio(target, Target.HDFS_ORC);
                html.open("td").text(Format.number(rate));
                if (ratio.isPresent() && target != Target.HDFS_ORC) {
                    html.element("span", Format.ratio(ratio) + " hdfs-orc", "class", "spread");
                }
                html.close("td");
            }
            html.close("tr");
        }
        closeTable(html);
    }

    /** Nothing when a query ran the configured number of times, else {@code · 1 run}, {@code · 2 runs}. */
    private static String runCount(int runs, int configured) {
        return runs == configured ? "" : " \u00b7 " + runs + (runs == 1 ? " run" : " runs");
    }

    static String mismatchId(Statistics statistics, String query) {
        return "mismatch-" + Format.scaleFactor(statistics.scaleFactor()) + "-"
                + query.replaceAll("[^A-Za-z0-9_]", "_");
    }

    static void swatch(Markup html, Target target) {
        html.element("span", "", "class", "swatch", "style", "background:" + Palette.color(target));
    }

    private static void targetCell(Markup html, Target target) {
        targetLabel(html, "td", target);
    }

    /** {@code <cell><swatch/>name</cell>}: a target named with its chart colour. */
    private static void targetLabel(Markup html, String cell, Target target) {
        html.open(cell);
        swatch(html, target);
        html.text(target.cliName()).close(cell);
    }

    /** Opens {@code <table class=..><thead><tr>}: the header cells come next, then {@link #openBody}. */
    static void openTable(Markup html, String tableClass) {
        html.open("table", "class", tableClass).open("thead").open("tr");
    }

    /** Opens a table with plain header cells (no titles), and its body. */
    static void openTable(Markup html, String tableClass, String... headers) {
        openTable(html, tableClass);
        for (String header : headers) {
            header(html, header, null);
        }
        openBody(html);
    }

    /** Ends the header row and opens the body. */
    static void openBody(Markup html) {
        html.close("tr").close("thead").open("tbody");
    }

    static void closeTable(Markup html) {
        html.close("tbody").close("table");
    }

    static void row(Markup html, String name, String value) {
        html.open("tr").element("th", name).element("td", value).close("tr");
    }

    static void header(Markup html, String text, String title) {
        html.element("th", text, "title", title);
    }

    static void cell(Markup html, String text) {
        html.element("td", text);
    }
}
