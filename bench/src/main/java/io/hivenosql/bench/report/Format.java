package io.hivenosql.bench.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * How the report writes numbers for people: thousands separators, a precision that suits the magnitude, and a dash
 * for a value that could not be computed. (The CSV files write machine-readable numbers instead, see {@link
 * #plain(double)}.)
 */
public final class Format {
    /** What a missing value reads as. */
    public static final String NONE = "\u2014";

    private Format() {}

    /** A count or rate: {@code 1,234,567}; below 100 with up to two decimals ({@code 12.5}, {@code 0.42}). */
    public static String number(double value) {
        double magnitude = Math.abs(value);
        if (magnitude >= 100 || value == 0) {
            return String.format(Locale.US, "%,.0f", value);
        }
        if (magnitude >= 10) {
            return String.format(Locale.US, "%.1f", value);
        }
        if (magnitude >= 0.01) {
            return String.format(Locale.US, "%.2f", value);
        }
        return significant(value);
    }

    public static String number(OptionalDouble value) {
        return value.isPresent() ? number(value.getAsDouble()) : NONE;
    }

    /** A whole count with thousands separators: {@code 6,001,215}. */
    public static String count(long value) {
        return String.format(Locale.US, "%,d", value);
    }

    /** Seconds to a precision that suits them: {@code 0.412}, {@code 3.25}, {@code 41.7}, {@code 1,234}. */
    public static String seconds(double seconds) {
        if (seconds >= 100) {
            return String.format(Locale.US, "%,.0f", seconds);
        }
        if (seconds >= 10) {
            return String.format(Locale.US, "%.1f", seconds);
        }
        if (seconds >= 1) {
            return String.format(Locale.US, "%.2f", seconds);
        }
        return String.format(Locale.US, "%.3f", seconds);
    }

    public static String seconds(Duration duration) {
        return seconds(Statistics.seconds(duration));
    }

    /** A ratio with two significant digits and a times sign: {@code 0.42×}, {@code 1.3×}, {@code 12×}. */
    public static String ratio(double ratio) {
        String digits;
        if (ratio >= 10) {
            digits = String.format(Locale.US, "%,.0f", ratio);
        } else if (ratio >= 1) {
            digits = String.format(Locale.US, "%.1f", ratio);
        } else if (ratio >= 0.1) {
            digits = String.format(Locale.US, "%.2f", ratio);
        } else {
            digits = significant(ratio);
        }
        return digits + "\u00d7";
    }

    public static String ratio(OptionalDouble ratio) {
        return ratio.isPresent() ? ratio(ratio.getAsDouble()) : NONE;
    }

    /** Two significant digits without an exponent: {@code 0.0042}. */
    private static String significant(double value) {
        return new BigDecimal(value)
                .round(new MathContext(2))
                .stripTrailingZeros()
                .toPlainString();
    }

    /** A scale factor as people write it: {@code 0.01}, {@code 0.1}, {@code 1}, {@code 10}. */
    public static String scaleFactor(double scaleFactor) {
        return plain(scaleFactor);
    }

    /** A byte count in binary units: {@code 15.5 GiB}. */
    public static String bytes(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return (unit == 0 ? count(bytes) : String.format(Locale.US, "%.1f", value)) + " " + units[unit];
    }

    /** A number for machines: no grouping, no exponent, no trailing zeros ({@code 0.1}, {@code 1}, {@code 2.5}). */
    public static String plain(double value) {
        if (!Double.isFinite(value)) {
            return "";
        }
        String text = BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        return text.equals("-0") ? "0" : text;
    }
}
