package io.hivenosql.api.mapping;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * An inline column mapping property such as {@code redis.columns.mapping} or mongo-hadoop's
 * {@code mongo.columns.mapping}: a JSON object {@code {"hiveColumn": "store.path", ...}}, or the compact form
 * {@code hiveColumn:store.path,col2:path2} (split at ',' and at the first ':', so a path may contain ':' but not ',').
 */
final class InlineMappings {
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final String FORMAT = "write {\"hiveColumn\": \"path\", ...} or hiveColumn:path,column2:path2";

    private InlineMappings() {}

    /**
     * The paths by lower-cased column name, in the order written.
     *
     * @param origin names the table and property in messages
     */
    static Map<String, String> parse(String origin, String raw) {
        String text = raw.trim();
        return text.startsWith("{") ? parseJson(origin, text) : parseCompact(origin, text);
    }

    private static Map<String, String> parseJson(String origin, String text) {
        Map<String, String> paths = new LinkedHashMap<>();
        try (JsonParser parser = FACTORY.createParser(text)) {
            parser.nextToken();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String column = parser.currentName();
                if (parser.nextToken() != JsonToken.VALUE_STRING) {
                    throw invalid(origin, "the path of column '" + column + "' must be a JSON string" + at(parser));
                }
                put(origin, paths, column, parser.getText());
            }
            if (parser.currentToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
                throw invalid(origin, "unexpected text after the JSON object" + at(parser));
            }
        } catch (JsonProcessingException e) {
            throw invalid(origin, "not a valid JSON object: " + e.getOriginalMessage() + where(e.getLocation()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read a property held in a string", e);
        }
        return paths;
    }

    private static Map<String, String> parseCompact(String origin, String text) {
        Map<String, String> paths = new LinkedHashMap<>();
        for (String entry : text.split(",", -1)) {
            String trimmed = entry.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            int colon = trimmed.indexOf(':');
            if (colon < 0) {
                throw invalid(origin, "the entry '" + trimmed + "' has no ':'");
            }
            put(
                    origin,
                    paths,
                    trimmed.substring(0, colon).trim(),
                    trimmed.substring(colon + 1).trim());
        }
        return paths;
    }

    private static void put(String origin, Map<String, String> paths, String column, String path) {
        if (column.isEmpty()) {
            throw invalid(origin, "an entry has an empty column name (path '" + path + "')");
        }
        if (path.isEmpty()) {
            throw invalid(origin, "column '" + column + "' has an empty path");
        }
        if (paths.put(column.toLowerCase(Locale.ROOT), path) != null) {
            throw invalid(origin, "column '" + column + "' is mapped twice");
        }
    }

    private static String at(JsonParser parser) {
        return where(parser.currentTokenLocation());
    }

    private static String where(JsonLocation location) {
        if (location == null || location.getLineNr() < 0) {
            return "";
        }
        return location.getLineNr() > 1
                ? " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")"
                : " (at character " + location.getColumnNr() + ")";
    }

    private static HandlerException invalid(String origin, String detail) {
        return new HandlerException(HandlerErrorCode.INVALID_MAPPING, origin + ": " + detail + "; " + FORMAT);
    }
}
