package io.hivenosql.api.mapping;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Mapping files: opening them locally, and the JSON mapping format.
 *
 * <p>A JSON mapping file lists the table's columns in order:
 *
 * <pre>{@code
 * { "columns": [
 *     {"name": "id",      "type": "string", "path": "id", "role": "key"},
 *     {"name": "name",    "type": "string"},
 *     {"name": "address", "type": "struct<city:string,zip:string>", "path": "addr"},
 *     {"name": "tags",    "type": "array<string>"} ] }
 * }</pre>
 *
 * <ul>
 *   <li>{@code name} (required): the Hive column name; Hive lower-cases it.
 *   <li>{@code type} (required): a Hive type as in DDL, e.g. {@code decimal(10,2)} or {@code map<string,int>}.
 *   <li>{@code path} (optional): where the value lives in the store, a field name or a dotted path such as
 *       {@code a.b.c}; defaults to the name as written in the file (case kept).
 *   <li>{@code role} (optional): {@code key}, {@code field} (the default) or {@code ttl}; what each role means is up
 *       to the store.
 *   <li>{@code comment} (optional): free text, ignored.
 * </ul>
 *
 * <p>Any other key is an error naming its line. Besides {@code columns}, the top-level object may hold a
 * {@code comment}. An Avro {@code .avsc} record schema can be used instead, see {@link AvroSchemas}.
 */
public final class MappingFiles {
    /** The stored spellings of a column ({@link ColumnMapping#storedPaths}): only in {@link #toJson}'s output. */
    static final String STORED_KEY = "stored";

    /** The largest mapping file read: mapping files are small, and a URL may name any file. */
    public static final int MAX_BYTES = 16 << 20;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    /** Tells a mapping from any other file; duplicate keys are left to the mapping parser, which names them. */
    private static final ObjectMapper SHAPE =
            new ObjectMapper(new JsonFactory()).enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** What a file is, by its content alone. */
    public enum Kind {
        /** Not valid JSON, or JSON of another shape: nothing of it may be quoted. */
        NONE,
        /** A JSON object with a {@code "columns"} array. */
        JSON_MAPPING,
        /** A JSON object whose {@code "type"} is {@code "record"}. */
        AVRO_SCHEMA
    }

    private MappingFiles() {}

    /** {@link MappingSource#LOCAL}: {@code file:} URLs, plain paths and {@code classpath:} resources. */
    static InputStream openLocal(String url) throws IOException {
        requireNonNull(url, "url is null");
        String location = url.trim();
        if (startsWithIgnoreCase(location, "classpath:")) {
            String name = location.substring("classpath:".length());
            while (name.startsWith("/")) {
                name = name.substring(1);
            }
            ClassLoader context = Thread.currentThread().getContextClassLoader();
            InputStream in = context == null ? null : context.getResourceAsStream(name);
            if (in == null) {
                in = MappingSource.class.getClassLoader().getResourceAsStream(name);
            }
            if (in == null) {
                throw new FileNotFoundException("classpath resource '" + name + "' not found");
            }
            return in;
        }
        if (startsWithIgnoreCase(location, "file:")) {
            return Files.newInputStream(fileUrlPath(location));
        }
        int colon = location.indexOf(':');
        if (colon > 1 && isScheme(location.substring(0, colon))) {
            throw new IOException("the URL scheme '" + location.substring(0, colon + 1) + "' cannot be read here: "
                    + "only file:, classpath: and plain paths are local; hdfs: and other Hadoop file systems are "
                    + "read through the Hive handler");
        }
        return Files.newInputStream(Path.of(location));
    }

    /**
     * The local path a {@code file:} URL or a plain path (no scheme) names.
     *
     * @throws IOException when a {@code file:} URL names a host
     */
    public static Path localPath(String location) throws IOException {
        requireNonNull(location, "location is null");
        String trimmed = location.trim();
        return startsWithIgnoreCase(trimmed, "file:") ? fileUrlPath(trimmed) : Path.of(trimmed);
    }

