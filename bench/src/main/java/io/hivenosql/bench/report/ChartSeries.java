package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

/** A named, coloured series of a chart (one target), shown in the legend. */
public record ChartSeries(String name, String color) {
    public ChartSeries {
        requireNonNull(name, "name is null");
        requireNonNull(color, "color is null");
    }
}
