package io.hivenosql.api.types;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The canonical text form of neutral values (see {@link DataType} for the neutral classes): what Redis hash fields hold
 * and what other clients can read. Every digit is kept.
 *
 * <table>
 *   <caption>Canonical text</caption>
 *   <tr><th>type</th><th>encode</th><th>decode also accepts</th></tr>
 *   <tr><td>boolean</td><td>{@code true}, {@code false}</td><td>any case, {@code 1}, {@code 0}</td></tr>
 *   <tr><td>tinyint .. bigint</td><td>decimal digits</td><td>a whole number with a zero fraction or an exponent
 *       ({@code 42.0}, {@code 4.2e1}); out-of-range values are errors</td></tr>
 *   <tr><td>float, double</td><td>{@code Float.toString} / {@code Double.toString}: {@code 1.5}, {@code 1.0E10},
 *       {@code NaN}, {@code Infinity}, {@code -Infinity}</td><td>any decimal number (sign, fraction, exponent:
 *       {@code +.5}, {@code 2.5E-3}), {@code nan}, {@code inf}, {@code infinity} in any case and signed; not Java's
 *       literal forms ({@code 1.5f}, {@code 1.5d}, {@code 0x1p3}); a finite text too large for float is an
 *       error</td></tr>
 *   <tr><td>decimal(p,s)</td><td>plain digits at scale s ({@code 12.50})</td><td>any decimal or exponent form,
 *       rounded HALF_UP to scale s like Hive; more than p-s integer digits is an error</td></tr>
 *   <tr><td>string</td><td>as is</td><td>anything</td></tr>
 *   <tr><td>varchar(n)</td><td>as is</td><td>longer text is truncated to n code points, as Hive does on insert</td></tr>
 *   <tr><td>char(n)</td><td>without trailing spaces</td><td>truncated to n code points and padded with spaces to
 *       n, as Hive's char value is</td></tr>
 *   <tr><td>binary</td><td>standard base64 with padding</td><td>missing padding, the URL-safe alphabet</td></tr>
 *   <tr><td>date</td><td>{@code yyyy-MM-dd}</td><td>surrounding whitespace</td></tr>
 *   <tr><td>timestamp</td><td>{@code yyyy-MM-ddTHH:mm:ss[.fraction]}, the fraction as short as possible (up to 9
 *       digits)</td><td>{@code ' '} as separator, no seconds, no time (midnight), a trailing {@code Z}</td></tr>
 *   <tr><td>array, map, struct</td><td>JSON, see {@link JsonValueCodec}</td><td>as JsonValueCodec reads</td></tr>
 * </table>
 *
 * <p>Numbers, booleans, dates and timestamps tolerate surrounding whitespace on decode. Text given as bytes must be
 * well-formed UTF-8 ({@link Utf8}).
 */
public final class TextValueCodec {
    private static final String NOT_A_DECIMAL_NUMBER = "not a number: expected decimal digits with an optional sign, "
            + "fraction and exponent (1.5, -2.5e3), or NaN, Infinity, -Infinity";

    private TextValueCodec() {}

    /**
     * The canonical text of a non-null neutral value.
     *
     * @throws IllegalArgumentException when the value is not of the type's neutral class
     * @throws ValueConversionException when a decimal does not fit its precision
     */
    public static String encode(DataType type, Object value) {
        requireNonNull(type, "type is null");
        requireNonNull(value, "value is null");
        if (type instanceof PrimitiveType primitive) {
            return switch (primitive) {
                case BOOLEAN -> value instanceof Boolean b ? (b ? "true" : "false") : wrongClass(type, value);
                case TINYINT, SMALLINT, INT, BIGINT -> value instanceof Long
                                || value instanceof Integer
                                || value instanceof Short
                                || value instanceof Byte
                        ? Long.toString(((Number) value).longValue())
                        : wrongClass(type, value);
                case FLOAT -> value instanceof Float f ? Float.toString(f) : wrongClass(type, value);
                case DOUBLE -> value instanceof Double d ? Double.toString(d) : wrongClass(type, value);
                case STRING -> value instanceof String s ? s : wrongClass(type, value);
                case BINARY -> value instanceof byte[] bytes
                        ? Base64.getEncoder().encodeToString(bytes)
                        : wrongClass(type, value);
                case DATE -> value instanceof LocalDate date ? TemporalText.formatDate(date) : wrongClass(type, value);
                case TIMESTAMP -> value instanceof LocalDateTime timestamp
                        ? TemporalText.formatTimestamp(timestamp)
                        : wrongClass(type, value);
            };
        }
        if (type instanceof DecimalType decimal) {
            if (value instanceof BigDecimal number) {
                return NeutralValues.decimal(number, decimal, number.toPlainString())
                        .toPlainString();
            }
            return wrongClass(type, value);
        }
        if (type instanceof VarcharType) {
            return value instanceof String s ? s : wrongClass(type, value);
        }
        if (type instanceof CharType) {
            return value instanceof String s ? NeutralValues.stripChar(s) : wrongClass(type, value);
        }
        if (type instanceof ArrayType && !(value instanceof List)
                || type instanceof StructType && !(value instanceof List)
                || type instanceof MapType && !(value instanceof Map)) {
            return wrongClass(type, value);
        }
        return JsonValueCodec.toJson(type, value);
    }

