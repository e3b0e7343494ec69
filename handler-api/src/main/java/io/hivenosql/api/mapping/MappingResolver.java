package io.hivenosql.api.mapping;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.Suggestions;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.types.DataTypes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Resolves a table's {@link TableMapping} from its three sources: the DDL columns, an inline mapping property and an
 * external mapping file ({@code nosql.mapping.url}: a JSON mapping, see {@link MappingFiles}, or an Avro record
 * schema, see {@link AvroSchemas}).
 */
public final class MappingResolver {
    /** The property naming the external mapping file. */
    public static final String MAPPING_URL = NoSqlTableProperties.MAPPING_URL.key();

    private MappingResolver() {}

    /**
     * The table's mapping from (a) the DDL columns (may be empty when a mapping file supplies them), (b) an inline
     * mapping in property {@code inlineMappingProperty} (a JSON object {@code {"hiveCol":"path",...}} or the compact
     * form {@code col:path,col2:path2}; columns not named keep their path), and (c) an external file named by
     * {@code nosql.mapping.url} (JSON mapping, or Avro {@code .avsc} record schema, chosen by the extension
     * {@code .avsc} or by content: a JSON object with {@code "type":"record"}).
     *
     * <p>Rules: without a file, each DDL column maps to a path equal to its name, with role FIELD. With a file and DDL
     * columns, both must agree (same names in the same order, same types); the file then supplies paths and roles.
     * The inline mapping overrides the paths of the columns it names. Column names are lower-cased like Hive.
     *
     * @param tableName the table's name for messages, e.g. {@code default.person}
     * @param inlineMappingProperty the store's inline mapping key, e.g. {@code redis.columns.mapping}; may be null
     * @param source opens the mapping file
     * @throws HandlerException INVALID_MAPPING (no columns; disagreement; malformed file or inline mapping, with the
     *     line), COLUMN_NOT_FOUND (inline mapping names a column the table lacks, with a suggestion) or
     *     MAPPING_FILE_UNREADABLE (naming the URL and the cause)
     */
    public static TableMapping resolve(
            String tableName,
            List<HiveColumn> ddlColumns,
            Map<String, String> properties,
            String inlineMappingProperty,
            MappingSource source) {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(ddlColumns, "ddlColumns is null");
        requireNonNull(properties, "properties is null");
        requireNonNull(source, "source is null");

        String url = properties.get(MAPPING_URL);
        List<ColumnMapping> fileColumns = url == null || url.isBlank() ? null : readFile(tableName, url.trim(), source);
        List<ColumnMapping> ddl = new ArrayList<>(ddlColumns.size());
        for (HiveColumn column : ddlColumns) {
            ddl.add(new ColumnMapping(
                    column.name().toLowerCase(Locale.ROOT), column.type(), column.name(), ColumnRole.FIELD));
        }

        List<ColumnMapping> columns;
        if (fileColumns == null) {
            if (ddl.isEmpty()) {
                throw new HandlerException(
                        HandlerErrorCode.INVALID_MAPPING,
                        "table " + tableName + " has no columns: declare them in the DDL or set " + MAPPING_URL);
            }
            columns = ddl;
        } else {
            if (!ddl.isEmpty()) {
                checkAgreement(tableName, url, ddl, fileColumns);
            }
            columns = fileColumns;
        }

        String inline = inlineMappingProperty == null ? null : properties.get(inlineMappingProperty);
        if (inline != null && !inline.isBlank()) {
            columns = applyInline(tableName, inlineMappingProperty, inline, columns);
        }
        try {
            return new TableMapping(columns);
        } catch (IllegalArgumentException e) {
            throw new HandlerException(HandlerErrorCode.INVALID_MAPPING, "table " + tableName + ": " + e.getMessage());
        }
    }

    /** Serializes a resolved mapping to compact JSON (for the job configuration); {@link #fromJson} reads it back. */
    public static String toJson(TableMapping mapping) {
        return MappingFiles.toJson(requireNonNull(mapping, "mapping is null"));
    }

    /** Reads {@link #toJson}'s output back, exactly (names are not lower-cased again). */
    public static TableMapping fromJson(String json) {
        requireNonNull(json, "json is null");
        try {
            return new TableMapping(MappingFiles.parseJson("serialized table mapping", json, false));
        } catch (HandlerException | IllegalArgumentException e) {
            throw new HandlerException(
                    HandlerErrorCode.INTERNAL_ERROR,
                    "the table mapping in the job configuration is corrupt: " + e.getMessage(),
                    e);
        }
    }

