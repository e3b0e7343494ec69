package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.CustomType;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.MapType;
import com.datastax.oss.driver.api.core.type.SetType;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.VectorType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.ValueConversionException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Neutral Hive values to the driver's Java values of a live CQL column type (writes), so that each value binds with
 * the driver's default codec of that type: Hive string to text / ascii / uuid / timeuuid / inet / duration / time /
 * varint (text parsed strictly); integers of any width to any CQL integer type with range checks; decimal; varint from
 * a whole decimal, an integer or a string; binary to blob; date; timestamp as UTC, never dropping sub-millisecond
 * digits; array to list, set or vector; map to map; struct to tuple (by position) or UDT (by field name).
 *
 * <p>Every value that does not fit fails with an {@link EncodingException} (a {@link ValueConversionException})
 * naming the value, the CQL type and the reason (for a nested value also where it sits); the writer adds table, column
 * and key.
 */
final class CqlValueEncoder {
    private CqlValueEncoder() {}

    /** Encodes a neutral value for a column of the CQL type; structs bind to UDTs by position. */
    static Object encode(DataType cql, Object neutral) {
        return encode(cql, null, neutral);
    }

    /**
     * Encodes a neutral value of the Hive type (used to match struct fields to UDT fields by name; {@code null}: by
     * position) for a column of the CQL type.
     *
     * @return the driver's Java value of the CQL type (null for NULL)
     * @throws ValueConversionException when the value does not fit the CQL type
     */
    static Object encode(DataType cql, io.hivenosql.api.types.DataType hive, Object neutral) {
        requireNonNull(cql, "cql is null");
        if (neutral == null) {
            return null;
        }
        if (cql instanceof VectorType vector) {
            return vector(vector, hive, neutral);
        }
        if (cql instanceof CustomType) {
            throw error(neutral, cql, "custom CQL types cannot be written");
        }
        if (cql instanceof ListType list) {
            return new ArrayList<>(elements(cql, list.getElementType(), elementType(hive), neutral));
        }
        if (cql instanceof SetType set) {
            List<Object> elements = elements(cql, set.getElementType(), elementType(hive), neutral);
            CqlOrder.of(set.getElementType()).ifPresent(elements::sort);
            return new LinkedHashSet<>(elements);
        }
        if (cql instanceof MapType map) {
            return map(map, hive, neutral);
        }
        if (cql instanceof TupleType tuple) {
            return tuple(tuple, hive, neutral);
        }
        if (cql instanceof UserDefinedType udt) {
            return udt(udt, hive, neutral);
        }
        return CqlScalarEncoder.encode(cql, neutral);
    }

