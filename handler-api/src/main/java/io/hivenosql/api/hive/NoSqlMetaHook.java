package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;
import static org.apache.hadoop.hive.metastore.utils.MetaStoreUtils.TYPE_FROM_DESERIALIZER;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.hive.line.HookSince;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.api.table.TaskAttempts;
import io.hivenosql.api.types.UnsupportedTypeException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.DefaultHiveMetaHook;
import org.apache.hadoop.hive.metastore.HiveMetaHook;
import org.apache.hadoop.hive.metastore.TableType;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.Table;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The metastore hook of every hive-nosql table: validates a table at CREATE (all violations together), lets the
 * connector create and drop the store's collection, and empties it for INSERT OVERWRITE and TRUNCATE.
 */
public class NoSqlMetaHook extends DefaultHiveMetaHook {
    private static final Logger LOG = LoggerFactory.getLogger(NoSqlMetaHook.class);
    private static final String EXTERNAL_TABLE_PURGE = "external.table.purge";

    private final NoSqlConnector connector;
    private final Configuration conf;
    /** Whether this hook's preCreateTable created the store object (Hive calls pre, then commit or rollback). */
    private boolean createdInStore;
    /**
     * The query whose insert preInsertTable began (Hive commits through the hook of the same table object, which the
     * handler caches), so that the commit publishes that query even if the session's {@code hive.query.id} moved on.
     */
    private String insertQueryId;

    /** The class name of the store's row-only input format ({@code nosql.read.vectorized} false); null: none. */
    private final String rowInputFormat;

    public NoSqlMetaHook(NoSqlConnector connector, Configuration conf) {
        this(connector, conf, null);
    }

    /**
     * @param rowInputFormat the store's input format that reads rows only, recorded as the table's input format when
     *     its {@code nosql.read.vectorized} is false; null when the store has none
     */
    public NoSqlMetaHook(
            NoSqlConnector connector, Configuration conf, Class<? extends NoSqlInputFormat> rowInputFormat) {
        this.connector = requireNonNull(connector, "connector is null");
        this.conf = conf == null ? new Configuration() : conf;
        this.rowInputFormat = rowInputFormat == null ? null : rowInputFormat.getName();
    }

    @Override
    public void preCreateTable(Table table) throws MetaException {
        recordInference(table);
        TableContext context = check(table, "created");
        chooseInputFormat(table, context);
        // the store object is created (or an existing one checked) before the metastore records the table, so that a
        // failure leaves neither behind; rollbackCreateTable removes what was created if the metastore then fails
        inStore(
                context,
                created -> createdInStore = connector.createTable(created, isManaged(table), UserWarnings::warn));
    }

    /**
     * A table created with no column list got its columns from the store when Hive opened its SerDe: records, in its
     * TBLPROPERTIES, the inline mapping of the columns whose store path is not their name (so that the stored table
     * reads {@code userId} as column {@code userid} without inferring again), and when and from what the columns were
     * inferred (SHOW CREATE TABLE then prints a DDL that recreates the same table).
     */
    private void recordInference(Table table) throws MetaException {
        if (table.getSd() == null || table.getSd().getCols() == null) {
            return;
        }
        Map<String, String> recorded;
        try {
            List<HiveColumn> columns = new ArrayList<>();
            for (FieldSchema field : table.getSd().getCols()) {
                if (TYPE_FROM_DESERIALIZER.equals(field.getType())) {
                    return;
                }
                columns.add(HiveColumn.of(field.getName(), field.getType()));
            }
            recorded = TableContexts.inferenceRecord(connector, qualifiedName(table), properties(table), columns);
        } catch (HandlerException | IllegalArgumentException e) {
            return; // not an inferred table: check() reports what is wrong with it
        }
        if (!recorded.isEmpty()) {
            if (table.getParameters() == null) {
                table.setParameters(new LinkedHashMap<>());
            }
            table.getParameters().putAll(recorded);
        }
    }

    /**
     * Checks an altered table as a new one (without touching the store): every property, the mapping, and the stored
     * secret's binding, so that an ALTER cannot record what CREATE would refuse.
     */
    @Override
    public void preAlterTable(Table table, EnvironmentContext context) throws MetaException {
        super.preAlterTable(table, context);
        chooseInputFormat(table, check(table, "altered"));
    }

    /**
     * {@code nosql.read.vectorized}: a table that reads rows only records the store's row-only input format in its
     * storage descriptor, which Hive then takes over the handler's; otherwise it records none, and Hive takes the
     * handler's (which fills column batches itself).
     */
    private void chooseInputFormat(Table table, TableContext context) {
        if (rowInputFormat != null && table.getSd() != null) {
            boolean vectorized = context.config().get(NoSqlTableProperties.READ_VECTORIZED);
            table.getSd().setInputFormat(vectorized ? null : rowInputFormat);
        }
    }

