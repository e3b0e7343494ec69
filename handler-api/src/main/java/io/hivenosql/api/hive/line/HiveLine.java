package io.hivenosql.api.hive.line;

import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.PartitionDesc;

/**
 * What differs between the Hive lines the handlers run on (3.1 as Amazon EMR 7 ships it, and 4.x), and nothing else:
 * one implementation per line, in a package of its own ({@code line.hive3}, {@code line.hive4}) that names that
 * line's own types, chosen once by {@link HiveLines#current()}. The rest of the code never asks which Hive it runs on.
 *
 * <p>The hooks that only a later line calls (runtime join keys, statistics, ALTER checks) need no entry here: they are
 * overrides marked {@link HookSince}, which an older Hive simply never calls.
 */
public interface HiveLine {
    /** The line's name for logs and messages, e.g. {@code Hive 4 (4.0.1)}. */
    String name();

    /**
     * The HiveServer2 query that the calling thread runs for, as far as a reader on that thread can see it, or {@link
     * QueryCancellation#NONE} when the thread runs no query driver (Tez and MapReduce tasks, a metastore).
     */
    QueryCancellation currentQuery();

    /**
     * Prints a warning to the console of the calling thread's Hive session, which HiveServer2 copies into the
     * statement's operation log (beeline shows it); nothing without a session.
     */
    void printSessionWarning(String message);

    /** The partitions of a map-side plan by their input path. */
    Map<Path, PartitionDesc> pathToPartitionInfo(MapWork work);
}
