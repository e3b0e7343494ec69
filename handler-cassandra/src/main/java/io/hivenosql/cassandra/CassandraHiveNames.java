package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Hive names and mapping paths for CQL columns, for a table whose columns come from the live schema. A Hive name is the
 * CQL name lower-cased (Hive folds column names to lower case), with every character but {@code a-z}, {@code 0-9} and
 * {@code _} replaced by {@code _}, so that it survives Hive's comma- and colon-separated column properties and needs
 * no quoting beyond backquotes. The path is the CQL name as {@link CassandraTable#identifier} reads it back: the bare
 * name when it is lower case and plain, else double-quoted ({@code "userId"}), as {@code cassandra.columns.mapping}
 * and mapping files write it.
 *
 * <p>Two CQL columns can give the same Hive name ({@code "userId"} and {@code userid}, or {@code "a b"} and
 * {@code a_b}): the column whose CQL name already is the Hive name keeps it, the others get {@code _2}, {@code _3},
 * ... (a name no CQL column gives), and a note says so. Every name that is not just the lower-cased CQL name gets a
 * note.
 */
final class CassandraHiveNames {
    private final List<String> hiveNames;
    private final List<String> paths;
    private final List<String> notes;

    private CassandraHiveNames(List<String> hiveNames, List<String> paths, List<String> notes) {
        this.hiveNames = List.copyOf(hiveNames);
        this.paths = List.copyOf(paths);
        this.notes = List.copyOf(notes);
    }

    /** Names for the CQL columns, in their order. */
    static CassandraHiveNames of(List<CqlIdentifier> cqlNames) {
        requireNonNull(cqlNames, "cqlNames is null");
        List<String> natural =
                cqlNames.stream().map(CassandraHiveNames::natural).toList();
        String[] names = new String[cqlNames.size()];
        Set<String> taken = new HashSet<>();
        // first, the columns whose CQL name is the Hive name as it is: they keep it whatever comes before them
        for (int i = 0; i < cqlNames.size(); i++) {
            if (cqlNames.get(i).asInternal().equals(natural.get(i))) {
                names[i] = natural.get(i);
                taken.add(natural.get(i));
            }
        }
        Set<String> reserved = new HashSet<>(natural);
        List<String> paths = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (int i = 0; i < cqlNames.size(); i++) {
            CqlIdentifier cql = cqlNames.get(i);
            if (names[i] == null) {
                String name = natural.get(i);
                if (!taken.add(name)) {
                    String base = name;
                    for (int n = 2; reserved.contains(name) || !taken.add(name); n++) {
                        name = base + "_" + n;
                    }
                    notes.add("column " + name + " reads CQL column " + cql.asCql(true) + ": the Hive name " + base
                            + " is taken by another column");
                } else if (!name.equals(cql.asInternal().toLowerCase(Locale.ROOT))) {
                    notes.add("column " + name + " reads CQL column " + cql.asCql(true) + ": Hive names take letters "
                            + "a-z, digits and '_'");
                }
                names[i] = name;
            }
            paths.add(path(cql));
        }
        return new CassandraHiveNames(List.of(names), paths, notes);
    }

    /** The CQL name lower-cased, each character Hive names do not take as {@code _}; never empty. */
    static String natural(CqlIdentifier cql) {
        String lower = cql.asInternal().toLowerCase(Locale.ROOT);
        StringBuilder name = new StringBuilder(lower.length());
        lower.codePoints().forEach(c -> name.append((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ? (char) c : '_'));
        return name.isEmpty() ? "_" : name.toString();
    }

    /** The mapping path of a CQL column: what {@link CassandraTable#identifier} reads back as the same identifier. */
    static String path(CqlIdentifier cql) {
        String internal = cql.asInternal();
        return internal.matches("[a-z_][a-z0-9_]*") ? internal : cql.asCql(false);
    }

    String hiveName(int column) {
        return hiveNames.get(column);
    }

    String path(int column) {
        return paths.get(column);
    }

    /** One line per column whose Hive name is not its lower-cased CQL name. */
    List<String> notes() {
        return notes;
    }
}
