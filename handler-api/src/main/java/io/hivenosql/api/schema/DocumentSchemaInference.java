package io.hivenosql.api.schema;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.DataType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The columns of a sample of documents (MongoDB documents, JSON values of Redis keys or files), one per top-level field
 * seen, each typed by merging its values ({@link ValueShape}, {@link ShapeTypes}). Shared by every store whose records
 * are documents: the store turns its values into {@link SampledValue}s, adds each sampled document, and reports what it
 * sampled.
 *
 * <p>Columns come in the order their fields were first seen, the key fields first. A column reads its field by the
 * field's own spelling (the {@link ColumnMapping#path}) and is named after it as Hive takes names unquoted:
 *
 * <ul>
 *   <li>lower case, with every character other than an ASCII letter, digit or {@code _} replaced by {@code _} and
 *       leading {@code _}s dropped ({@code _id} is {@code id}, as mongo-hadoop's users map it); {@code f_} before a
 *       name that would start with a digit, and {@code field} for one left empty; a note names every column whose name
 *       is not its field's lower-cased (but a key field's);
 *   <li>a name taken by an earlier column gets {@code _2}, {@code _3}, ... ({@code userId} then {@code userid}: columns
 *       {@code userid} and {@code userid_2}). Their readers find a field by its exact spelling, else by the one
 *       spelling equal ignoring case, so a document with only one of the spellings shows its value in both columns: a
 *       note says so.
 * </ul>
 *
 * A field whose name cannot be a path is left out, with a note: under {@link Rules#dottedPaths} (a path {@code a.b}
 * naming field {@code b} of {@code a}) a name that is empty, contains {@code .} or starts with {@code $}; else (Redis
 * hash fields, where a dot is a character of the name) an empty name. Not thread-safe: one per sample.
 */
public final class DocumentSchemaInference {
    private final List<String> keyFields;
    private final Rules rules;
    private ValueShape.Doc shape = new ValueShape.Doc(Map.of());
    private int documents;

    /**
     * How a store's fields become columns.
     *
     * @param dottedPaths whether a column path {@code a.b} names field {@code b} of the document in {@code a}
     *     (MongoDB, JSON), so that a field named with a dot (or a {@code $}) cannot be a column; else a path is the
     *     field's whole name (Redis hash fields)
     * @param exactNumbers whether a number column must read every sampled number without rounding, else string (stores
     *     whose numbers are text or JSON, where a string column keeps every digit): see {@link NumberShape}
     */
    public record Rules(boolean dottedPaths, boolean exactNumbers) {
        /** BSON documents: dotted paths; numbers may round, with a note (the BSON types decide). */
        public static final Rules BSON = new Rules(true, false);

        /** JSON documents (Redis string values, JSON files): dotted paths, exact numbers. */
        public static final Rules JSON = new Rules(true, true);

        /** Flat records of text (Redis hashes): any non-empty field name is a path, exact numbers. */
        public static final Rules FLAT_TEXT = new Rules(false, true);
    }

    /** @param keyFields fields that identify a document ({@code _id}): first, with {@link ColumnRole#KEY} */
    public DocumentSchemaInference(List<String> keyFields) {
        this(keyFields, Rules.BSON);
    }

    /**
     * @param keyFields fields that identify a document ({@code _id}): first, with {@link ColumnRole#KEY}
     * @param rules how fields become columns
     */
    public DocumentSchemaInference(List<String> keyFields, Rules rules) {
        this.keyFields = List.copyOf(requireNonNull(keyFields, "keyFields is null"));
        this.rules = requireNonNull(rules, "rules is null");
    }

    /** Adds one sampled document. */
    public void add(SampledValue.Document document) {
        requireNonNull(document, "document is null");
        shape = (ValueShape.Doc) ValueShape.merge(shape, ValueShape.of(document));
        documents++;
    }

    /** How many documents were added. */
    public int documents() {
        return documents;
    }

