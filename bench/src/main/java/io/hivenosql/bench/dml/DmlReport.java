package io.hivenosql.bench.dml;

import io.hivenosql.bench.ScaleFactors;
import io.hivenosql.bench.Target;
import io.hivenosql.bench.report.Format;
import io.hivenosql.bench.report.MachineInfo;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a DML run's results directory: {@code dml.csv} (every timed statement, warm-ups included), {@code checks.csv}
 * (every check with the store's checksum), {@code summary.csv} (a row per store) and {@code summary.md} (the tables for
 * docs/benchmarks.md).
 */
public final class DmlReport {
    private DmlReport() {}

    public static void write(DmlResults results, Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("dml.csv"), measurementsCsv(results), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("checks.csv"), checksCsv(results), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("summary.csv"), summaryCsv(results.summaries()), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("summary.md"), markdown(results), StandardCharsets.UTF_8);
    }

    static String measurementsCsv(DmlResults results) {
        List<List<String>> lines = new ArrayList<>();
        lines.add(List.of("store", "run", "warmup", "step", "table", "seconds", "rows"));
        for (DmlMeasurement m : results.measurements()) {
            lines.add(List.of(
                    m.target().cliName(),
                    Integer.toString(m.run()),
                    Boolean.toString(m.warmup()),
                    m.step().name().toLowerCase(Locale.ROOT),
                    m.table(),
                    seconds(m.elapsed()),
                    Long.toString(m.rows())));
        }
        return csv(lines);
    }

    static String checksCsv(DmlResults results) {
        List<List<String>> lines = new ArrayList<>();
        lines.add(List.of("store", "run", "after", "table", "matches", "read", "difference"));
        for (DmlCheck check : results.checks()) {
            lines.add(List.of(
                    check.target().cliName(),
                    Integer.toString(check.run()),
                    check.after(),
                    check.table(),
                    Boolean.toString(check.matches()),
                    check.values(),
                    check.difference()));
        }
        return csv(lines);
    }

    static String summaryCsv(List<DmlSummary> summaries) {
        List<List<String>> lines = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("store"));
        for (DmlStep step : DmlStep.values()) {
            String name = step.name().toLowerCase(Locale.ROOT);
            header.addAll(List.of(name + "_median_s", name + "_min_s", name + "_max_s", name + "_rows"));
        }
        header.addAll(List.of(
                "rewrite_over_merge",
                "lowest_run_ratio",
                "highest_run_ratio",
                "rewrite_over_one_row_merge",
                "target_met",
                "checks_passed",
                "checks"));
        lines.add(header);
        for (DmlSummary summary : summaries) {
            List<String> line = new ArrayList<>(List.of(summary.target().cliName()));
            for (DmlStep step : DmlStep.values()) {
                DmlSummary.StepFigures figures = summary.steps().get(step);
                line.addAll(
                        figures == null
                                ? List.of("", "", "", "")
                                : List.of(
                                        plain(figures.median()),
                                        plain(figures.min()),
                                        plain(figures.max()),
                                        Long.toString(figures.rows())));
            }
            line.addAll(List.of(
                    plain(summary.ratio()),
                    plain(summary.lowestRunRatio()),
                    plain(summary.highestRunRatio()),
                    plain(summary.ceiling()),
                    Boolean.toString(summary.targetMet()),
                    Integer.toString(summary.checksPassed()),
                    Integer.toString(summary.checks())));
            lines.add(line);
        }
        return csv(lines);
    }

    /** The markdown summary: what ran, then a row per store. */
    public static String markdown(DmlResults results) {
        MachineInfo machine = results.machine();
        StringBuilder md = new StringBuilder();
        md.append("# Row-level DML, scale factor ")
                .append(ScaleFactors.format(results.scaleFactor()))
                .append("\n\n");
        md.append("Started ")
                .append(results.started())
                .append("; ")
                .append(machine.cores())
                .append(" cores (")
                .append(machine.cpu())
                .append("), ")
                .append(machine.memoryBytes() >> 30)
                .append(" GiB, ")
                .append(machine.java())
                .append(", ")
                .append(machine.hive())
                .append(" (")
                .append(machine.engine())
                .append("), ")
                .append(machine.hiveServer())
                .append(".\n\n");
        md.append(results.warmups())
                .append(" warm-up run(s), then ")
                .append(results.runs())
                .append(" timed run(s) per store; figures are medians of the timed runs (fastest-slowest), each a ")
                .append("statement's wall time from the JDBC client. lineitem holds ")
                .append(Format.count(results.lineitemRows()))
                .append(" rows as loaded; RF1 inserts ")
                .append(staged(results, DmlStaging.RF1_ORDERS))
                .append(" orders and ")
                .append(staged(results, DmlStaging.RF1_LINEITEM))
                .append(" lineitems, RF2 deletes ")
                .append(staged(results, DmlStaging.RF2_ORDERS))
                .append(" orders and their lineitems, the MERGE ")
                .append("updates ")
                .append(staged(results, DmlStaging.CHANGES))
                .append(
                        " lineitem rows; the 1-row MERGE, the same statement from one of those rows, measures what any ")
                .append("MERGE of that shape costs, so that rewrite \u00f7 1-row MERGE is the highest ratio a MERGE ")
                .append("can reach here.\n\n");
        if (!results.tuning().isEmpty()) {
            md.append("Set beyond the defaults: ").append(results.tuning()).append(".\n\n");
        }
        md.append("| store | RF1 s | RF1 rows | RF2 s | RF2 rows | 1% MERGE s | rewrite s | rewrite \u00f7 MERGE "
                + "| target 10\u00d7 | 1-row MERGE s | rewrite \u00f7 1-row MERGE | checks passed |\n");
        md.append("| --- | --: | --: | --: | --: | --: | --: | --: | --- | --: | --: | --: |\n");
        for (DmlSummary summary : results.summaries()) {
            md.append("| ")
                    .append(summary.target().cliName())
                    .append(" | ")
                    .append(seconds(summary, DmlStep.RF1))
                    .append(" | ")
                    .append(rows(summary, DmlStep.RF1))
                    .append(" | ")
                    .append(seconds(summary, DmlStep.RF2))
                    .append(" | ")
                    .append(rows(summary, DmlStep.RF2))
                    .append(" | ")
                    .append(seconds(summary, DmlStep.MERGE))
                    .append(" | ")
                    .append(seconds(summary, DmlStep.REWRITE))
                    .append(" | ")
                    .append(ratio(summary.ratio()))
                    .append(" (runs ")
                    .append(ratio(summary.lowestRunRatio()))
                    .append("-")
                    .append(ratio(summary.highestRunRatio()))
                    .append(")")
                    .append(" | ")
                    .append(Double.isNaN(summary.ratio()) ? Format.NONE : summary.targetMet() ? "met" : "missed")
                    .append(" | ")
                    .append(seconds(summary, DmlStep.ONE_ROW_MERGE))
                    .append(" | ")
                    .append(ratio(summary.ceiling()))
                    .append(" | ")
                    .append(summary.checksPassed())
                    .append("/")
                    .append(summary.checks())
                    .append(" |\n");
        }
        md.append('\n');
        for (Target target : results.targets()) {
            Map<String, Duration> loads = results.loads().get(target);
            if (loads != null) {
                md.append("- ")
                        .append(target.cliName())
                        .append(": loaded lineitem in ")
                        .append(Format.seconds(loads.getOrDefault("lineitem", Duration.ZERO)))
                        .append(" s, orders in ")
                        .append(Format.seconds(loads.getOrDefault("orders", Duration.ZERO)))
                        .append(" s");
                String plan = results.plans().get(target);
                md.append(plan == null ? "" : "; the MERGE's plan: " + plan).append('\n');
            }
        }
        results.failure()
                .ifPresent(failure ->
                        md.append("\n**The run failed**: ").append(failure).append('\n'));
        return md.toString();
    }

    private static String staged(DmlResults results, String table) {
        Long rows = results.stagedRows().get(table);
        return rows == null ? Format.NONE : Format.count(rows);
    }

    private static String seconds(DmlSummary summary, DmlStep step) {
        DmlSummary.StepFigures figures = summary.steps().get(step);
        return figures == null
                ? Format.NONE
                : Format.seconds(figures.median()) + " (" + Format.seconds(figures.min()) + "-"
                        + Format.seconds(figures.max()) + ")";
    }

    private static String rows(DmlSummary summary, DmlStep step) {
        DmlSummary.StepFigures figures = summary.steps().get(step);
        return figures == null ? Format.NONE : Format.count(figures.rows());
    }

    private static String ratio(double ratio) {
        return Double.isNaN(ratio) ? Format.NONE : Format.ratio(ratio);
    }

    private static String plain(double value) {
        return Double.isNaN(value)
                ? ""
                : BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private static String seconds(Duration elapsed) {
        return BigDecimal.valueOf(elapsed.toNanos(), 9).stripTrailingZeros().toPlainString();
    }

    private static String csv(List<List<String>> lines) {
        StringBuilder csv = new StringBuilder();
        for (List<String> fields : lines) {
            for (int i = 0; i < fields.size(); i++) {
                String value = fields.get(i);
                boolean quoted = value.indexOf(',') >= 0 || value.indexOf('"') >= 0 || value.indexOf('\n') >= 0;
                csv.append(i > 0 ? "," : "").append(quoted ? '"' + value.replace("\"", "\"\"") + '"' : value);
            }
            csv.append("\r\n");
        }
        return csv.toString();
    }
}
