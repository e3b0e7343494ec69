package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.CqlValueEncoder.error;
import static io.hivenosql.cassandra.CqlValueEncoder.expected;

import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import io.hivenosql.api.types.NeutralValues;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The primitive half of {@link CqlValueEncoder}: a neutral value to the driver's Java value of a primitive CQL type.
 * Text is parsed strictly (uuid, timeuuid, inet literals, durations, times of day, varints); numbers convert between
 * widths and kinds only when the value is exact and in range; timestamps keep millisecond precision or fail.
 */
final class CqlScalarEncoder {
    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private CqlScalarEncoder() {}

    /** Encodes a non-null neutral value for a column of a primitive (non-collection) CQL type. */
    static Object encode(DataType cql, Object value) {
        return switch (cql.getProtocolCode()) {
            case ProtocolConstants.DataType.VARCHAR -> string(cql, value);
            case ProtocolConstants.DataType.ASCII -> ascii(cql, value);
            case ProtocolConstants.DataType.BOOLEAN -> instance(Boolean.class, cql, value, "a boolean");
            case ProtocolConstants.DataType.TINYINT -> (byte) integer(cql, value, Byte.MIN_VALUE, Byte.MAX_VALUE);
            case ProtocolConstants.DataType.SMALLINT -> (short) integer(cql, value, Short.MIN_VALUE, Short.MAX_VALUE);
            case ProtocolConstants.DataType.INT -> (int) integer(cql, value, Integer.MIN_VALUE, Integer.MAX_VALUE);
            case ProtocolConstants.DataType.BIGINT -> integer(cql, value, Long.MIN_VALUE, Long.MAX_VALUE);
            case ProtocolConstants.DataType.COUNTER -> throw error(
                    value, cql, "counter columns cannot be written with INSERT");
            case ProtocolConstants.DataType.FLOAT -> floatValue(cql, value);
            case ProtocolConstants.DataType.DOUBLE -> doubleValue(cql, value);
            case ProtocolConstants.DataType.DECIMAL -> decimal(cql, value);
            case ProtocolConstants.DataType.VARINT -> varint(cql, value);
            case ProtocolConstants.DataType.BLOB -> ByteBuffer.wrap(
                    instance(byte[].class, cql, value, "binary").clone());
            case ProtocolConstants.DataType.UUID -> uuid(cql, value, false);
            case ProtocolConstants.DataType.TIMEUUID -> uuid(cql, value, true);
            case ProtocolConstants.DataType.INET -> inet(cql, value);
            case ProtocolConstants.DataType.DURATION -> duration(cql, value);
            case ProtocolConstants.DataType.DATE -> instance(LocalDate.class, cql, value, "a date");
            case ProtocolConstants.DataType.TIME -> time(cql, value);
            case ProtocolConstants.DataType.TIMESTAMP -> timestamp(cql, value);
            default -> throw error(value, cql, "this CQL type cannot be written");
        };
    }

    private static String string(DataType cql, Object value) {
        if (value instanceof String text) {
            return text;
        }
        throw expected(value, cql, "a string");
    }

