package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.GettableByIndex;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.CustomType;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.VectorType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.MapType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.ValueConversionException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Driver values to neutral values (see {@link io.hivenosql.api.types.DataType}) of a Hive column type, per the table
 * of {@link CqlTypes}. A {@link ColumnReader} is built once per column and split from the CQL and Hive types; it reads
 * primitives by index with the driver's primitive getters (no codec lookup, no name lookup) and nested values with a
 * precomputed codec. A value that does not fit the Hive type (a decimal with too many integer digits, a varint out of
 * range) throws {@link ValueConversionException}, so the core applies the table's bad-record policy.
 */
final class CqlValueDecoder {
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private CqlValueDecoder() {}

    /** Reads the value at an index of a row, UDT value or tuple value as a neutral value ({@code null} for NULL). */
    @FunctionalInterface
    interface ColumnReader {
        Object read(GettableByIndex data, int index);
    }

    /** Converts a driver Java value (as the driver's default codec gives it, never null) to a neutral value. */
    @FunctionalInterface
    private interface Converter {
        Object convert(Object driverValue);
    }

    /**
     * The reader of values of the CQL type as the Hive type.
     *
     * @throws IllegalArgumentException when {@link CqlTypes#incompatibility} rejects the pair
     */
    static ColumnReader reader(DataType cql, io.hivenosql.api.types.DataType hive) {
        requireNonNull(cql, "cql is null");
        requireNonNull(hive, "hive is null");
        CqlTypes.incompatibility(cql, hive).ifPresent(reason -> {
            throw new IllegalArgumentException(reason);
        });
        if (cql instanceof UserDefinedType udt) {
            StructReader struct = udtReader(udt, (StructType) hive);
            return (data, i) -> data.isNull(i) ? null : struct.read(data.getUdtValue(i));
        }
        if (cql instanceof TupleType tuple) {
            StructReader struct = tupleReader(tuple, (StructType) hive);
            return (data, i) -> data.isNull(i) ? null : struct.read(data.getTupleValue(i));
        }
        if (cql instanceof CustomType
                || cql instanceof ListType
                || cql instanceof SetType
                || cql instanceof com.datastax.oss.driver.api.core.type.MapType) {
            TypeCodec<Object> codec = CqlInet.collectionCodec(cql);
            Converter converter = converter(cql, hive);
            // the driver decodes a NULL collection as an empty one: NULL stays NULL (a frozen empty one is empty)
            return (data, i) -> data.isNull(i) ? null : converter.convert(data.get(i, codec));
        }
        return primitiveReader(cql, hive);
    }

    /**
     * Primitives decode with the type's codec, resolved once here: {@code data.get(i, codec)} decodes the column's
     * bytes directly (the driver's {@code getInt(i)} and the like look the codec up on every call).
     */
    private static ColumnReader primitiveReader(DataType cql, io.hivenosql.api.types.DataType hive) {
        if (cql.getProtocolCode() == ProtocolConstants.DataType.INET) {
            // the stored bytes: the driver's InetAddress turns an IPv4-mapped IPv6 address into the IPv4 address
            return (data, i) -> {
                ByteBuffer bytes = data.getBytesUnsafe(i);
                return bytes == null || !bytes.hasRemaining() ? null : CqlInet.text(CqlWireValues.bytes(bytes));
            };
        }
        if (cql.getProtocolCode() == ProtocolConstants.DataType.VARCHAR) {
            // the stored UTF-8 through the JDK's String decoding, as strict as the driver's codec, which runs a
            // CharsetDecoder per value (5% of a TPC-H full scan's task time in a profile)
            return (data, i) -> CqlWireValues.text(data.getBytesUnsafe(i), hive);
        }
        TypeCodec<Object> codec = CodecRegistry.DEFAULT.codecFor(cql);
        if (cql.getProtocolCode() == ProtocolConstants.DataType.DECIMAL) {
            // most stored decimals have an unscaled value of at most 8 bytes: read it as a long, without the
            // BigInteger the driver's codec builds
            DecimalType decimal = (DecimalType) hive;
            return (data, i) -> {
                ByteBuffer bytes = data.getBytesUnsafe(i);
                BigDecimal value = CqlWireValues.compactDecimal(bytes);
                if (value == null) {
                    value = (BigDecimal) data.get(i, codec);
                }
                return value == null ? null : fit(value, decimal);
            };
        }
        Converter converter = primitiveConverter(cql, hive);
        if (converter == IDENTITY) {
            return (data, i) -> data.get(i, codec);
        }
        return (data, i) -> {
            Object value = data.get(i, codec);
            return value == null ? null : converter.convert(value);
        };
    }