    /**
     * The neutral value of a canonical (or leniently accepted) text given as UTF-8 bytes, as stores hand it over.
     * Plain integers and plain decimal doubles are read straight from the bytes; everything else, errors included,
     * goes through {@link #decode(DataType, String)}, so the result is the same either way.
     *
     * @throws ValueConversionException naming the text, the type and why it does not convert; bytes that are not
     *     well-formed UTF-8 never convert (see {@link Utf8})
     */
    public static Object decode(DataType type, byte[] utf8) {
        requireNonNull(utf8, "utf8 is null");
        if (type instanceof PrimitiveType primitive) {
            switch (primitive) {
                case TINYINT, SMALLINT, INT, BIGINT -> {
                    Long value = AsciiNumbers.parseLong(utf8);
                    if (value != null) {
                        Object narrowed = NeutralValues.narrowOrNull(primitive, value);
                        if (narrowed != null) {
                            return narrowed;
                        }
                    }
                }
                case DOUBLE -> {
                    Double value = AsciiNumbers.parseSimpleDouble(utf8);
                    if (value != null) {
                        return value;
                    }
                }
                default -> {}
            }
        }
        // strict: bytes that are not UTF-8 are a bad value, never text with U+FFFD in their place
        return decode(type, Utf8.decode(utf8, type));
    }

    /**
     * The neutral value of a canonical (or leniently accepted) text.
     *
     * @throws ValueConversionException naming the text, the type and why it does not convert
     */
    public static Object decode(DataType type, String text) {
        requireNonNull(type, "type is null");
        requireNonNull(text, "text is null");
        if (type instanceof PrimitiveType primitive) {
            return switch (primitive) {
                case BOOLEAN -> decodeBoolean(text);
                case TINYINT, SMALLINT, INT, BIGINT -> decodeIntegral(primitive, text);
                case FLOAT -> decodeFloat(text);
                case DOUBLE -> decodeDouble(text);
                case STRING -> text;
                case BINARY -> decodeBinary(text);
                case DATE -> TemporalText.parseDate(text, type);
                case TIMESTAMP -> TemporalText.parseTimestamp(text, type);
            };
        }
        if (type instanceof DecimalType decimal) {
            return decodeDecimal(decimal, text);
        }
        if (type instanceof VarcharType varchar) {
            return NeutralValues.varchar(text, varchar.length());
        }
        if (type instanceof CharType charType) {
            return NeutralValues.padChar(text, charType.length());
        }
        return JsonValueCodec.fromJson(type, text);
    }

    private static Boolean decodeBoolean(String text) {
        String t = trim(text);
        if (t.equalsIgnoreCase("true") || t.equals("1")) {
            return Boolean.TRUE;
        }
        if (t.equalsIgnoreCase("false") || t.equals("0")) {
            return Boolean.FALSE;
        }
        throw new ValueConversionException(text, PrimitiveType.BOOLEAN, "expected true, false, 1 or 0");
    }

    static Object decodeIntegral(PrimitiveType type, String text) {
        String t = trim(text);
        int length = t.length();
        int start = length > 0 && (t.charAt(0) == '-' || t.charAt(0) == '+') ? 1 : 0;
        boolean digitsOnly = length > start;
        for (int i = start; i < length && digitsOnly; i++) {
            char c = t.charAt(i);
            digitsOnly = c >= '0' && c <= '9';
        }
        if (digitsOnly) {
            long value;
            if (length - start <= 18) {
                value = Long.parseLong(t);
            } else {
                try {
                    value = Long.parseLong(t);
                } catch (NumberFormatException e) {
                    throw NeutralValues.outOfRange(type, text);
                }
            }
            try {
                return NeutralValues.integral(value, type);
            } catch (ValueConversionException e) {
                throw NeutralValues.outOfRange(type, text); // name the value as the store held it
            }
        }
        BigDecimal exact = parseBigDecimal(t);
        if (exact == null) {
            throw new ValueConversionException(text, type, "not a whole number");
        }
        return NeutralValues.integralFromDecimal(exact, type, text);
    }

    private static Float decodeFloat(String text) {
        return decodeBinary(text, PrimitiveType.FLOAT, Float::valueOf, Double::floatValue);
    }

    private static Double decodeDouble(String text) {
        return decodeBinary(text, PrimitiveType.DOUBLE, Double::valueOf, special -> special);
    }

