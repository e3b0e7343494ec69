package io.hivenosql.mongo.bson;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.CharType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.MapType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.TextValueCodec;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.api.types.VarcharType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;

/**
 * Neutral values (see {@link DataType}) of a Hive type to BSON values (writes), exactly or not at all: boolean to
 * boolean; tinyint, smallint, int to int32; bigint to int64; float and double to double; decimal to decimal128; string,
 * varchar, char (without its padding) to string, or to ObjectId for ObjectId columns; binary to binary (subtype 0);
 * date to the date-time of its UTC midnight; timestamp to the UTC date-time; struct to a document with the declared
 * field names (an ObjectId struct column to the ObjectId of its {@code oid} field); map to a document with the keys as
 * text; array to array.
 *
 * <p>A value BSON cannot hold exactly fails with a {@link Failure} saying why and how to fix it: a decimal of more
 * than 34 significant digits, a timestamp with digits below the millisecond, an ObjectId column value that is not 24
 * hex digits, a map key that is NULL, contains '.' or starts with '$'. The row encoder adds table and column.
 */
final class BsonValueEncoder {
    private BsonValueEncoder() {}

    /** Encodes a non-null neutral value. */
    @FunctionalInterface
    interface ValueWriter {
        BsonValue write(Object value);
    }

    /**
     * The writer of values of a Hive type.
     *
     * @param objectId whether the values are ObjectIds (a string, or a struct with an {@code oid} string field)
     * @param writeNulls whether NULL struct fields are written as BSON null (else left out)
     */
    static ValueWriter of(DataType type, boolean objectId, boolean writeNulls) {
        requireNonNull(type, "type is null");
        if (objectId) {
            return objectIdWriter(type);
        }
        if (type instanceof PrimitiveType primitive) {
            return switch (primitive) {
                case BOOLEAN -> value -> BsonBoolean.valueOf(expect(Boolean.class, type, value));
                case TINYINT, SMALLINT, INT -> value -> new BsonInt32(int32(type, value));
                case BIGINT -> value -> new BsonInt64(integral(type, value));
                case FLOAT, DOUBLE -> value -> new BsonDouble(floating(type, value));
                case STRING -> value -> new BsonString(expect(String.class, type, value));
                case BINARY -> value -> new BsonBinary(expect(byte[].class, type, value));
                case DATE -> value -> new BsonDateTime(
                        expect(LocalDate.class, type, value).toEpochDay() * BsonValueDecoder.MILLIS_PER_DAY);
                case TIMESTAMP -> value -> new BsonDateTime(millis(expect(LocalDateTime.class, type, value)));
            };
        }
        if (type instanceof DecimalType decimal) {
            return value -> decimal(expect(BigDecimal.class, type, value), decimal);
        }
        if (type instanceof VarcharType) {
            return value -> new BsonString(expect(String.class, type, value));
        }
        if (type instanceof CharType) {
            return value -> new BsonString(stripPadding(expect(String.class, type, value)));
        }
        if (type instanceof ArrayType array) {
            ValueWriter element = of(array.elementType(), false, writeNulls);
            return value -> {
                List<?> list = expect(List.class, type, value);
                BsonArray result = new BsonArray(list.size());
                for (int i = 0; i < list.size(); i++) {
                    Object item = list.get(i);
                    result.add(item == null ? BsonNull.VALUE : nested(element, item, Integer.toString(i)));
                }
                return result;
            };
        }
        if (type instanceof MapType map) {
            return mapWriter(map, writeNulls);
        }
        return structWriter((StructType) type, writeNulls);
    }

    /** Adds the {@code $set} entries of a non-null value at a dotted path. */
    @FunctionalInterface
    interface SetWriter {
        void put(BsonDocument set, String path, Object value);
    }

    /**
     * The {@code $set} writer of an upsert's column: a struct (not an ObjectId struct) as one entry per non-NULL field
     * at its dotted path, recursively into struct fields, so that stored sub-fields the struct does not declare stay;
     * a NULL field is set to BSON null only with {@code writeNulls}. Any other value, maps and arrays included, is one
     * entry of the whole value.
     */
    static SetWriter setWriter(DataType type, boolean objectId, boolean writeNulls) {
        requireNonNull(type, "type is null");
        if (objectId || !(type instanceof StructType struct)) {
            ValueWriter writer = of(type, objectId, writeNulls);
            return (set, path, value) -> set.put(path, writer.write(value));
        }
        String[] names = fieldNames(struct);
        SetWriter[] writers = fieldWriters(struct, SetWriter[]::new, field -> setWriter(field, false, writeNulls));
        return (set, path, value) -> {
            List<?> list = structValue(struct, value, names.length);
            for (int f = 0; f < names.length; f++) {
                Object field = list.get(f);
                String fieldPath = path + "." + names[f];
                if (field == null) {
                    if (writeNulls) {
                        set.put(fieldPath, BsonNull.VALUE);
                    }
                    continue;
                }
                try {
                    writers[f].put(set, fieldPath, field);
                } catch (Failure e) {
                    throw e.under(names[f]);
                }
            }
        };
    }