    /** {@code file:///p}, {@code file:/p} (%-encoded or, like Hadoop accepts, not) and {@code file:relative}. */
    private static Path fileUrlPath(String location) throws IOException {
        String rest = location.substring("file:".length());
        if (rest.startsWith("//") && !rest.startsWith("///")) {
            throw new IOException("'" + location + "' names a host; a file: URL must be local: file:///absolute/path");
        }
        if (rest.startsWith("/")) {
            try {
                return Path.of(URI.create("file:" + rest));
            } catch (IllegalArgumentException e) {
                // not a valid URI (e.g. an unencoded space): take the text as the path
                return Path.of(rest.startsWith("///") ? rest.substring(2) : rest);
            }
        }
        return Path.of(rest);
    }

    private static boolean isScheme(String text) {
        if (!Character.isLetter(text.charAt(0))) {
            return false;
        }
        for (int i = 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '+' || c == '-' || c == '.')) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWithIgnoreCase(String text, String prefix) {
        return text.regionMatches(true, 0, prefix, 0, prefix.length());
    }

    /**
     * What {@code content} is: a JSON mapping, an Avro record schema, or neither (then no message may quote it, as the
     * URL may name any file the server can read). The whole text must be one valid JSON value.
     */
    public static Kind kind(String content) {
        JsonNode node;
        try {
            node = SHAPE.readTree(requireNonNull(content, "content is null"));
        } catch (IOException e) {
            return Kind.NONE;
        }
        if (node == null || !node.isObject()) {
            return Kind.NONE;
        }
        JsonNode columns = node.get("columns");
        if (columns != null && columns.isArray()) {
            return Kind.JSON_MAPPING;
        }
        JsonNode type = node.get("type");
        return type != null && type.isTextual() && type.textValue().equals("record") ? Kind.AVRO_SCHEMA : Kind.NONE;
    }

    /**
     * Parses a JSON mapping.
     *
     * @param origin names the table and file in messages, e.g. {@code table t: mapping file 'file:/m.json'}
     * @param lowerCaseNames whether to lower-case column names as Hive does (false to read back {@link #toJson})
     * @throws HandlerException INVALID_MAPPING with the line and column of the problem
     */
    static List<ColumnMapping> parseJson(String origin, String content, boolean lowerCaseNames) {
        try (JsonParser parser = FACTORY.createParser(content)) {
            return new JsonMappingReader(origin, parser, lowerCaseNames).read();
        } catch (JsonProcessingException e) {
            throw invalid(origin, e.getLocation(), "not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read a mapping held in a string", e);
        }
    }

    /** The compact JSON of a mapping, in the file format with every key present. */
    static String toJson(TableMapping mapping) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(out)) {
            generator.writeStartObject();
            generator.writeArrayFieldStart("columns");
            for (ColumnMapping column : mapping.columns()) {
                generator.writeStartObject();
                generator.writeStringField("name", column.name());
                generator.writeStringField("type", column.type().typeName());
                generator.writeStringField("path", column.path());
                generator.writeStringField("role", column.role().name().toLowerCase(Locale.ROOT));
                if (!column.storedPaths().isEmpty()) {
                    generator.writeArrayFieldStart(STORED_KEY);
                    for (String stored : column.storedPaths()) {
                        generator.writeString(stored);
                    }
                    generator.writeEndArray();
                }
                generator.writeEndObject();
            }
            generator.writeEndArray();
            generator.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a mapping to a string", e);
        }
        return out.toString();
    }

    static HandlerException invalid(String origin, JsonLocation location, String detail) {
        return invalid(
                origin,
                location,
                detail,
                "Fix the mapping; its format is "
                        + "{\"columns\": [{\"name\": ..., \"type\": ..., \"path\": ..., \"role\": ...}, ...]}");
    }

    /** INVALID_MAPPING: origin, line and column when known, what is wrong, and how to fix it. */
    static HandlerException invalid(String origin, JsonLocation location, String detail, String fix) {
        String where = location == null || location.getLineNr() < 0
                ? ""
                : ", line " + location.getLineNr() + ", column " + location.getColumnNr();
        String sentence = detail.endsWith(".") ? detail.substring(0, detail.length() - 1) : detail;
        return new HandlerException(HandlerErrorCode.INVALID_MAPPING, origin + where + ": " + sentence + ". " + fix);
    }

    /** key, field or ttl in any case; null for anything else. */
    static ColumnRole parseRole(String role) {
        for (ColumnRole candidate : ColumnRole.values()) {
            if (candidate.name().equalsIgnoreCase(role.trim())) {
                return candidate;
            }
        }
        return null;
    }
}
