package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.types.JsonValueCodec;
import io.hivenosql.api.types.ValueConversionException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Writes a row as one JSON object: fields in column order, nested paths as nested objects (the columns under one
 * object written together, in the order of the first of them), values as the table's {@link JsonValueCodec} writes
 * them. A NULL column is left out unless the layout writes nulls; an object with nothing but NULLs below it is left
 * out too. The bytes never contain a line break (JSON escapes them in strings), so a row is one line. Not thread-safe:
 * one per writer.
 */
public final class JsonRowEncoder {
    private final JsonLayout layout;
    private final JsonValueCodec codec;
    private final Buffer buffer = new Buffer();
    private JsonGenerator generator;

    /**
     * An encoder of a layout's columns.
     *
     * @throws HandlerException when two columns overlap ({@link JsonLayout#overlap()})
     */
    public JsonRowEncoder(JsonLayout layout) {
        this.layout = requireNonNull(layout, "layout is null");
        if (layout.overlap() != null) {
            throw new HandlerException(HandlerErrorCode.INVALID_MAPPING, layout.overlap());
        }
        this.codec = layout.codec();
    }

    /**
     * The UTF-8 JSON of a row of neutral values (indexed by table column). The returned array is the encoder's own
     * until the next call: copy what must outlive it; its length is {@link #length()}.
     *
     * @throws HandlerException ({@code HNS-121 BAD_RECORD}) naming the column when a value cannot be written (a
     *     timestamp the table's pattern cannot hold, a null map key)
     */
    public byte[] encode(Object[] row) {
        buffer.reset();
        try {
            if (generator == null) {
                generator = JsonValueCodec.factory().createGenerator(buffer);
                generator.setRootValueSeparator(null);
            }
            writeObject(layout.root(), row);
            generator.flush();
        } catch (IOException e) {
            generator = null;
            throw new UncheckedIOException("cannot write the JSON of a row of table " + layout.tableName(), e);
        } catch (RuntimeException e) {
            // the generator is mid-object: start the next row with a fresh one
            generator = null;
            throw e;
        }
        return buffer.array();
    }

    /** The length of the last {@link #encode} result. */
    public int length() {
        return buffer.size();
    }

    private void writeObject(JsonLayout.Node node, Object[] row) throws IOException {
        generator.writeStartObject();
        for (JsonLayout.Node child : node.ordered) {
            if (child.column >= 0) {
                Object value = row[child.column];
                if (value != null || layout.writeNulls()) {
                    generator.writeFieldName(child.name);
                    writeValue(child.column, value);
                }
            } else if (layout.writeNulls() || anyValue(child, row)) {
                generator.writeFieldName(child.name);
                writeObject(child, row);
            }
        }
        generator.writeEndObject();
    }

    private void writeValue(int column, Object value) throws IOException {
        try {
            codec.write(generator, layout.mapping().column(column).type(), value);
        } catch (ValueConversionException e) {
            throw new HandlerException(
                    HandlerErrorCode.BAD_RECORD,
                    "table " + layout.tableName() + ", column '"
                            + layout.mapping().column(column).name() + "': the value cannot be written as JSON: "
                            + e.getMessage(),
                    e);
        }
    }

    private static boolean anyValue(JsonLayout.Node node, Object[] row) {
        for (int column : node.columnsBelow) {
            if (row[column] != null) {
                return true;
            }
        }
        return false;
    }

    /** A byte buffer whose array is handed out without a copy. */
    private static final class Buffer extends ByteArrayOutputStream {
        Buffer() {
            super(256);
        }

        byte[] array() {
            return buf;
        }
    }
}