    private static String ascii(DataType cql, Object value) {
        String text = string(cql, value);
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) > 0x7F) {
                throw error(value, cql, "character " + (i + 1) + " ('" + text.charAt(i) + "') is not US-ASCII");
            }
        }
        return text;
    }

    /** A whole number in [min, max] from any integer, a whole decimal, or a whole float / double. */
    private static long integer(DataType cql, Object value, long min, long max) {
        BigInteger whole = wholeNumber(cql, value);
        if (whole.compareTo(BigInteger.valueOf(min)) < 0 || whole.compareTo(BigInteger.valueOf(max)) > 0) {
            throw error(value, cql, "out of range [" + min + ", " + max + "]");
        }
        return whole.longValue();
    }

    private static BigInteger wholeNumber(DataType cql, Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return BigInteger.valueOf(((Number) value).longValue());
        }
        if (!(value instanceof Number)) {
            throw expected(value, cql, "a number");
        }
        BigDecimal decimal = exactDecimal(cql, value);
        try {
            return decimal.toBigIntegerExact();
        } catch (ArithmeticException e) {
            throw error(value, cql, "not a whole number");
        }
    }

    /** The exact value of a number (a float or double as its binary value); NaN and infinities fail. */
    private static BigDecimal exactDecimal(DataType cql, Object value) {
        if (value instanceof BigDecimal decimal) {
            return decimal;
        }
        if (value instanceof BigInteger integer) {
            return new BigDecimal(integer);
        }
        if (value instanceof Float || value instanceof Double) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw error(value, cql, "NaN and infinities have no exact value of this type");
            }
            return new BigDecimal(d);
        }
        if (value instanceof Number number) {
            return BigDecimal.valueOf(number.longValue());
        }
        throw expected(value, cql, "a number");
    }

    /** {@code value} when it is of the neutral class of the CQL type, else the error naming what was expected. */
    private static <T> T instance(Class<T> neutral, DataType cql, Object value, String expected) {
        if (neutral.isInstance(value)) {
            return neutral.cast(value);
        }
        throw expected(value, cql, expected);
    }

    private static Float floatValue(DataType cql, Object value) {
        if (value instanceof Float f) {
            return f;
        }
        if (value instanceof Double d) {
            float f = d.floatValue();
            if (Double.isNaN(d) || (double) f == d) {
                return f;
            }
            throw error(value, cql, "a float cannot hold this double exactly; use a CQL double column");
        }
        Float exact = NeutralValues.exactFloat(exactDecimal(cql, value));
        if (exact != null) {
            return exact;
        }
        throw error(value, cql, "a float cannot hold this value exactly");
    }

    private static Double doubleValue(DataType cql, Object value) {
        if (value instanceof Double d) {
            return d;
        }
        if (value instanceof Float f) {
            return f.doubleValue();
        }
        Double exact = NeutralValues.exactDouble(exactDecimal(cql, value));
        if (exact != null) {
            return exact;
        }
        throw error(value, cql, "a double cannot hold this value exactly");
    }

    private static BigDecimal decimal(DataType cql, Object value) {
        if (value instanceof Float || value instanceof Double) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw error(value, cql, "NaN and infinities are not decimals");
            }
            // the shortest decimal text that reads back as the same float / double, as Hive prints it
            return new BigDecimal(value.toString());
        }
        return exactDecimal(cql, value);
    }

    private static BigInteger varint(DataType cql, Object value) {
        if (value instanceof String text) {
            try {
                return new BigInteger(text.trim());
            } catch (NumberFormatException e) {
                throw error(value, cql, "not an integer (digits with an optional sign)");
            }
        }
        return wholeNumber(cql, value);
    }

    private static UUID uuid(DataType cql, Object value, boolean timeBased) {
        String text = string(cql, value).trim();
        if (!UUID_TEXT.matcher(text).matches()) {
            throw error(
                    value, cql, "not a UUID (32 hex digits as 8-4-4-4-12, e.g. 123e4567-e89b-12d3-a456-426614174000)");
        }
        UUID uuid = UUID.fromString(text);
        if (timeBased && uuid.version() != 1) {
            throw error(
                    value,
                    cql,
                    "a timeuuid must be a time-based UUID (version 1), this one is version " + uuid.version());
        }
        return uuid;
    }

    /** An IPv4 or IPv6 address literal ({@link CqlInet}); host names are refused (no name lookup while writing). */
    private static InetAddress inet(DataType cql, Object value) {
        String text = string(cql, value).trim();
        try {
            return CqlInet.parse(text);
        } catch (IllegalArgumentException e) {
            throw error(value, cql, e.getMessage());
        }
    }

    private static CqlDuration duration(DataType cql, Object value) {
        String text = string(cql, value).trim();
        try {
            return CqlDuration.from(text);
        } catch (IllegalArgumentException e) {
            throw error(
                    value,
                    cql,
                    "not a CQL duration such as 1h30m, 2d, 1mo2d or ISO 8601 P1DT2H (" + e.getMessage() + ")");
        }
    }

    private static LocalTime time(DataType cql, Object value) {
        if (value instanceof String text) {
            try {
                return LocalTime.parse(text.trim());
            } catch (DateTimeParseException e) {
                throw error(value, cql, "not a time of day HH:mm:ss[.fffffffff]");
            }
        }
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            long nanos = ((Number) value).longValue();
            if (nanos < 0 || nanos >= NANOS_PER_DAY) {
                throw error(value, cql, "nanoseconds of the day must be in [0, " + (NANOS_PER_DAY - 1) + "]");
            }
            return LocalTime.ofNanoOfDay(nanos);
        }
        throw expected(value, cql, "a string HH:mm:ss[.fffffffff] or bigint nanoseconds of the day");
    }

    /** A Hive timestamp (zone-less) as the UTC instant of that wall time, at most millisecond precision. */
    private static Object timestamp(DataType cql, Object value) {
        LocalDateTime dateTime;
        if (value instanceof LocalDateTime ldt) {
            dateTime = ldt;
        } else if (value instanceof LocalDate date) {
            dateTime = date.atStartOfDay();
        } else {
            throw expected(value, cql, "a timestamp");
        }
        if (dateTime.getNano() % 1_000_000 != 0) {
            throw error(
                    value,
                    cql,
                    "a CQL timestamp has millisecond precision and this value has sub-millisecond digits, which "
                            + "would be lost; truncate it in the query, e.g. CAST(date_format(ts, "
                            + "'yyyy-MM-dd HH:mm:ss.SSS') AS TIMESTAMP), or store it in a string column");
        }
        return dateTime.toInstant(ZoneOffset.UTC);
    }
}
