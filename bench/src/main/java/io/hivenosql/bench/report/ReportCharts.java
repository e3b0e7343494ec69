package io.hivenosql.bench.report;

import io.hivenosql.bench.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BiFunction;
import java.util.function.DoubleFunction;

/** The report's charts, built from the statistics: what each chart shows, its axis and the text on each bar. */
final class ReportCharts {
    private static final String NOT_RUN = "not run";

    private ReportCharts() {}

    /** Per query, the median time of each target with its fastest–slowest whisker, on a log scale. */
    static SvgBarChart queryTimes(Statistics statistics) {
        List<SvgBarChart.Group> groups = new ArrayList<>();
        for (String query : statistics.queries()) {
            List<SvgBarChart.Bar> bars = new ArrayList<>();
            for (Target target : statistics.targets()) {
                Optional<RunSummary> summary = statistics.query(target, query);
                bars.add(summary.map(runs -> new SvgBarChart.Bar(
                                Palette.series(target),
                                OptionalDouble.of(runs.medianSeconds()),
                                OptionalDouble.of(runs.minSeconds()),
                                OptionalDouble.of(runs.maxSeconds()),
                                Format.seconds(runs.median()) + " s"))
                        .orElse(SvgBarChart.Bar.of(Palette.series(target), OptionalDouble.empty(), NOT_RUN)));
            }
            groups.add(new SvgBarChart.Group(query, bars));
        }
        return new SvgBarChart(
                "Median time of each query by target at scale factor " + Format.scaleFactor(statistics.scaleFactor()),
                "median seconds per query (log scale; whiskers: fastest to slowest timed run)",
                true,
                legend(statistics),
                groups,
                OptionalDouble.empty());
    }

    /** Each target's Hive full-scan rate of lineitem, rows/s on the axis, MB/s in the label. */
    static SvgBarChart scanRates(Statistics statistics) {
        List<SvgBarChart.Group> groups = new ArrayList<>();
        for (Target target : statistics.targets()) {
            OptionalDouble rows = statistics.scanRowsPerSecond(target);
            String label = rows.isPresent()
                    ? Format.number(rows) + " rows/s \u00b7 " + Format.number(statistics.scanMegabytesPerSecond(target))
                            + " MB/s"
                    : "no full scan";
            groups.add(new SvgBarChart.Group(
                    target.cliName(), List.of(SvgBarChart.Bar.of(Palette.series(target), rows, label))));
        }
        return new SvgBarChart(
                "Hive full-scan rate of lineitem by target at scale factor "
                        + Format.scaleFactor(statistics.scaleFactor()),
                "lineitem rows per second through Hive (" + Statistics.FULL_SCAN + "); MB/s of dbgen text in labels",
                false,
                List.of(),
                groups,
                OptionalDouble.empty());
    }

    /** Each target's scan rate over hdfs-text's and hdfs-orc's, and each store's over its raw driver scan. */
    static SvgBarChart ratios(Statistics statistics) {
        List<SvgBarChart.Group> groups = new ArrayList<>();
        for (Target baseline : List.of(Target.HDFS_TEXT, Target.HDFS_ORC)) {
            List<SvgBarChart.Bar> bars = new ArrayList<>();
            for (Target target : statistics.targets()) {
                if (target != baseline) {
                    bars.add(ratioBar(target, statistics.scanRatio(target, baseline)));
                }
            }
            groups.add(new SvgBarChart.Group("\u00f7 " + baseline.cliName(), bars));
        }
        List<SvgBarChart.Bar> raw = statistics.stores().stream()
                .map(store -> ratioBar(store, statistics.rawRatio(store)))
                .toList();
        if (!raw.isEmpty()) {
            groups.add(new SvgBarChart.Group("\u00f7 raw driver", raw));
        }
        return new SvgBarChart(
                "Scan rate ratios at scale factor " + Format.scaleFactor(statistics.scaleFactor()),
                "Hive scan rate \u00f7 baseline's rate (log scale; dashed line: 1\u00d7, as fast as the baseline)",
                true,
                legend(statistics),
                groups,
                OptionalDouble.of(1));
    }

