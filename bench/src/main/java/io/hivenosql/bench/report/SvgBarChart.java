package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A grouped horizontal bar chart as inline SVG: one group per category (a query, a table), one coloured bar per
 * series (a target) with an optional low–high whisker and a value label, a legend, a linear or log value axis with
 * its label, and an optional reference line (1× on a ratio chart). A missing value (or one the axis cannot show,
 * such as zero on a log scale) is written as text, "series: label", instead of a bar.
 *
 * @param description what the chart shows, for screen readers and the SVG title
 * @param axisLabel the value axis's label with its unit, e.g. {@code median seconds (log scale)}
 * @param reference where to draw a dashed reference line, if anywhere
 */
public record SvgBarChart(
        String description,
        String axisLabel,
        boolean log,
        List<ChartSeries> legend,
        List<Group> groups,
        OptionalDouble reference)
        implements SvgChart {
    private static final int WIDTH = 1000;
    private static final int BAR = 9;
    private static final int BAR_GAP = 2;
    private static final int GROUP_GAP = 9;
    private static final int LEGEND_HEIGHT = 26;
    private static final String MISSING = "#8a8f98";
    private static final int AXIS_HEIGHT = 42;
    /** Above this plot height the tick labels are repeated above the plot. */
    private static final int TALL = 520;

    public SvgBarChart {
        requireNonNull(description, "description is null");
        requireNonNull(axisLabel, "axisLabel is null");
        legend = List.copyOf(requireNonNull(legend, "legend is null"));
        groups = List.copyOf(requireNonNull(groups, "groups is null"));
        requireNonNull(reference, "reference is null");
    }

    /** One bar: a value (absent when not measured), an optional low–high whisker, the text written at its end. */
    public record Bar(ChartSeries series, OptionalDouble value, OptionalDouble low, OptionalDouble high, String label) {
        public Bar {
            requireNonNull(series, "series is null");
            requireNonNull(value, "value is null");
            requireNonNull(low, "low is null");
            requireNonNull(high, "high is null");
            requireNonNull(label, "label is null");
        }

        public static Bar of(ChartSeries series, OptionalDouble value, String label) {
            return new Bar(series, value, OptionalDouble.empty(), OptionalDouble.empty(), label);
        }
    }

    /** The bars of one category. */
    public record Group(String label, List<Bar> bars) {
        public Group {
            requireNonNull(label, "label is null");
            bars = List.copyOf(requireNonNull(bars, "bars is null"));
        }
    }

    @Override
    public Markup svg() {
        List<String> barLabels = groups.stream()
                .flatMap(group -> group.bars().stream())
                .map(Bar::label)
                .toList();
        double left = clamp(maxLength(groups.stream().map(Group::label).toList()) * Svg.CHAR_WIDTH + 14, 50, 220);
        double right = WIDTH - clamp(maxLength(barLabels) * Svg.CHAR_WIDTH + 12, 40, 240);
        double groupsHeight =
                groups.stream().mapToDouble(group -> groupHeight(group)).sum();
        boolean tall = groupsHeight > TALL;
        double top = (legend.isEmpty() ? 6 : LEGEND_HEIGHT) + (tall ? 16 : 0);
        double bottom = top + groupsHeight;
        Plot plot = new Plot(ChartAxis.of(log, values()), left, right, top, bottom);

        Markup svg = Svg.open(WIDTH, bottom + AXIS_HEIGHT, description);
        Svg.legend(svg, legend, left, 4);
        double y = top;
        for (int i = 0; i < groups.size(); i++) {
            if (i % 2 == 0) {
                Svg.rect(svg, 0, y, WIDTH, groupHeight(groups.get(i)), "#f4f6f8");
            }
            y += groupHeight(groups.get(i));
        }
        drawAxis(svg, plot, tall);
        y = top;
        for (Group group : groups) {
            drawGroup(svg, plot, group, y);
            y += groupHeight(group);
        }
        reference.ifPresent(value -> {
            if (plot.axis().shows(value)) {
                double x = plot.x(value);
                Svg.line(svg, x, top - 2, x, bottom, Svg.INK, "stroke-dasharray", "4 3");
            }
        });
        Svg.text(svg, axisLabel, (left + right) / 2, bottom + 34, "middle", "#2d3748");
        return svg.close("svg");
    }

    /** Where the bars go: the value axis between {@code left} and {@code right}, groups from {@code top}. */
    private record Plot(ChartAxis axis, double left, double right, double top, double bottom) {
        double x(double value) {
            return axis.position(value, left, right);
        }
    }

    private static void drawAxis(Markup svg, Plot plot, boolean tall) {
        for (double tick : plot.axis().ticks()) {
            double x = plot.x(tick);
            String label = ChartAxis.label(tick);
            Svg.line(svg, x, plot.top(), x, plot.bottom() + 4, Svg.GRID);
            Svg.text(svg, label, x, plot.bottom() + 16, "middle", Svg.AXIS_INK, "font-size", "10");
            if (tall) {
                Svg.text(svg, label, x, plot.top() - 5, "middle", Svg.AXIS_INK, "font-size", "10");
            }
        }
        Svg.line(svg, plot.left(), plot.bottom(), plot.right(), plot.bottom(), "#718096");
    }

    private static void drawGroup(Markup svg, Plot plot, Group group, double top) {
        double middle = top + groupHeight(group) / 2 + 4;
        Svg.text(svg, group.label(), plot.left() - 8, middle, "end", Svg.INK);
        double y = top + GROUP_GAP / 2.0;
        for (Bar bar : group.bars()) {
            drawBar(svg, plot, group.label(), bar, y);
            y += BAR + BAR_GAP;
        }
    }

    private static void drawBar(Markup svg, Plot plot, String groupLabel, Bar bar, double y) {
        double middle = y + BAR / 2.0;
        svg.open("g");
        svg.element("title", groupLabel + " \u00b7 " + bar.series().name() + ": " + bar.label());
        if (bar.value().isEmpty() || !plot.axis().shows(bar.value().getAsDouble())) {
            String text = bar.series().name() + ": " + bar.label();
            Svg.text(
                    svg,
                    text,
                    plot.left() + 4,
                    middle + 3.5,
                    "start",
                    MISSING,
                    "font-size",
                    "10",
                    "font-style",
                    "italic");
            svg.close("g");
            return;
        }
        double end = Math.max(plot.left() + 1, plot.x(bar.value().getAsDouble()));
        Svg.rect(svg, plot.left(), y, end - plot.left(), BAR, bar.series().color());
        double labelAt = end;
        if (bar.low().isPresent() && bar.high().isPresent()) {
            double low = plot.x(bar.low().getAsDouble());
            double high = plot.x(bar.high().getAsDouble());
            if (high - low >= 1) {
                Svg.line(svg, low, middle, high, middle, Svg.INK);
                Svg.line(svg, low, middle - 3, low, middle + 3, Svg.INK);
                Svg.line(svg, high, middle - 3, high, middle + 3, Svg.INK);
            }
            labelAt = Math.max(labelAt, high);
        }
        Svg.text(svg, bar.label(), labelAt + 4, middle + 3.5, "start", "#2d3748", "font-size", "10");
        svg.close("g");
    }

    private List<Double> values() {
        List<Double> values = new ArrayList<>();
        for (Group group : groups) {
            for (Bar bar : group.bars()) {
                if (bar.value().isPresent()) {
                    values.add(bar.value().getAsDouble());
                    bar.low().ifPresent(values::add);
                    bar.high().ifPresent(values::add);
                }
            }
        }
        reference.ifPresent(values::add);
        return values;
    }

    private static double groupHeight(Group group) {
        return Math.max(1, group.bars().size()) * (BAR + BAR_GAP) - BAR_GAP + GROUP_GAP;
    }

    private static int maxLength(List<String> texts) {
        return texts.stream().mapToInt(String::length).max().orElse(0);
    }

    private static double clamp(double value, double min, double max) {
        return Math.max(min, Math.min(max, value));
    }
}