    private static String[] fieldNames(StructType type) {
        return type.fields().stream().map(StructType.Field::name).toArray(String[]::new);
    }

    /** A writer per field of the struct, in field order. */
    private static <W> W[] fieldWriters(StructType type, IntFunction<W[]> array, Function<DataType, W> writer) {
        List<StructType.Field> fields = type.fields();
        W[] writers = array.apply(fields.size());
        for (int f = 0; f < writers.length; f++) {
            writers[f] = writer.apply(fields.get(f).type());
        }
        return writers;
    }

    private static List<?> structValue(StructType type, Object value, int fields) {
        List<?> list = expect(List.class, type, value);
        if (list.size() != fields) {
            throw new Failure(
                    String.valueOf(list),
                    "a struct value has " + list.size() + " fields, the type " + type.typeName() + " has " + fields);
        }
        return list;
    }

    private static ValueWriter mapWriter(MapType type, boolean writeNulls) {
        ValueWriter values = of(type.valueType(), false, writeNulls);
        boolean stringKeys = type.keyType() == PrimitiveType.STRING || type.keyType() instanceof VarcharType;
        return value -> {
            Map<?, ?> map = expect(Map.class, type, value);
            BsonDocument result = new BsonDocument();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                String key = key(type, stringKeys, entry.getKey());
                Object item = entry.getValue();
                // a NULL map value is kept as BSON null: leaving it out would lose the key
                result.put(key, item == null ? BsonNull.VALUE : nested(values, item, key));
            }
            return result;
        };
    }

    private static String key(MapType type, boolean stringKeys, Object key) {
        if (key == null) {
            throw new Failure("NULL", "a map key is NULL, which a document field name cannot be; filter NULL keys out");
        }
        String text;
        try {
            text = stringKeys ? expect(String.class, type.keyType(), key) : TextValueCodec.encode(type.keyType(), key);
        } catch (IllegalArgumentException | ValueConversionException e) {
            throw new Failure(String.valueOf(key), "the map key does not convert: " + e.getMessage());
        }
        if (text.indexOf('.') >= 0 || text.startsWith("$")) {
            throw new Failure(
                    text,
                    "the map key '" + text + "' " + (text.startsWith("$") ? "starts with '$'" : "contains '.'")
                            + ", which MongoDB reads as a path or an operator; rename such keys (e.g. with "
                            + "str_to_map / a UDF) or write the column as an array of structs");
        }
        return text;
    }

    private static ValueWriter structWriter(StructType type, boolean writeNulls) {
        String[] names = fieldNames(type);
        ValueWriter[] writers = fieldWriters(type, ValueWriter[]::new, field -> of(field, false, writeNulls));
        return value -> {
            List<?> list = structValue(type, value, names.length);
            BsonDocument result = new BsonDocument();
            for (int f = 0; f < names.length; f++) {
                Object field = list.get(f);
                if (field != null) {
                    result.put(names[f], nested(writers[f], field, names[f]));
                } else if (writeNulls) {
                    result.put(names[f], BsonNull.VALUE);
                }
            }
            return result;
        };
    }

    private static ValueWriter objectIdWriter(DataType type) {
        if (type == PrimitiveType.STRING) {
            return value -> new BsonObjectId(objectId(expect(String.class, type, value)));
        }
        if (type instanceof StructType struct) {
            int oid = -1;
            for (int f = 0; f < struct.fields().size(); f++) {
                StructType.Field field = struct.fields().get(f);
                if (field.name().equalsIgnoreCase("oid") && field.type() == PrimitiveType.STRING) {
                    oid = f;
                }
            }
            if (oid >= 0) {
                int index = oid;
                return value -> {
                    Object hex = expect(List.class, type, value).get(index);
                    if (hex == null) {
                        throw new Failure(
                                String.valueOf(value),
                                "the oid field is NULL; write the whole struct as NULL to leave the ObjectId out");
                    }
                    return new BsonObjectId(objectId(expect(String.class, PrimitiveType.STRING, hex)));
                };
            }
        }
        throw new IllegalArgumentException(
                "an ObjectId column must be string or struct<oid:string,...>, not " + type.typeName());
    }

    private static ObjectId objectId(String hex) {
        if (!ObjectId.isValid(hex)) {
            throw new Failure(
                    hex,
                    "the column holds ObjectIds, and this is not an ObjectId (24 hex digits); write ObjectIds as their "
                            + "24 hex digits, or set " + DocumentLayout.OBJECTID_COLUMNS_KEY + "='' (or leave "
                            + "this column out of it) to store the values as strings");
        }
        for (int i = 0; i < hex.length(); i++) {
            if (Character.isUpperCase(hex.charAt(i))) {
                throw new Failure(
                        hex,
                        "the column holds ObjectIds, and this one has upper-case hex digits: it would be stored as the "
                                + "ObjectId that reads back as " + hex.toLowerCase(Locale.ROOT) + ", not as "
                                + "written; write ObjectIds in lower case (e.g. lower(column) in the query)");
            }
        }
        return new ObjectId(hex);
    }

    private static BsonValue decimal(BigDecimal value, DecimalType type) {
        BigDecimal scaled = value.scale() < type.scale() ? value.setScale(type.scale()) : value;
        try {
            return new BsonDecimal128(new Decimal128(scaled));
        } catch (NumberFormatException e) {
            throw new Failure(
                    value.toPlainString(),
                    "it has " + value.stripTrailingZeros().precision() + " significant digits, more than the 34 of a "
                            + "BSON decimal128; round it first, e.g. CAST(col AS DECIMAL(34,"
                            + Math.min(type.scale(), 34)
                            + "))");
        }
    }

    private static long millis(LocalDateTime timestamp) {
        if (timestamp.getNano() % 1_000_000 != 0) {
            throw new Failure(
                    timestamp.toString(),
                    "it has digits below the millisecond, which a BSON date cannot hold; round or truncate the value "
                            + "to milliseconds in the query (values are never truncated silently)");
        }
        return timestamp.toEpochSecond(ZoneOffset.UTC) * 1000L + timestamp.getNano() / 1_000_000;
    }

    private static String stripPadding(String value) {
        int end = value.length();
        while (end > 0 && value.charAt(end - 1) == ' ') {
            end--;
        }
        return value.substring(0, end);
    }

    private static int int32(DataType type, Object value) {
        long integral = integral(type, value);
        if (integral < Integer.MIN_VALUE || integral > Integer.MAX_VALUE) {
            throw new Failure(Long.toString(integral), "out of range for " + type.typeName());
        }
        return (int) integral;
    }

    private static double floating(DataType type, Object value) {
        if (value instanceof Double || value instanceof Float) {
            return ((Number) value).doubleValue(); // a float widens exactly
        }
        return wrongClass(type, value);
    }

    private static long integral(DataType type, Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        return wrongClass(type, value);
    }

    private static BsonValue nested(ValueWriter writer, Object value, String name) {
        try {
            return writer.write(value);
        } catch (Failure e) {
            throw e.under(name);
        }
    }

    private static <T> T expect(Class<T> neutralClass, DataType type, Object value) {
        if (neutralClass.isInstance(value)) {
            return neutralClass.cast(value);
        }
        return wrongClass(type, value);
    }

    private static <T> T wrongClass(DataType type, Object value) {
        throw new Failure(
                String.valueOf(value),
                "a " + value.getClass().getSimpleName() + " is not a neutral value of " + type.typeName()
                        + " (an internal error: please report it)");
    }

    /** A value that BSON cannot hold exactly: the value as text and why, with how to fix it. */
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final String value;
        private final String reason;
        private final String subPath;

        Failure(String value, String reason) {
            this(value, reason, "");
        }

        private Failure(String value, String reason, String subPath) {
            super(reason, null, false, false);
            this.value = value;
            this.reason = reason;
            this.subPath = subPath;
        }

        Failure under(String name) {
            return new Failure(value, reason, "." + name + subPath);
        }

        /** The value, shortened for messages. */
        String value() {
            return value.length() > 200 ? value.substring(0, 200) + "..." : value;
        }

        String reason() {
            return reason;
        }

        /** Where the value sits inside the column's value ({@code .address.zip}), or empty. */
        String subPath() {
            return subPath;
        }
    }
}
