package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.io.SerializedString;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.JsonValueCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where each column of a table lives in a JSON object: the columns' paths ({@code a.b.c}: field {@code c} of object
 * {@code b} of object {@code a}) compiled into a tree of field names, shared by {@link JsonRowDecoder} and
 * {@link JsonRowEncoder}. Field names match case-insensitively unless the style says otherwise.
 *
 * <p>Two columns may not map to the same field. A column may map to an object another column maps into
 * ({@code address} and {@code address.city}): such a table reads both, but cannot be written, because one object
 * cannot be written twice ({@link #overlap()} names the pair).
 */
public final class JsonLayout {
    private final String tableName;
    private final TableMapping mapping;
    private final JsonValueCodec codec;
    private final boolean writeNulls;
    private final Node root = new Node("", null);
    private final String overlap;
    private final String property;

    /** One field of an object: a column's value, an object holding other fields, or both. */
    static final class Node {
        final String name;
        /** The name quoted and encoded as UTF-8 once, for writers. */
        final SerializedString encodedName;

        final Node parent;
        final Map<String, Node> children = new HashMap<>();
        final List<Node> ordered = new ArrayList<>();
        int column = -1;
        int[] columnsBelow = new int[0];

        Node(String name, Node parent) {
            this.name = name;
            this.encodedName = new SerializedString(name);
            this.parent = parent;
        }

        boolean hasChildren() {
            return !ordered.isEmpty();
        }
    }

    private JsonLayout(
            String tableName,
            TableMapping mapping,
            int[] columns,
            JsonStyle style,
            boolean writeNulls,
            String property) {
        this.tableName = requireNonNull(tableName, "tableName is null");
        this.mapping = requireNonNull(mapping, "mapping is null");
        this.codec = JsonValueCodec.of(style);
        this.writeNulls = writeNulls;
        this.property = requireNonNull(property, "property is null");
        String firstOverlap = null;
        Map<Node, List<Integer>> below = new LinkedHashMap<>();
        for (int column : columns) {
            ColumnMapping columnMapping = mapping.column(column);
            Node node = root;
            for (String segment : segments(columnMapping, property)) {
                String key = style.caseInsensitive() ? segment.toLowerCase(Locale.ROOT) : segment;
                Node child = node.children.get(key);
                if (child == null) {
                    child = new Node(segment, node);
                    node.children.put(key, child);
                    node.ordered.add(child);
                } else if (child.column >= 0 && firstOverlap == null) {
                    firstOverlap = overlapMessage(child.column, column);
                }
                below.computeIfAbsent(node, n -> new ArrayList<>()).add(column);
                node = child;
            }
            if (node.column >= 0) {
                throw new HandlerException(
                        HandlerErrorCode.INVALID_MAPPING,
                        "table " + tableName + ": columns '"
                                + mapping.column(node.column).name() + "' and '"
                                + columnMapping.name() + "' are both mapped to JSON field '" + columnMapping.path()
                                + "'" + (style.caseInsensitive() ? " (field names match case-insensitively)" : "")
                                + "; map each column to its own field in " + property);
            }
            if (node.hasChildren() && firstOverlap == null) {
                firstOverlap = overlapMessage(below.get(node).get(0), column);
            }
            node.column = column;
        }
        below.forEach((node, list) ->
                node.columnsBelow = list.stream().mapToInt(Integer::intValue).toArray());
        this.overlap = firstOverlap;
    }

    /**
     * The layout of the given columns (the others are not in the JSON object, e.g. a Redis key).
     *
     * @param property the property that maps columns to paths, named in errors
     * @throws HandlerException naming the table, columns and property when two columns map to one field or a path is
     *     not a dotted field path
     */
    public static JsonLayout of(
            String tableName,
            TableMapping mapping,
            int[] columns,
            JsonStyle style,
            boolean writeNulls,
            String property) {
        return new JsonLayout(tableName, mapping, columns.clone(), style, writeNulls, property);
    }

    /** The layout of every column of a table. */
    public static JsonLayout ofAll(
            String tableName, TableMapping mapping, JsonStyle style, boolean writeNulls, String property) {
        int[] all = new int[mapping.size()];
        Arrays.setAll(all, i -> i);
        return of(tableName, mapping, all, style, writeNulls, property);
    }

    private static List<String> segments(ColumnMapping column, String property) {
        String path = column.path();
        List<String> segments = List.of(path.split("\\.", -1));
        if (segments.stream().anyMatch(String::isEmpty)) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "column '" + column.name() + "' is mapped to JSON path '" + path + "', which has an empty field "
                            + "name; write the path as field names separated by single dots (a.b.c) in " + property);
        }
        return segments;
    }

    private String overlapMessage(int outer, int inner) {
        return "table " + tableName + ": columns '" + mapping.column(outer).name() + "' (JSON path '"
                + mapping.column(outer).path() + "') and '"
                + mapping.column(inner).name() + "' (JSON path '"
                + mapping.column(inner).path() + "') overlap: the table can be read, but a row cannot be written as "
                + "one JSON object with both; drop one of the columns from the written table";
    }

    public String tableName() {
        return tableName;
    }

    public TableMapping mapping() {
        return mapping;
    }

    public JsonValueCodec codec() {
        return codec;
    }

    public boolean writeNulls() {
        return writeNulls;
    }

    /** The property that maps columns to paths (e.g. {@code json.columns.mapping}), named in messages. */
    public String mappingProperty() {
        return property;
    }

    /** Why rows of this table cannot be written, when two columns overlap; null when they can. */
    public String overlap() {
        return overlap;
    }

    Node root() {
        return root;
    }
}
