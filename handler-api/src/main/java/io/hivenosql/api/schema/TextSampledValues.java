package io.hivenosql.api.schema;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.TemporalRange;
import io.hivenosql.api.types.TextValueCodec;
import io.hivenosql.api.types.ValueConversionException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * Text values as schema inference sees them (Redis hash fields, JSON strings): the kind of value a text is the
 * canonical spelling of, so that the column inferred reads it through {@link TextValueCodec} as the very value it
 * names, with nothing about the text lost but what the type cannot hold (a number's trailing zeros under a double,
 * which {@link SampledNumbers} keeps by choosing a decimal). The readers accept more spellings than these ({@code 007},
 * {@code +7}, {@code " 5"}, {@code TRUE}, {@code 1} for true, {@code 2024-1-5}, {@code inf}); such texts stay text, so
 * that an identifier with leading zeros, a padded value or a spelling a client chose is never read as a number it only
 * resembles (and a key column, which reads canonical texts only, can take the type inferred).
 *
 * <ul>
 *   <li>{@code true}, {@code false}: boolean.
 *   <li>numbers in JSON's syntax ({@code -} but no {@code +}, no leading zeros, optional fraction and exponent, no
 *       {@code -0}), and {@code NaN}, {@code Infinity}, {@code -Infinity} (how doubles are written): see
 *       {@link SampledNumbers}.
 *   <li>{@code yyyy-MM-dd}: date; {@code yyyy-MM-ddTHH:mm[:ss[.f]]} with {@code T} or a space, 1 to 9 fraction digits
 *       and an optional {@code Z} (UTC, which a Hive timestamp has no zone to keep): timestamp. Years 1 to 9999 only
 *       (others are bad records of a date or timestamp column); other offsets stay text.
 *   <li>anything else, the empty text included: text.
 * </ul>
 */
public final class TextSampledValues {
    private TextSampledValues() {}

    /**
     * The kind of a text (see the class comment).
     *
     * @param json whether a text that is one JSON object or array is that value ({@link JsonSampledValues}); Redis hash
     *     fields hold complex columns so
     */
    public static SampledValue of(String text, boolean json) {
        requireNonNull(text, "text is null");
        if (text.equals("true") || text.equals("false")) {
            return SampledValue.BOOLEAN;
        }
        SampledValue special = special(text);
        if (special != null) {
            return special;
        }
        if (isNumber(text)) {
            SampledValue number = SampledNumbers.of(text);
            return number instanceof SampledValue.Int i
                            && !Long.toString(i.value()).equals(text)
                    ? SampledValue.TEXT // -0
                    : number;
        }
        SampledValue temporal = temporal(text);
        if (temporal != null) {
            return temporal;
        }
        if (json && !text.isEmpty() && (text.charAt(0) == '{' || text.charAt(0) == '[')) {
            return JsonSampledValues.valueOrText(text);
        }
        return SampledValue.TEXT;
    }

    /**
     * The kind of a text held as bytes: {@link #of}, or an unreadable value when the bytes are not well-formed UTF-8
     * (no column reads them: a string column would have to invent characters).
     */
    public static SampledValue ofUtf8(byte[] text, boolean json) {
        requireNonNull(text, "text is null");
        try {
            String decoded = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(text))
                    .toString();
            return of(decoded, json);
        } catch (CharacterCodingException e) {
            return new SampledValue.Unreadable("bytes that are not UTF-8");
        }
    }

    /** NaN and the infinities as Java (and this project) write them, else null. */
    static SampledValue special(String text) {
        return switch (text) {
            case "NaN" -> new SampledValue.Floating(Double.NaN);
            case "Infinity" -> new SampledValue.Floating(Double.POSITIVE_INFINITY);
            case "-Infinity" -> new SampledValue.Floating(Double.NEGATIVE_INFINITY);
            default -> null;
        };
    }

    /** JSON's number syntax: {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}. */
    static boolean isNumber(String t) {
        int length = t.length();
        int i = length > 0 && t.charAt(0) == '-' ? 1 : 0;
        int start = i;
        while (i < length && isDigit(t.charAt(i))) {
            i++;
        }
        if (i == start || (t.charAt(start) == '0' && i - start > 1)) {
            return false;
        }
        if (i < length && t.charAt(i) == '.') {
            int fraction = ++i;
            while (i < length && isDigit(t.charAt(i))) {
                i++;
            }
            if (i == fraction) {
                return false;
            }
        }
        if (i < length && (t.charAt(i) == 'e' || t.charAt(i) == 'E')) {
            i++;
            if (i < length && (t.charAt(i) == '+' || t.charAt(i) == '-')) {
                i++;
            }
            int exponent = i;
            while (i < length && isDigit(t.charAt(i))) {
                i++;
            }
            if (i == exponent) {
                return false;
            }
        }
        return i == length;
    }

    /** A date or timestamp in the forms of the class comment, in Hive's range; else null. */
    static SampledValue temporal(String t) {
        int length = t.length();
        if (length < 10
                || !digits(t, 0, 4)
                || t.charAt(4) != '-'
                || !digits(t, 5, 2)
                || t.charAt(7) != '-'
                || !digits(t, 8, 2)) {
            return null;
        }
        if (length == 10) {
            try {
                LocalDate date = (LocalDate) TextValueCodec.decode(PrimitiveType.DATE, t);
                return TemporalRange.contains(date) ? SampledValue.DATE : null;
            } catch (ValueConversionException e) {
                return null; // 2024-02-30
            }
        }
        int end = t.charAt(length - 1) == 'Z' ? length - 1 : length;
        char separator = t.charAt(10);
        if ((separator != 'T' && separator != ' ')
                || end < 16
                || !digits(t, 11, 2)
                || t.charAt(13) != ':'
                || !digits(t, 14, 2)) {
            return null;
        }
        if (end > 16) {
            if (end < 19 || t.charAt(16) != ':' || !digits(t, 17, 2)) {
                return null;
            }
            if (end > 19 && (t.charAt(19) != '.' || end - 20 < 1 || end - 20 > 9 || !digits(t, 20, end - 20))) {
                return null;
            }
        }
        try {
            LocalDateTime timestamp = (LocalDateTime) TextValueCodec.decode(PrimitiveType.TIMESTAMP, t);
            return TemporalRange.contains(timestamp) ? SampledValue.TIMESTAMP : null;
        } catch (ValueConversionException e) {
            return null; // 25:00
        }
    }

    private static boolean digits(String t, int from, int count) {
        if (from + count > t.length()) {
            return false;
        }
        for (int i = from; i < from + count; i++) {
            if (!isDigit(t.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
