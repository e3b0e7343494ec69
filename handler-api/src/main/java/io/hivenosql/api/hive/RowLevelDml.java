package io.hivenosql.api.hive;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.dml.RowChange;
import io.hivenosql.api.dml.StagedChanges;
import io.hivenosql.api.dml.StatementCommit;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.api.table.TaskAttempts;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * How DELETE, UPDATE and MERGE reach a hive-nosql table (Hive 4). Hive rewrites each into a multi-insert whose branches
 * write the table: the rows of a delete branch hold the table's key columns ({@link #keyColumns}, Hive's ACID select
 * and sort columns), the other branches whole rows. Hive marks each branch's file sink with its operation in the
 * task's configuration ({@code file.sink.write.operation.<table>}: DELETE for deletes).
 *
 * <p>While Hive compiles the statement it asks the handler for the key columns ({@link #keyColumns}, on the compiling
 * thread) and then configures the table's output ({@link #outputJobProperties}, same thread): the second step finds
 * the first's mark and gives the tasks the statement's staging directory, so that they stage their changes there
 * ({@link io.hivenosql.api.dml.StagedChangeSink}) instead of writing the store, and the statement's commit applies
 * them ({@link StatementCommit}).
 */
final class RowLevelDml {
    /** Where Hive puts a file sink's operation, followed by the table's qualified name. */
    static final String WRITE_OPERATION_PREFIX = "file.sink.write.operation.";
    /** The staging directory of the statement's changes to a table, followed by the table's qualified name. */
    static final String STAGING_PREFIX = TableContexts.INTERNAL_PREFIX + "dml.staging.";

    /** The tables the statement compiled on this thread changes row by row: table name -> query id. */
    private static final ThreadLocal<Map<String, String>> COMPILING = ThreadLocal.withInitial(HashMap::new);

    private RowLevelDml() {}

    /**
     * The table's key columns, as Hive's ACID select and sort columns; refuses a table that cannot change row by row,
     * with the reason. Marks the table as changed row by row by the statement being compiled.
     */
    static List<FieldSchema> keyColumns(NoSqlConnector connector, TableContext table, Configuration conf) {
        Optional<String> refused = connector.rowChangesRefused(table);
        int[] keys = StatementCommit.keyIndexes(table.mapping());
        if (refused.isEmpty() && keys.length == 0) {
            refused = Optional.of("the table maps no key column, which identifies a row");
        }
        if (refused.isPresent()) {
            throw new HandlerException(
                    HandlerErrorCode.UNSUPPORTED_OPERATION,
                    "DELETE, UPDATE and MERGE cannot change table " + table.tableName() + ": " + refused.get());
        }
        if (!TaskAttempts.onTez(conf)) {
            throw new HandlerException(
                    HandlerErrorCode.UNSUPPORTED_OPERATION,
                    "DELETE, UPDATE and MERGE on table " + table.tableName() + " run on Tez only, where HiveServer2 "
                            + "commits the statement after its tasks succeeded: SET hive.execution.engine=tez");
        }
        if (stagingRoot(conf).isEmpty()) {
            throw new HandlerException(
                    HandlerErrorCode.UNSUPPORTED_OPERATION,
                    "DELETE, UPDATE and MERGE on table " + table.tableName() + " need a Hive session with a scratch "
                            + "directory (HiveServer2 or the Hive CLI)");
        }
        String queryId = conf.get(TaskAttempts.QUERY_ID, "");
        COMPILING.get().put(normalize(table.tableName()), queryId);
        TableMapping mapping = table.mapping();
        List<FieldSchema> columns = new ArrayList<>(keys.length);
        for (int key : keys) {
            columns.add(new FieldSchema(
                    mapping.column(key).name(), mapping.column(key).type().typeName(), null));
        }
        return columns;
    }

    /** The job properties that make the tasks of a statement that changes the table row by row stage the changes. */
    static Map<String, String> outputJobProperties(TableContext table, Configuration conf) {
        String name = normalize(table.tableName());
        String queryId = conf.get(TaskAttempts.QUERY_ID, "");
        String marked = COMPILING.get().get(name);
        if (marked == null || !marked.equals(queryId)) {
            return Map.of();
        }
        Optional<Path> directory = stagingDirectory(conf, queryId, name);
        return directory
                .map(path -> Map.of(STAGING_PREFIX + name, path.toString()))
                .orElse(Map.of());
    }

    /**
     * The table properties the tasks of the statement being compiled take instead of the table's: a DELETE, UPDATE or
     * MERGE reads its table with {@code nosql.bad-record.policy=fail}, so that it never writes back as NULL a value it
     * could not read, nor passes over a record it could not read, without telling.
     */
    static Map<String, String> overrides(TableContext table, Configuration conf) {
        String marked = COMPILING.get().get(normalize(table.tableName()));
        if (marked == null || !marked.equals(conf.get(TaskAttempts.QUERY_ID, ""))) {
            return Map.of();
        }
        return Map.of(NoSqlTableProperties.BAD_RECORD_POLICY.key(), "fail");
    }

    /** The statement's staging directory for the table, where the session has a scratch directory. */
    static Optional<Path> stagingDirectory(Configuration conf, String queryId, String tableName) {
        return stagingRoot(conf).map(root -> StagedChanges.directory(root, queryId, normalize(tableName)));
    }

    private static Optional<Path> stagingRoot(Configuration conf) {
        SessionState session = SessionState.get();
        String scratch = session == null ? null : session.getHdfsScratchDirURIString();
        return Optional.ofNullable(scratch).filter(dir -> !dir.isBlank()).map(Path::new);
    }

    /** What a task's file sink of the table does: DELETE, UPSERT (a branch of a staged statement), or empty (INSERT). */
    static Optional<RowChange> change(Configuration conf, String tableName) {
        String operation = conf.get(WRITE_OPERATION_PREFIX + normalize(tableName), "");
        if ("DELETE".equals(operation)) {
            return Optional.of(RowChange.DELETE);
        }
        return staging(conf, tableName).isPresent() ? Optional.of(RowChange.UPSERT) : Optional.empty();
    }

    /** The staging directory a task of a statement that changes the table row by row stages into. */
    static Optional<Path> staging(Configuration conf, String tableName) {
        return Optional.ofNullable(conf.get(STAGING_PREFIX + normalize(tableName)))
                .map(Path::new);
    }

    private static String normalize(String tableName) {
        return tableName.toLowerCase(Locale.ROOT);
    }
}
