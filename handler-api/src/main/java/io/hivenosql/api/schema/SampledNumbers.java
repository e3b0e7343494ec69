package io.hivenosql.api.schema;

import java.math.BigDecimal;

/**
 * The number a text names (a JSON number token, or a Redis hash field holding a number), as schema inference samples
 * it. The text must already be in the number syntax of {@link TextSampledValues} (JSON's: an optional {@code -}, no
 * leading zeros, an optional fraction and exponent).
 *
 * <ul>
 *   <li>no fraction or exponent: an integer ({@link SampledValue.Int}, by the value's width), or an exact decimal
 *       beyond 64 bits;
 *   <li>otherwise a floating-point number when the double nearest to it is the same number (so a double column reads it
 *       exactly: {@code 0.1}, {@code 1.5e3}, {@code 100.0}), else an exact decimal: more digits than a double holds
 *       ({@code 0.10000000000000001}), beyond a double's range ({@code 1e400}), or a fraction with trailing zeros
 *       ({@code 12.50}, written by a decimal type at a fixed scale: the decimal column keeps them, a double would not).
 *       A lone {@code .0} ({@code 5.0}) is how doubles are written and stays floating.
 * </ul>
 */
final class SampledNumbers {
    private SampledNumbers() {}

    /** The number of a text in the number syntax (see the class comment). */
    static SampledValue of(String text) {
        boolean integral = text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0;
        if (integral) {
            try {
                return SampledValue.Int.of(Long.parseLong(text));
            } catch (NumberFormatException e) {
                // beyond a long: an exact decimal
            }
            return new SampledValue.Decimal(new BigDecimal(text));
        }
        BigDecimal exact = new BigDecimal(text);
        if (keptZeros(text)) {
            return new SampledValue.Decimal(exact);
        }
        double value = Double.parseDouble(text);
        if (!Double.isInfinite(value) && BigDecimal.valueOf(value).compareTo(exact) == 0) {
            return new SampledValue.Floating(value);
        }
        return new SampledValue.Decimal(exact);
    }

    /** Whether the fraction ends in a zero that is not its only digit ({@code 12.50}, {@code 1.00e3}; not {@code 5.0}). */
    private static boolean keptZeros(String text) {
        int point = text.indexOf('.');
        if (point < 0) {
            return false;
        }
        int end = point + 1;
        while (end < text.length() && text.charAt(end) >= '0' && text.charAt(end) <= '9') {
            end++;
        }
        return end - point > 2 && text.charAt(end - 1) == '0';
    }
}
