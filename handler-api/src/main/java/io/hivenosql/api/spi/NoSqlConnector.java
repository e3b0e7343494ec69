package io.hivenosql.api.spi;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampleBudget;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The data side of a store: planning, reading, writing and the store objects behind a table, each call taking the table
 * as its {@link TableModel} bound it ({@link TableContext#handle(Class)}). It knows nothing of Hive: the generic adapters
 * in {@code io.hivenosql.api.hive} turn Hive's calls into these. Implementations are stateless and cheap to create; each
 * method opens what it needs (clients come from shared holders, see {@link io.hivenosql.api.client.SharedResources}).
 */
public interface NoSqlConnector extends TableModel {
    /**
     * The table with the spellings its store uses for the columns' field paths
     * ({@link io.hivenosql.api.mapping.ColumnMapping#storedPaths}), for stores that project or filter by exact field
     * name on the server: they sample the names their records use ({@link io.hivenosql.api.mapping.StoredSpellings}).
     * Called when Hive plans a query that reads or writes the table (in HiveServer2: {@code decomposePredicate} and the
     * job properties), once per query and table; the result reaches the tasks with the mapping in the job
     * configuration, and {@link #filterCapabilities} sees it. The default returns the table as it is: a store whose
     * readers get whole records matches names per record.
     *
     * @throws IOException when the store cannot be sampled
     */
    default TableContext withStoredSpellings(TableContext table) throws IOException {
        return table;
    }

    /**
     * {@link #withStoredSpellings(TableContext)}, knowing what the query pushes to the table where Hive tells it at
     * planning (its WHERE clause, as the table would push it before the spellings are known): a store whose pushed
     * filter selects records directly (Redis key lookups) may sample just those, rather than scan for a sample. The
     * sample serves the whole query. The default ignores the filter.
     */
    default TableContext withStoredSpellings(TableContext table, Optional<Filter> pushed) throws IOException {
        return withStoredSpellings(table);
    }

    /** What this table's store enforces exactly. */
    FilterCapabilities filterCapabilities(TableContext table);

    /** Plans the splits of a scan; returns at least one. {@code desiredSplits} is Hive's hint (0: none). */
    List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) throws IOException;

    RecordSource openReader(ReadRequest request, SplitSpec split) throws IOException;

    /**
     * The number of records of one split that the request selects, counted by the store without reading values;
     * empty when the store cannot count this request exactly. Called only for a request with an empty projection
     * (Hive reads no column: count(*)), in place of openReader.
     */
    default OptionalLong countRecords(ReadRequest request, SplitSpec split) throws IOException {
        return OptionalLong.empty();
    }

    RecordSink openWriter(TableContext table) throws IOException;

    /**
     * Called when Hive creates the table, before the metastore records it, so that a table the store cannot serve is
     * never recorded. A store that creates collections or schemas does so here when {@code managed} (Hive owns the
     * data: managed tables and {@code external.table.purge=true}); for other tables it checks that what the table
     * names exists and agrees with the columns.
     *
     * @return true when this call created a store object, which {@link #dropTable} removes again if the metastore then
     *     fails to record the table
     */
    default boolean createTable(TableContext table, boolean managed) throws IOException {
        return false;
    }

    /**
     * {@link #createTable(TableContext, boolean)}, with a way to warn the user who creates the table (HiveServer2 shows
     * the warnings to the beeline user and logs them) about something that is accepted but may be a mistake.
     */
    default boolean createTable(TableContext table, boolean managed, Consumer<String> warnings) throws IOException {
        return createTable(table, managed);
    }

    /**
     * Called in HiveServer2 before the tasks of an INSERT into the table run (after {@link #truncate} for INSERT
     * OVERWRITE), when the query runs on Tez: then exactly one of {@link #commitInsert} (after the DAG succeeded) or
     * nothing (the DAG failed; {@link #rollbackInsert} only when the commit itself fails) follows, with the same query
     * id, which the query's tasks also see ({@link TaskAttempt#task()}). A store that stages each task attempt's rows
     * and publishes them at commit prepares the query here. The default does nothing: the tasks write directly.
     *
     * @param queryId Hive's {@code hive.query.id} of the query
     */
    default void beginInsert(TableContext table, String queryId) throws IOException {}

    /** Publishes what the query's tasks staged (see {@link #beginInsert}); a failure fails the query. */
    default void commitInsert(TableContext table, String queryId) throws IOException {}

    /** Discards what the query's tasks staged (see {@link #beginInsert}); called when {@link #commitInsert} failed. */
    default void rollbackInsert(TableContext table, String queryId) throws IOException {}

    /**
     * Why the table cannot take DELETE, UPDATE and MERGE, as a sentence for the user; empty when it can. Such a
     * statement stages its changes in its tasks and applies their net effect when it commits (see {@link
     * io.hivenosql.api.dml.StatementCommit}) through {@link #openDeleter} and {@link #openUpserter}; a row is identified
     * by the table's {@link io.hivenosql.api.mapping.ColumnRole#KEY} columns. The default: the store supports none.
     */
    default Optional<String> rowChangesRefused(TableContext table) {
        return Optional.of("the " + storeName() + " handler does not support DELETE, UPDATE and MERGE");
    }

    /**
     * A sink whose rows are keys (the values of the table's KEY columns, in mapping order), each deleting the record
     * with that key with the store's own key operation; a missing record is no error. Opened in HiveServer2 when a
     * statement commits, for tables {@link #rowChangesRefused} accepts.
     */
    default RecordSink openDeleter(TableContext table) throws IOException {
        throw new HandlerException(
                HandlerErrorCode.UNSUPPORTED_OPERATION,
                rowChangesRefused(table).orElse("table " + table.tableName() + " cannot delete rows"));
    }

    /**
     * A sink whose rows (every column, in mapping order) each make the record of their key hold exactly the row's values
     * in the mapped columns, whatever the table's write mode: a NULL column reads back as NULL, what the table does not
     * map stays, a missing record is created. Opened in HiveServer2 when a statement commits, for tables {@link
     * #rowChangesRefused} accepts.
     */
    default RecordSink openUpserter(TableContext table) throws IOException {
        throw new HandlerException(
                HandlerErrorCode.UNSUPPORTED_OPERATION,
                rowChangesRefused(table).orElse("table " + table.tableName() + " cannot update rows"));
    }

    /** Deletes all of the table's data (INSERT OVERWRITE, TRUNCATE, DROP with purge). */
    void truncate(TableContext table) throws IOException;

    /** Called when Hive drops the table; {@code purge} is true for managed tables and external.table.purge=true. */
    default void dropTable(TableContext table, boolean purge) throws IOException {
        if (purge) {
            truncate(table);
        }
    }

    /** Row count and size where the store can tell cheaply. */
    default Optional<TableStatistics> statistics(TableContext table) throws IOException {
        return Optional.empty();
    }

    /**
     * Runtime join-key pushdown with {@code nosql.read.runtime-keys.max=auto}: the most keys of a {@link
     * io.hivenosql.api.pushdown.FilterCapabilities#keyedReads} list that the store reads faster by key than it scans
     * the table, from what it estimates of the table's size; empty when it cannot estimate (the handler then reads up
     * to 1,000 keys by key). The default: a twentieth of the estimated rows, a key read costing what a scan spends on
     * twenty rows.
     */
    default OptionalLong keyedReadLimit(TableContext table) throws IOException {
        return statistics(table)
                .filter(statistics -> statistics.rowCount() >= 0)
                .map(statistics -> OptionalLong.of(statistics.rowCount() / 20))
                .orElse(OptionalLong.empty());
    }

    /**
     * {@link #keyedReadLimit(TableContext)} for a list of the column's values: the default is the table's limit, for a
     * store whose keyed reads cost the same on every column it reads by key; a store that reads one key column by a
     * seek and another through a slower index weighs them apart.
     */
    default OptionalLong keyedReadLimit(TableContext table, String column) throws IOException {
        return keyedReadLimit(table);
    }

    /**
     * The store object a table with these properties reaches, as Hive's authorizer is asked about it when the table is
     * created or altered ({@link io.hivenosql.api.auth.StoreUri}: {@code <scheme>://<hosts>/<object path>}, nothing
     * secret). The default: empty, and the handler names the store and the Hive table only.
     */
    default Optional<URI> authorizationUri(TableConfig config) {
        return Optional.empty();
    }

    /**
     * The objects of the store that the scope's properties name together (the CQL tables of {@code cassandra.keyspace},
     * the collections of {@code mongo.uri}'s database), each with the properties of a table over it, in the store's
     * order; for {@code bin/hive-nosql map}, which infers each one's columns ({@link #inferSchema}) and writes a table
     * for it. A store without a catalog may return the one object the scope names (a Redis key prefix). The default says
     * the store cannot list its objects.
     *
     * @param scope the properties of a table that names no object yet (its name is the scope's, for messages)
     * @param secrets the way to the scope's secrets
     */
    default List<StoreObject> listObjects(TableConfig scope, SecretResolver secrets) throws IOException {
        throw new HandlerException(
                HandlerErrorCode.UNSUPPORTED_OPERATION,
                "the " + storeName() + " handler cannot list the objects of its store (" + scope.tableName()
                        + "): create each table with its own DDL");
    }

    /**
     * The columns of a table whose DDL has neither a column list nor a mapping file ({@code CREATE EXTERNAL TABLE t
     * STORED BY ... TBLPROPERTIES (...)}), from the store: its own schema where it has one (Cassandra's CQL table),
     * else a bounded sample of its records. Called in HiveServer2 when the table is created; the metastore then keeps
     * the columns, so a table is inferred once. Inference never drops a field it sees: one it cannot type is a string
     * column, and {@link InferredSchema#notes} says so.
     *
     * @param tableName the qualified Hive name, for messages
     * @param config the table's properties (where the data lives), with no column
     * @param secrets the way to the table's secrets
     * @param files the way to the files the table names (TLS material)
     * @param budget how much to sample
     */
    default InferredSchema inferSchema(
            String tableName, TableConfig config, SecretResolver secrets, TableFiles files, SampleBudget budget)
            throws IOException {
        throw new HandlerException(
                HandlerErrorCode.UNSUPPORTED_OPERATION,
                "table " + tableName + " has no column list and no nosql.mapping.url, and this store cannot infer "
                        + "columns: list the columns in the DDL or give a mapping file");
    }
}
