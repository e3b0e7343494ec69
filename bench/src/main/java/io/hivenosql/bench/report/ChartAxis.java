package io.hivenosql.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A value axis of a chart: linear from zero to a round maximum, or logarithmic over whole decades; maps a value to a
 * position between two pixel coordinates and lists round tick values with compact labels ({@code 2.5M}).
 */
final class ChartAxis {
    private final boolean log;
    private final double low;
    private final double high;
    private final List<Double> ticks;

    private ChartAxis(boolean log, double low, double high, List<Double> ticks) {
        this.log = log;
        this.low = low;
        this.high = high;
        this.ticks = List.copyOf(ticks);
    }

    /** From 0 to a round value at or above {@code max} (1 when there is nothing positive to show). */
    static ChartAxis linear(double max) {
        double top = Double.isFinite(max) && max > 0 ? max : 1;
        double step = niceStep(top / 6);
        double high = Math.ceil(top / step - 1e-9) * step;
        List<Double> ticks = new ArrayList<>();
        for (int i = 0; i * step <= high + step / 2; i++) {
            ticks.add(i * step);
        }
        return new ChartAxis(false, 0, high, ticks);
    }

    /**
     * From the largest 1, 2 or 5 times a power of ten at or below {@code min} to the smallest at or above {@code max}
     * (positive values; 1 to 10 when there are none), with ticks at those steps, or at whole decades when the axis
     * spans more than three.
     */
    static ChartAxis log(double min, double max) {
        boolean valid = Double.isFinite(min) && Double.isFinite(max) && min > 0 && max >= min;
        double low = valid ? step(min, false) : 1;
        double high = valid ? step(max, true) : 10;
        if (high <= low * 1.000001) {
            high = step(low * 1.5, true);
        }
        boolean decadesOnly = Math.log10(high / low) > 3;
        List<Double> ticks = new ArrayList<>();
        for (double tick = low; tick <= high * 1.000001; tick = step(tick * 1.5, true)) {
            if (!decadesOnly || isDecade(tick) || tick == low || tick == high) {
                ticks.add(tick);
            }
        }
        return new ChartAxis(true, low, high, ticks);
    }

    /** The nearest 1, 2 or 5 times a power of ten below (or above) a positive value, or the value itself. */
    private static double step(double value, boolean up) {
        double decade = Math.pow(10, Math.floor(Math.log10(value)));
        double[] multiples = {1, 2, 5, 10};
        double chosen = up ? 10 : 1;
        for (double multiple : multiples) {
            double candidate = multiple * decade;
            if (up && candidate >= value * 0.999999) {
                chosen = multiple;
                break;
            }
            if (!up && candidate <= value * 1.000001) {
                chosen = multiple;
            }
        }
        // round away the binary noise of the multiplication: 0.1 * 3 is not 0.3
        return Double.parseDouble(String.format(Locale.ROOT, "%.3g", chosen * decade));
    }

    private static boolean isDecade(double value) {
        double exponent = Math.log10(value);
        return Math.abs(exponent - Math.round(exponent)) < 1e-9;
    }

    /** The axis for some values: log over their decades, or linear from zero to their maximum. */
    static ChartAxis of(boolean log, List<Double> values) {
        List<Double> shown = values.stream()
                .filter(value -> Double.isFinite(value) && (log ? value > 0 : value >= 0))
                .toList();
        double max = shown.stream().mapToDouble(Double::doubleValue).max().orElse(log ? 10 : 1);
        if (!log) {
            return linear(max);
        }
        double min = shown.stream().mapToDouble(Double::doubleValue).min().orElse(1);
        return log(min, max);
    }

    boolean isLog() {
        return log;
    }

    List<Double> ticks() {
        return ticks;
    }

    /** Whether a value can be drawn on this axis (a log axis cannot show zero or less). */
    boolean shows(double value) {
        return Double.isFinite(value) && (log ? value > 0 : value >= 0);
    }

    /** The pixel position of {@code value} between {@code from} (the axis low) and {@code to} (its high), clamped. */
    double position(double value, double from, double to) {
        double fraction;
        if (log) {
            fraction = value <= 0 ? 0 : Math.log10(value / low) / Math.log10(high / low);
        } else {
            fraction = (value - low) / (high - low);
        }
        if (!Double.isFinite(fraction)) {
            fraction = 0;
        }
        return from + Math.max(0, Math.min(1, fraction)) * (to - from);
    }

    /** A short tick label: {@code 0}, {@code 0.5}, {@code 20}, {@code 1.5k}, {@code 2.5M}, {@code 1G}. */
    static String label(double value) {
        double magnitude = Math.abs(value);
        if (magnitude >= 1e9) {
            return trim(value / 1e9) + "G";
        }
        if (magnitude >= 1e6) {
            return trim(value / 1e6) + "M";
        }
        if (magnitude >= 1e3) {
            return trim(value / 1e3) + "k";
        }
        if (magnitude > 0 && magnitude < 0.01) {
            return Format.number(value);
        }
        return trim(value);
    }

    private static String trim(double value) {
        String text = String.format(Locale.ROOT, "%.3f", value);
        text = text.replaceAll("0+$", "");
        return text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    }

    private static double niceStep(double rough) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
        double normalized = rough / magnitude;
        double nice = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 2.5 ? 2.5 : normalized <= 5 ? 5 : 10;
        return nice * magnitude;
    }
}
