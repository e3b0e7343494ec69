package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.types.Utf8;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.json.JsonLayout;
import io.hivenosql.json.JsonRowDecoder;
import io.hivenosql.json.JsonRowEncoder;
import io.hivenosql.json.MalformedJsonException;
import java.util.Arrays;

/**
 * The JSON object of a string-type row, read and written by the JSON SerDe's codec over the table's
 * {@link RedisTable#jsonLayout()}: one field per non-NULL stored column, a path {@code a.b} as field {@code b} of a
 * nested object {@code a}, values as {@link io.hivenosql.api.types.JsonValueCodec#CANONICAL} writes them. Reading
 * matches field names case-insensitively, skips unknown fields, and keeps a conversion error to the one column it
 * concerns; a value that is not one JSON object gives every projected column the same error.
 */
final class RedisJsonCodec {
    private RedisJsonCodec() {}

    /** A reader of the given stored columns of a string table. */
    static Reader reader(RedisTable table, int[] columns) {
        return new Reader(table, columns);
    }

    /**
     * A writer of a string table's rows.
     *
     * @throws HandlerException when two columns' paths overlap ({@code a} and {@code a.b}): such a table can be read
     *     but not written
     */
    static Writer writer(RedisTable table) {
        return new Writer(table);
    }

    /** Reads the JSON of one row at a time. Not thread-safe: one per record reader. */
    static final class Reader {
        private final RedisTable table;
        private final int[] columns;
        private final JsonRowDecoder decoder;

        private Reader(RedisTable table, int[] columns) {
            this.table = requireNonNull(table, "table is null");
            this.columns = columns.clone();
            this.decoder = new JsonRowDecoder(layout(table), this.columns);
        }

        /**
         * Reads the projected columns of a JSON object into {@code values}; a column whose value does not convert gets
         * its exception in {@code errors} instead, and a value that is not one JSON object gives every projected column
         * the same error.
         */
        void read(byte[] json, Object[] values, RuntimeException[] errors) {
            if (json.length == 0) {
                failAll(values, errors, malformed(json, "the value is empty; expected a JSON object", null));
                return;
            }
            try {
                decoder.decode(json, 0, json.length, values, errors);
            } catch (MalformedJsonException e) {
                failAll(values, errors, malformed(json, e.getMessage(), e));
            }
        }

        private ValueConversionException malformed(byte[] json, String reason, Throwable cause) {
            return new ValueConversionException(
                    Utf8.escape(json), "a JSON object of table " + table.name(), reason, cause);
        }

        private void failAll(Object[] values, RuntimeException[] errors, ValueConversionException error) {
            for (int column : columns) {
                values[column] = null;
                errors[column] = error;
            }
        }

        /** The columns this reader fills; callers must not modify the array. */
        int[] columns() {
            return columns;
        }
    }

    /** Writes one row at a time. Not thread-safe: one per record writer. */
    static final class Writer {
        private final JsonRowEncoder encoder;

        private Writer(RedisTable table) {
            this.encoder = new JsonRowEncoder(layout(table));
        }

        /**
         * The UTF-8 JSON of a row (indexed by table column; key and TTL columns are not in the layout).
         *
         * @throws HandlerException ({@code BAD_RECORD}) naming table, key and column when a value cannot be written
         */
        byte[] write(Object[] row, byte[] key) {
            byte[] json;
            try {
                json = encoder.encode(row);
            } catch (HandlerException e) {
                String tag = e.errorCode().tag() + ": ";
                String message =
                        e.getMessage().startsWith(tag) ? e.getMessage().substring(tag.length()) : e.getMessage();
                throw new HandlerException(e.errorCode(), message + " (key '" + new String(key, UTF_8) + "')", e);
            }
            return Arrays.copyOf(json, encoder.length());
        }
    }

    private static JsonLayout layout(RedisTable table) {
        JsonLayout layout = table.jsonLayout();
        if (layout == null) {
            throw new HandlerException(
                    HandlerErrorCode.INTERNAL_ERROR,
                    "table " + table.name() + " stores " + table.valueType().redisType()
                            + " values, which are not JSON objects");
        }
        return layout;
    }
}