    /**
     * A float or double: NaN and the infinities by their names ({@link #special}), else a decimal number parsed by
     * {@code parse} that is finite in the type.
     */
    private static <T extends Number> T decodeBinary(
            String text, PrimitiveType type, Function<String, T> parse, Function<Double, T> fromSpecial) {
        String t = trim(text);
        Double special = special(t);
        if (special != null) {
            return fromSpecial.apply(special);
        }
        if (!isDecimalNumber(t)) {
            throw new ValueConversionException(text, type, NOT_A_DECIMAL_NUMBER);
        }
        T value;
        try {
            value = parse.apply(t);
        } catch (NumberFormatException e) {
            throw new ValueConversionException(text, type, "not a number");
        }
        if (Double.isInfinite(value.doubleValue())) {
            throw NeutralValues.outOfRange(type, text);
        }
        return value;
    }

    /**
     * The number syntax float and double read, the same as integer and decimal columns read (BigDecimal's): an
     * optional sign, digits with an optional fraction (or a fraction alone), an optional exponent; {@code 1.5},
     * {@code -2.5e3}, {@code +.5}, {@code 7.}. Not Java's literal syntax, which {@link Double#parseDouble} would also
     * take: type suffixes ({@code 1.5f}, {@code 1.5d}) and hexadecimal ({@code 0x1p3}).
     */
    static boolean isDecimalNumber(String t) {
        int length = t.length();
        int i = length > 0 && (t.charAt(0) == '-' || t.charAt(0) == '+') ? 1 : 0;
        int digits = 0;
        while (i < length && isDigit(t.charAt(i))) {
            i++;
            digits++;
        }
        if (i < length && t.charAt(i) == '.') {
            i++;
            while (i < length && isDigit(t.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < length && (t.charAt(i) == 'e' || t.charAt(i) == 'E')) {
            i++;
            if (i < length && (t.charAt(i) == '-' || t.charAt(i) == '+')) {
                i++;
            }
            int exponentDigits = 0;
            while (i < length && isDigit(t.charAt(i))) {
                i++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                return false;
            }
        }
        return i == length;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** NaN and the infinities in their usual spellings (nan, inf, infinity; any case, signed), else null. */
    private static Double special(String t) {
        int length = t.length();
        if (length < 3 || length > 9) {
            return null;
        }
        char last = (char) (t.charAt(length - 1) | 0x20);
        if (last != 'n' && last != 'f' && last != 'y') {
            return null;
        }
        char sign = t.charAt(0);
        String word = sign == '-' || sign == '+' ? t.substring(1) : t;
        if (word.equalsIgnoreCase("nan")) {
            return Double.NaN;
        }
        if (word.equalsIgnoreCase("inf") || word.equalsIgnoreCase("infinity")) {
            return sign == '-' ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return null;
    }

    private static BigDecimal decodeDecimal(DecimalType type, String text) {
        BigDecimal value = parseBigDecimal(trim(text));
        if (value == null) {
            throw new ValueConversionException(text, type, "not a decimal number");
        }
        return NeutralValues.decimal(value, type, text);
    }

    private static byte[] decodeBinary(String text) {
        try {
            return Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            if (text.indexOf('-') >= 0 || text.indexOf('_') >= 0) {
                try {
                    return Base64.getUrlDecoder().decode(text);
                } catch (IllegalArgumentException ignored) {
                    // report the standard alphabet's complaint below
                }
            }
            throw new ValueConversionException(text, PrimitiveType.BINARY, "not base64: " + e.getMessage());
        }
    }

    /** A decimal number or null; BigDecimal's own syntax (sign, fraction, exponent). */
    static BigDecimal parseBigDecimal(String t) {
        if (t.isEmpty()) {
            return null;
        }
        char first = t.charAt(0);
        if (!(first >= '0' && first <= '9' || first == '-' || first == '+' || first == '.')) {
            return null;
        }
        try {
            return new BigDecimal(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String trim(String text) {
        int length = text.length();
        if (length == 0
                || !Character.isWhitespace(text.charAt(0)) && !Character.isWhitespace(text.charAt(length - 1))) {
            return text;
        }
        return text.strip();
    }

    private static <T> T wrongClass(DataType type, Object value) {
        throw new IllegalArgumentException("expected " + neutralClass(type) + " for type " + type.typeName() + ", got "
                + value.getClass().getName());
    }

    private static String neutralClass(DataType type) {
        if (type instanceof PrimitiveType primitive) {
            return switch (primitive) {
                case BOOLEAN -> "Boolean";
                case TINYINT -> "Byte (or another integral box)";
                case SMALLINT -> "Short (or another integral box)";
                case INT -> "Integer (or another integral box)";
                case BIGINT -> "Long (or another integral box)";
                case FLOAT -> "Float";
                case DOUBLE -> "Double";
                case STRING -> "String";
                case BINARY -> "byte[]";
                case DATE -> "java.time.LocalDate";
                case TIMESTAMP -> "java.time.LocalDateTime";
            };
        }
        if (type instanceof DecimalType) {
            return "BigDecimal";
        }
        if (type instanceof MapType) {
            return "Map";
        }
        return type instanceof VarcharType || type instanceof CharType ? "String" : "List";
    }
}