    private static Converter converter(DataType cql, io.hivenosql.api.types.DataType hive) {
        if (cql instanceof VectorType vector) {
            Converter element = converter(vector.getElementType(), ((ArrayType) hive).elementType());
            return value -> list((Iterable<?>) value, element);
        }
        if (cql instanceof ListType list) {
            Converter element = converter(list.getElementType(), ((ArrayType) hive).elementType());
            return value -> list((Iterable<?>) value, element);
        }
        if (cql instanceof SetType set) {
            Converter element = converter(set.getElementType(), ((ArrayType) hive).elementType());
            return value -> list((Iterable<?>) value, element);
        }
        if (cql instanceof com.datastax.oss.driver.api.core.type.MapType map) {
            MapType hiveMap = (MapType) hive;
            Converter key = converter(map.getKeyType(), hiveMap.keyType());
            Converter val = converter(map.getValueType(), hiveMap.valueType());
            return value -> {
                Map<?, ?> source = (Map<?, ?>) value;
                Map<Object, Object> result = new LinkedHashMap<>(Math.max(4, source.size() * 4 / 3 + 1));
                for (Map.Entry<?, ?> entry : source.entrySet()) {
                    Object k = entry.getKey();
                    Object v = entry.getValue();
                    result.put(k == null ? null : key.convert(k), v == null ? null : val.convert(v));
                }
                return result;
            };
        }
        if (cql instanceof UserDefinedType udt) {
            StructReader struct = udtReader(udt, (StructType) hive);
            return value -> struct.read((UdtValue) value);
        }
        if (cql instanceof TupleType tuple) {
            StructReader struct = tupleReader(tuple, (StructType) hive);
            return value -> struct.read((TupleValue) value);
        }
        return primitiveConverter(cql, hive);
    }

    private static final Converter IDENTITY = value -> value;

    /** The converter of a whole number of {@code bytes} bytes: none when the Hive type has the same width. */
    private static Converter integer(io.hivenosql.api.types.DataType hive, int bytes) {
        return CqlTypes.integerBytes(hive) == bytes ? IDENTITY : value -> widen(((Number) value).longValue(), hive);
    }

    private static List<Object> list(Iterable<?> values, Converter element) {
        List<Object> result = values instanceof Collection<?> c ? new ArrayList<>(c.size()) : new ArrayList<>();
        for (Object value : values) {
            result.add(value == null ? null : element.convert(value));
        }
        return result;
    }

    private static Converter primitiveConverter(DataType cql, io.hivenosql.api.types.DataType hive) {
        return switch (cql.getProtocolCode()) {
            case ProtocolConstants.DataType.ASCII,
                    ProtocolConstants.DataType.VARCHAR,
                    ProtocolConstants.DataType.BOOLEAN,
                    ProtocolConstants.DataType.DOUBLE,
                    ProtocolConstants.DataType.DATE -> IDENTITY;
            case ProtocolConstants.DataType.TINYINT -> integer(hive, 1);
            case ProtocolConstants.DataType.SMALLINT -> integer(hive, 2);
            case ProtocolConstants.DataType.INT -> integer(hive, 4);
            case ProtocolConstants.DataType.BIGINT, ProtocolConstants.DataType.COUNTER -> integer(hive, 8);
            case ProtocolConstants.DataType.FLOAT -> hive == PrimitiveType.FLOAT
                    ? IDENTITY
                    : value -> (double) (Float) value;
            case ProtocolConstants.DataType.DECIMAL -> {
                DecimalType decimal = (DecimalType) hive;
                yield value -> fit((BigDecimal) value, decimal);
            }
            case ProtocolConstants.DataType.VARINT -> varint(hive);
            case ProtocolConstants.DataType.BLOB -> value -> CqlWireValues.bytes((ByteBuffer) value);
            case ProtocolConstants.DataType.UUID, ProtocolConstants.DataType.TIMEUUID -> value ->
                    ((UUID) value).toString();
            case ProtocolConstants.DataType.INET -> value -> value instanceof ByteBuffer bytes
                    ? CqlInet.text(CqlWireValues.bytes(bytes))
                    : CqlInet.text((InetAddress) value);
            case ProtocolConstants.DataType.TIME -> hive == PrimitiveType.BIGINT
                    ? value -> ((LocalTime) value).toNanoOfDay()
                    : value -> timeText(((LocalTime) value).toNanoOfDay());
            case ProtocolConstants.DataType.TIMESTAMP -> value -> timestamp((Instant) value);
            case ProtocolConstants.DataType.DURATION -> value -> ((CqlDuration) value).toString();
            default -> throw new IllegalArgumentException("CQL type " + cql.asCql(true, true) + " is not supported");
        };
    }

    private static Converter varint(io.hivenosql.api.types.DataType hive) {
        if (hive instanceof DecimalType decimal) {
            return value -> fit(new BigDecimal((BigInteger) value), decimal);
        }
        if (CqlTypes.isString(hive)) {
            return value -> value.toString();
        }
        return value -> {
            BigInteger integer = (BigInteger) value;
            if (integer.bitLength() > 63) {
                throw outOfRange(integer.toString(), hive);
            }
            return narrow(integer.longValue(), hive);
        };
    }

    /** A whole number as the neutral value of a Hive integer or decimal type at least as wide as its CQL type. */
    private static Object widen(long value, io.hivenosql.api.types.DataType hive) {
        if (hive instanceof DecimalType decimal) {
            return BigDecimal.valueOf(value).setScale(decimal.scale());
        }
        return narrow(value, hive);
    }

