package io.hivenosql.api.types;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.util.Locale;

/**
 * How JSON holds a date or a timestamp: ISO-8601 text, epoch numbers, or a {@link DateTimeFormatter} pattern. Hive
 * timestamps have no time zone; they are read and written as UTC wall-clock times.
 *
 * <p>Writing never loses digits: epoch numbers get a fraction when the value has one ({@code 1700000000123.456}
 * milliseconds), and a pattern that cannot hold a value (no fraction digits for a timestamp that has a fraction) is a
 * {@link ValueConversionException}. Reading is lenient where nothing is lost: whatever the format, ISO-8601 text (with
 * {@code T} or a space, and with {@code Z} or an offset, converted to UTC) and epoch numbers (milliseconds for
 * timestamps, or seconds with the {@code epoch-seconds} format; days for dates) are accepted too.
 */
public final class JsonTemporalFormat {
    /** The names of the built-in formats, for documentation and error messages. */
    public static final String TIMESTAMP_FORMATS = "iso, iso-utc, epoch-millis, epoch-seconds or a java.time pattern";

    public static final String DATE_FORMATS = "iso, epoch-days or a java.time pattern";

    /** ISO-8601 text without zone: {@code 2024-05-01T10:15:30.5} and {@code 2024-05-01}. */
    public static final JsonTemporalFormat ISO = new JsonTemporalFormat(Kind.ISO, "iso", null);

    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);
    private static final BigDecimal BILLION = BigDecimal.valueOf(1_000_000_000);

    /** The kind of a format: the ISO forms, the epoch numbers, or a java.time pattern. */
    public enum Kind {
        ISO,
        ISO_UTC,
        EPOCH_MILLIS,
        EPOCH_SECONDS,
        EPOCH_DAYS,
        PATTERN
    }

    private final Kind kind;
    private final String spec;
    private final DateTimeFormatter pattern;

    private JsonTemporalFormat(Kind kind, String spec, DateTimeFormatter pattern) {
        this.kind = kind;
        this.spec = spec;
        this.pattern = pattern;
    }

    /**
     * A timestamp format: {@code iso}, {@code iso-utc} (ISO text with a {@code Z}), {@code epoch-millis},
     * {@code epoch-seconds}, or a {@link DateTimeFormatter} pattern such as {@code yyyy/MM/dd HH:mm:ss.SSS}.
     *
     * @throws IllegalArgumentException naming what is accepted
     */
    public static JsonTemporalFormat timestamp(String spec) {
        requireNonNull(spec, "spec is null");
        return switch (spec.trim().toLowerCase(Locale.ROOT)) {
            case "iso" -> ISO;
            case "iso-utc" -> new JsonTemporalFormat(Kind.ISO_UTC, "iso-utc", null);
            case "epoch-millis" -> new JsonTemporalFormat(Kind.EPOCH_MILLIS, "epoch-millis", null);
            case "epoch-seconds" -> new JsonTemporalFormat(Kind.EPOCH_SECONDS, "epoch-seconds", null);
            default -> pattern(spec, TIMESTAMP_FORMATS);
        };
    }

    /**
     * A date format: {@code iso}, {@code epoch-days}, or a {@link DateTimeFormatter} pattern such as
     * {@code dd.MM.yyyy}.
     *
     * @throws IllegalArgumentException naming what is accepted
     */
    public static JsonTemporalFormat date(String spec) {
        requireNonNull(spec, "spec is null");
        return switch (spec.trim().toLowerCase(Locale.ROOT)) {
            case "iso" -> ISO;
            case "epoch-days" -> new JsonTemporalFormat(Kind.EPOCH_DAYS, "epoch-days", null);
            default -> pattern(spec, DATE_FORMATS);
        };
    }

    private static JsonTemporalFormat pattern(String spec, String accepted) {
        if (spec.isBlank()) {
            throw new IllegalArgumentException("an empty format; expected " + accepted);
        }
        try {
            // strict: the default resolver would turn 30.02.2024 into 29.02.2024 instead of refusing it
            DateTimeFormatter formatter = new DateTimeFormatterBuilder()
                    .appendPattern(spec)
                    .parseDefaulting(ChronoField.ERA, 1)
                    .toFormatter(Locale.ROOT)
                    .withResolverStyle(ResolverStyle.STRICT);
            return new JsonTemporalFormat(Kind.PATTERN, spec, formatter);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "'" + spec + "' is neither a format name nor a valid java.time pattern (" + e.getMessage()
                            + "); expected " + accepted,
                    e);
        }
    }

    /** The format as configured, e.g. {@code epoch-millis}. */
    /** What kind of format this is, for writers with a fast path of their own for some kinds. */
    public Kind kind() {
        return kind;
    }

    public String spec() {
        return spec;
    }

    @Override
    public String toString() {
        return spec;
    }

    /** Writes a timestamp in this format. */
    public void writeTimestamp(JsonGenerator generator, LocalDateTime value) throws IOException {
        switch (kind) {
            case ISO_UTC -> generator.writeString(TemporalText.formatTimestamp(value) + "Z");
            case EPOCH_MILLIS, EPOCH_SECONDS -> {
                long seconds = value.toEpochSecond(ZoneOffset.UTC);
                int nanos = value.getNano();
                if (kind == Kind.EPOCH_MILLIS && nanos % 1_000_000 == 0) {
                    generator.writeNumber(Math.addExact(Math.multiplyExact(seconds, 1000L), nanos / 1_000_000));
                } else if (kind == Kind.EPOCH_SECONDS && nanos == 0) {
                    generator.writeNumber(seconds);
                } else {
                    BigDecimal exact = BigDecimal.valueOf(seconds).add(BigDecimal.valueOf(nanos, 9));
                    BigDecimal number = kind == Kind.EPOCH_MILLIS ? exact.multiply(THOUSAND) : exact;
                    generator.writeNumber(number.stripTrailingZeros().toPlainString());
                }
            }
            case PATTERN -> generator.writeString(formatExactly(value, PrimitiveType.TIMESTAMP));
            default -> generator.writeString(TemporalText.formatTimestamp(value));
        }
    }

    /** Writes a date in this format. */
    public void writeDate(JsonGenerator generator, LocalDate value) throws IOException {
        switch (kind) {
            case EPOCH_DAYS -> generator.writeNumber(value.toEpochDay());
            case PATTERN -> generator.writeString(formatExactly(value, PrimitiveType.DATE));
            default -> generator.writeString(TemporalText.formatDate(value));
        }
    }

    private String formatExactly(Object value, PrimitiveType type) {
        String text;
        Object back;
        try {
            if (type == PrimitiveType.DATE) {
                text = pattern.format((LocalDate) value);
                back = LocalDate.parse(text, pattern);
            } else {
                text = pattern.format((LocalDateTime) value);
                back = LocalDateTime.parse(text, pattern);
            }
        } catch (DateTimeException e) {
            throw ValueConversionException.cannotWrite(
                    TextValueCodec.encode(type, value),
                    type,
                    "cannot be written with the pattern '" + spec + "': " + e.getMessage());
        }
        if (!back.equals(value)) {
            throw ValueConversionException.cannotWrite(
                    TextValueCodec.encode(type, value),
                    type,
                    "the pattern '" + spec + "' would write it as '" + text + "', which reads back as "
                            + TextValueCodec.encode(type, back) + "; use a pattern with every field of the value (or "
                            + "iso)");
        }
        return text;
    }

    /** A timestamp in Hive's range (years 1 to 9999). */
    LocalDateTime readTimestamp(JsonParser parser, JsonToken token) throws IOException {
        LocalDateTime value = parseTimestamp(parser, token);
        return inRange(value, TemporalRange.contains(value), parser, PrimitiveType.TIMESTAMP);
    }

    /** A date in Hive's range (years 1 to 9999). */
    LocalDate readDate(JsonParser parser, JsonToken token) throws IOException {
        LocalDate value = parseDate(parser, token);
        return inRange(value, TemporalRange.contains(value), parser, PrimitiveType.DATE);
    }

    private static <T> T inRange(T value, boolean inRange, JsonParser parser, PrimitiveType type) throws IOException {
        if (!inRange) {
            throw new ValueConversionException(parser.getText(), type, "outside Hive's range (years 1 to 9999)");
        }
        return value;
    }

    private LocalDateTime parseTimestamp(JsonParser parser, JsonToken token) throws IOException {
        DataType type = PrimitiveType.TIMESTAMP;
        if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
            BigDecimal number = epochNumber(parser, token, type);
            BigDecimal nanosTotal = number.multiply(kind == Kind.EPOCH_SECONDS ? BILLION : MILLION);
            if (nanosTotal.stripTrailingZeros().scale() > 0) {
                throw new ValueConversionException(
                        parser.getText(), type, "has digits below nanoseconds (epoch " + unit() + ")");
            }
            BigInteger[] split = nanosTotal.toBigIntegerExact().divideAndRemainder(BigInteger.valueOf(1_000_000_000));
            long seconds;
            long nanos = split[1].longValue();
            try {
                seconds = split[0].longValueExact();
                if (nanos < 0) {
                    seconds = Math.subtractExact(seconds, 1);
                    nanos += 1_000_000_000;
                }
                return LocalDateTime.ofEpochSecond(seconds, (int) nanos, ZoneOffset.UTC);
            } catch (ArithmeticException | DateTimeException e) {
                throw new ValueConversionException(parser.getText(), type, "epoch " + unit() + " out of range");
            }
        }
        if (token != JsonToken.VALUE_STRING) {
            throw new ValueConversionException(
                    token.isStructStart() ? "{...}" : parser.getText(),
                    type,
                    "expected a string or an epoch number, got " + describe(token));
        }
        String text = parser.getText();
        if (kind == Kind.PATTERN) {
            try {
                return LocalDateTime.parse(text, pattern);
            } catch (DateTimeParseException e) {
                // fall back to ISO below; the pattern's error if that fails too
                return isoTimestamp(text, "it matches neither the pattern '" + spec + "' nor ISO-8601");
            }
        }
        return isoTimestamp(text, null);
    }

    private LocalDate parseDate(JsonParser parser, JsonToken token) throws IOException {
        DataType type = PrimitiveType.DATE;
        if (token == JsonToken.VALUE_NUMBER_INT) {
            if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                throw NeutralValues.outOfRange(type, parser.getText());
            }
            try {
                return LocalDate.ofEpochDay(parser.getLongValue());
            } catch (DateTimeException e) {
                throw new ValueConversionException(parser.getText(), type, "epoch day out of range: " + e.getMessage());
            }
        }
        if (token != JsonToken.VALUE_STRING) {
            throw new ValueConversionException(
                    token.isStructStart() ? "{...}" : parser.getText(),
                    type,
                    "expected a string or a whole number of epoch days, got " + describe(token));
        }
        String text = parser.getText();
        if (kind == Kind.PATTERN) {
            try {
                return LocalDate.parse(text, pattern);
            } catch (DateTimeParseException e) {
                try {
                    return (LocalDate) TextValueCodec.decode(type, text);
                } catch (ValueConversionException iso) {
                    throw new ValueConversionException(
                            text, type, "it matches neither the pattern '" + spec + "' nor ISO-8601 (yyyy-MM-dd)");
                }
            }
        }
        return (LocalDate) TextValueCodec.decode(type, text);
    }

    /** ISO-8601 text, also with {@code Z} or an offset (converted to UTC). */
    private static LocalDateTime isoTimestamp(String text, String reasonOnFailure) {
        try {
            return (LocalDateTime) TextValueCodec.decode(PrimitiveType.TIMESTAMP, text);
        } catch (ValueConversionException e) {
            if (hasZone(text)) {
                try {
                    String iso = text.length() > 10 && text.charAt(10) == ' '
                            ? text.substring(0, 10) + 'T' + text.substring(11)
                            : text;
                    Instant instant = OffsetDateTime.parse(iso, DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                            .toInstant();
                    return LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
                } catch (DateTimeException offset) {
                    // the canonical error below
                }
            }
            if (reasonOnFailure != null) {
                throw new ValueConversionException(text, PrimitiveType.TIMESTAMP, reasonOnFailure);
            }
            throw e;
        }
    }

    private static boolean hasZone(String text) {
        if (text.endsWith("Z") || text.endsWith("z")) {
            return true;
        }
        int plus = text.lastIndexOf('+');
        int minus = text.lastIndexOf('-');
        return Math.max(plus, minus) > 10;
    }

    private BigDecimal epochNumber(JsonParser parser, JsonToken token, DataType type) throws IOException {
        if (token == JsonToken.VALUE_NUMBER_INT) {
            return parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                    ? new BigDecimal(parser.getBigIntegerValue())
                    : BigDecimal.valueOf(parser.getLongValue());
        }
        String text = parser.getText();
        char first = text.charAt(text.startsWith("-") || text.startsWith("+") ? Math.min(1, text.length() - 1) : 0);
        if (!(first >= '0' && first <= '9' || first == '.')) {
            throw new ValueConversionException(text, type, "not a finite epoch number");
        }
        return parser.getDecimalValue();
    }

    private String unit() {
        return kind == Kind.EPOCH_SECONDS ? "seconds" : "milliseconds";
    }

    private static String describe(JsonToken token) {
        return switch (token) {
            case START_ARRAY -> "an array";
            case START_OBJECT -> "an object";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            default -> token.name();
        };
    }
}
