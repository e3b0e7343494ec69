package io.hivenosql.api.hive;

import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * Detects {@code INSERT OVERWRITE TABLE t ... FROM t}: the handler deletes the table's rows before the insert runs (a
 * pre-insert step of the plan), so such a query would read an empty table and lose every row.
 *
 * <p>While Hive compiles an INSERT it configures the output table ({@link #outputConfigured}) before it configures the
 * table scans ({@link #inputConfigured}), on one thread. A scan of a table that the same compilation writes flags that
 * table in the session; configuring an output clears the table's flag, so a flag never outlives the compilation of
 * the next query that writes the table. The metastore hook runs later, on another thread of the same session, and
 * refuses the overwrite when the table is flagged.
 */
final class OverwriteGuard {
    private static final ThreadLocal<Set<String>> OUTPUTS_OF_THIS_THREAD = ThreadLocal.withInitial(HashSet::new);
    private static final Map<SessionState, Set<String>> READ_BY_THEIR_WRITER =
            Collections.synchronizedMap(new WeakHashMap<>());

    private OverwriteGuard() {}

    static void outputConfigured(String table) {
        String name = normalize(table);
        OUTPUTS_OF_THIS_THREAD.get().add(name);
        Set<String> flagged = flagged(false);
        if (flagged != null) {
            flagged.remove(name);
        }
    }

    static void inputConfigured(String table) {
        String name = normalize(table);
        if (OUTPUTS_OF_THIS_THREAD.get().contains(name)) {
            Set<String> flagged = flagged(true);
            if (flagged != null) {
                flagged.add(name);
            }
        }
    }

    /** Whether the query being run writes {@code table} and also reads it. */
    static boolean readByItsWriter(String table) {
        Set<String> flagged = flagged(false);
        return flagged != null && flagged.contains(normalize(table));
    }

    private static Set<String> flagged(boolean create) {
        SessionState session = SessionState.get();
        if (session == null) {
            return null;
        }
        return create
                ? READ_BY_THEIR_WRITER.computeIfAbsent(session, s -> Collections.synchronizedSet(new HashSet<>()))
                : READ_BY_THEIR_WRITER.get(session);
    }

    private static String normalize(String table) {
        return table.toLowerCase(Locale.ROOT);
    }
}
