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
 * A field whose name cannot be a path (empty, containing {@code .}, or starting with {@code $}) is left out, with a
 * note. Not thread-safe: one per sample.
 */
public final class DocumentSchemaInference {
    private final List<String> keyFields;
    private ValueShape.Doc shape = new ValueShape.Doc(Map.of());
    private int documents;

    /** @param keyFields fields that identify a document ({@code _id}): first, with {@link ColumnRole#KEY} */
    public DocumentSchemaInference(List<String> keyFields) {
        this.keyFields = List.copyOf(requireNonNull(keyFields, "keyFields is null"));
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
        Map<String, ValueShape> ordered = new LinkedHashMap<>();
        for (String key : keyFields) {
            ValueShape keyShape = shape.fields().get(key);
            if (keyShape != null) {
                ordered.put(key, keyShape);
            }
        }
        shape.fields().forEach(ordered::putIfAbsent);
        List<String> notes = new ArrayList<>();
        List<ColumnMapping> columns = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        Map<String, String> firstByFold = new HashMap<>();
        for (Map.Entry<String, ValueShape> field : ordered.entrySet()) {
            String path = field.getKey();
            if (path.isEmpty() || path.contains(".") || path.startsWith("$")) {
                notes.add("field '" + path + "' is not mapped: a column path cannot name a field that is empty, "
                        + "contains '.' or starts with '$'");
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
            DataType type = ShapeTypes.type(field.getValue(), name, notes);
            ColumnRole role = key ? ColumnRole.KEY : ColumnRole.FIELD;
            columns.add(new ColumnMapping(name, type, path, role));
        }
        if (columns.isEmpty()) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "table " + tableName + ": " + sampled + " gave no column"
                            + (documents == 0 ? " (nothing to sample)" : "")
                            + "; list the columns in the DDL or give a mapping file (nosql.mapping.url)");
        }
        return new InferredSchema(new TableMapping(columns), notes, sampled);
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
