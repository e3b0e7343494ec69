package io.hivenosql.bench.report;

import io.hivenosql.bench.Target;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * {@code summary.md}: the headline figures as markdown tables to paste into {@code docs/benchmarks.md}: per scale
 * factor, each target's Hive scan rate and its ratios, the load rate and whether the results agreed; with two or
 * more scale factors, the scan rate per scale factor.
 */
public final class MarkdownSummary {
    public static final String FILE_NAME = "summary.md";

    private MarkdownSummary() {}

    /** The content of {@code summary.md} ({@link BenchReport} writes it beside the page). */
    public static String render(BenchResults results) {
        List<Statistics> scaleFactors = Statistics.of(results);
        StringBuilder md = new StringBuilder();
        for (Statistics statistics : scaleFactors) {
            md.append("### Scale factor ")
                    .append(Format.scaleFactor(statistics.scaleFactor()))
                    .append(" (")
                    .append(Format.count(statistics.results().lineitemRows()))
                    .append(" lineitem rows, ")
                    .append(results.runsDescription())
                    .append(")\n\n");
            md.append("| Target | Hive scan rows/s | MB/s | \u00f7 hdfs-text | \u00f7 hdfs-orc | \u00f7 raw driver "
                    + "| load rows/s |\n");
            md.append("|---|--:|--:|--:|--:|--:|--:|\n");
            for (Target target : statistics.targets()) {
                md.append("| ")
                        .append(target.cliName())
                        .append(" | ")
                        .append(Format.number(statistics.scanRowsPerSecond(target)))
                        .append(" | ")
                        .append(Format.number(statistics.scanMegabytesPerSecond(target)))
                        .append(" | ")
                        .append(Format.ratio(statistics.scanRatio(target, Target.HDFS_TEXT)))
                        .append(" | ")
                        .append(Format.ratio(statistics.scanRatio(target, Target.HDFS_ORC)))
                        .append(" | ")
                        .append(Format.ratio(statistics.rawRatio(target)))
                        .append(" | ")
                        .append(Format.number(statistics.loadRowsPerSecond(target)))
                        .append(" |\n");
            }
            md.append('\n').append(agreement(statistics)).append("\n\n");
            PeerSections.markdown(md, statistics);
            String servers = statistics.targets().stream()
                    .filter(results.servers()::containsKey)
                    .map(target -> cell(results.label(target)))
                    .collect(Collectors.joining("; "));
            if (!servers.isEmpty()) {
                md.append("Servers: ").append(servers).append('.');
                HtmlReport.ferretDbNote(results).ifPresent(note -> md.append(' ')
                        .append(Character.toUpperCase(note.charAt(0)))
                        .append(cell(note.substring(1)))
                        .append('.'));
                md.append("\n\n");
            }
        }
        if (scaleFactors.size() >= 2) {
            growth(md, scaleFactors);
        }
        return md.toString();
    }

    private static String agreement(Statistics statistics) {
        List<ResultCheck> mismatches = statistics.mismatches();
        if (statistics.allResultsMatch()) {
            return "All " + statistics.queries().size() + " queries return the same results on all "
                    + statistics.targets().size() + " targets.";
        }
        if (!mismatches.isEmpty()) {
            return "**" + mismatches.size() + " of " + statistics.queries().size() + " queries return different "
                    + "results:** "
                    + mismatches.stream().map(check -> cell(check.query())).collect(Collectors.joining(", ")) + ".";
        }
        return "Not compared across the targets: "
                + statistics.unchecked().stream().map(MarkdownSummary::cell).collect(Collectors.joining(", ")) + ".";
    }

    private static void growth(StringBuilder md, List<Statistics> scaleFactors) {
        md.append("### Hive scan rows/s by scale factor\n\n| Target |");
        scaleFactors.forEach(statistics -> md.append(" SF ")
                .append(Format.scaleFactor(statistics.scaleFactor()))
                .append(" |"));
        md.append("\n|---|");
        scaleFactors.forEach(statistics -> md.append("--:|"));
        md.append('\n');
        for (Target target : Statistics.targets(scaleFactors)) {
            md.append("| ").append(target.cliName()).append(" |");
            for (Statistics statistics : scaleFactors) {
                OptionalDouble rate = statistics.scanRowsPerSecond(target);
                md.append(' ').append(Format.number(rate)).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    /** Text safe in a markdown table cell. */
    static String cell(String text) {
        return text.replace("\\", "\\\\")
                .replace("|", "\\|")
                .replace("<", "&lt;")
                .replace("\n", " ")
                .replace("\r", " ");
    }
}
