package io.hivenosql.json;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.hive.HiveValues;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.CharType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.MapType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.TextValueCodec;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.api.types.VarcharType;
import java.io.IOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.objectinspector.ListObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.MapObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorUtils;

/**
 * Writes Hive rows as JSON objects straight from their ObjectInspectors: the same JSON as {@link JsonRowEncoder} writes
 * from neutral values (same layout, same value forms, same NULL rules, verified by the SerDe's tests), without first
 * building the neutral row, which is what a write-heavy SerDe spends most of its time on. Values convert exactly as
 * the handlers convert them: decimals get Hive's precision and scale enforcement (too many integer digits fails, never
 * NULL), char values lose their padding, dates and timestamps use the table's formats. Not thread-safe.
 */
final class JsonHiveWriter extends JsonObjectWriter {
    private final JsonStyle style;
    private final Object[] data;
    private final ObjectInspector[] inspectors;

    JsonHiveWriter(JsonLayout layout) {
        super(layout);
        this.style = layout.codec().style();
        this.data = new Object[layout.mapping().size()];
        this.inspectors = new ObjectInspector[layout.mapping().size()];
    }

    /**
     * The UTF-8 JSON of a row; the array is the writer's own until the next call, its length {@link #length()}.
     *
     * @throws HandlerException naming the column when a value cannot be written
     */
    byte[] write(Object row, StructObjectInspector rowInspector, List<? extends StructField> fields) {
        for (int i = 0; i < data.length; i++) {
            StructField field = fields.get(i);
            data[i] = rowInspector.getStructFieldData(row, field);
            inspectors[i] = field.getFieldObjectInspector();
        }
        return writeRow();
    }

    @Override
    boolean isNull(int column) {
        return data[column] == null;
    }

    @Override
    void writeColumn(int column) throws IOException {
        ColumnMapping mapping = layout.mapping().column(column);
        try {
            writeValue(inspectors[column], data[column], mapping.type());
        } catch (ValueConversionException e) {
            throw new HandlerException(
                    HandlerErrorCode.BAD_RECORD,
                    "table " + layout.tableName() + ", column '" + mapping.name() + "': " + e.getMessage(),
                    e);
        } catch (ClassCastException | IllegalArgumentException e) {
            throw new HandlerException(
                    HandlerErrorCode.BAD_RECORD,
                    "table " + layout.tableName() + ", column '" + mapping.name() + "': cannot write a "
                            + inspectors[column].getTypeName() + " value as "
                            + mapping.type().typeName() + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private void writeValue(ObjectInspector inspector, Object value, DataType type) throws IOException {
        if (value == null) {
            generator.writeNull();
        } else if (type instanceof ArrayType array) {
            ListObjectInspector list = (ListObjectInspector) inspector;
            int length = list.getListLength(value);
            generator.writeStartArray();
            for (int i = 0; i < length; i++) {
                writeValue(list.getListElementObjectInspector(), list.getListElement(value, i), array.elementType());
            }
            generator.writeEndArray();
        } else if (type instanceof MapType map) {
            MapObjectInspector mapInspector = (MapObjectInspector) inspector;
            generator.writeStartObject();
            for (Map.Entry<?, ?> entry : mapInspector.getMap(value).entrySet()) {
                Object key =
                        HiveValues.fromHive(mapInspector.getMapKeyObjectInspector(), entry.getKey(), map.keyType());
                if (key == null) {
                    throw ValueConversionException.cannotWrite(
                            "null", map.keyType(), "a map key is null; JSON object keys cannot be null");
                }
                generator.writeFieldName(TextValueCodec.encode(map.keyType(), key));
                writeValue(mapInspector.getMapValueObjectInspector(), entry.getValue(), map.valueType());
            }
            generator.writeEndObject();
        } else if (type instanceof StructType struct) {
            StructObjectInspector structInspector = (StructObjectInspector) inspector;
            List<? extends StructField> fields = structInspector.getAllStructFieldRefs();
            if (fields.size() != struct.fields().size()) {
                throw new ValueConversionException(
                        String.valueOf(value),
                        type,
                        "Hive passed a struct of " + fields.size() + " fields (" + inspector.getTypeName() + ")");
            }
            generator.writeStartObject();
            for (int i = 0; i < fields.size(); i++) {
                generator.writeFieldName(struct.fields().get(i).name());
                StructField field = fields.get(i);
                writeValue(
                        field.getFieldObjectInspector(),
                        structInspector.getStructFieldData(value, field),
                        struct.fields().get(i).type());
            }
            generator.writeEndObject();
        } else {
            writePrimitive((PrimitiveObjectInspector) inspector, value, type);
        }
    }

    private void writePrimitive(PrimitiveObjectInspector inspector, Object value, DataType type) throws IOException {
        if (type instanceof DecimalType decimal) {
            HiveDecimal number = PrimitiveObjectInspectorUtils.getHiveDecimal(value, inspector);
            HiveDecimal fitted = number == null
                    ? null
                    : HiveDecimal.enforcePrecisionScale(number, decimal.precision(), decimal.scale());
            if (fitted == null) {
                throw ValueConversionException.cannotWrite(
                        String.valueOf(value), type, "does not fit (too many digits before the decimal point)");
            }
            // plain digits at the column's scale, as a JSON number: never through double
            generator.writeNumber(fitted.toFormatString(decimal.scale()));
        } else if (type instanceof VarcharType || type instanceof CharType) {
            // what the neutral path writes: varchar cut to its length, char without its padding
            generator.writeString(TextValueCodec.encode(type, HiveValues.fromHive(inspector, value, type)));
        } else {
            switch ((PrimitiveType) type) {
                case BOOLEAN -> generator.writeBoolean(PrimitiveObjectInspectorUtils.getBoolean(value, inspector));
                case TINYINT, SMALLINT, INT -> generator.writeNumber(
                        PrimitiveObjectInspectorUtils.getInt(value, inspector));
                case BIGINT -> generator.writeNumber(PrimitiveObjectInspectorUtils.getLong(value, inspector));
                case FLOAT -> generator.writeNumber(PrimitiveObjectInspectorUtils.getFloat(value, inspector));
                case DOUBLE -> generator.writeNumber(PrimitiveObjectInspectorUtils.getDouble(value, inspector));
                case STRING -> generator.writeString(PrimitiveObjectInspectorUtils.getString(value, inspector));
                case BINARY -> {
                    byte[] bytes = PrimitiveObjectInspectorUtils.getBinary(value, inspector)
                            .copyBytes();
                    generator.writeString(TextValueCodec.encode(type, bytes));
                }
                case DATE -> {
                    Date date = PrimitiveObjectInspectorUtils.getDate(value, inspector);
                    if (date == null) {
                        throw ValueConversionException.cannotWrite(String.valueOf(value), type, "not a date");
                    }
                    style.dates().writeDate(generator, LocalDate.ofEpochDay(date.toEpochDay()));
                }
                case TIMESTAMP -> {
                    Timestamp timestamp = PrimitiveObjectInspectorUtils.getTimestamp(value, inspector);
                    if (timestamp == null) {
                        throw ValueConversionException.cannotWrite(String.valueOf(value), type, "not a timestamp");
                    }
                    style.timestamps()
                            .writeTimestamp(
                                    generator,
                                    LocalDateTime.ofEpochSecond(
                                            timestamp.toEpochSecond(), timestamp.getNanos(), ZoneOffset.UTC));
                }
            }
        }
    }
}
