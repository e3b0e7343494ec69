package io.hivenosql.bench.report;

import static io.hivenosql.bench.report.Markup.coordinate;

import java.util.List;

/** The SVG shapes the charts are drawn with: the root element, lines, rectangles, text and the legend. */
final class Svg {
    static final String FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
    static final String INK = "#1a202c";
    static final String AXIS_INK = "#4a5568";
    static final String GRID = "#d5dae1";
    static final double CHAR_WIDTH = 6.2;

    private Svg() {}

    /** Opens {@code <svg>} with its size, an accessible name and a {@code <title>}; close it with {@code "svg"}. */
    static Markup open(double width, double height, String description) {
        String viewBox = "0 0 " + coordinate(width) + " " + coordinate(height);
        Markup svg = new Markup();
        svg.open(
                "svg",
                "xmlns",
                "http://www.w3.org/2000/svg",
                "class",
                "chart",
                "role",
                "img",
                "aria-label",
                description,
                "width",
                coordinate(width),
                "height",
                coordinate(height),
                "viewBox",
                viewBox,
                "font-family",
                FONT,
                "font-size",
                "11");
        return svg.element("title", description);
    }

    static void line(Markup svg, double x1, double y1, double x2, double y2, String stroke, String... more) {
        String[] attributes = {
            "x1",
            coordinate(x1),
            "y1",
            coordinate(y1),
            "x2",
            coordinate(x2),
            "y2",
            coordinate(y2),
            "stroke",
            stroke,
            "stroke-width",
            "1"
        };
        svg.empty("line", concat(attributes, more));
    }

    static void rect(Markup svg, double x, double y, double width, double height, String fill) {
        svg.empty(
                "rect",
                "x",
                coordinate(x),
                "y",
                coordinate(y),
                "width",
                coordinate(width),
                "height",
                coordinate(height),
                "fill",
                fill);
    }

    /** Text at {@code (x, y)}; {@code anchor} is {@code start}, {@code middle} or {@code end}. */
    static void text(Markup svg, String text, double x, double y, String anchor, String fill, String... more) {
        String[] attributes = {"x", coordinate(x), "y", coordinate(y), "text-anchor", anchor, "fill", fill};
        svg.element("text", text, concat(attributes, more));
    }

    /** A one-line legend of coloured swatches and series names from {@code (x, y)}. */
    static void legend(Markup svg, List<ChartSeries> legend, double x, double y) {
        if (legend.isEmpty()) {
            return;
        }
        svg.open("g", "class", "legend");
        double at = x;
        for (ChartSeries series : legend) {
            rect(svg, at, y + 2, 10, 10, series.color());
            text(svg, series.name(), at + 14, y + 11, "start", INK);
            at += 14 + series.name().length() * CHAR_WIDTH + 16;
        }
        svg.close("g");
    }

    private static String[] concat(String[] first, String[] second) {
        String[] all = new String[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }
}
