package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.types.JsonValueCodec;
import io.hivenosql.api.types.ValueConversionException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON object of a string-type row: one field per non-NULL stored column (field name = the column's path), values
 * as {@link JsonValueCodec} writes them. Reading matches field names case-insensitively, skips unknown fields, and
 * keeps a conversion error to the one column it concerns.
 */
final class RedisJsonCodec {
    private final RedisTable table;
    private final Map<String, Integer> columnByField = new HashMap<>();
    private final int[] columns;

    /** A reader of the given stored columns. */
    RedisJsonCodec(RedisTable table, int[] columns) {
        this.table = requireNonNull(table, "table is null");
        this.columns = columns.clone();
        for (int column : columns) {
            columnByField.put(table.mapping().column(column).path().toLowerCase(Locale.ROOT), column);
        }
    }

    static byte[] write(RedisTable table, Object[] row) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(128);
        try (JsonGenerator generator = JsonValueCodec.factory().createGenerator(out)) {
            generator.writeStartObject();
            for (int column : table.fieldColumns()) {
                if (row[column] != null) {
                    ColumnMapping mapping = table.mapping().column(column);
                    generator.writeFieldName(mapping.path());
                    JsonValueCodec.CANONICAL.write(generator, mapping.type(), row[column]);
                }
            }
            generator.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the JSON of a row of table " + table.name(), e);
        }
        return out.toByteArray();
    }

    /**
     * Reads the projected columns of a JSON object into {@code values}; a column whose value does not convert gets
     * its exception in {@code errors} instead, and malformed JSON gives every projected column the same error.
     */
    void read(byte[] json, Object[] values, RuntimeException[] errors) {
        try (JsonParser parser = JsonValueCodec.factory().createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                failAll(
                        errors,
                        new ValueConversionException(
                                text(json), "a JSON object of table " + table.name(), "expected a JSON object", null));
                return;
            }
            JsonStreamContext object = parser.getParsingContext();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                Integer column = columnByField.get(parser.currentName().toLowerCase(Locale.ROOT));
                parser.nextToken();
                if (column == null) {
                    parser.skipChildren();
                    continue;
                }
                try {
                    values[column] = JsonValueCodec.CANONICAL.read(
                            parser, table.mapping().column(column).type());
                    errors[column] = null;
                } catch (ValueConversionException e) {
                    values[column] = null;
                    errors[column] = e;
                    // skip the rest of the bad value: back to the row object's level
                    while (parser.getParsingContext() != object && parser.nextToken() != null) {
                        // advancing
                    }
                }
            }
        } catch (JsonProcessingException e) {
            failAll(
                    errors,
                    new ValueConversionException(
                            text(json),
                            "a JSON object of table " + table.name(),
                            "malformed JSON: " + e.getOriginalMessage(),
                            e));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JSON from a byte array", e);
        }
    }

    private void failAll(RuntimeException[] errors, ValueConversionException error) {
        for (int column : columns) {
            errors[column] = error;
        }
    }

    private static String text(byte[] json) {
        return new String(json, UTF_8);
    }

    /** The columns this reader fills; callers must not modify the array. */
    int[] columns() {
        return columns;
    }
}
