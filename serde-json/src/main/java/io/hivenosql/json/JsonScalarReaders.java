package io.hivenosql.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.hivenosql.api.hive.HiveValues;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.JsonTemporalFormat;
import io.hivenosql.api.types.JsonValueCodec;
import io.hivenosql.api.types.PrimitiveType;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.LocalDateTime;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.Timestamp;

/**
 * Fast paths for the common JSON forms of scalar values, read straight into Hive's Java values: integers that fit,
 * finite doubles, strings, ISO dates {@code yyyy-MM-dd} and timestamps {@code yyyy-MM-dd[T| ]HH:mm:ss[.f]} from the
 * parser's characters (no String), plain decimal numbers that fit the column without rounding (no BigDecimal). Any
 * other form, and anything out of range, goes to the general path ({@link JsonHiveReaders#general}), which gives the
 * same values and the errors of the neutral path.
 */
final class JsonScalarReaders {
    private JsonScalarReaders() {}

    /** The fast reader of a scalar type, or null when it has none (the general path is as fast). */
    static JsonValueReader of(DataType type, JsonValueCodec codec) {
        JsonValueReader general = JsonHiveReaders.general(type, codec);
        if (type instanceof DecimalType decimal) {
            return new DecimalReader(decimal, general);
        }
        if (!(type instanceof PrimitiveType primitive)) {
            return null;
        }
        return switch (primitive) {
            case TINYINT, SMALLINT, INT, BIGINT -> integers(primitive, general);
            case DOUBLE -> parser -> {
                JsonToken token = parser.currentToken();
                if (token == JsonToken.VALUE_NUMBER_FLOAT || token == JsonToken.VALUE_NUMBER_INT) {
                    double value = parser.getDoubleValue();
                    if (!Double.isInfinite(value)) {
                        return value;
                    }
                }
                return general.read(parser);
            };
            case STRING -> parser ->
                    parser.currentToken() == JsonToken.VALUE_STRING ? parser.getText() : general.read(parser);
            case DATE -> isPattern(codec.style().dates()) ? null : dates(general);
            case TIMESTAMP -> isPattern(codec.style().timestamps()) ? null : timestamps(general);
            default -> null;
        };
    }

    /** Patterns read text their own way first; every other format reads text as ISO-8601. */
    private static boolean isPattern(JsonTemporalFormat format) {
        return format.kind() == JsonTemporalFormat.Kind.PATTERN;
    }

    private static JsonValueReader integers(PrimitiveType type, JsonValueReader general) {
        long min =
                switch (type) {
                    case TINYINT -> Byte.MIN_VALUE;
                    case SMALLINT -> Short.MIN_VALUE;
                    case INT -> Integer.MIN_VALUE;
                    default -> Long.MIN_VALUE;
                };
        long max =
                switch (type) {
                    case TINYINT -> Byte.MAX_VALUE;
                    case SMALLINT -> Short.MAX_VALUE;
                    case INT -> Integer.MAX_VALUE;
                    default -> Long.MAX_VALUE;
                };
        return parser -> {
            if (parser.currentToken() == JsonToken.VALUE_NUMBER_INT
                    && parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
                long value = parser.getLongValue();
                if (value >= min && value <= max) {
                    return switch (type) {
                        case TINYINT -> (byte) value;
                        case SMALLINT -> (short) value;
                        case INT -> (int) value;
                        default -> value;
                    };
                }
            }
            return general.read(parser);
        };
    }

    private static JsonValueReader dates(JsonValueReader general) {
        return parser -> {
            if (parser.currentToken() == JsonToken.VALUE_STRING && parser.getTextLength() == 10) {
                Date date = parseDate(parser.getTextCharacters(), parser.getTextOffset());
                if (date != null) {
                    return date;
                }
            }
            return general.read(parser);
        };
    }

