package io.hivenosql.mongo;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.spi.QueryTask;
import java.util.List;

/**
 * The names of a staged insert ({@link MongoStagedInsert}), all in the target collection's database:
 *
 * <ul>
 *   <li>{@value #REGISTRY}: one document per query and target collection that stages (its {@code _id} is {@link
 *       #insertId}), written by HiveServer2 before the tasks run, and one per task whose attempt committed
 *       ({@link #taskId}); the first committed attempt of a task wins;
 *   <li>{@code __hivenosql_stage.<query>.<run>.v<vertex>.t<task>.a<attempt>}: the rows of one task attempt. The query
 *       part is Hive's query id (letters, digits, {@code _} and {@code -} kept, its end kept when shortened); the run is
 *       a random id HiveServer2 draws for each execution of the insert, so that a re-executed query or a second
 *       table of a multi-insert never meets the staging collections of another.
 * </ul>
 *
 * <p>Every name stays within MongoDB's namespace limit of 255 bytes for {@code <database>.<collection>}.
 */
final class MongoStageNames {
    /** The registry collection; also the first part of every staging collection's name. */
    static final String REGISTRY = "__hivenosql_stage";

    /** MongoDB's limit for {@code <database>.<collection>} (4.4 and later; 120 before). */
    static final int MAX_NAMESPACE_BYTES = 255;

    /** The longest query part: Hive's ids are {@code <user>_<yyyyMMddHHmmss>_<uuid>}. */
    static final int MAX_QUERY_CHARS = 64;

    /** Room kept for {@code .<run>.v<vertex>.t<task>.a<attempt>} (8 + 3 x 11 digits + separators). */
    private static final int SUFFIX_BYTES = 50;

    private MongoStageNames() {}

    /** The registry document of a query's insert into {@code collection}. */
    static String insertId(String collection, String queryId) {
        return requireNonNull(collection, "collection is null") + "|" + requireNonNull(queryId, "queryId is null");
    }

    /** The registry document of a task whose attempt committed. */
    static String taskId(String collection, String queryId, String run, QueryTask task) {
        return insertId(collection, queryId) + "|" + run + "|" + task.vertex() + "|" + task.task();
    }

    /** What every staging collection of one execution of a query's insert starts with. */
    static String runPrefix(String database, String queryId, String run) {
        requireNonNull(run, "run is null");
        int room = MAX_NAMESPACE_BYTES - database.getBytes(UTF_8).length - 1 - REGISTRY.length() - 1 - SUFFIX_BYTES;
        return REGISTRY + "." + queryPart(queryId, Math.min(MAX_QUERY_CHARS, room)) + "." + run + ".";
    }

    /** The staging collection of one task attempt. */
    static String staging(String database, String queryId, String run, QueryTask task, int attempt) {
        if (attempt < 0) {
            throw new IllegalArgumentException("attempt is negative: " + attempt);
        }
        return runPrefix(database, queryId, run) + "v" + task.vertex() + ".t" + task.task() + ".a" + attempt;
    }

    /** Whether {@code collection} is a staging collection (of any query). */
    static boolean isStaging(String collection) {
        return collection.startsWith(REGISTRY + ".");
    }

    /** The staging collections among {@code collections} that belong to one execution of a query's insert. */
    static List<String> ofRun(List<String> collections, String database, String queryId, String run) {
        String prefix = runPrefix(database, queryId, run);
        return collections.stream()
                .filter(name -> name.startsWith(prefix))
                .sorted()
                .toList();
    }

    /** The query id with only {@code [A-Za-z0-9_-]}, at most {@code max} characters (its end kept), never empty. */
    static String queryPart(String queryId, int max) {
        if (max < 8) {
            throw new IllegalArgumentException("the database name leaves no room for staging collection names ("
                    + MAX_NAMESPACE_BYTES + " bytes for <database>.<collection>)");
        }
        StringBuilder kept = new StringBuilder();
        for (char c : queryId.toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-') {
                kept.append(c);
            }
        }
        if (kept.length() == 0) {
            return "query";
        }
        return kept.length() <= max ? kept.toString() : kept.substring(kept.length() - max);
    }
}
