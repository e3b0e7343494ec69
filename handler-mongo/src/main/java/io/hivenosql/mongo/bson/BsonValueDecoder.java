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
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * BSON values to neutral values (see {@link DataType}) of a Hive column type, read straight from a {@link BsonReader}
 * (raw BSON bytes or a document tree) without building intermediate documents. Per Hive type:
 *
 * <ul>
 *   <li>boolean: boolean.
 *   <li>tinyint, smallint, int, bigint: int32, int64, and double or decimal128 values that are whole and in range
 *       (strings are not parsed, so that pushed comparisons and reads agree).
 *   <li>float, double: int32, int64, double, decimal128.
 *   <li>decimal(p,s): int32, int64, double (its shortest decimal text), decimal128; rounded HALF_UP to the scale as Hive
 *       does; more integer digits than the type has is a failure.
 *   <li>string, varchar, char: string, symbol, ObjectId (24 lower-case hex digits); every other value as its relaxed
 *       Extended JSON text ({@link BsonText#json}), exactly as it is written inside a document read as text: int32 and
 *       int64 {@code 5}, double {@code 1.5} or {@code 1.0E+20} ({@code {"$numberDouble": "NaN"}}), boolean
 *       {@code true}, decimal128 {@code {"$numberDecimal": "1.50"}}, date-time {@code {"$date": "..."}}, BSON
 *       timestamp, binary, MinKey and MaxKey likewise, documents and arrays. So a field of mixed types (which schema
 *       inference maps to a string column) reads every value. Not JavaScript code (with or without scope), DBPointers
 *       and regular expressions, which stay bad records: pushed text comparisons select the values a column reads by
 *       their BSON type (MongoTextValues), and the MongoDB test server has no type alias for code and DBPointers (it
 *       cannot compare code at all) and stores regular expressions as values its alias {@code regex} does not select,
 *       so a pushed {@code s > 'a'} would lose them.
 *       Text that is not well-formed UTF-8 (noticed by a {@link Utf8CheckingBsonReader}) is a failure, never text with
 *       U+FFFD in place of the bytes.
 *   <li>binary: binary of any subtype, ObjectId (its 12 bytes).
 *   <li>date: date-time (its UTC calendar date); timestamp: date-time (UTC wall time), BSON timestamp (its seconds).
 *       Any year comes out; {@code HiveValues.toHive} refuses those outside 1 to 9999 for every reader alike.
 *   <li>struct: document, fields matched by name: as declared, else ignoring case (two such spellings: a failure;
 *       missing: NULL); an ObjectId into a struct with an
 *       {@code oid} string field (mongo-hadoop's {@code struct<oid:string,bsontype:int>}) gives (hex, 8).
 *   <li>map: document (keys from the field names, parsed for non-string key types); array: array.
 * </ul>
 *
 * <p>Numbers convert in {@link BsonNumberDecoder}. BSON null and undefined are NULL, in text columns too (not the text
 * {@code null}: IS NULL selects them as for any column). Any other BSON type is a {@link Failure}: readers always
 * consume the whole value,
 * failing or not, so that the caller can go on with the next field.
 */
public final class BsonValueDecoder {
    private static final Object UNSET = new Object();
    static final int NAME_CACHE_LIMIT = 1024;
    /** Milliseconds of a UTC day: a date is the UTC calendar day of a BSON date-time (reads, writes, pushdown). */
    public static final long MILLIS_PER_DAY = 86_400_000L;
    /** The {@code bsontype} mongo-hadoop's ObjectId struct carries. */
    static final int MONGO_HADOOP_OBJECT_ID_TYPE = 8;

    private BsonValueDecoder() {}

    /** Reads the reader's current value (its type and name already read) as a neutral value, never a null value. */
    @FunctionalInterface
    interface ValueReader {
        Object read(BsonReader reader, BsonType type);
    }

    /** The reader of values for a Hive type; build one per column and reuse it (not thread-safe: it caches names). */
    static ValueReader of(DataType type) {
        requireNonNull(type, "type is null");
        if (type instanceof PrimitiveType primitive) {
            return switch (primitive) {
                case BOOLEAN -> (reader, bson) ->
                        bson == BsonType.BOOLEAN ? (Object) reader.readBoolean() : fail(reader, bson, type);
                case TINYINT, SMALLINT, INT, BIGINT -> (reader, bson) ->
                        BsonNumberDecoder.integral(reader, bson, primitive);
                case FLOAT, DOUBLE -> (reader, bson) -> BsonNumberDecoder.floating(reader, bson, primitive);
                case STRING -> (reader, bson) -> string(reader, bson, type);
                case BINARY -> (reader, bson) -> switch (bson) {
                    case BINARY -> reader.readBinaryData().getData();
                    case OBJECT_ID -> reader.readObjectId().toByteArray();
                    default -> throw mismatch(reader, bson, type);
                };
                case DATE -> (reader, bson) -> bson == BsonType.DATE_TIME
                        ? LocalDate.ofEpochDay(Math.floorDiv(reader.readDateTime(), MILLIS_PER_DAY))
                        : fail(reader, bson, type);
                case TIMESTAMP -> (reader, bson) -> switch (bson) {
                    case DATE_TIME -> timestamp(reader.readDateTime());
                    case TIMESTAMP -> LocalDateTime.ofEpochSecond(
                            Integer.toUnsignedLong(reader.readTimestamp().getTime()), 0, ZoneOffset.UTC);
                    default -> throw mismatch(reader, bson, type);
                };
            };
        }
        if (type instanceof DecimalType decimal) {
            return (reader, bson) -> BsonNumberDecoder.decimal(reader, bson, decimal);
        }
        if (type instanceof VarcharType || type instanceof CharType) {
            // Hive's length rules: varchar truncates, char truncates and pads
            return (reader, bson) -> TextValueCodec.decode(type, string(reader, bson, type));
        }
        if (type instanceof ArrayType array) {
            ValueReader element = of(array.elementType());
            return (reader, bson) -> array(reader, bson, array, element);
        }
        if (type instanceof MapType map) {
            return new MapReader(map);
        }
        return new BsonStructReader((StructType) type);
    }

    /** Reads the current value: NULL for BSON null and undefined, else the value reader's result. */
    static Object read(ValueReader valueReader, BsonReader reader) {
        BsonType bson = reader.getCurrentBsonType();
        if (bson == BsonType.NULL) {
            reader.readNull();
            return null;
        }
        if (bson == BsonType.UNDEFINED) {
            reader.readUndefined();
            return null;
        }
        return valueReader.read(reader, bson);
    }

    private static LocalDateTime timestamp(long millis) {
        return LocalDateTime.ofEpochSecond(
                Math.floorDiv(millis, 1000L), (int) Math.floorMod(millis, 1000L) * 1_000_000, ZoneOffset.UTC);
    }

    private static String string(BsonReader reader, BsonType bson, DataType type) {
        int invalidBefore = Utf8CheckingBsonReader.invalidCount(reader);
        String text =
                switch (bson) {
                    case STRING -> reader.readString();
                    case SYMBOL -> reader.readSymbol();
                    case OBJECT_ID -> reader.readObjectId().toHexString();
                        // not JavaScript code, DBPointers and regular expressions: pushed comparisons select the values
                        // of the other types by type alias (MongoTextValues), which the test server has not for these
                    case JAVASCRIPT, JAVASCRIPT_WITH_SCOPE, DB_POINTER, REGULAR_EXPRESSION -> throw mismatch(
                            reader, bson, type);
                    default -> BsonText.json(BsonText.readValue(reader));
                };
        if (Utf8CheckingBsonReader.invalidCount(reader) != invalidBefore) {
            // the value is consumed: the caller goes on with the next field
            throw notUtf8(reader, type, bson == BsonType.STRING || bson == BsonType.SYMBOL ? "is" : "holds a string");
        }
        return text;
    }

    /** A string (or a string or field name inside a document read as text) that is not well-formed UTF-8. */
    private static Failure notUtf8(BsonReader reader, DataType type, String what) {
        return new Failure(
                Utf8CheckingBsonReader.lastInvalidText(reader),
                type,
                what + " not valid UTF-8 (" + Utf8CheckingBsonReader.lastInvalidReason(reader) + "); " + type.typeName()
                        + " reads UTF-8 text only: BSON strings must be UTF-8");
    }

    private static List<Object> array(BsonReader reader, BsonType bson, ArrayType type, ValueReader element) {
        if (bson != BsonType.ARRAY) {
            throw mismatch(reader, bson, type);
        }
        List<Object> result = new ArrayList<>();
        Failure failure = null;
        reader.readStartArray();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            if (failure != null) {
                reader.skipValue();
                continue;
            }
            try {
                result.add(read(element, reader));
            } catch (Failure e) {
                failure = e.under(Integer.toString(result.size()));
            }
        }
        reader.readEndArray();
        if (failure != null) {
            throw failure;
        }
        return result;
    }

    private static Object fail(BsonReader reader, BsonType bson, DataType type) {
        throw mismatch(reader, bson, type);
    }

    /** Consumes a value of a BSON type the Hive type does not read and returns the failure to throw. */
    static Failure mismatch(BsonReader reader, BsonType bson, DataType type) {
        BsonValue value = BsonText.readValue(reader);
        return new Failure(
                BsonText.shortText(value),
                type,
                "is a BSON " + BsonText.typeName(bson) + "; " + type.typeName() + " reads " + accepted(type));
    }

    private static String accepted(DataType type) {
        if (type instanceof PrimitiveType primitive) {
            return switch (primitive) {
                case BOOLEAN -> "boolean values";
                case TINYINT, SMALLINT, INT, BIGINT -> "int32, int64, and whole double or decimal128 values (strings "
                        + "are not parsed)";
                case FLOAT, DOUBLE -> "int32, int64, double and decimal128 values (strings are not parsed)";
                case STRING -> "any value but JavaScript code, DBPointers and regular expressions (strings as they are, "
                        + "ObjectIds as hex, "
                        + "the others as their JSON text)";
                case BINARY -> "binary and ObjectId values";
                case DATE -> "date values";
                case TIMESTAMP -> "date and timestamp values";
            };
        }
        if (type instanceof DecimalType) {
            return "int32, int64, double and decimal128 values (strings are not parsed)";
        }
        if (type instanceof VarcharType || type instanceof CharType) {
            return accepted(PrimitiveType.STRING);
        }
        if (type instanceof ArrayType) {
            return "arrays";
        }
        if (type instanceof MapType) {
            return "documents";
        }
        return "documents, and ObjectIds when it has an oid string field";
    }

    /** A document as a map: keys from the field names (parsed for non-string key types), values converted. */
    private static final class MapReader implements ValueReader {
        private final MapType type;
        private final ValueReader values;
        private final boolean stringKeys;

        MapReader(MapType type) {
            this.type = type;
            this.values = of(type.valueType());
            this.stringKeys = type.keyType() == PrimitiveType.STRING;
        }

        @Override
        public Object read(BsonReader reader, BsonType bson) {
            if (bson != BsonType.DOCUMENT) {
                throw mismatch(reader, bson, type);
            }
            Map<Object, Object> result = new LinkedHashMap<>();
            Failure failure = null;
            reader.readStartDocument();
            while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
                int invalidBefore = Utf8CheckingBsonReader.invalidCount(reader);
                String name = reader.readName();
                if (failure == null && Utf8CheckingBsonReader.invalidCount(reader) != invalidBefore) {
                    failure = notUtf8(reader, type, "has a field name (a map key) that is");
                }
                if (failure != null) {
                    reader.skipValue();
                    continue;
                }
                try {
                    Object key = stringKeys ? name : key(name, reader);
                    Object value = BsonValueDecoder.read(values, reader);
                    result.putIfAbsent(key, value);
                } catch (Failure e) {
                    failure = e.under(name);
                }
            }
            reader.readEndDocument();
            if (failure != null) {
                throw failure;
            }
            return result;
        }

        private Object key(String name, BsonReader reader) {
            try {
                return TextValueCodec.decode(type.keyType(), name);
            } catch (ValueConversionException e) {
                reader.skipValue(); // consumed, failing or not
                throw new Failure(
                        name,
                        type,
                        "has the field name '" + name + "', which is not a "
                                + type.keyType().typeName() + " map key");
            }
        }
    }

    /**
     * A value that does not convert. Cheap to create (no stack trace: the bad-record policy may meet many); the row
     * decoder turns it into a {@link ValueConversionException} naming the field path.
     */
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final String value;
        private final String targetType;
        private final String detail;
        private final String subPath;

        Failure(String value, DataType targetType, String detail) {
            this(value, targetType.typeName(), detail, "");
        }

        private Failure(String value, String targetType, String detail, String subPath) {
            super(detail, null, false, false);
            this.value = value;
            this.targetType = targetType;
            this.detail = detail;
            this.subPath = subPath;
        }

        /** The same failure one level down, inside the field (or element) {@code name}. */
        Failure under(String name) {
            return new Failure(value, targetType, detail, "." + name + subPath);
        }

        /** The failure as the core reports it: value, target type, and the whole field path. */
        ValueConversionException toException(String fieldPath) {
            return new ValueConversionException(value, targetType, "field " + fieldPath + subPath + " " + detail, null);
        }
    }
}
