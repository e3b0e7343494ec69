package io.hivenosql.bench.report;

import static io.hivenosql.bench.report.Markup.coordinate;
import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A line chart as inline SVG: x on a log scale with a tick at every x a line has (scale factors 0.01, 0.1, 1), y
 * linear from zero, one coloured line per series with its points (hover shows each value), the series name at its
 * end and a legend.
 *
 * @param description what the chart shows, for screen readers and the SVG title
 * @param xLabel the x axis's label with its unit
 * @param yLabel the y axis's label with its unit
 */
public record SvgLineChart(String description, String xLabel, String yLabel, List<Line> lines) implements SvgChart {
    private static final int WIDTH = 1000;
    private static final int HEIGHT = 340;
    private static final double LEFT = 64;
    private static final double RIGHT = WIDTH - 110;
    private static final double TOP = 34;
    private static final double BOTTOM = HEIGHT - 46;

    public SvgLineChart {
        requireNonNull(description, "description is null");
        requireNonNull(xLabel, "xLabel is null");
        requireNonNull(yLabel, "yLabel is null");
        lines = List.copyOf(requireNonNull(lines, "lines is null"));
    }

    /** One point: x and y must be finite, x positive (the x axis is logarithmic); {@code label} is its hover text. */
    public record Point(double x, double y, String label) {
        public Point {
            requireNonNull(label, "label is null");
            if (!Double.isFinite(x) || x <= 0 || !Double.isFinite(y)) {
                throw new IllegalArgumentException("a point needs a positive x and a finite y: " + x + ", " + y);
            }
        }
    }

    /** The points of one series, drawn in x order. */
    public record Line(ChartSeries series, List<Point> points) {
        public Line {
            requireNonNull(series, "series is null");
            points = requireNonNull(points, "points is null").stream()
                    .sorted(Comparator.comparingDouble(Point::x))
                    .toList();
        }
    }

    @Override
    public Markup svg() {
        TreeSet<Double> xs = lines.stream()
                .flatMap(line -> line.points().stream())
                .map(Point::x)
                .collect(Collectors.toCollection(TreeSet::new));
        double low = xs.isEmpty() ? 0 : Math.log10(xs.first());
        double high = xs.isEmpty() ? 1 : Math.log10(xs.last());
        double pad = high > low ? (high - low) * 0.06 : 0.5;
        double maxY = lines.stream()
                .flatMap(line -> line.points().stream())
                .mapToDouble(Point::y)
                .max()
                .orElse(1);
        Plot plot = new Plot(low - pad, high + pad, ChartAxis.linear(maxY));

        Markup svg = Svg.open(WIDTH, HEIGHT, description);
        Svg.legend(svg, lines.stream().map(Line::series).toList(), LEFT, 4);
        for (double tick : plot.yAxis().ticks()) {
            double y = plot.y(tick);
            Svg.line(svg, LEFT - 4, y, RIGHT, y, Svg.GRID);
            Svg.text(svg, ChartAxis.label(tick), LEFT - 8, y + 3.5, "end", Svg.AXIS_INK, "font-size", "10");
        }
        for (double x : xs) {
            double at = plot.x(x);
            Svg.line(svg, at, TOP, at, BOTTOM + 4, Svg.GRID);
            Svg.text(svg, Format.plain(x), at, BOTTOM + 17, "middle", Svg.AXIS_INK, "font-size", "10");
        }
        Svg.line(svg, LEFT, BOTTOM, RIGHT, BOTTOM, "#718096");
        Svg.text(svg, xLabel, (LEFT + RIGHT) / 2, BOTTOM + 36, "middle", "#2d3748");
        double middle = (TOP + BOTTOM) / 2;
        Svg.text(
                svg, yLabel, 14, middle, "middle", "#2d3748", "transform", "rotate(-90 14 " + coordinate(middle) + ")");
        List<Line> drawn =
                lines.stream().filter(line -> !line.points().isEmpty()).toList();
        drawn.forEach(line -> drawLine(svg, plot, line));
        drawEndLabels(svg, plot, drawn);
        return svg.close("svg");
    }

    /** The x axis's log range (with padding) and the y axis. */
    private record Plot(double xFrom, double xTo, ChartAxis yAxis) {
        double x(double x) {
            return LEFT + (Math.log10(x) - xFrom) / (xTo - xFrom) * (RIGHT - LEFT);
        }

        double y(double y) {
            return yAxis.position(y, BOTTOM, TOP);
        }
    }

    private static void drawLine(Markup svg, Plot plot, Line line) {
        String color = line.series().color();
        String path = line.points().stream()
                .map(point -> coordinate(plot.x(point.x())) + "," + coordinate(plot.y(point.y())))
                .collect(Collectors.joining(" "));
        svg.open("g");
        svg.empty("polyline", "points", path, "fill", "none", "stroke", color, "stroke-width", "2");
        for (Point point : line.points()) {
            svg.open(
                    "circle",
                    "cx",
                    coordinate(plot.x(point.x())),
                    "cy",
                    coordinate(plot.y(point.y())),
                    "r",
                    "3.5",
                    "fill",
                    color);
            svg.element("title", line.series().name() + ": " + point.label());
            svg.close("circle");
        }
        svg.close("g");
    }

    /** Each series' name right of its last point, pushed down as needed so that no two overlap. */
    private static void drawEndLabels(Markup svg, Plot plot, List<Line> lines) {
        List<Point> ends = lines.stream()
                .map(line -> line.points().get(line.points().size() - 1))
                .toList();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble(i -> plot.y(ends.get(i).y())));
        double previous = Double.NEGATIVE_INFINITY;
        for (int i : order) {
            double y = Math.max(plot.y(ends.get(i).y()) + 3.5, previous + 12);
            previous = y;
            ChartSeries series = lines.get(i).series();
            Svg.text(svg, series.name(), plot.x(ends.get(i).x()) + 8, y, "start", series.color(), "font-weight", "600");
        }
    }
}
