package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.PrimitiveType;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The one table of what Hive makes of each primitive CQL type (the type table of docs/cassandra.md): the canonical Hive
 * type (what a table whose columns come from the live schema gets), every Hive type that reads it, the types a message
 * suggests, and what a user should know when the canonical type was chosen for them. {@link CqlTypes} checks declared
 * columns against it and maps whole types (collections, tuples, UDTs) with it; the reader ({@link CqlValueDecoder})
 * reads exactly the pairs it accepts.
 */
enum CqlPrimitive {
    ASCII(ProtocolConstants.DataType.ASCII, PrimitiveType.STRING, CqlTypes::isString, null, null),
    TEXT(ProtocolConstants.DataType.VARCHAR, PrimitiveType.STRING, CqlTypes::isString, null, null),
    BOOLEAN(ProtocolConstants.DataType.BOOLEAN, PrimitiveType.BOOLEAN, PrimitiveType.BOOLEAN::equals, null, null),
    TINYINT(
            ProtocolConstants.DataType.TINYINT,
            PrimitiveType.TINYINT,
            hive -> holdsInteger(hive, 1, 3),
            "tinyint, smallint, int or bigint",
            null),
    SMALLINT(
            ProtocolConstants.DataType.SMALLINT,
            PrimitiveType.SMALLINT,
            hive -> holdsInteger(hive, 2, 5),
            "smallint, int or bigint",
            null),
    INT(ProtocolConstants.DataType.INT, PrimitiveType.INT, hive -> holdsInteger(hive, 4, 10), "int or bigint", null),
    BIGINT(ProtocolConstants.DataType.BIGINT, PrimitiveType.BIGINT, hive -> holdsInteger(hive, 8, 19), null, null),
    COUNTER(
            ProtocolConstants.DataType.COUNTER,
            PrimitiveType.BIGINT,
            hive -> holdsInteger(hive, 8, 19),
            null,
            "a CQL counter reads as bigint; Hive cannot write counters (an INSERT into the table fails)"),
    FLOAT(
            ProtocolConstants.DataType.FLOAT,
            PrimitiveType.FLOAT,
            hive -> hive == PrimitiveType.FLOAT || hive == PrimitiveType.DOUBLE,
            "float or double",
            null),
    DOUBLE(ProtocolConstants.DataType.DOUBLE, PrimitiveType.DOUBLE, PrimitiveType.DOUBLE::equals, null, null),
    DECIMAL(
            ProtocolConstants.DataType.DECIMAL,
            CqlTypes.DEFAULT_DECIMAL,
            hive -> hive instanceof DecimalType,
            "decimal(p,s), e.g. " + CqlTypes.DEFAULT_DECIMAL.typeName(),
            "a CQL decimal has no fixed precision: it reads as " + CqlTypes.DEFAULT_DECIMAL.typeName() + ", rounded "
                    + "to 18 decimal places, and a value with more than 20 digits before the point is a bad record "
                    + "(nosql.bad-record.policy); list the columns with a decimal(p,s) that fits the data to change it"),
    VARINT(
            ProtocolConstants.DataType.VARINT,
            CqlTypes.VARINT_DECIMAL,
            hive -> hive instanceof DecimalType || CqlTypes.isInteger(hive) || CqlTypes.isString(hive),
            CqlTypes.VARINT_DECIMAL.typeName() + ", bigint or string",
            "a CQL varint has no fixed size: it reads as " + CqlTypes.VARINT_DECIMAL.typeName() + ", and a value "
                    + "of more than 38 digits is a bad record (nosql.bad-record.policy); list the columns with this "
                    + "one as string to read every value"),
    BLOB(ProtocolConstants.DataType.BLOB, PrimitiveType.BINARY, PrimitiveType.BINARY::equals, null, null),
    UUID(ProtocolConstants.DataType.UUID, PrimitiveType.STRING, CqlTypes::isString, null, null),
    TIMEUUID(ProtocolConstants.DataType.TIMEUUID, PrimitiveType.STRING, CqlTypes::isString, null, null),
    INET(ProtocolConstants.DataType.INET, PrimitiveType.STRING, CqlTypes::isString, null, null),
    DATE(ProtocolConstants.DataType.DATE, PrimitiveType.DATE, PrimitiveType.DATE::equals, null, null),
    TIME(
            ProtocolConstants.DataType.TIME,
            PrimitiveType.STRING,
            hive -> CqlTypes.isString(hive) || hive == PrimitiveType.BIGINT,
            "string (HH:mm:ss.fffffffff) or bigint (nanoseconds of the day)",
            "Hive has no time of day: a CQL time reads as string HH:mm:ss[.fffffffff]; list the columns with this "
                    + "one as bigint to read nanoseconds of the day"),
    TIMESTAMP(
            ProtocolConstants.DataType.TIMESTAMP, PrimitiveType.TIMESTAMP, PrimitiveType.TIMESTAMP::equals, null, null),
    DURATION(ProtocolConstants.DataType.DURATION, PrimitiveType.STRING, CqlTypes::isString, null, null);

    private final int protocolCode;
    private final io.hivenosql.api.types.DataType canonical;
    private final Predicate<io.hivenosql.api.types.DataType> reads;
    private final String readable;
    private final String inferenceNote;

    CqlPrimitive(
            int protocolCode,
            io.hivenosql.api.types.DataType canonical,
            Predicate<io.hivenosql.api.types.DataType> reads,
            String readable,
            String inferenceNote) {
        this.protocolCode = protocolCode;
        this.canonical = canonical;
        this.reads = reads;
        this.readable = readable;
        this.inferenceNote = inferenceNote;
    }

    /** The entry of a primitive CQL type; empty for collections, tuples, UDTs, custom types and unknown codes. */
    static Optional<CqlPrimitive> of(DataType cql) {
        int code = cql.getProtocolCode();
        for (CqlPrimitive primitive : values()) {
            if (primitive.protocolCode == code) {
                return Optional.of(primitive);
            }
        }
        return Optional.empty();
    }

    /** The Hive type a column of this CQL type gets when nothing else is known (the first type in that table). */
    io.hivenosql.api.types.DataType canonical() {
        return canonical;
    }

    /** Whether the reader reads values of this CQL type into the Hive type. */
    boolean readsAs(io.hivenosql.api.types.DataType hive) {
        return reads.test(hive);
    }

    /** The Hive types to suggest in a message about a column that cannot hold this type. */
    String readableTypes() {
        return readable != null ? readable : canonical.typeName();
    }

    /**
     * What a user should know when a column of this type was given {@link #canonical()} for them (a rounding, a range
     * that fails, a type Hive cannot write, another type that reads it); empty where the canonical type is the one
     * obvious mapping.
     */
    Optional<String> inferenceNote() {
        return Optional.ofNullable(inferenceNote);
    }

    private static boolean holdsInteger(io.hivenosql.api.types.DataType hive, int bytes, int digits) {
        if (hive instanceof DecimalType decimal) {
            return decimal.precision() - decimal.scale() >= digits;
        }
        return CqlTypes.integerBytes(hive) >= bytes;
    }
}