    private static List<ColumnMapping> readFile(String tableName, String url, MappingSource source) {
        String content;
        try (InputStream in = source.open(url)) {
            if (in == null) {
                throw new IOException("the mapping source returned no stream");
            }
            byte[] bytes = in.readNBytes(MappingFiles.MAX_BYTES + 1);
            if (bytes.length > MappingFiles.MAX_BYTES) {
                throw notAMapping(tableName, url, "it is larger than " + (MappingFiles.MAX_BYTES >> 20) + " MiB");
            }
            content = new String(bytes, StandardCharsets.UTF_8);
        } catch (HandlerException e) {
            // the source refused the URL (HiveServer2's rules for mapping URLs): the message says why
            String message = e.detail();
            throw message.startsWith("table ")
                    ? e
                    : new HandlerException(e.errorCode(), "table " + tableName + ": " + message, e);
        } catch (IOException | RuntimeException e) {
            throw new HandlerException(
                    HandlerErrorCode.MAPPING_FILE_UNREADABLE,
                    "table " + tableName + ": cannot read the mapping file '" + url + "' (property " + MAPPING_URL
                            + "): " + describe(e) + ". Check that the file exists and that the Hive user may read it, "
                            + "or fix the URL (file:///path, hdfs://namenode/path or classpath:name).",
                    e);
        }
        if (content.startsWith("\uFEFF")) {
            content = content.substring(1); // a byte order mark is no JSON
        }
        // nothing of a file is quoted until it is known to be a mapping: it may be any file the server can read
        MappingFiles.Kind kind = MappingFiles.kind(content);
        if (kind == MappingFiles.Kind.NONE) {
            throw notAMapping(tableName, url, null);
        }
        String origin = "table " + tableName + ": mapping file '" + url + "'";
        return kind == MappingFiles.Kind.AVRO_SCHEMA
                ? AvroSchemas.columns(origin, content)
                : MappingFiles.parseJson(origin, content, true);
    }

    private static HandlerException notAMapping(String tableName, String url, String detail) {
        return new HandlerException(
                HandlerErrorCode.INVALID_MAPPING,
                "table " + tableName + ": the mapping file '" + url + "' (property " + MAPPING_URL + ") is not a JSON "
                        + "mapping or Avro schema" + (detail == null ? "" : " (" + detail + ")") + "; its content is "
                        + "not shown. A JSON mapping is a JSON object with a \"columns\" array ({\"columns\": "
                        + "[{\"name\": ..., \"type\": ...}, ...]}), an Avro schema a JSON record schema "
                        + "({\"type\": \"record\", \"fields\": [...]}). Fix the file or the URL.");
    }

    private static String describe(Exception e) {
        String name = e.getClass().getSimpleName();
        return e.getMessage() == null ? name : name + ": " + e.getMessage();
    }

    private static void checkAgreement(
            String tableName, String url, List<ColumnMapping> ddl, List<ColumnMapping> file) {
        Map<String, ColumnMapping> ddlByName = byName(ddl);
        Map<String, ColumnMapping> fileByName = byName(file);
        List<String> problems = new ArrayList<>();
        for (ColumnMapping column : ddl) {
            ColumnMapping other = fileByName.get(column.name());
            if (other == null) {
                problems.add("column '" + column.name() + "' (" + column.type().typeName()
                        + ") is in the DDL but not in the mapping file");
            } else if (!DataTypes.sameType(column.type(), other.type())) {
                problems.add(
                        "column '" + column.name() + "' is " + column.type().typeName() + " in the DDL but "
                                + other.type().typeName() + " in the mapping file");
            }
        }
        for (ColumnMapping column : file) {
            if (!ddlByName.containsKey(column.name())) {
                problems.add("column '" + column.name() + "' (" + column.type().typeName()
                        + ") is in the mapping file but not in the DDL");
            }
        }
        List<String> ddlOrder = ddl.stream()
                .map(ColumnMapping::name)
                .filter(fileByName::containsKey)
                .toList();
        List<String> fileOrder = file.stream()
                .map(ColumnMapping::name)
                .filter(ddlByName::containsKey)
                .toList();
        if (!ddlOrder.equals(fileOrder)) {
            problems.add("the columns are in a different order: DDL (" + String.join(", ", ddlOrder)
                    + "), mapping file (" + String.join(", ", fileOrder) + ")");
        }
        if (!problems.isEmpty()) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "table " + tableName + ": the DDL columns and the mapping file '" + url + "' disagree:\n  - "
                            + String.join("\n  - ", problems)
                            + "\nMake them agree, or leave the column list out of the DDL so that the mapping file "
                            + "supplies it.");
        }
    }

    private static Map<String, ColumnMapping> byName(List<ColumnMapping> columns) {
        Map<String, ColumnMapping> byName = new LinkedHashMap<>();
        for (ColumnMapping column : columns) {
            byName.put(column.name(), column);
        }
        return byName;
    }

    private static List<ColumnMapping> applyInline(
            String tableName, String property, String inline, List<ColumnMapping> columns) {
        Map<String, String> paths =
                InlineMappings.parse("table " + tableName + ": property '" + property + "'", inline);
        List<String> names = columns.stream().map(ColumnMapping::name).toList();
        List<String> unknown = new ArrayList<>();
        for (String name : paths.keySet()) {
            if (!names.contains(name)) {
                unknown.add("column '" + name + "'"
                        + Suggestions.closest(name, names)
                                .map(s -> " (did you mean '" + s + "'?)")
                                .orElse(""));
            }
        }
        if (!unknown.isEmpty()) {
            throw new HandlerException(
                    HandlerErrorCode.COLUMN_NOT_FOUND,
                    "table " + tableName + ": property '" + property + "' maps " + String.join(", ", unknown)
                            + ", but the table has no such column. The table's columns are: "
                            + String.join(", ", names) + ". Fix the name in " + property + ".");
        }
        List<ColumnMapping> result = new ArrayList<>(columns.size());
        for (ColumnMapping column : columns) {
            String path = paths.get(column.name());
            result.add(path == null ? column : new ColumnMapping(column.name(), column.type(), path, column.role()));
        }
        return result;
    }
}
