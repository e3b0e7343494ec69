package io.hivenosql.api.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import java.io.UncheckedIOException;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code map} writes for a {@link MappedTable}: the JSON mapping file (the format of {@link
 * io.hivenosql.api.mapping.MappingFiles}, one column a line, what was sampled and the notes in its {@code comment}),
 * and the {@code CREATE EXTERNAL TABLE} that reads it, with a comment block saying what was sampled and every note.
 * Property values are Hive string literals, so any text (a CQL name in double quotes, a JSON value) survives; a comment
 * line holds no {@code ;}, which some beeline versions take for the end of a statement even in a comment.
 */
public final class CatalogDdl {
    /** The file of the DDL in the output directory. */
    public static final String DDL_FILE = "create-tables.hql";

    private static final ObjectMapper JSON = new ObjectMapper();

    private CatalogDdl() {}

    /** The mapping file: {@code {"comment": ..., "columns": [...]}}, one column a line. */
    public static String mappingFile(MappedTable table) {
        StringBuilder out = new StringBuilder("{\n");
        out.append("  \"comment\": ").append(json(about(table))).append(",\n");
        out.append("  \"columns\": [\n");
        List<ColumnMapping> columns = table.schema().mapping().columns();
        for (int i = 0; i < columns.size(); i++) {
            ColumnMapping column = columns.get(i);
            out.append("    {\"name\": ").append(json(column.name()));
            out.append(", \"type\": ").append(json(column.type().typeName()));
            out.append(", \"path\": ").append(json(column.path()));
            if (column.role() != ColumnRole.FIELD) {
                out.append(", \"role\": ").append(json(column.role().name().toLowerCase(Locale.ROOT)));
            }
            out.append(i + 1 < columns.size() ? "},\n" : "}\n");
        }
        return out.append("  ]\n}\n").toString();
    }

    /** The comment block, the statement and its {@code ;}, as the .hql file holds them. */
    public static String script(MappedTable table) {
        return comment(table) + statement(table) + ";\n";
    }

    /** The comment that stands for an object whose columns could not be inferred: which, and why. */
    public static String notMapped(String object, String failure) {
        StringBuilder out = new StringBuilder();
        commentLine(out, object + ": not mapped: " + failure);
        return out.toString();
    }

    /** The {@code --} lines above a table's DDL. */
    static String comment(MappedTable table) {
        StringBuilder out = new StringBuilder();
        commentLine(out, table.scopeName() + ": " + table.objectName() + " -> " + table.qualifiedName());
        commentLine(out, "sampled: " + table.schema().sampled());
        commentLine(out, "mapping: " + table.mappingUrl());
        List<String> notes = table.allNotes();
        if (notes.isEmpty()) {
            commentLine(out, "notes: none (every column took the one type it was seen with)");
        }
        for (String note : notes) {
            commentLine(out, "note: " + note);
        }
        return out.toString();
    }

    /** The {@code CREATE EXTERNAL TABLE} statement, without {@code ;} (as JDBC takes it). */
    public static String statement(MappedTable table) {
        StringBuilder out = new StringBuilder();
        out.append("CREATE EXTERNAL TABLE ")
                .append(identifier(table.hiveDatabase()))
                .append('.')
                .append(identifier(table.hiveName()))
                .append('\n');
        out.append("STORED BY ").append(quote(table.storageHandler())).append('\n');
        out.append("TBLPROPERTIES (\n");
        Map<String, String> properties = properties(table);
        int i = 0;
        for (Map.Entry<String, String> property : properties.entrySet()) {
            out.append("  ").append(quote(property.getKey())).append(" = ").append(quote(property.getValue()));
            out.append(++i < properties.size() ? ",\n" : "\n");
        }
        return out.append(')').toString();
    }

    /** The store's properties and those the inference needs, then the mapping URL, when and from what the columns were inferred, and the notes. */
    static Map<String, String> properties(MappedTable table) {
        Map<String, String> properties = new LinkedHashMap<>(table.properties());
        properties.remove(NoSqlTableProperties.MAPPING_URL.key());
        properties.remove(NoSqlTableProperties.SCHEMA_INFERRED.key());
        properties.remove(NoSqlTableProperties.SCHEMA_NOTES.key());
        // what the inferred columns need to read as inferred (e.g. MongoDB's whole structs for camelCase sub-fields)
        properties.putAll(table.schema().properties());
        properties.put(NoSqlTableProperties.MAPPING_URL.key(), table.mappingUrl());
        properties.put(
                NoSqlTableProperties.SCHEMA_INFERRED.key(),
                table.inferredAt().truncatedTo(ChronoUnit.SECONDS) + ": "
                        + table.schema().sampled() + " (bin/hive-nosql map)");
        if (!table.allNotes().isEmpty()) {
            properties.put(NoSqlTableProperties.SCHEMA_NOTES.key(), String.join("; ", table.allNotes()));
        }
        return properties;
    }

    /** A Hive string literal: single quotes, with {@code \}, {@code '} and line breaks escaped. */
    static String quote(String value) {
        StringBuilder out = new StringBuilder("'");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\'' -> out.append("\\'");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
        return out.append('\'').toString();
    }

    /** A Hive identifier in backquotes (a doubled backquote inside). */
    static String identifier(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    private static String about(MappedTable table) {
        String about = "bin/hive-nosql map: " + table.scopeName() + ": " + table.objectName() + ", sampled "
                + table.schema().sampled() + " at " + table.inferredAt().truncatedTo(ChronoUnit.SECONDS);
        return table.allNotes().isEmpty() ? about : about + "; notes: " + String.join("; ", table.allNotes());
    }

    private static void commentLine(StringBuilder out, String text) {
        String flat = text.replace('\r', ' ').replace('\n', ' ').replace(';', ',');
        out.append("-- ").append(flat).append('\n');
    }

    private static String json(String value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot write a JSON string", e);
        }
    }
}
