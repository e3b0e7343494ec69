package io.hivenosql.json;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * Reads one JSON value of a column's (or a nested field's) type: the parser is on the value's first token and is left
 * on its last (the value token for scalars, the closing bracket for arrays and objects). Chosen once per type, so
 * reading does no type dispatch.
 */
@FunctionalInterface
interface JsonValueReader {
    /**
     * The value, or null for JSON null.
     *
     * @throws io.hivenosql.api.types.ValueConversionException when the JSON value does not convert to the type
     */
    Object read(JsonParser parser) throws IOException;
}