    /**
     * Validates a table about to be recorded: reserved and plain-text secret properties, every property, the mapping
     * and the stored secret (its alias exists, and its binding admits the table's hosts).
     *
     * @param action "created" or "altered", for the message
     */
    public TableContext check(Table table, String action) throws MetaException {
        String tableName = qualifiedName(table);
        Map<String, String> properties = properties(table);
        List<String> problems = new ArrayList<>();
        Map<String, String> checked = new LinkedHashMap<>();
        properties.forEach((key, value) -> {
            if (key.startsWith(TableContexts.INTERNAL_PREFIX)) {
                problems.add("property '" + key + "' is reserved for the handler's own use; remove it");
            } else {
                checked.put(key, value);
            }
        });
        if (!problems.isEmpty()) {
            // reserved keys and every other violation together; without reserved keys the context below validates
            HandlerErrorCode code = HandlerErrorCode.INVALID_TABLE_PROPERTY;
            try {
                TableContexts.validate(connector, tableName, checked);
            } catch (HandlerException e) {
                problems.add(e.detail());
                if (e.errorCode() == HandlerErrorCode.PLAINTEXT_SECRET) {
                    code = HandlerErrorCode.PLAINTEXT_SECRET;
                }
            }
            throw metaException(new HandlerException(
                    code, "table " + tableName + " cannot be " + action + ":\n  - " + String.join("\n  - ", problems)));
        }
        TableContext context = context(table);
        try {
            TableContexts.checkSecret(connector, context);
        } catch (HandlerException e) {
            throw metaException(e);
        }
        return context;
    }

    @Override
    public void rollbackCreateTable(Table table) {
        if (!createdInStore) {
            return;
        }
        createdInStore = false;
        try {
            connector.dropTable(context(table), true);
        } catch (IOException | MetaException | RuntimeException e) {
            LOG.warn(
                    "table {}: the metastore did not record the table and the store object created for it could not "
                            + "be removed; drop it by hand: {}",
                    qualifiedName(table),
                    e.toString());
        }
    }

    @Override
    public void commitCreateTable(Table table) {
        createdInStore = false;
    }

    @Override
    public void preDropTable(Table table) {
        // nothing to check: dropping must work even for a table whose store is gone
    }

    @Override
    public void rollbackDropTable(Table table) {
        // nothing was done in preDropTable
    }

    @Override
    public void commitDropTable(Table table, boolean deleteData) throws MetaException {
        Map<String, String> parameters = table.getParameters() == null ? Map.of() : table.getParameters();
        boolean purge = deleteData
                && (TableType.MANAGED_TABLE.name().equals(table.getTableType())
                        || "true".equalsIgnoreCase(parameters.get(EXTERNAL_TABLE_PURGE)));
        TableContext context;
        try {
            context = context(table);
        } catch (MetaException e) {
            if (purge) {
                throw new MetaException("the table was dropped from the metastore, but its data in the store was not "
                        + "deleted: " + e.getMessage());
            }
            LOG.warn(
                    "table {}: dropped without asking the store, whose settings are invalid: {}",
                    qualifiedName(table),
                    e.getMessage());
            return;
        }
        inStore(context, dropped -> connector.dropTable(dropped, purge));
    }

    private void preOverwrite(Table table) throws MetaException {
        String tableName = qualifiedName(table);
        if (OverwriteGuard.readByItsWriter(tableName)) {
            // the rows are deleted before the query runs: it would read an empty table and write nothing back
            throw metaException(new HandlerException(
                    HandlerErrorCode.UNSUPPORTED_OPERATION,
                    "INSERT OVERWRITE of table " + tableName + " also reads " + tableName + ": the handler deletes "
                            + "the table's rows before the query runs, so it would read nothing and every row would be "
                            + "lost. Nothing was deleted. Write the result into another table first (CREATE TABLE tmp "
                            + "AS SELECT ...), then INSERT OVERWRITE TABLE " + tableName + " SELECT * FROM tmp"));
        }
        truncate(table);
    }

    /**
     * Empties the table for INSERT OVERWRITE, then lets the connector prepare the insert when the query runs on Tez
     * (Hive on Tez commits a non-native table's insert after the DAG succeeded; MapReduce does not).
     */
    @Override
    public void preInsertTable(Table table, boolean overwrite) throws MetaException {
        if (overwrite) {
            preOverwrite(table);
        }
        insertQueryId = null;
        String queryId = currentTezQuery();
        if (queryId == null) {
            return;
        }
        inStore(table, context -> connector.beginInsert(context, queryId));
        insertQueryId = queryId;
    }

    /** The session's current query ({@code hive.query.id}) when it runs on Tez, else null. */
    private String currentTezQuery() {
        String queryId = conf.get(TaskAttempts.QUERY_ID);
        return TaskAttempts.onTez(conf) && queryId != null && !queryId.isBlank() ? queryId.trim() : null;
    }

    /** The query whose insert this hook began, else (another hook began it) the session's query on Tez, else null. */
    private String insertQuery() {
        return insertQueryId != null ? insertQueryId : currentTezQuery();
    }

