package io.hivenosql.api.types;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The Hive rules both codecs apply to neutral values: integer ranges, decimal precision, varchar and char lengths, and
 * which decimals a float or double holds exactly (also what pushdown and the stores' encoders accept).
 */
public final class NeutralValues {
    private NeutralValues() {}

    /** The double that is exactly {@code value}, or null when there is none (too many digits, out of range). */
    public static Double exactDouble(BigDecimal value) {
        double converted = value.doubleValue();
        return Double.isFinite(converted) && new BigDecimal(converted).compareTo(value) == 0 ? converted : null;
    }

    /** The float that is exactly {@code value}, or null when there is none (too many digits, out of range). */
    public static Float exactFloat(BigDecimal value) {
        float converted = value.floatValue();
        return Float.isFinite(converted) && new BigDecimal(converted).compareTo(value) == 0 ? converted : null;
    }

    /** Boxes a range-checked integer into the neutral class of the integer type. */
    static Object integral(long value, PrimitiveType type) {
        return switch (type) {
            case TINYINT -> {
                checkRange(value, Byte.MIN_VALUE, Byte.MAX_VALUE, type);
                yield (byte) value;
            }
            case SMALLINT -> {
                checkRange(value, Short.MIN_VALUE, Short.MAX_VALUE, type);
                yield (short) value;
            }
            case INT -> {
                checkRange(value, Integer.MIN_VALUE, Integer.MAX_VALUE, type);
                yield (int) value;
            }
            case BIGINT -> value;
            default -> throw new IllegalArgumentException(type.typeName() + " is not an integer type");
        };
    }

    /** The boxed value when it is in the integer type's range, else null (the caller then reports the error). */
    static Object narrowOrNull(PrimitiveType type, long value) {
        return switch (type) {
            case TINYINT -> value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE ? (Object) (byte) value : null;
            case SMALLINT -> value >= Short.MIN_VALUE && value <= Short.MAX_VALUE ? (Object) (short) value : null;
            case INT -> value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE ? (Object) (int) value : null;
            case BIGINT -> value;
            default -> throw new IllegalArgumentException(type.typeName() + " is not an integer type");
        };
    }

    private static void checkRange(long value, long min, long max, PrimitiveType type) {
        if (value < min || value > max) {
            throw outOfRange(type, Long.toString(value));
        }
    }

    static ValueConversionException outOfRange(DataType type, String text) {
        return new ValueConversionException(text, type, "out of range for " + type.typeName() + range(type));
    }

    /** The range of an integer type for messages, e.g. {@code " [-128, 127]"}; empty for other types. */
    public static String range(DataType type) {
        return switch (type instanceof PrimitiveType primitive ? primitive : PrimitiveType.STRING) {
            case TINYINT -> " [-128, 127]";
            case SMALLINT -> " [-32768, 32767]";
            case INT -> " [-2147483648, 2147483647]";
            case BIGINT -> " [-9223372036854775808, 9223372036854775807]";
            default -> "";
        };
    }

    /**
     * An exact decimal that must be a whole number within the integer type's range.
     *
     * @param text the value as the store held it, for messages; null to show the decimal
     */
    static Object integralFromDecimal(BigDecimal value, PrimitiveType type, String text) {
        if (text == null) {
            text = value.toString();
        }
        if (value.signum() == 0) {
            return integral(0, type);
        }
        // integer digits first: cheap, and guards against huge exponents such as 1e999999999
        if ((long) value.precision() - value.scale() > 19) {
            throw outOfRange(type, text);
        }
        if (value.stripTrailingZeros().scale() > 0) {
            throw new ValueConversionException(text, type, "has a fractional part; " + type.typeName() + " is whole");
        }
        long exact;
        try {
            exact = value.longValueExact();
        } catch (ArithmeticException e) {
            throw outOfRange(type, text);
        }
        try {
            return integral(exact, type);
        } catch (ValueConversionException e) {
            throw outOfRange(type, text); // name the value as the store held it
        }
    }

    /**
     * Rounds to the type's scale (HALF_UP, as Hive does) and checks that the integer digits fit the precision.
     *
     * @param text the value as the store held it, for messages; null to show the decimal
     * @throws ValueConversionException "does not fit decimal(p,s)"
     */
    static BigDecimal decimal(BigDecimal value, DecimalType type, String text) {
        int scale = type.scale();
        if (value.scale() == scale && value.precision() <= type.precision()) {
            return value;
        }
        long integerDigits = (long) value.precision() - value.scale();
        if (value.signum() != 0 && integerDigits > type.precision() - scale) {
            throw doesNotFit(type, text != null ? text : value.toString());
        }
        if (value.signum() == 0 || integerDigits < -scale - 1L) {
            // below half a unit of the last place (and guards against huge negative exponents)
            return BigDecimal.ZERO.setScale(scale);
        }
        BigDecimal scaled = value.setScale(scale, RoundingMode.HALF_UP);
        if (scaled.precision() - scaled.scale() > type.precision() - scale) {
            throw doesNotFit(
                    type,
                    text != null ? text : value.toString()); // rounding carried into a new digit, e.g. 99.995 -> 100.00
        }
        return scaled;
    }

    private static ValueConversionException doesNotFit(DecimalType type, String text) {
        return new ValueConversionException(
                text,
                type,
                "does not fit " + type.typeName() + " (at most " + (type.precision() - type.scale())
                        + " digits before the decimal point)");
    }

    /** Hive's varchar: longer values are truncated to the maximum length in code points. */
    static String varchar(String value, int length) {
        if (value.length() <= length) {
            return value;
        }
        return truncateCodePoints(value, length);
    }

    /** Hive's char: truncated to the length in code points, then padded with spaces to it. */
    static String padChar(String value, int length) {
        String truncated = value.length() <= length ? value : truncateCodePoints(value, length);
        int codePoints = truncated.codePointCount(0, truncated.length());
        if (codePoints >= length) {
            return truncated;
        }
        return truncated + " ".repeat(length - codePoints);
    }

    /** Hive's char without its pad: trailing spaces carry no meaning. */
    static String stripChar(String value) {
        int end = value.length();
        while (end > 0 && value.charAt(end - 1) == ' ') {
            end--;
        }
        return end == value.length() ? value : value.substring(0, end);
    }

    private static String truncateCodePoints(String value, int length) {
        int codePoints = value.codePointCount(0, value.length());
        if (codePoints <= length) {
            return value;
        }
        return value.substring(0, value.offsetByCodePoints(0, length));
    }
}