    private static List<Object> elements(
            DataType cql, DataType elementCql, io.hivenosql.api.types.DataType elementHive, Object value) {
        if (!(value instanceof List<?> list)) {
            throw expected(value, cql, "an array");
        }
        List<Object> encoded = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            Object element = list.get(i);
            if (element == null) {
                throw error(value, cql, "element " + (i + 1) + " is NULL, which a CQL collection cannot hold");
            }
            encoded.add(nested(value, cql, "element " + (i + 1), elementCql, elementHive, element));
        }
        return encoded;
    }

    private static CqlVector<Object> vector(VectorType cql, io.hivenosql.api.types.DataType hive, Object value) {
        List<Object> elements = elements(cql, cql.getElementType(), elementType(hive), value);
        if (elements.size() != cql.getDimensions()) {
            throw error(
                    value,
                    cql,
                    "the vector has " + cql.getDimensions() + " dimensions, the array has " + elements.size()
                            + " elements");
        }
        return CqlVector.newInstance(elements);
    }

    private static Map<Object, Object> map(MapType cql, io.hivenosql.api.types.DataType hive, Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            throw expected(value, cql, "a map");
        }
        io.hivenosql.api.types.DataType keyHive =
                hive instanceof io.hivenosql.api.types.MapType hiveMap ? hiveMap.keyType() : null;
        io.hivenosql.api.types.DataType valueHive =
                hive instanceof io.hivenosql.api.types.MapType hiveMap ? hiveMap.valueType() : null;
        Map<Object, Object> encoded = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (entry.getKey() == null || entry.getValue() == null) {
                throw error(
                        value,
                        cql,
                        "the entry " + describe(entry.getKey()) + " -> " + describe(entry.getValue())
                                + " has a NULL, which a CQL map cannot hold");
            }
            String where = "key " + describe(entry.getKey());
            encoded.put(
                    nested(value, cql, where, cql.getKeyType(), keyHive, entry.getKey()),
                    nested(value, cql, "the value of " + where, cql.getValueType(), valueHive, entry.getValue()));
        }
        Optional<Comparator<Object>> order = CqlOrder.of(cql.getKeyType());
        if (order.isEmpty()) {
            return encoded;
        }
        Map<Object, Object> sorted = new TreeMap<>(order.get());
        sorted.putAll(encoded);
        return new LinkedHashMap<>(sorted);
    }

    private static TupleValue tuple(TupleType cql, io.hivenosql.api.types.DataType hive, Object value) {
        List<?> fields = struct(cql, value);
        List<DataType> components = cql.getComponentTypes();
        if (fields.size() > components.size()) {
            throw error(value, cql, "the struct has " + fields.size() + " fields, the tuple " + components.size());
        }
        CodecRegistry codecs = cql.getAttachmentPoint().getCodecRegistry();
        TupleValue tuple = cql.newValue();
        for (int i = 0; i < fields.size(); i++) {
            DataType component = components.get(i);
            Object field = nested(value, cql, "field " + (i + 1), component, fieldType(hive, i), fields.get(i));
            tuple = field == null ? tuple.setToNull(i) : tuple.set(i, field, codecs.<Object>codecFor(component));
        }
        return tuple;
    }

    private static UdtValue udt(UserDefinedType cql, io.hivenosql.api.types.DataType hive, Object value) {
        List<?> fields = struct(cql, value);
        CodecRegistry codecs = cql.getAttachmentPoint().getCodecRegistry();
        UdtValue udt = cql.newValue();
        StructType struct = hive instanceof StructType s ? s : null;
        if (struct == null && fields.size() > cql.getFieldTypes().size()) {
            throw error(
                    value,
                    cql,
                    "the struct has " + fields.size() + " fields, the UDT "
                            + cql.getFieldTypes().size());
        }
        for (int i = 0; i < fields.size(); i++) {
            int index = i;
            String where = "field " + (i + 1);
            if (struct != null) {
                String name = struct.fields().get(i).name();
                index = CqlTypes.udtField(cql, name);
                where = "field '" + name + "'";
                if (index < 0) {
                    throw error(
                            value,
                            cql,
                            "struct field '" + name + "' is not a field of "
                                    + cql.getName().asCql(true));
                }
            }
            DataType fieldCql = cql.getFieldTypes().get(index);
            Object field = nested(value, cql, where, fieldCql, fieldType(hive, i), fields.get(i));
            udt = field == null ? udt.setToNull(index) : udt.set(index, field, codecs.<Object>codecFor(fieldCql));
        }
        return udt;
    }

    private static List<?> struct(DataType cql, Object value) {
        if (value instanceof List<?> list) {
            return list;
        }
        throw expected(value, cql, "a struct");
    }

    private static Object nested(
            Object whole,
            DataType cql,
            String where,
            DataType partCql,
            io.hivenosql.api.types.DataType partHive,
            Object part) {
        try {
            return encode(partCql, partHive, part);
        } catch (EncodingException e) {
            throw new EncodingException(
                    describe(whole),
                    cql.asCql(true, true),
                    where + " ('" + shorten(e.value()) + "' as " + e.targetType() + "): " + e.reason(),
                    e);
        }
    }

    private static io.hivenosql.api.types.DataType elementType(io.hivenosql.api.types.DataType hive) {
        return hive instanceof ArrayType array ? array.elementType() : null;
    }

    private static io.hivenosql.api.types.DataType fieldType(io.hivenosql.api.types.DataType hive, int index) {
        return hive instanceof StructType struct && index < struct.fields().size()
                ? struct.fields().get(index).type()
                : null;
    }

    /** The default codec of a CQL type: the one whose Java type {@link #encode} produces. */
    static TypeCodec<Object> codec(CodecRegistry registry, DataType cql) {
        return registry.codecFor(cql);
    }

    /** A value as text for messages: binary as hex, everything else as its string form. */
    static String describe(Object value) {
        if (value instanceof byte[] bytes) {
            return "0x" + HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 64))
                    + (bytes.length > 64 ? "...(" + bytes.length + " bytes)" : "");
        }
        return String.valueOf(value);
    }

    private static String shorten(String text) {
        return text.length() > 100 ? text.substring(0, 100) + "...(" + text.length() + " chars)" : text;
    }

    static EncodingException expected(Object value, DataType cql, String what) {
        return error(
                value,
                cql,
                "expected " + what + ", got a " + value.getClass().getSimpleName()
                        + "; the Hive column type does not fit the CQL column");
    }

    static EncodingException error(Object value, DataType cql, String reason) {
        return new EncodingException(describe(value), cql.asCql(true, true), reason, null);
    }

    /** A value that does not fit its CQL type; {@link #reason()} says why without repeating value and type. */
    static final class EncodingException extends ValueConversionException {
        private static final long serialVersionUID = 1L;

        private final String reason;

        EncodingException(String value, String targetType, String reason, Throwable cause) {
            super(value, targetType, reason, cause);
            this.reason = reason;
        }

        String reason() {
            return reason;
        }
    }
}
