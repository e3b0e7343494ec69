package io.hivenosql.json;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * Writes one non-NULL Hive value of a column's (or a nested field's) type as JSON, through the ObjectInspector the
 * writer was made for: chosen once per (type, inspector) by {@link JsonValueWriters}, so writing a value does no type
 * dispatch. Writers of nested values write NULL elements and fields themselves.
 */
@FunctionalInterface
interface JsonValueWriter {
    /**
     * Writes a non-null value.
     *
     * @throws io.hivenosql.api.types.ValueConversionException when the value cannot be written as the type
     */
    void write(JsonGenerator generator, Object value) throws IOException;
}
