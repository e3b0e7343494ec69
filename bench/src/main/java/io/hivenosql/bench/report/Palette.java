package io.hivenosql.bench.report;

import io.hivenosql.bench.Target;

/**
 * One colour per target, the same in every chart and table: greys for the HDFS baselines, a distinct hue per store
 * (from the Okabe-Ito palette, which stays apart for the common colour-vision deficiencies).
 */
public final class Palette {
    private Palette() {}

    public static String color(Target target) {
        return switch (target) {
            case HDFS_ORC -> "#4a5568";
            case HDFS_TEXT -> "#a0aec0";
            case REDIS -> "#d55e00";
            case CASSANDRA -> "#0072b2";
            case MONGO -> "#009e73";
            case MONGO_FERRETDB -> "#cc79a7";
        };
    }

    /** The legend entry of a target. */
    public static ChartSeries series(Target target) {
        return new ChartSeries(target.cliName(), color(target));
    }
}
