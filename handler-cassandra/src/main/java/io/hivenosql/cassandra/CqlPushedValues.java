package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.ValueConversionException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The driver values a pushed comparison binds, for the column types where CQL's comparison is Hive's on the values as
 * the column reads them. Pure: needs only the table's schema.
 *
 * <ul>
 *   <li>Equality: text, boolean, blob, date, timestamp and whole numbers (varint too) compare alike. A uuid, timeuuid,
 *       inet or time column reads as one canonical text ({@link CqlInet}, lower-case uuids, {@code HH:mm:ss[.f]}), and
 *       Hive compares that text: a literal in the canonical form binds its parsed value, any other literal (upper-case,
 *       braces, {@code 2001:DB8::1}, {@code 2001:db8:0:0:0:0:0:1}) equals no value the column reads and matches no
 *       row ({@link #NO_ROW}).
 *   <li>Ranges: text, blob, date, timestamp and whole numbers (not varint: a value beyond the Hive column's range would
 *       match in Cassandra but reads as a bad record), and time read as bigint. CQL orders uuids, inets and time text
 *       otherwise than their text: not pushed.
 *   <li>Bounds of ranges: Cassandra sorts an empty value (which CQL allows for most types, e.g. {@code
 *       blobAsInt(0x)}, and which reads as NULL) before every value, so a range with only an upper bound gets the
 *       least value the column reads as its lower one ({@link #floor}); dates and timestamps read only years 1 to 9999,
 *       so their ranges are kept within them ({@link #ceiling} too).
 * </ul>
 */
final class CqlPushedValues {
    /** An equality value no row's value reads as: the comparison matches no row. */
    static final Object NO_ROW = new Object() {
        @Override
        public String toString() {
            return "(no row)";
        }
    };

    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final LocalDate FIRST_DAY = LocalDate.of(1, 1, 1);
    private static final LocalDate LAST_DAY = LocalDate.of(9999, 12, 31);
    private static final Instant FIRST_INSTANT = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant LAST_INSTANT = Instant.parse("9999-12-31T23:59:59.999Z");

    private final CassandraSchema schema;
    private final TableMapping mapping;

    CqlPushedValues(CassandraSchema schema) {
        this.schema = requireNonNull(schema, "schema is null");
        this.mapping = schema.table().mapping();
    }

    /**
     * The driver value to compare the column with by CQL {@code =}; {@link #NO_ROW} when no stored value reads as the
     * literal; empty when CQL's {@code =} is not Hive's.
     */
    Optional<Object> forEquality(int column, Object value) {
        DataType cql = schema.cqlType(column);
        io.hivenosql.api.types.DataType hive = mapping.column(column).type();
        return switch (cql.getProtocolCode()) {
            case ProtocolConstants.DataType.ASCII, ProtocolConstants.DataType.VARCHAR -> hive == PrimitiveType.STRING
                    ? encode(cql, value)
                    : Optional.empty();
            case ProtocolConstants.DataType.BOOLEAN,
                    ProtocolConstants.DataType.BLOB,
                    ProtocolConstants.DataType.DATE,
                    ProtocolConstants.DataType.TIMESTAMP -> encode(cql, value);
            case ProtocolConstants.DataType.TINYINT,
                    ProtocolConstants.DataType.SMALLINT,
                    ProtocolConstants.DataType.INT,
                    ProtocolConstants.DataType.BIGINT,
                    ProtocolConstants.DataType.VARINT -> CqlTypes.isString(hive)
                    ? Optional.empty()
                    : encode(cql, value);
            case ProtocolConstants.DataType.UUID, ProtocolConstants.DataType.TIMEUUID -> canonical(
                    cql, value, CqlPushedValues::uuidText);
            case ProtocolConstants.DataType.INET -> canonical(cql, value, text -> CqlInet.text(CqlInet.parse(text)));
            case ProtocolConstants.DataType.TIME -> hive == PrimitiveType.BIGINT
                    ? encode(cql, value)
                    : canonical(
                            cql,
                            value,
                            text -> CqlValueDecoder.timeText(
                                    LocalTime.parse(text).toNanoOfDay()));
            default -> Optional.empty();
        };
    }

    /** The driver value to compare the column with by CQL {@code < <= > >=}, when CQL orders as Hive does. */
    Optional<Object> forRange(int column, Object value) {
        DataType cql = schema.cqlType(column);
        io.hivenosql.api.types.DataType hive = mapping.column(column).type();
        boolean exact =
                switch (cql.getProtocolCode()) {
                    case ProtocolConstants.DataType.ASCII, ProtocolConstants.DataType.VARCHAR -> hive
                            == PrimitiveType.STRING;
                    case ProtocolConstants.DataType.BLOB,
                            ProtocolConstants.DataType.DATE,
                            ProtocolConstants.DataType.TIMESTAMP -> true;
                    case ProtocolConstants.DataType.TINYINT,
                            ProtocolConstants.DataType.SMALLINT,
                            ProtocolConstants.DataType.INT,
                            ProtocolConstants.DataType.BIGINT -> !CqlTypes.isString(hive);
                    case ProtocolConstants.DataType.TIME -> hive == PrimitiveType.BIGINT;
                    default -> false;
                };
        return exact ? encode(cql, value) : Optional.empty();
    }

    /**
     * The lower bound a range without one gets: the least value the column reads, so that empty values (sorted first,
     * read as NULL) and dates before year 1 are not matched; empty for text and blob, whose empty value is ''.
     */
    Optional<Object> floor(int column) {
        return switch (schema.cqlType(column).getProtocolCode()) {
            case ProtocolConstants.DataType.TINYINT -> Optional.of(Byte.MIN_VALUE);
            case ProtocolConstants.DataType.SMALLINT -> Optional.of(Short.MIN_VALUE);
            case ProtocolConstants.DataType.INT -> Optional.of(Integer.MIN_VALUE);
            case ProtocolConstants.DataType.BIGINT -> Optional.of(Long.MIN_VALUE);
            case ProtocolConstants.DataType.TIME -> Optional.of(LocalTime.MIDNIGHT);
            case ProtocolConstants.DataType.DATE -> Optional.of(FIRST_DAY);
            case ProtocolConstants.DataType.TIMESTAMP -> Optional.of(FIRST_INSTANT);
            default -> Optional.empty();
        };
    }

    /** The upper bound a range without one gets: dates and timestamps read years up to 9999 only. */
    Optional<Object> ceiling(int column) {
        return switch (schema.cqlType(column).getProtocolCode()) {
            case ProtocolConstants.DataType.DATE -> Optional.of(LAST_DAY);
            case ProtocolConstants.DataType.TIMESTAMP -> Optional.of(LAST_INSTANT);
            default -> Optional.empty();
        };
    }

    /**
     * Whether a value is an IPv4-mapped IPv6 address, which CQL's {@code IN ?} cannot match: Cassandra decodes a bound
     * list's inet elements into Java addresses and encodes them again, and Java turns the mapped address into the IPv4
     * address (4 bytes, never equal to the stored 16). {@code =} binds the bytes as they are.
     */
    static boolean isIpv4Mapped(Object driverValue) {
        return driverValue instanceof java.net.Inet6Address address
                && CqlInet.text(address.getAddress()).startsWith("::ffff:");
    }

    private static String uuidText(String text) {
        if (!UUID_TEXT.matcher(text).matches()) {
            throw new IllegalArgumentException("not a canonical UUID");
        }
        return UUID.fromString(text).toString();
    }

    /**
     * A column read as canonical text: the parsed value of a literal that is that text, else {@link #NO_ROW}.
     *
     * @param canonical the canonical text of a literal, or an {@link IllegalArgumentException} or {@link
     *     DateTimeParseException} when it is no value of the type
     */
    private static Optional<Object> canonical(
            DataType cql, Object value, java.util.function.UnaryOperator<String> canonical) {
        if (!(value instanceof String text)) {
            return Optional.empty();
        }
        try {
            if (!canonical.apply(text).equals(text)) {
                return Optional.of(NO_ROW);
            }
        } catch (IllegalArgumentException | DateTimeParseException e) {
            return Optional.of(NO_ROW);
        }
        Optional<Object> encoded = encode(cql, value);
        // a canonical uuid that is not time-based is no timeuuid: no row holds it
        return encoded.isPresent() ? encoded : Optional.of(NO_ROW);
    }

    private static Optional<Object> encode(DataType cql, Object value) {
        try {
            return Optional.ofNullable(CqlValueEncoder.encode(cql, value));
        } catch (IllegalArgumentException | ValueConversionException e) {
            return Optional.empty(); // not exactly representable: Hive applies it
        }
    }
}