    /** Rows loaded a second by target, over all tables and per table, on a log scale (tiny tables load slowly). */
    static SvgBarChart loadRates(Statistics statistics) {
        List<Target> loaded = statistics.loadedTargets();
        List<SvgBarChart.Group> groups = new ArrayList<>();
        List<SvgBarChart.Bar> total = new ArrayList<>();
        for (Target target : loaded) {
            total.add(rateBar(target, statistics.loadRowsPerSecond(target)));
        }
        groups.add(new SvgBarChart.Group("all tables", total));
        for (String table : statistics.tables()) {
            List<SvgBarChart.Bar> bars = new ArrayList<>();
            for (Target target : loaded) {
                bars.add(rateBar(target, statistics.loadRowsPerSecond(target, table)));
            }
            groups.add(new SvgBarChart.Group(table, bars));
        }
        return new SvgBarChart(
                "Load rates by target and table at scale factor " + Format.scaleFactor(statistics.scaleFactor()),
                "rows loaded per second by INSERT ... SELECT (log scale)",
                true,
                loaded.stream().map(Palette::series).toList(),
                groups,
                OptionalDouble.empty());
    }

    /** The Hive scan rate of each target against the scale factor; empty with fewer than two scale factors. */
    static Optional<SvgLineChart> growth(List<Statistics> scaleFactors) {
        return lines(
                scaleFactors,
                Target.all(),
                Statistics::scanRowsPerSecond,
                rate -> Format.number(rate) + " rows/s",
                "Hive full-scan rate of lineitem by scale factor",
                "lineitem rows per second");
    }

    /** Each target's scan rate over hdfs-orc's against the scale factor; empty with fewer than two. */
    static Optional<SvgLineChart> growthRatios(List<Statistics> scaleFactors) {
        return lines(
                scaleFactors,
                Target.all().stream()
                        .filter(target -> target != Target.HDFS_ORC)
                        .toList(),
                (statistics, target) -> statistics.scanRatio(target, Target.HDFS_ORC),
                ratio -> Format.ratio(ratio) + " hdfs-orc's rate",
                "Hive scan rate over hdfs-orc's by scale factor",
                "scan rate \u00f7 hdfs-orc's");
    }

    private static Optional<SvgLineChart> lines(
            List<Statistics> scaleFactors,
            List<Target> targets,
            BiFunction<Statistics, Target, OptionalDouble> metric,
            DoubleFunction<String> label,
            String description,
            String yLabel) {
        if (scaleFactors.stream().map(Statistics::scaleFactor).distinct().count() < 2) {
            return Optional.empty();
        }
        List<SvgLineChart.Line> lines = new ArrayList<>();
        for (Target target : targets) {
            List<SvgLineChart.Point> points = new ArrayList<>();
            for (Statistics statistics : scaleFactors) {
                OptionalDouble value = metric.apply(statistics, target);
                if (value.isPresent()) {
                    double scaleFactor = statistics.scaleFactor();
                    points.add(new SvgLineChart.Point(
                            scaleFactor,
                            value.getAsDouble(),
                            label.apply(value.getAsDouble()) + " at scale factor " + Format.scaleFactor(scaleFactor)));
                }
            }
            if (!points.isEmpty()) {
                lines.add(new SvgLineChart.Line(Palette.series(target), points));
            }
        }
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new SvgLineChart(description, "TPC-H scale factor (log scale)", yLabel, lines));
    }

    private static SvgBarChart.Bar ratioBar(Target target, OptionalDouble ratio) {
        return SvgBarChart.Bar.of(Palette.series(target), ratio, ratio.isPresent() ? Format.ratio(ratio) : "n/a");
    }

    private static SvgBarChart.Bar rateBar(Target target, OptionalDouble rate) {
        return SvgBarChart.Bar.of(
                Palette.series(target), rate, rate.isPresent() ? Format.number(rate) + " rows/s" : "not loaded");
    }

    private static List<ChartSeries> legend(Statistics statistics) {
        return statistics.targets().stream().map(Palette::series).toList();
    }
}
