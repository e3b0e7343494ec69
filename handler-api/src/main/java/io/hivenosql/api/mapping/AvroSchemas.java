package io.hivenosql.api.mapping;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.MapType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;

/**
 * Avro record schemas ({@code .avsc}) as mapping files: each field of the top-level record is a column.
 *
 * <table>
 *   <caption>Avro to Hive types</caption>
 *   <tr><th>Avro</th><th>Hive</th></tr>
 *   <tr><td>["null", T] (either order)</td><td>the Hive type of T</td></tr>
 *   <tr><td>boolean, int, long, float, double</td><td>boolean, int, bigint, float, double</td></tr>
 *   <tr><td>string, enum (and uuid)</td><td>string</td></tr>
 *   <tr><td>bytes, fixed</td><td>binary</td></tr>
 *   <tr><td>decimal logical type (bytes or fixed)</td><td>decimal(p,s), p at most 38</td></tr>
 *   <tr><td>date</td><td>date</td></tr>
 *   <tr><td>timestamp-millis/-micros, local-timestamp-millis/-micros</td><td>timestamp</td></tr>
 *   <tr><td>array, map, record</td><td>array, map&lt;string,V&gt;, struct</td></tr>
 * </table>
 *
 * <p>Other unions, recursive records and records without fields are errors naming the field. A field's optional
 * custom attribute {@code "path"} sets the store path (default: the field name, case kept), and {@code "role"} its
 * role ({@code key}, {@code field} or {@code ttl}). Column names are the field names lower-cased.
 */
public final class AvroSchemas {
    /** How Avro 1.12 starts the message of an undefined type name. */
    private static final String UNDEFINED_SCHEMA = "Undefined schema: ";

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final String FIX = "Fix the schema, or use a JSON mapping file to state the Hive types directly.";

    private final String origin;
    private final String content;
    private final Set<String> recordsInProgress = new HashSet<>();
    private String topField;

    private AvroSchemas(String origin, String content) {
        this.origin = origin;
        this.content = content;
    }

    /**
     * The columns of an Avro record schema.
     *
     * @param origin names the table and file in messages
     * @throws HandlerException INVALID_MAPPING naming the line where possible
     */
    static List<ColumnMapping> columns(String origin, String content) {
        requireNonNull(content, "content is null");
        checkJsonSyntax(origin, content);
        Schema schema;
        try {
            schema = new Schema.Parser().parse(content);
        } catch (AvroRuntimeException e) {
            throw invalid(origin, lineOfQuoted(content, e.getMessage()), "not a valid Avro schema: " + e.getMessage());
        }
        return new AvroSchemas(origin, content).topLevel(schema);
    }

    /** Syntax errors get their exact line and column from Jackson before Avro sees the text. */
    private static void checkJsonSyntax(String origin, String content) {
        try (JsonParser parser = FACTORY.createParser(content)) {
            while (parser.nextToken() != null) {
                // read to the end
            }
        } catch (JsonProcessingException e) {
            throw MappingFiles.invalid(origin, e.getLocation(), "not valid JSON: " + e.getOriginalMessage(), FIX);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read a schema held in a string", e);
        }
    }

    private List<ColumnMapping> topLevel(Schema schema) {
        if (schema.getType() != Schema.Type.RECORD) {
            throw invalid(
                    origin,
                    -1,
                    "an Avro mapping must be a record schema, got "
                            + schema.getType().getName());
        }
        if (schema.getFields().isEmpty()) {
            throw invalid(origin, -1, "record " + schema.getFullName() + " has no fields");
        }
        recordsInProgress.add(schema.getFullName());
        List<ColumnMapping> columns = new ArrayList<>();
        Map<String, String> seen = new HashMap<>();
        for (Schema.Field field : schema.getFields()) {
            topField = field.name();
            String name = field.name().toLowerCase(Locale.ROOT);
            String previous = seen.put(name, field.name());
            if (previous != null) {
                throw fieldError(
                        field.name(),
                        "fields '" + previous + "' and '" + field.name() + "' are the same Hive column '" + name
                                + "' (Hive column names ignore case)");
            }
            DataType type = hiveType(field.schema(), field.name());
            String path = field.getProp("path");
            if (path != null && path.isEmpty()) {
                throw fieldError(field.name(), "the \"path\" attribute is empty");
            }
            ColumnRole role = ColumnRole.FIELD;
            String roleText = field.getProp("role");
            if (roleText != null) {
                role = MappingFiles.parseRole(roleText);
                if (role == null) {
                    throw fieldError(field.name(), "the role '" + roleText + "' is not key, field or ttl");
                }
            }
            columns.add(new ColumnMapping(name, type, path == null ? field.name() : path, role));
        }
        return columns;
    }

