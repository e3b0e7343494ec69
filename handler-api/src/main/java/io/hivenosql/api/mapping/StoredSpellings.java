package io.hivenosql.api.mapping;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The spellings a store uses for the columns' field paths, collected from a sample of its records when a query is
 * planned, for stores that project or filter by exact field name on the server (MongoDB's {@code find} projection and
 * filters, Redis's {@code HMGET}). A path's segment matches a record's field that equals it when case is ignored; a
 * dotted path is followed segment by segment through nested records. {@link #apply} then gives each sampled column its
 * stored spellings ({@link ColumnMapping#withStoredSpellings}): one spelling becomes the column's path (projection,
 * pushed filters, writes), several are all fetched and told apart per record (nothing pushed), none keeps the mapped
 * path. A spelling that occurs in no sampled record is not known, and so not fetched.
 *
 * <p>Not thread-safe: one per sample.
 */
public final class StoredSpellings {
    /** A sampled record as far as names go: its field names, and the nested record under a field, if any. */
    public interface SampledRecord {
        Iterable<String> fieldNames();

        /** The record held by a field, or null when the field holds no record (or paths are not dotted). */
        SampledRecord child(String fieldName);
    }

    private final TableMapping mapping;
    private final Function<String, List<String>> segments;
    private final Map<Integer, List<String>> wanted = new HashMap<>();
    private final Map<Integer, SortedSet<String>> found = new HashMap<>();
    private int records;

    /**
     * @param mapping the table's columns
     * @param columns the indexes of the columns whose paths are looked for (e.g. not a Redis key column)
     * @param segments a path's field names, outermost first: the dotted segments for documents, the whole path for
     *     flat records such as Redis hashes
     */
    public StoredSpellings(TableMapping mapping, List<Integer> columns, Function<String, List<String>> segments) {
        this.mapping = requireNonNull(mapping, "mapping is null");
        this.segments = requireNonNull(segments, "segments is null");
        for (int column : requireNonNull(columns, "columns is null")) {
            List<String> folded = new ArrayList<>();
            for (String segment : segments.apply(mapping.column(column).path())) {
                folded.add(FieldNameMatcher.fold(segment));
            }
            wanted.put(column, folded);
            found.put(column, new TreeSet<>());
        }
    }

    /** Dotted paths: {@code a.b.c} is field {@code c} of record {@code b} of record {@code a}. */
    public static List<String> dotted(String path) {
        return List.of(path.split("\\.", -1));
    }

    /** Flat paths: the whole path is one field name (a dot is a character of it). */
    public static List<String> flat(String path) {
        return List.of(path);
    }

    /** Adds the spellings one sampled record uses. */
    public void add(SampledRecord record) {
        requireNonNull(record, "record is null");
        records++;
        Map<String, List<String>> byFold = byFold(record);
        wanted.forEach((column, folded) -> collect(record, byFold, folded, 0, "", found.get(column)));
    }

    /** The number of records added. */
    public int records() {
        return records;
    }

    /** The spellings found for a column, sorted; empty when none (or the column is not looked for). */
    public List<String> spellings(int column) {
        SortedSet<String> spellings = found.get(column);
        return spellings == null ? List.of() : List.copyOf(spellings);
    }

    /** The mapping with each looked-for column's stored spellings; the other columns as they are. */
    public TableMapping apply() {
        List<ColumnMapping> columns = new ArrayList<>(mapping.size());
        for (int i = 0; i < mapping.size(); i++) {
            ColumnMapping column = mapping.column(i);
            columns.add(found.containsKey(i) ? column.withStoredSpellings(spellings(i)) : column);
        }
        return new TableMapping(columns);
    }

    /**
     * What the sample changed, for the log: {@code column: 'path' -> 'Spelling'} and
     * {@code column: 'path' spelt 'A', 'a'}; empty when every column keeps its path as mapped.
     */
    public List<String> changes() {
        List<String> changes = new ArrayList<>();
        found.keySet().stream().sorted().forEach(column -> {
            ColumnMapping mapped = mapping.column(column);
            List<String> spellings = spellings(column);
            if (spellings.size() == 1 && !spellings.get(0).equals(mapped.path())) {
                changes.add(mapped.name() + ": '" + mapped.path() + "' -> '" + spellings.get(0) + "'");
            } else if (spellings.size() > 1) {
                changes.add(mapped.name() + ": '" + mapped.path() + "' spelt '" + String.join("', '", spellings) + "'");
            }
        });
        return changes;
    }

    private void collect(
            SampledRecord record,
            Map<String, List<String>> byFold,
            List<String> folded,
            int level,
            String prefix,
            SortedSet<String> into) {
        List<String> names = byFold.get(folded.get(level));
        if (names == null) {
            return;
        }
        for (String name : names) {
            if (level == folded.size() - 1) {
                into.add(prefix + name);
            } else {
                SampledRecord child = record.child(name);
                if (child != null) {
                    collect(child, byFold(child), folded, level + 1, prefix + name + ".", into);
                }
            }
        }
    }

    private static Map<String, List<String>> byFold(SampledRecord record) {
        Map<String, List<String>> byFold = new HashMap<>();
        for (String name : record.fieldNames()) {
            List<String> names = byFold.computeIfAbsent(FieldNameMatcher.fold(name), k -> new ArrayList<>(1));
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        return byFold;
    }
}
