package io.hivenosql.api.types;

/**
 * Fast paths for the most common stored numbers, read straight from UTF-8 bytes: plain integers, and plain decimals
 * for doubles. Each method returns {@code null} when the text is not of the simple form, and the caller then takes the
 * general (String-based) path, which also produces the error messages. The fast paths are exact: they accept only
 * texts whose value they compute with no rounding other than IEEE's single correctly rounded division.
 */
final class AsciiNumbers {
    /** 10^0 .. 10^22: every one is exactly representable as a double. */
    private static final double[] POWERS_OF_TEN = new double[23];

    static {
        double power = 1;
        for (int i = 0; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = power;
            power *= 10;
        }
    }

    private AsciiNumbers() {}

    /** An optionally signed run of 1..18 ASCII digits (so it cannot overflow a long), else null. */
    static Long parseLong(byte[] text) {
        int length = text.length;
        int start = length > 0 && (text[0] == '-' || text[0] == '+') ? 1 : 0;
        int digits = length - start;
        if (digits < 1 || digits > 18) {
            return null;
        }
        long value = 0;
        for (int i = start; i < length; i++) {
            int digit = text[i] - '0';
            if (digit < 0 || digit > 9) {
                return null;
            }
            value = value * 10 + digit;
        }
        return text[0] == '-' ? -value : value;
    }

    /**
     * {@code [-]digits[.digits]} with at most 15 significant digits and at most 22 fraction digits, else null. Such a
     * value is m / 10^s with m < 2^53 and 10^s exact, so one division gives the correctly rounded double, the same as
     * {@link Double#parseDouble}.
     */
    static Double parseSimpleDouble(byte[] text) {
        int length = text.length;
        boolean negative = length > 0 && text[0] == '-';
        int i = negative ? 1 : 0;
        long mantissa = 0;
        int significant = 0;
        int fraction = -1;
        boolean anyDigit = false;
        for (; i < length; i++) {
            byte b = text[i];
            if (b == '.') {
                if (fraction >= 0) {
                    return null;
                }
                fraction = 0;
                continue;
            }
            int digit = b - '0';
            if (digit < 0 || digit > 9) {
                return null;
            }
            anyDigit = true;
            if (fraction >= 0) {
                fraction++;
            }
            if (mantissa != 0 || digit != 0) {
                significant++;
            }
            mantissa = mantissa * 10 + digit;
            if (significant > 15) {
                return null;
            }
        }
        if (!anyDigit || fraction == 0 || fraction > 22) {
            return null;
        }
        double value = fraction > 0 ? mantissa / POWERS_OF_TEN[fraction] : (double) mantissa;
        return negative ? -value : value;
    }
}