    private static Object narrow(long value, io.hivenosql.api.types.DataType hive) {
        PrimitiveType type = (PrimitiveType) hive;
        return switch (type) {
            case TINYINT -> {
                if (value < Byte.MIN_VALUE || value > Byte.MAX_VALUE) {
                    throw outOfRange(Long.toString(value), hive);
                }
                yield (byte) value;
            }
            case SMALLINT -> {
                if (value < Short.MIN_VALUE || value > Short.MAX_VALUE) {
                    throw outOfRange(Long.toString(value), hive);
                }
                yield (short) value;
            }
            case INT -> {
                if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
                    throw outOfRange(Long.toString(value), hive);
                }
                yield (int) value;
            }
            case BIGINT -> value;
            default -> throw new IllegalStateException("not an integer type: " + hive.typeName());
        };
    }

    private static ValueConversionException outOfRange(String text, io.hivenosql.api.types.DataType hive) {
        return new ValueConversionException(text, hive, "out of range for " + hive.typeName());
    }

    /**
     * Hive's decimal rule: rounded HALF_UP to the scale; a value with more integer digits than the type has is an
     * error (a bad record).
     */
    static BigDecimal fit(BigDecimal value, DecimalType type) {
        int scale = type.scale();
        int integerDigits = type.precision() - scale;
        if (value.scale() == scale && value.precision() <= type.precision()) {
            return value;
        }
        if (value.signum() == 0) {
            return BigDecimal.ZERO.setScale(scale);
        }
        if ((long) value.precision() - value.scale() > integerDigits) {
            throw doesNotFit(value, type);
        }
        BigDecimal scaled = value.setScale(scale, RoundingMode.HALF_UP);
        if (scaled.signum() != 0 && scaled.precision() - scaled.scale() > integerDigits) {
            throw doesNotFit(value, type); // rounding carried into a new digit, e.g. 99.995 -> 100.00
        }
        return scaled;
    }

    private static ValueConversionException doesNotFit(BigDecimal value, DecimalType type) {
        return new ValueConversionException(
                value.toPlainString().length() > 60 ? value.toString() : value.toPlainString(),
                type,
                "does not fit " + type.typeName() + " (at most " + (type.precision() - type.scale())
                        + " digits before the decimal point); declare the column with a larger precision");
    }

    /** A CQL timestamp as Hive's zone-less timestamp: the UTC wall time. */
    private static LocalDateTime timestamp(Instant instant) {
        try {
            return LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), ZoneOffset.UTC);
        } catch (DateTimeException e) {
            throw new ValueConversionException(
                    instant.toEpochMilli() + " ms since 1970-01-01", "timestamp", "out of the timestamp range", e);
        }
    }

    /** {@code HH:mm:ss}, with {@code .fffffffff} (nine digits) when the time has a fraction of a second. */
    static String timeText(long nanoOfDay) {
        if (nanoOfDay < 0 || nanoOfDay >= NANOS_PER_DAY) {
            throw new IllegalArgumentException("nanoOfDay " + nanoOfDay + " is out of range");
        }
        long seconds = nanoOfDay / 1_000_000_000L;
        int nanos = (int) (nanoOfDay % 1_000_000_000L);
        StringBuilder text = new StringBuilder(18);
        two(text, (int) (seconds / 3600)).append(':');
        two(text, (int) (seconds / 60 % 60)).append(':');
        two(text, (int) (seconds % 60));
        if (nanos != 0) {
            String fraction = Integer.toString(nanos);
            text.append('.').append("000000000", 0, 9 - fraction.length()).append(fraction);
        }
        return text.toString();
    }

    private static StringBuilder two(StringBuilder text, int value) {
        return text.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }

    /** Reads the fields of a Hive struct from a UDT or tuple value, each with its own reader. */
    private static final class StructReader {
        private final int[] sourceIndexes;
        private final ColumnReader[] readers;

        StructReader(int[] sourceIndexes, ColumnReader[] readers) {
            this.sourceIndexes = sourceIndexes;
            this.readers = readers;
        }

        List<Object> read(GettableByIndex value) {
            List<Object> fields = new ArrayList<>(readers.length);
            for (int f = 0; f < readers.length; f++) {
                fields.add(readers[f].read(value, sourceIndexes[f]));
            }
            return fields;
        }
    }

    private static StructReader udtReader(UserDefinedType udt, StructType struct) {
        int size = struct.fields().size();
        int[] indexes = new int[size];
        ColumnReader[] readers = new ColumnReader[size];
        for (int f = 0; f < size; f++) {
            StructType.Field field = struct.fields().get(f);
            indexes[f] = CqlTypes.udtField(udt, field.name());
            readers[f] = reader(udt.getFieldTypes().get(indexes[f]), field.type());
        }
        return new StructReader(indexes, readers);
    }

    private static StructReader tupleReader(TupleType tuple, StructType struct) {
        int size = struct.fields().size();
        int[] indexes = new int[size];
        ColumnReader[] readers = new ColumnReader[size];
        for (int f = 0; f < size; f++) {
            indexes[f] = f;
            readers[f] = reader(
                    tuple.getComponentTypes().get(f), struct.fields().get(f).type());
        }
        return new StructReader(indexes, readers);
    }
}