    private DataType hiveType(Schema schema, String fieldPath) {
        LogicalType logical = schema.getLogicalType();
        // an Avro older than the logical type (Hive 3.1's Avro 1.8 has no local-timestamp-*) keeps only its name
        String logicalName = logical != null ? logical.getName() : schema.getProp(LogicalType.LOGICAL_TYPE_PROP);
        if (logicalName != null) {
            switch (logicalName) {
                case "decimal" -> {
                    if (!(logical instanceof LogicalTypes.Decimal decimal)) {
                        throw fieldError(
                                fieldPath,
                                "the decimal logical type needs a precision of 1 to 38 and a scale "
                                        + "of 0 to the precision");
                    }
                    if (decimal.getPrecision() > DecimalType.MAX_PRECISION) {
                        throw fieldError(
                                fieldPath,
                                "decimal precision " + decimal.getPrecision() + " exceeds Hive's maximum of 38");
                    }
                    return new DecimalType(decimal.getPrecision(), decimal.getScale());
                }
                case "date" -> {
                    return PrimitiveType.DATE;
                }
                case "timestamp-millis",
                        "timestamp-micros",
                        "timestamp-nanos",
                        "local-timestamp-millis",
                        "local-timestamp-micros",
                        "local-timestamp-nanos" -> {
                    return PrimitiveType.TIMESTAMP;
                }
                default -> {
                    // uuid, time-millis, time-micros: the underlying type
                }
            }
        }
        return switch (schema.getType()) {
            case BOOLEAN -> PrimitiveType.BOOLEAN;
            case INT -> PrimitiveType.INT;
            case LONG -> PrimitiveType.BIGINT;
            case FLOAT -> PrimitiveType.FLOAT;
            case DOUBLE -> PrimitiveType.DOUBLE;
            case STRING, ENUM -> PrimitiveType.STRING;
            case BYTES, FIXED -> PrimitiveType.BINARY;
            case ARRAY -> new ArrayType(hiveType(schema.getElementType(), fieldPath + "[]"));
            case MAP -> new MapType(PrimitiveType.STRING, hiveType(schema.getValueType(), fieldPath + "{}"));
            case RECORD -> struct(schema, fieldPath);
            case UNION -> union(schema, fieldPath);
            case NULL -> throw fieldError(fieldPath, "the type null cannot be a Hive column type");
        };
    }

    private DataType struct(Schema record, String fieldPath) {
        String fullName = record.getFullName();
        if (!recordsInProgress.add(fullName)) {
            throw fieldError(fieldPath, "record " + fullName + " contains itself; Hive types cannot be recursive");
        }
        if (record.getFields().isEmpty()) {
            throw fieldError(fieldPath, "record " + fullName + " has no fields; a Hive struct needs at least one");
        }
        List<StructType.Field> fields = new ArrayList<>();
        for (Schema.Field field : record.getFields()) {
            fields.add(new StructType.Field(field.name(), hiveType(field.schema(), fieldPath + "." + field.name())));
        }
        recordsInProgress.remove(fullName);
        try {
            return new StructType(fields);
        } catch (IllegalArgumentException e) {
            throw fieldError(fieldPath, e.getMessage());
        }
    }

    private DataType union(Schema union, String fieldPath) {
        List<Schema> nonNull = new ArrayList<>();
        for (Schema branch : union.getTypes()) {
            if (branch.getType() != Schema.Type.NULL) {
                nonNull.add(branch);
            }
        }
        if (nonNull.size() != 1) {
            throw fieldError(
                    fieldPath,
                    "the union " + union + " is not supported; Hive columns can hold a union of "
                            + "null and one other type only (e.g. [\"null\", \"string\"])");
        }
        return hiveType(nonNull.get(0), fieldPath);
    }

    private HandlerException fieldError(String fieldPath, String reason) {
        return invalid(origin, lineOfField(content, topField), "field '" + fieldPath + "': " + reason);
    }

    private static HandlerException invalid(String origin, int line, String detail) {
        String sentence = detail.endsWith(".") ? detail.substring(0, detail.length() - 1) : detail;
        return new HandlerException(
                HandlerErrorCode.INVALID_MAPPING,
                origin + (line > 0 ? ", line " + line : "") + ": " + sentence + ". " + FIX);
    }

    /** The line of {@code "name": "<field>"}, where the top-level field is declared; -1 when not found. */
    private static int lineOfField(String content, String field) {
        if (field == null) {
            return -1;
        }
        String quoted = "\"" + field + "\"";
        int from = 0;
        while (true) {
            int index = content.indexOf(quoted, from);
            if (index < 0) {
                return -1;
            }
            int before = index - 1;
            while (before >= 0 && Character.isWhitespace(content.charAt(before))) {
                before--;
            }
            if (before >= 0 && content.charAt(before) == ':' && precededByNameKey(content, before)) {
                return lineAt(content, index);
            }
            from = index + 1;
        }
    }

    private static boolean precededByNameKey(String content, int colon) {
        int end = colon - 1;
        while (end >= 0 && Character.isWhitespace(content.charAt(end))) {
            end--;
        }
        return end >= 5 && content.startsWith("\"name\"", end - 5);
    }

    /**
     * The line of the first quoted word of an Avro message found in the text (e.g. an undefined type name: Avro up to
     * 1.11, which Hive 3.1 and 4.0 carry, says {@code "integer" is not a defined name}; Avro 1.12, Hive 4.1's, says
     * {@code Undefined schema: integer}).
     */
    private static int lineOfQuoted(String content, String message) {
        if (message == null) {
            return -1;
        }
        if (message.startsWith(UNDEFINED_SCHEMA) && message.indexOf(' ', UNDEFINED_SCHEMA.length()) < 0) {
            message = "\"" + message.substring(UNDEFINED_SCHEMA.length()) + "\" is not a defined name";
        }
        int open = message.indexOf('"');
        int close = open < 0 ? -1 : message.indexOf('"', open + 1);
        if (close <= open + 1 || open > 0 && message.charAt(open - 1) != ' ') {
            return -1; // no quoted word, or a quoted JSON excerpt
        }
        for (int i = open + 1; i < close; i++) {
            if (Character.isWhitespace(message.charAt(i))) {
                return -1;
            }
        }
        int index = content.indexOf(message.substring(open, close + 1));
        return index < 0 ? -1 : lineAt(content, index);
    }

    private static int lineAt(String content, int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (content.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