    /** Publishes what the query's tasks staged; the writers flushed and checked every row when their tasks closed. */
    @Override
    public void commitInsertTable(Table table, boolean overwrite) throws MetaException {
        endInsert(table, false, (context, queryId) -> {
            // a DELETE, UPDATE or MERGE: the first of its branches' commits applies what every branch staged
            StagedStatements.apply(connector, context, conf, queryId);
            connector.commitInsert(context, queryId);
        });
    }

    /** Called by Hive when commitInsertTable failed: discards what is still staged. */
    @Override
    public void rollbackInsertTable(Table table, boolean overwrite) throws MetaException {
        endInsert(table, true, (context, queryId) -> {
            StagedStatements.discard(context, conf, queryId);
            connector.rollbackInsert(context, queryId);
        });
    }

    /**
     * Ends the insert of {@link #insertQuery()}, if any, with {@code step}; the hook forgets the query before the step
     * when {@code forgetFirst} (a rollback is not repeated), else once the step succeeded.
     */
    private void endInsert(Table table, boolean forgetFirst, InsertStep step) throws MetaException {
        String queryId = insertQuery();
        if (queryId == null) {
            return;
        }
        if (forgetFirst) {
            insertQueryId = null;
        }
        inStore(table, context -> step.run(context, queryId));
        insertQueryId = null;
    }

    /** The commit or the rollback of a query's insert (and of its staged DELETE, UPDATE or MERGE). */
    @FunctionalInterface
    private interface InsertStep {
        void run(TableContext context, String queryId) throws IOException;
    }

    @Override
    @HookSince("4.0")
    public void preTruncateTable(Table table, EnvironmentContext context, List<String> partNames) throws MetaException {
        truncate(table);
    }

    private void truncate(Table table) throws MetaException {
        inStore(table, connector::truncate);
    }

    /** A call to the store, whose failure Hive reports as a MetaException. */
    @FunctionalInterface
    private interface StoreCall {
        void run(TableContext context) throws IOException;
    }

    private void inStore(Table table, StoreCall call) throws MetaException {
        inStore(context(table), call);
    }

    private static void inStore(TableContext context, StoreCall call) throws MetaException {
        try {
            call.run(context);
        } catch (IOException | HandlerException e) {
            throw metaException(e);
        }
    }

    private TableContext context(Table table) throws MetaException {
        try {
            // no columns (yet), or placeholders: the SerDe, i.e. the mapping file, supplies them
            List<HiveColumn> columns = new ArrayList<>();
            List<FieldSchema> fields =
                    table.getSd() == null ? null : table.getSd().getCols();
            if (fields != null && fields.stream().noneMatch(f -> TYPE_FROM_DESERIALIZER.equals(f.getType()))) {
                for (FieldSchema field : fields) {
                    columns.add(HiveColumn.of(field.getName(), field.getType()));
                }
            }
            return TableContexts.create(connector, qualifiedName(table), properties(table), columns, conf);
        } catch (HandlerException e) {
            throw metaException(e);
        } catch (IllegalArgumentException e) {
            throw metaException(new HandlerException(
                    e instanceof UnsupportedTypeException
                            ? HandlerErrorCode.UNSUPPORTED_TYPE
                            : HandlerErrorCode.INVALID_MAPPING,
                    "table " + qualifiedName(table) + ": " + e.getMessage()));
        }
    }

    /** Managed tables, and external ones whose data Hive owns (purge), get their collection created. */
    private static boolean isManaged(Table table) {
        Map<String, String> parameters = table.getParameters() == null ? Map.of() : table.getParameters();
        return TableType.MANAGED_TABLE.name().equals(table.getTableType())
                || "true".equalsIgnoreCase(parameters.get(EXTERNAL_TABLE_PURGE))
                || "true".equalsIgnoreCase(parameters.get(HiveMetaHook.TRANSLATED_TO_EXTERNAL));
    }

    /** TBLPROPERTIES and SERDEPROPERTIES together (a key in both: TBLPROPERTIES wins, as in Hive's table schema). */
    static Map<String, String> properties(Table table) {
        Map<String, String> properties = new LinkedHashMap<>();
        if (table.getSd() != null
                && table.getSd().getSerdeInfo() != null
                && table.getSd().getSerdeInfo().getParameters() != null) {
            properties.putAll(table.getSd().getSerdeInfo().getParameters());
        }
        if (table.getParameters() != null) {
            properties.putAll(table.getParameters());
        }
        return properties;
    }

    static String qualifiedName(Table table) {
        String db = table.getDbName() == null ? "default" : table.getDbName();
        return (db + "." + table.getTableName()).toLowerCase(Locale.ROOT);
    }

    private static MetaException metaException(Exception e) {
        MetaException meta = new MetaException(e.getMessage());
        meta.initCause(e);
        return meta;
    }
}
