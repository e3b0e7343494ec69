package io.hivenosql.api.mapping;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.UnsupportedTypeException;
import java.util.ArrayList;
import java.util.List;

/**
 * A column as Hive declares it (DDL / {@code columns} and {@code columns.types}): a name and a type, no store path.
 *
 * @param name the column name; {@link MappingResolver} lower-cases it as Hive does
 * @param type the Hive type
 */
public record HiveColumn(String name, DataType type) {
    public HiveColumn {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        if (name.isBlank()) {
            throw new IllegalArgumentException("column name is empty");
        }
    }

    /** A column from a Hive type name, e.g. {@code HiveColumn.of("tags", "array<string>")}. */
    public static HiveColumn of(String name, String hiveTypeName) {
        DataType type;
        try {
            type = DataTypes.parse(hiveTypeName);
        } catch (UnsupportedTypeException e) {
            throw new UnsupportedTypeException("column '" + name + "': " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("column '" + name + "': " + e.getMessage(), e);
        }
        return new HiveColumn(name, type);
    }

    /**
     * The columns from Hive's {@code columns} (comma-separated names) and {@code columns.types} (':'-separated types)
     * properties. Both empty or blank gives an empty list (a table whose columns come from a mapping file).
     *
     * @throws UnsupportedTypeException naming the column when its type is one hive-nosql does not support
     * @throws IllegalArgumentException when a type does not parse (naming its column) or the counts differ
     */
    public static List<HiveColumn> fromHiveProperties(String columns, String columnTypes) {
        List<String> names = new ArrayList<>();
        if (columns != null && !columns.isBlank()) {
            for (String name : columns.split(",", -1)) {
                names.add(name.trim());
            }
        }
        List<DataType> types = columnTypes == null
                ? List.of()
                : DataTypes.parseColumnTypes(
                        columnTypes,
                        index -> index < names.size() ? "column '" + names.get(index) + "'" : "column " + (index + 1));
        if (names.size() != types.size()) {
            throw new IllegalArgumentException("Hive gave " + names.size() + " column names (" + columns + ") but "
                    + types.size() + " column types (" + columnTypes + ")");
        }
        List<HiveColumn> result = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            result.add(new HiveColumn(names.get(i), types.get(i)));
        }
        return List.copyOf(result);
    }
}
