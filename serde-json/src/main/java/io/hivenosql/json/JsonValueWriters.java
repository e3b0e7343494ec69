package io.hivenosql.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.MapType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.ValueConversionException;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.hive.serde2.objectinspector.ListObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.MapObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector.PrimitiveCategory;
import org.apache.hadoop.hive.serde2.objectinspector.StandardListObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;

/**
 * Chooses the {@link JsonValueWriter} of a (DataType, ObjectInspector) pair once, so that rows are written without a
 * per-value type dispatch: a writer per primitive category reading the concrete inspector ({@code LongObjectInspector},
 * {@code DateObjectInspector} ...) when the inspector's category is the column's type, and writers of arrays, maps and
 * structs holding their children's writers and pre-encoded field names. Any other pair (an inspector of another
 * category, varchar, char) gets {@link JsonGeneralWriter}, which converts with Hive's cast rules as the neutral path
 * does. The output is byte for byte what {@link JsonRowEncoder} writes for the same values.
 */
final class JsonValueWriters {
    private JsonValueWriters() {}

    /** The writer of values of {@code type} seen through {@code inspector}. */
    static JsonValueWriter of(DataType type, ObjectInspector inspector, JsonStyle style) {
        if (type instanceof ArrayType array) {
            if (!(inspector instanceof ListObjectInspector list)) {
                return mismatch(inspector, type);
            }
            return new ArrayWriter(list, of(array.elementType(), list.getListElementObjectInspector(), style));
        }
        if (type instanceof MapType map) {
            if (!(inspector instanceof MapObjectInspector mapInspector)) {
                return mismatch(inspector, type);
            }
            return new MapWriter(
                    mapInspector, map.keyType(), of(map.valueType(), mapInspector.getMapValueObjectInspector(), style));
        }
        if (type instanceof StructType struct) {
            if (!(inspector instanceof StructObjectInspector structInspector)) {
                return mismatch(inspector, type);
            }
            return struct(struct, structInspector, style);
        }
        if (!(inspector instanceof PrimitiveObjectInspector primitive)) {
            return mismatch(inspector, type);
        }
        JsonValueWriter fast = primitive(type, primitive, style);
        return fast != null ? fast : new JsonGeneralWriter(type, primitive, style);
    }

    private static JsonValueWriter primitive(DataType type, PrimitiveObjectInspector inspector, JsonStyle style) {
        PrimitiveCategory category = inspector.getPrimitiveCategory();
        if (type instanceof DecimalType decimal) {
            return category == PrimitiveCategory.DECIMAL ? new JsonDecimalWriter(decimal, inspector) : null;
        }
        if (!(type instanceof PrimitiveType primitive)) {
            return null; // varchar, char: the general path
        }
        return switch (primitive) {
            case BOOLEAN -> category == PrimitiveCategory.BOOLEAN ? JsonPrimitiveWriters.booleans(inspector) : null;
            case TINYINT -> category == PrimitiveCategory.BYTE ? JsonPrimitiveWriters.bytes(inspector) : null;
            case SMALLINT -> category == PrimitiveCategory.SHORT ? JsonPrimitiveWriters.shorts(inspector) : null;
            case INT -> category == PrimitiveCategory.INT ? JsonPrimitiveWriters.ints(inspector) : null;
            case BIGINT -> category == PrimitiveCategory.LONG ? JsonPrimitiveWriters.longs(inspector) : null;
            case FLOAT -> category == PrimitiveCategory.FLOAT ? JsonPrimitiveWriters.floats(inspector) : null;
            case DOUBLE -> category == PrimitiveCategory.DOUBLE ? JsonPrimitiveWriters.doubles(inspector) : null;
            case STRING -> category == PrimitiveCategory.STRING ? JsonPrimitiveWriters.strings(inspector) : null;
            case BINARY -> category == PrimitiveCategory.BINARY ? JsonPrimitiveWriters.binaries(inspector) : null;
            case DATE -> category == PrimitiveCategory.DATE ? JsonTemporalWriter.dates(inspector, style) : null;
            case TIMESTAMP -> category == PrimitiveCategory.TIMESTAMP
                    ? JsonTemporalWriter.timestamps(inspector, style)
                    : null;
        };
    }

    /** Hive passed an inspector of another kind (e.g. a primitive for an array): fails when a value comes. */
    private static JsonValueWriter mismatch(ObjectInspector inspector, DataType type) {
        return (generator, value) -> {
            throw new ClassCastException(
                    "Hive passed a " + inspector.getCategory().name().toLowerCase(Locale.ROOT) + " ("
                            + inspector.getClass().getName() + ") where the column holds a " + type.typeName());
        };
    }

    private static JsonValueWriter struct(StructType type, StructObjectInspector inspector, JsonStyle style) {
        List<? extends StructField> fields = inspector.getAllStructFieldRefs();
        if (fields.size() != type.fields().size()) {
            return (generator, value) -> {
                throw new ValueConversionException(
                        String.valueOf(value),
                        type,
                        "Hive passed a struct of " + fields.size() + " fields (" + inspector.getTypeName() + ")");
            };
        }
        JsonStructFields data = new JsonStructFields(inspector, fields);
        SerializedString[] names = new SerializedString[data.size()];
        JsonValueWriter[] writers = new JsonValueWriter[data.size()];
        for (int i = 0; i < names.length; i++) {
            StructType.Field field = type.fields().get(i);
            names[i] = new SerializedString(field.name());
            writers[i] = of(field.type(), data.field(i).getFieldObjectInspector(), style);
        }
        return new StructWriter(data, names, writers);
    }

    private record StructWriter(JsonStructFields fields, SerializedString[] names, JsonValueWriter[] writers)
            implements JsonValueWriter {
        @Override
        public void write(JsonGenerator generator, Object value) throws IOException {
            generator.writeStartObject();
            for (int i = 0; i < names.length; i++) {
                generator.writeFieldName(names[i]);
                Object field = fields.get(value, i);
                if (field == null) {
                    generator.writeNull();
                } else {
                    writers[i].write(generator, field);
                }
            }
            generator.writeEndObject();
        }
    }

    private record ArrayWriter(ListObjectInspector inspector, JsonValueWriter elements) implements JsonValueWriter {
        @Override
        public void write(JsonGenerator generator, Object value) throws IOException {
            generator.writeStartArray();
            if (inspector instanceof StandardListObjectInspector) {
                // a List or an Object[] as it is, without a lookup per element
                for (Object element : inspector.getList(value)) {
                    writeElement(generator, element);
                }
            } else {
                int length = inspector.getListLength(value);
                for (int i = 0; i < length; i++) {
                    writeElement(generator, inspector.getListElement(value, i));
                }
            }
            generator.writeEndArray();
        }

        private void writeElement(JsonGenerator generator, Object element) throws IOException {
            if (element == null) {
                generator.writeNull();
            } else {
                elements.write(generator, element);
            }
        }
    }

    private record MapWriter(MapObjectInspector inspector, DataType keyType, JsonValueWriter values)
            implements JsonValueWriter {
        @Override
        public void write(JsonGenerator generator, Object value) throws IOException {
            generator.writeStartObject();
            ObjectInspector keyInspector = inspector.getMapKeyObjectInspector();
            for (Map.Entry<?, ?> entry : inspector.getMap(value).entrySet()) {
                generator.writeFieldName(JsonGeneralWriter.keyName(keyInspector, entry.getKey(), keyType));
                Object element = entry.getValue();
                if (element == null) {
                    generator.writeNull();
                } else {
                    values.write(generator, element);
                }
            }
            generator.writeEndObject();
        }
    }
}
