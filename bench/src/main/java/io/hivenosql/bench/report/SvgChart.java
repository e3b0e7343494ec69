package io.hivenosql.bench.report;

/** A chart of the report: drawn as an {@code <svg>} element, inline in the HTML page or standalone. */
sealed interface SvgChart permits SvgBarChart, SvgLineChart {
    /** The chart's {@code <svg>} element. */
    Markup svg();

    /** The chart as a standalone {@code <svg>} element. */
    default String render() {
        return svg().toString();
    }
}
