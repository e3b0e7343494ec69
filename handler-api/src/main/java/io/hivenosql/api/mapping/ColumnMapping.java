package io.hivenosql.api.mapping;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.types.DataType;

/**
 * One Hive column and where its value lives in the store.
 *
 * @param name the Hive column name, lower case as Hive stores it
 * @param type the Hive type
 * @param path the store-side path: a field name, or a dotted path such as {@code a.b.c} for nested values
 * @param role what the column is to the store
 */
public record ColumnMapping(String name, DataType type, String path, ColumnRole role) {
    public ColumnMapping {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(path, "path is null");
        requireNonNull(role, "role is null");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("column name is empty");
        }
        if (path.isEmpty()) {
            throw new IllegalArgumentException("path of column '" + name + "' is empty");
        }
    }

    public ColumnMapping withRole(ColumnRole newRole) {
        return new ColumnMapping(name, type, path, newRole);
    }
}