    /**
     * The columns of the documents added.
     *
     * @param tableName the Hive table, for messages
     * @param sampled what was sampled, for {@link InferredSchema#sampled}
     * @throws HandlerException when no document (or no field that can be a column) was seen
     */
    public InferredSchema infer(String tableName, String sampled) {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(sampled, "sampled is null");
        List<String> notes = new ArrayList<>();
        List<ColumnMapping> columns = columns(Set.of(), notes);
        if (columns.isEmpty()) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "table " + tableName + ": " + sampled + " gave no column"
                            + (documents == 0 ? " (nothing to sample)" : "")
                            + "; list the columns in the DDL or give a mapping file (nosql.mapping.url)");
        }
        return new InferredSchema(new TableMapping(columns), notes, sampled);
    }

    /**
     * The columns of the documents added, for a store that puts them after columns of its own (Redis key columns):
     * none when no field was seen.
     *
     * @param takenNames the names of the store's own columns, which no column here takes (a field {@code key} beside
     *     a key column {@code key} is the column {@code key_2})
     * @param notes where the notes go
     */
    public List<ColumnMapping> columns(Set<String> takenNames, List<String> notes) {
        requireNonNull(takenNames, "takenNames is null");
        requireNonNull(notes, "notes is null");
        Map<String, ValueShape> ordered = new LinkedHashMap<>();
        for (String key : keyFields) {
            ValueShape keyShape = shape.fields().get(key);
            if (keyShape != null) {
                ordered.put(key, keyShape);
            }
        }
        shape.fields().forEach(ordered::putIfAbsent);
        List<ColumnMapping> columns = new ArrayList<>();
        Set<String> taken = new HashSet<>(takenNames);
        Map<String, String> firstByFold = new HashMap<>();
        for (Map.Entry<String, ValueShape> field : ordered.entrySet()) {
            String path = field.getKey();
            if (rules.dottedPaths() && (path.isEmpty() || path.contains(".") || path.startsWith("$"))) {
                notes.add("field '" + path + "' is not mapped: a column path cannot name a field that is empty, "
                        + "contains '.' or starts with '$'");
                continue;
            }
            if (path.isEmpty()) {
                notes.add("a field with an empty name is not mapped: a column path cannot name it");
                continue;
            }
            String name = unique(hiveName(path), taken);
            boolean key = keyFields.contains(path);
            if (!key && !name.equals(path.toLowerCase(Locale.ROOT))) {
                notes.add(name + ": reads field '" + path + "' (Hive names are lower-case ASCII letters, digits and "
                        + "'_', not first)");
            }
            String fold = path.toLowerCase(Locale.ROOT);
            String first = firstByFold.putIfAbsent(fold, path);
            if (first != null) {
                notes.add(name + ": fields '" + first + "' and '" + path + "' differ only in case; a document with one "
                        + "of them shows its value in both columns");
            }
            DataType type = ShapeTypes.type(field.getValue(), name, notes, rules.exactNumbers(), !rules.dottedPaths());
            ColumnRole role = key ? ColumnRole.KEY : ColumnRole.FIELD;
            columns.add(new ColumnMapping(name, type, path, role));
        }
        return columns;
    }

    /** A field's Hive name before collisions (see the class comment). */
    static String hiveName(String field) {
        StringBuilder name = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = Character.toLowerCase(field.charAt(i));
            name.append((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ? c : '_');
        }
        int start = 0;
        while (start < name.length() && name.charAt(start) == '_') {
            start++;
        }
        String result = name.substring(start);
        if (result.isEmpty()) {
            return "field";
        }
        return Character.isDigit(result.charAt(0)) ? "f_" + result : result;
    }

    private static String unique(String name, Set<String> taken) {
        String candidate = name;
        for (int n = 2; !taken.add(candidate); n++) {
            candidate = name + "_" + n;
        }
        return candidate;
    }
}
