package io.hivenosql.api.mapping;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The ordered columns of a table and where each lives in the store. Column names are unique, case-insensitively. */
public record TableMapping(List<ColumnMapping> columns) {
    public TableMapping {
        columns = List.copyOf(requireNonNull(columns, "columns is null"));
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        Map<String, Integer> seen = new HashMap<>();
        for (ColumnMapping column : columns) {
            if (seen.put(column.name().toLowerCase(Locale.ROOT), 1) != null) {
                throw new IllegalArgumentException("column '" + column.name() + "' is mapped twice");
            }
        }
    }

    public int size() {
        return columns.size();
    }

    public ColumnMapping column(int index) {
        return columns.get(index);
    }

    /** The index of a column by Hive name (case-insensitive), or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    public Optional<ColumnMapping> find(String name) {
        int index = indexOf(name);
        return index < 0 ? Optional.empty() : Optional.of(columns.get(index));
    }

    public List<String> names() {
        return columns.stream().map(ColumnMapping::name).toList();
    }

    /** The columns with the given role, in table order. */
    public List<ColumnMapping> withRole(ColumnRole role) {
        return columns.stream().filter(c -> c.role() == role).toList();
    }
}
