package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A CQL primary key as {@code cassandra.primary-key} declares it: {@code ((a, b), c, d)} (composite partition key a, b;
 * clustering columns c, d), {@code (a, c)} or {@code a, c} (partition key a, clustering column c), {@code a} or
 * {@code ((a))}. Names are Hive column names.
 */
record PrimaryKey(List<String> partitionKey, List<String> clusteringColumns) {
    PrimaryKey {
        partitionKey = List.copyOf(requireNonNull(partitionKey, "partitionKey is null"));
        clusteringColumns = List.copyOf(requireNonNull(clusteringColumns, "clusteringColumns is null"));
        if (partitionKey.isEmpty()) {
            throw new IllegalArgumentException("a primary key needs a partition key column");
        }
        for (String column : clusteringColumns) {
            if (partitionKey.contains(column)) {
                throw new IllegalArgumentException(
                        "column '" + column + "' is both a partition key and a clustering column");
            }
        }
    }

    /**
     * Parses the property's text.
     *
     * @throws IllegalArgumentException saying what is wrong and showing the expected form
     */
    static PrimaryKey parse(String text) {
        requireNonNull(text, "text is null");
        String trimmed = text.trim();
        if (!trimmed.startsWith("(")) {
            // as CQL reads PRIMARY KEY (a, b): the first column is the partition key, the rest clustering columns
            List<String> all = names(trimmed, text);
            return new PrimaryKey(all.subList(0, 1), all.subList(1, all.size()));
        }
        if (!trimmed.endsWith(")")) {
            throw invalid(text, "unbalanced parentheses");
        }
        String inner = trimmed.substring(1, trimmed.length() - 1).trim();
        if (inner.startsWith("(")) {
            int close = inner.indexOf(')');
            if (close < 0) {
                throw invalid(text, "unbalanced parentheses");
            }
            List<String> partition = names(inner.substring(1, close), text);
            String rest = inner.substring(close + 1).trim();
            if (rest.isEmpty()) {
                return new PrimaryKey(partition, List.of());
            }
            if (!rest.startsWith(",")) {
                throw invalid(text, "expected ',' after the partition key");
            }
            return new PrimaryKey(partition, names(rest.substring(1), text));
        }
        List<String> all = names(inner, text);
        return new PrimaryKey(all.subList(0, 1), all.subList(1, all.size()));
    }

    List<String> columns() {
        List<String> all = new ArrayList<>(partitionKey);
        all.addAll(clusteringColumns);
        return all;
    }

    @Override
    public String toString() {
        return "((" + String.join(", ", partitionKey) + ")"
                + (clusteringColumns.isEmpty() ? "" : ", " + String.join(", ", clusteringColumns)) + ")";
    }

    private static List<String> names(String list, String text) {
        List<String> names = new ArrayList<>();
        for (String part : list.split(",", -1)) {
            String name = part.trim();
            if (name.isEmpty()) {
                throw invalid(text, "empty column name");
            }
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw invalid(text, "'" + name + "' is not a column name");
            }
            String lower = name.toLowerCase(Locale.ROOT);
            if (names.contains(lower)) {
                throw invalid(text, "column '" + name + "' appears twice");
            }
            names.add(lower);
        }
        return names;
    }

    private static IllegalArgumentException invalid(String text, String reason) {
        return new IllegalArgumentException("invalid primary key '" + text + "': " + reason
                + "; expected e.g. ((partition_col1, partition_col2), clustering_col) or (partition_col, "
                + "clustering_col) or partition_col");
    }
}
