package io.hivenosql.api.mapping;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.types.DataType;
import java.util.List;

/**
 * One Hive column and where its value lives in the store.
 *
 * @param name the Hive column name, lower case as Hive stores it
 * @param type the Hive type
 * @param path the store-side path: a field name, or a dotted path such as {@code a.b.c} for nested values; what a
 *     write names and a pushed filter tests
 * @param role what the column is to the store
 * @param storedPaths the spellings of the path found in the store when the query was planned (see
 *     {@link StoredSpellings}), which a scan fetches and reads exactly: empty when the store was not sampled (a reader
 *     then finds the field by {@link FieldNameMatcher}'s rule in each record); one path, equal to {@code path}, when
 *     the store has one spelling (or none); several when records spell the field in several ways, which a reader then
 *     tells apart per record
 */
public record ColumnMapping(String name, DataType type, String path, ColumnRole role, List<String> storedPaths) {
    public ColumnMapping {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(path, "path is null");
        requireNonNull(role, "role is null");
        storedPaths = List.copyOf(requireNonNull(storedPaths, "storedPaths is null"));
        if (name.isEmpty()) {
            throw new IllegalArgumentException("column name is empty");
        }
        if (path.isEmpty()) {
            throw new IllegalArgumentException("path of column '" + name + "' is empty");
        }
        if (storedPaths.size() == 1 && !storedPaths.get(0).equals(path)) {
            throw new IllegalArgumentException("the one stored path of column '" + name + "' ('" + storedPaths.get(0)
                    + "') is not its path ('" + path + "')");
        }
    }

    /** A column whose stored spellings are not known (no sample). */
    public ColumnMapping(String name, DataType type, String path, ColumnRole role) {
        this(name, type, path, role, List.of());
    }

    public ColumnMapping withRole(ColumnRole newRole) {
        return new ColumnMapping(name, type, path, newRole, storedPaths);
    }

    /**
     * The column with the spellings the store was found to use: one (exact or not) becomes the path; several are
     * fetched and told apart per record, and the path stays the mapped one (what writes name).
     *
     * @param spellings the distinct stored paths found, none to keep the mapped path (as it is spelt)
     */
    public ColumnMapping withStoredSpellings(List<String> spellings) {
        requireNonNull(spellings, "spellings is null");
        if (spellings.isEmpty()) {
            return new ColumnMapping(name, type, path, role, List.of(path));
        }
        if (spellings.size() == 1) {
            return new ColumnMapping(name, type, spellings.get(0), role, List.of(spellings.get(0)));
        }
        return new ColumnMapping(name, type, path, role, spellings);
    }

    /** The store-side paths a scan fetches: the stored spellings, or the path when they are not known. */
    public List<String> fetchPaths() {
        return storedPaths.isEmpty() ? List.of(path) : storedPaths;
    }

    /**
     * Whether records spell this column's field in several ways: a reader tells them apart per record, and no filter on
     * the column can be pushed to the store (it would test one spelling).
     */
    public boolean hasSeveralSpellings() {
        return storedPaths.size() > 1;
    }
}
