package io.hivenosql.api.mapping;

import static io.hivenosql.api.mapping.MappingFiles.STORED_KEY;
import static io.hivenosql.api.mapping.MappingFiles.invalid;
import static io.hivenosql.api.mapping.MappingFiles.parseRole;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.hivenosql.api.config.Suggestions;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DataTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the columns of a JSON mapping (the format {@link MappingFiles} describes) from a streaming parser, keeping the
 * token locations so that every INVALID_MAPPING error names the line and column of the problem: a missing or unknown
 * key (with the closest allowed one), a type that does not parse, an empty path, an unknown role, a column declared
 * twice. One reader reads one mapping.
 */
final class JsonMappingReader {
    private static final List<String> ENTRY_KEYS = List.of("name", "type", "path", "role", "comment");
    private static final List<String> TOP_LEVEL_KEYS = List.of("columns", "comment");

    private final String origin;
    private final JsonParser parser;
    private final boolean lowerCaseNames;

    /**
     * A reader of the mapping that the parser holds.
     *
     * @param origin names the table and file in messages
     * @param lowerCaseNames whether to lower-case column names as Hive does (false to read back a serialized mapping,
     *     whose {@code stored} spellings are read too)
     */
    JsonMappingReader(String origin, JsonParser parser, boolean lowerCaseNames) {
        this.origin = origin;
        this.parser = parser;
        this.lowerCaseNames = lowerCaseNames;
    }

    /** The mapping's columns, in order; the parser must be before the mapping's first token. */
    List<ColumnMapping> read() throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw fail("expected a JSON object with a \"columns\" array");
        }
        List<ColumnMapping> columns = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            JsonLocation keyLocation = parser.currentTokenLocation();
            parser.nextToken();
            switch (key) {
                case "columns" -> columns = columns();
                case "comment" -> parser.skipChildren();
                default -> throw invalid(origin, keyLocation, unknownKey(key, TOP_LEVEL_KEYS) + " at the top level");
            }
        }
        if (parser.nextToken() != null) {
            throw fail("unexpected text after the mapping object");
        }
        if (columns == null) {
            throw invalid(origin, null, "the mapping has no \"columns\" array");
        }
        if (columns.isEmpty()) {
            throw invalid(origin, null, "the \"columns\" array is empty");
        }
        return columns;
    }

    private List<ColumnMapping> columns() throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            throw fail("\"columns\" must be an array of column entries");
        }
        List<ColumnMapping> columns = new ArrayList<>();
        Map<String, Integer> lines = new HashMap<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            int line = parser.currentTokenLocation().getLineNr();
            ColumnMapping column = entry();
            Integer first = lines.putIfAbsent(column.name().toLowerCase(Locale.ROOT), line);
            if (first != null) {
                throw invalid(
                        origin,
                        null,
                        "line " + line + ": column '" + column.name() + "' is declared twice (first at line " + first
                                + ")");
            }
            columns.add(column);
        }
        return columns;
    }

    private ColumnMapping entry() throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            throw fail("each entry of \"columns\" must be an object such as {\"name\": \"id\", \"type\": \"string\"}");
        }
        JsonLocation entryLocation = parser.currentTokenLocation();
        String name = null;
        String type = null;
        String path = null;
        String role = null;
        List<String> stored = List.of();
        JsonLocation typeLocation = null;
        JsonLocation pathLocation = null;
        JsonLocation roleLocation = null;
        List<String> unknown = new ArrayList<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            int keyLine = parser.currentTokenLocation().getLineNr();
            JsonToken value = parser.nextToken();
            if (!lowerCaseNames && key.equals(STORED_KEY) && value == JsonToken.START_ARRAY) {
                // a serialized mapping (the job configuration's), never a user's file
                List<String> paths = new ArrayList<>();
                while (parser.nextToken() == JsonToken.VALUE_STRING) {
                    paths.add(parser.getText());
                }
                stored = paths;
                continue;
            }
            if (!ENTRY_KEYS.contains(key)) {
                unknown.add(unknownKey(key, ENTRY_KEYS) + " (line " + keyLine + ")");
                parser.skipChildren();
                continue;
            }
            if (value != JsonToken.VALUE_STRING) {
                throw fail("\"" + key + "\" must be a string");
            }
            switch (key) {
                case "name" -> name = parser.getText();
                case "type" -> {
                    type = parser.getText();
                    typeLocation = parser.currentTokenLocation();
                }
                case "path" -> {
                    path = parser.getText();
                    pathLocation = parser.currentTokenLocation();
                }
                case "role" -> {
                    role = parser.getText();
                    roleLocation = parser.currentTokenLocation();
                }
                default -> {} // comment
            }
        }
        String label = name == null ? "the column entry" : "column '" + name + "'";
        if (!unknown.isEmpty()) {
            throw invalid(
                    origin,
                    entryLocation,
                    label + ": " + String.join("; ", unknown) + "; allowed keys: " + String.join(", ", ENTRY_KEYS));
        }
        if (name == null || name.isBlank()) {
            throw invalid(origin, entryLocation, "the column entry has no \"name\"");
        }
        if (type == null) {
            throw invalid(origin, entryLocation, label + " has no \"type\" (a Hive type such as string or int)");
        }
        DataType dataType;
        try {
            dataType = DataTypes.parse(type);
        } catch (IllegalArgumentException e) {
            throw invalid(origin, typeLocation, label + " has an invalid type: " + e.getMessage());
        }
        if (path != null && path.isEmpty()) {
            throw invalid(origin, pathLocation, label + " has an empty \"path\"");
        }
        ColumnRole columnRole = ColumnRole.FIELD;
        if (role != null) {
            columnRole = parseRole(role);
            if (columnRole == null) {
                throw invalid(origin, roleLocation, label + " has the role '" + role + "'; use key, field or ttl");
            }
        }
        String columnName = lowerCaseNames ? name.toLowerCase(Locale.ROOT) : name;
        return new ColumnMapping(columnName, dataType, path == null ? name : path, columnRole, stored);
    }

    private HandlerException fail(String detail) {
        return invalid(origin, parser.currentTokenLocation(), detail);
    }

    private static String unknownKey(String key, List<String> allowed) {
        return "unknown key '" + key + "'"
                + Suggestions.closest(key, allowed)
                        .map(s -> ", did you mean '" + s + "'?")
                        .orElse("");
    }
}
