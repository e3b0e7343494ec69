package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.types.JsonValueCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * What every writer of a row as one JSON object shares: the walk over the {@link JsonLayout}'s tree (fields in column
 * order, nested paths as nested objects, NULL columns and objects with nothing but NULLs below them left out unless
 * the layout writes nulls), one reused generator and byte buffer, and a fresh generator after a row that failed
 * mid-object. Subclasses say where a row's values come from ({@link #isNull}, {@link #writeColumn}). Not thread-safe.
 */
abstract class JsonObjectWriter {
    final JsonLayout layout;
    private final Buffer buffer = new Buffer();
    JsonGenerator generator;

    /** @throws HandlerException when two columns overlap ({@link JsonLayout#overlap()}) */
    JsonObjectWriter(JsonLayout layout) {
        this.layout = requireNonNull(layout, "layout is null");
        if (layout.overlap() != null) {
            throw new HandlerException(HandlerErrorCode.INVALID_MAPPING, layout.overlap());
        }
    }

    /** Whether the current row's column is NULL. */
    abstract boolean isNull(int column);

    /** Writes the current row's non-NULL (or, when the layout writes nulls, any) value of the column. */
    abstract void writeColumn(int column) throws IOException;

    /** The UTF-8 JSON of the current row; the array is the writer's own until the next row, its length {@link #length()}. */
    final byte[] writeRow() {
        buffer.reset();
        try {
            if (generator == null) {
                generator = JsonValueCodec.factory().createGenerator(buffer);
                generator.setRootValueSeparator(null);
            }
            writeObject(layout.root());
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

    /** The length of the last row's JSON. */
    public final int length() {
        return buffer.size();
    }

    private void writeObject(JsonLayout.Node node) throws IOException {
        generator.writeStartObject();
        for (JsonLayout.Node child : node.ordered) {
            if (child.column >= 0) {
                if (layout.writeNulls() || !isNull(child.column)) {
                    generator.writeFieldName(child.encodedName);
                    writeColumn(child.column);
                }
            } else if (layout.writeNulls() || anyValue(child)) {
                generator.writeFieldName(child.encodedName);
                writeObject(child);
            }
        }
        generator.writeEndObject();
    }

    private boolean anyValue(JsonLayout.Node node) {
        for (int column : node.columnsBelow) {
            if (!isNull(column)) {
                return true;
            }
        }
        return false;
    }

    /** A growable byte buffer whose array is handed out without a copy; not synchronized (ByteArrayOutputStream is). */
    private static final class Buffer extends OutputStream {
        private byte[] bytes = new byte[256];
        private int size;

        @Override
        public void write(int b) {
            ensure(1);
            bytes[size++] = (byte) b;
        }

        @Override
        public void write(byte[] source, int offset, int length) {
            ensure(length);
            System.arraycopy(source, offset, bytes, size, length);
            size += length;
        }

        private void ensure(int more) {
            if (size + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
            }
        }

        void reset() {
            size = 0;
        }

        int size() {
            return size;
        }

        byte[] array() {
            return bytes;
        }
    }
}
