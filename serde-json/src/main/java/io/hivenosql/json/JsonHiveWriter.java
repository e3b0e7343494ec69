package io.hivenosql.json;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.ValueConversionException;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;

/**
 * Writes Hive rows as JSON objects straight from their ObjectInspectors: the same JSON as {@link JsonRowEncoder} writes
 * from neutral values (same layout, same value forms, same NULL rules, verified by the SerDe's tests), without first
 * building the neutral row. Each column's {@link JsonValueWriter} is chosen once from its type and inspector
 * ({@link JsonValueWriters}), on the first non-NULL value, and chosen again only when Hive passes rows of another
 * inspector. Values convert exactly as the handlers convert them: decimals get Hive's precision and scale enforcement
 * (too many integer digits fails, never NULL), char values lose their padding, dates and timestamps use the table's
 * formats. Not thread-safe.
 */
final class JsonHiveWriter extends JsonObjectWriter {
    private final JsonStyle style;
    private final Object[] data;
    private final ObjectInspector[] inspectors;
    private final JsonValueWriter[] writers;
    private StructObjectInspector lastRowInspector;
    private JsonStructFields fields;

    JsonHiveWriter(JsonLayout layout) {
        super(layout);
        this.style = layout.codec().style();
        this.data = new Object[layout.mapping().size()];
        this.inspectors = new ObjectInspector[layout.mapping().size()];
        this.writers = new JsonValueWriter[layout.mapping().size()];
    }

    /**
     * The UTF-8 JSON of a row; the array is the writer's own until the next call, its length {@link #length()}.
     *
     * @param fields the row inspector's fields, one per table column
     * @throws HandlerException naming the column when a value cannot be written
     */
    byte[] write(Object row, StructObjectInspector rowInspector, List<? extends StructField> fields) {
        if (rowInspector != lastRowInspector) {
            this.fields = new JsonStructFields(rowInspector, fields);
            for (int i = 0; i < data.length; i++) {
                inspectors[i] = this.fields.field(i).getFieldObjectInspector();
                writers[i] = null;
            }
            lastRowInspector = rowInspector;
        }
        for (int i = 0; i < data.length; i++) {
            data[i] = this.fields.get(row, i);
        }
        return writeRow();
    }

    @Override
    boolean isNull(int column) {
        return data[column] == null;
    }

    @Override
    void writeColumn(int column) throws IOException {
        Object value = data[column];
        if (value == null) {
            generator.writeNull();
            return;
        }
        try {
            JsonValueWriter writer = writers[column];
            if (writer == null) {
                writer = JsonValueWriters.of(layout.mapping().column(column).type(), inspectors[column], style);
                writers[column] = writer;
            }
            writer.write(generator, value);
        } catch (ValueConversionException e) {
            ColumnMapping mapping = layout.mapping().column(column);
            throw new HandlerException(
                    HandlerErrorCode.BAD_RECORD,
                    "table " + layout.tableName() + ", column '" + mapping.name() + "': " + e.getMessage(),
                    e);
        } catch (ClassCastException | IllegalArgumentException e) {
            ColumnMapping mapping = layout.mapping().column(column);
            throw new HandlerException(
                    HandlerErrorCode.BAD_RECORD,
                    "table " + layout.tableName() + ", column '" + mapping.name() + "': cannot write a "
                            + inspectors[column].getTypeName() + " value as "
                            + mapping.type().typeName() + ": "
                            + e.getMessage(),
                    e);
        }
    }
}
