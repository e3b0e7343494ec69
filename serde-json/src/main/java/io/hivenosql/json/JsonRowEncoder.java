package io.hivenosql.json;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.types.JsonValueCodec;
import io.hivenosql.api.types.ValueConversionException;
import java.io.IOException;

/**
 * Writes a row as one JSON object: fields in column order, nested paths as nested objects (the columns under one
 * object written together, in the order of the first of them), values as the table's {@link JsonValueCodec} writes
 * them. A NULL column is left out unless the layout writes nulls; an object with nothing but NULLs below it is left
 * out too. The bytes never contain a line break (JSON escapes them in strings), so a row is one line. Not thread-safe:
 * one per writer.
 */
public final class JsonRowEncoder extends JsonObjectWriter {
    private final JsonValueCodec codec;
    private Object[] row;

    /**
     * An encoder of a layout's columns.
     *
     * @throws HandlerException when two columns overlap ({@link JsonLayout#overlap()})
     */
    public JsonRowEncoder(JsonLayout layout) {
        super(layout);
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
        this.row = row;
        try {
            return writeRow();
        } finally {
            this.row = null;
        }
    }

    @Override
    boolean isNull(int column) {
        return row[column] == null;
    }

    @Override
    void writeColumn(int column) throws IOException {
        try {
            codec.write(generator, layout.mapping().column(column).type(), row[column]);
        } catch (ValueConversionException e) {
            throw new HandlerException(
                    HandlerErrorCode.BAD_RECORD,
                    "table " + layout.tableName() + ", column '"
                            + layout.mapping().column(column).name() + "': the value cannot be written as JSON: "
                            + e.getMessage(),
                    e);
        }
    }
}