    private static JsonValueReader timestamps(JsonValueReader general) {
        return parser -> {
            if (parser.currentToken() == JsonToken.VALUE_STRING && parser.getTextLength() >= 19) {
                Timestamp timestamp =
                        parseTimestamp(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
                if (timestamp != null) {
                    return timestamp;
                }
            }
            return general.read(parser);
        };
    }

    /** {@code yyyy-MM-dd} with a year from 1 to 9999 and a valid day; null for anything else. */
    static Date parseDate(char[] chars, int at) {
        int year = digits(chars, at, 4);
        int month = digits(chars, at + 5, 2);
        int day = digits(chars, at + 8, 2);
        if (chars[at + 4] != '-' || chars[at + 7] != '-' || !isDate(year, month, day)) {
            return null;
        }
        return Date.of(year, month, day);
    }

    /** {@code yyyy-MM-dd[T| ]HH:mm:ss[.f]} with 1 to 9 fraction digits and valid fields; null for anything else. */
    static Timestamp parseTimestamp(char[] chars, int at, int length) {
        if (length > 29 || length == 20) {
            return null;
        }
        int year = digits(chars, at, 4);
        int month = digits(chars, at + 5, 2);
        int day = digits(chars, at + 8, 2);
        int hour = digits(chars, at + 11, 2);
        int minute = digits(chars, at + 14, 2);
        int second = digits(chars, at + 17, 2);
        char separator = chars[at + 10];
        if (chars[at + 4] != '-'
                || chars[at + 7] != '-'
                || separator != 'T' && separator != ' '
                || chars[at + 13] != ':'
                || chars[at + 16] != ':'
                || !isDate(year, month, day)
                || hour < 0
                || hour > 23
                || minute < 0
                || minute > 59
                || second < 0
                || second > 59) {
            return null;
        }
        int nanos = 0;
        if (length > 19) {
            if (chars[at + 19] != '.') {
                return null;
            }
            int fraction = digits(chars, at + 20, length - 20);
            if (fraction < 0) {
                return null;
            }
            nanos = fraction;
            for (int i = length - 20; i < 9; i++) {
                nanos *= 10;
            }
        }
        try {
            return HiveValues.timestamp(LocalDateTime.of(year, month, day, hour, minute, second, nanos));
        } catch (DateTimeException e) {
            return null; // not reached: the fields were checked
        }
    }

    /** The value of {@code count} ASCII digits, or -1 when one is not a digit. */
    private static int digits(char[] chars, int at, int count) {
        int value = 0;
        for (int i = at; i < at + count; i++) {
            int digit = chars[i] - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    private static boolean isDate(int year, int month, int day) {
        if (year < 1 || month < 1 || month > 12 || day < 1) {
            return false;
        }
        int length =
                switch (month) {
                    case 2 -> (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
                    case 4, 6, 9, 11 -> 30;
                    default -> 31;
                };
        return day <= length;
    }

    /**
     * Plain decimal numbers ({@code -12.5}, no exponent) whose digits fit the column without rounding become a
     * HiveDecimal straight from their characters; the rest (rounding, errors, exponents, strings) take the general
     * path, through BigDecimal.
     */
    private static final class DecimalReader implements JsonValueReader {
        private final JsonValueReader general;
        private final int integerDigits;
        private final int scale;
        private final byte[] bytes = new byte[HiveDecimal.MAX_PRECISION + 3];

        DecimalReader(DecimalType type, JsonValueReader general) {
            this.general = general;
            this.integerDigits = type.precision() - type.scale();
            this.scale = type.scale();
        }

        @Override
        public Object read(JsonParser parser) throws IOException {
            JsonToken token = parser.currentToken();
            if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
                HiveDecimal value = parse(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
                if (value != null) {
                    return value;
                }
            }
            return general.read(parser);
        }

        private HiveDecimal parse(char[] chars, int offset, int length) {
            if (length > bytes.length) {
                return null;
            }
            int i = offset;
            int end = offset + length;
            boolean negative = chars[i] == '-';
            if (negative) {
                i++;
            }
            int start = i;
            while (i < end && chars[i] == '0') {
                i++; // leading zeros are not digits of the precision
            }
            int significant = i;
            long unscaled = 0;
            while (i < end && chars[i] >= '0' && chars[i] <= '9') {
                unscaled = unscaled * 10 + (chars[i] - '0');
                i++;
            }
            int integerCount = i - significant;
            if (i == start || integerCount > integerDigits) {
                return null;
            }
            int fractionCount = 0;
            if (i < end) {
                fractionCount = end - i - 1;
                if (chars[i] != '.' || fractionCount < 1 || fractionCount > scale) {
                    return null;
                }
                for (int f = i + 1; f < end; f++) {
                    char c = chars[f];
                    if (c < '0' || c > '9') {
                        return null;
                    }
                    unscaled = unscaled * 10 + (c - '0');
                }
            }
            if (integerCount + fractionCount <= 18) {
                // at most 18 digits: the unscaled value is exact in a long
                return HiveDecimal.create(negative ? -unscaled : unscaled, fractionCount);
            }
            for (int b = 0; b < length; b++) {
                bytes[b] = (byte) chars[offset + b];
            }
            return HiveDecimal.create(bytes, 0, length);
        }
    }
}
