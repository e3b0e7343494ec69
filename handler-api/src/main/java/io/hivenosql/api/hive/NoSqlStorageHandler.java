package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.hive.line.HookSince;
import io.hivenosql.api.hive.line.hive4.AlteredTables;
import io.hivenosql.api.predicate.HivePredicateDecomposer;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableStatistics;
import io.hivenosql.api.table.PlannedSpellings;
import io.hivenosql.api.table.TableContexts;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.common.StatsSetupConst;
import org.apache.hadoop.hive.metastore.HiveMetaHook;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.ql.Context;
import org.apache.hadoop.hive.ql.ddl.table.AbstractAlterTableDesc;
import org.apache.hadoop.hive.ql.metadata.DefaultStorageHandler;
import org.apache.hadoop.hive.ql.metadata.HiveStoragePredicateHandler;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.apache.hadoop.hive.ql.stats.Partish;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.hive.serde2.Deserializer;
import org.apache.hadoop.mapred.InputFormat;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.OutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage handler of every hive-nosql table: wires a connector into Hive (formats, SerDe, metastore hook),
 * configures jobs, decomposes predicates and reports statistics. A store module subclasses it with a public no-arg
 * constructor, e.g. {@code super(new RedisConnector(), RedisInputFormat.class, RedisRowInputFormat.class,
 * RedisOutputFormat.class, RedisSerDe.class)}; that subclass is the class users name in {@code STORED BY}.
 */
public class NoSqlStorageHandler extends DefaultStorageHandler implements HiveStoragePredicateHandler {
    private static final Logger LOG = LoggerFactory.getLogger(NoSqlStorageHandler.class);

    private final NoSqlConnector connector;
    private final Class<? extends NoSqlVectorizedInputFormat> inputFormat;
    private final Class<? extends NoSqlInputFormat> rowInputFormat;
    private final Class<? extends NoSqlOutputFormat> outputFormat;
    private final Class<? extends NoSqlSerDe> serDe;
    /** Created on first use, see {@link #getMetaHook}. */
    private NoSqlMetaHook metaHook;

    /**
     * @param inputFormat the table's input format, which fills Hive's column batches itself in vectorized tasks
     * @param rowInputFormat the input format of the table's rows only, for tables whose {@code nosql.read.vectorized}
     *     is false
     */
    protected NoSqlStorageHandler(
            NoSqlConnector connector,
            Class<? extends NoSqlVectorizedInputFormat> inputFormat,
            Class<? extends NoSqlInputFormat> rowInputFormat,
            Class<? extends NoSqlOutputFormat> outputFormat,
            Class<? extends NoSqlSerDe> serDe) {
        this.connector = requireNonNull(connector, "connector is null");
        this.inputFormat = requireNonNull(inputFormat, "inputFormat is null");
        this.rowInputFormat = requireNonNull(rowInputFormat, "rowInputFormat is null");
        this.outputFormat = requireNonNull(outputFormat, "outputFormat is null");
        this.serDe = requireNonNull(serDe, "serDe is null");
    }

    public NoSqlConnector connector() {
        return connector;
    }

    @Override
    @SuppressWarnings("rawtypes") // Hive's signature
    public Class<? extends InputFormat> getInputFormatClass() {
        return inputFormat;
    }

    @Override
    @SuppressWarnings("rawtypes") // Hive's signature
    public Class<? extends OutputFormat> getOutputFormatClass() {
        return outputFormat;
    }

    @Override
    public Class<? extends AbstractSerDe> getSerDeClass() {
        return serDe;
    }

    @Override
    public HiveMetaHook getMetaHook() {
        // one hook per handler: Hive caches the handler in the query plan's table object and asks it for the hook at
        // preInsertTable and again at commitInsertTable, which must see what the first call began
        if (metaHook == null) {
            metaHook = new NoSqlMetaHook(connector, conf(), rowInputFormat);
        }
        return metaHook;
    }

    @Override
    public void configureInputJobProperties(TableDesc tableDesc, Map<String, String> jobProperties) {
        TableContext table = configureJobProperties(tableDesc, jobProperties);
        OverwriteGuard.inputConfigured(table.tableName());
    }

    @Override
    public void configureOutputJobProperties(TableDesc tableDesc, Map<String, String> jobProperties) {
        TableContext table = configureJobProperties(tableDesc, jobProperties);
        OverwriteGuard.outputConfigured(table.tableName());
        jobProperties.putAll(RowLevelDml.outputJobProperties(table, conf()));
    }

    @Override
    public void configureTableJobProperties(TableDesc tableDesc, Map<String, String> jobProperties) {
        configureJobProperties(tableDesc, jobProperties);
    }

    /**
     * Only the table's {@code <store>.*} / {@code nosql.*} keys, the resolved mapping (with the field spellings the
     * store uses, sampled once per query: {@link PlannedSpellings}) and the table name go to the job; secrets are
     * never table properties (the metastore hook refuses them), only aliases.
     */
    private TableContext configureJobProperties(TableDesc tableDesc, Map<String, String> jobProperties) {
        TableContext table = TableContexts.fromTableProperties(connector, tableDesc.getProperties(), conf());
        // at query compile time, in HiveServer2: the session may use the secret, and only with bound hosts
        TableContexts.checkSecret(connector, table);
        TableContext planned = PlannedSpellings.shared().resolve(connector, table, conf());
        jobProperties.putAll(TableContexts.jobProperties(connector, planned, RowLevelDml.overrides(planned, conf())));
        return planned;
    }

    /**
     * ALTER TABLE ... SET / UNSET TBLPROPERTIES or SERDEPROPERTIES: checks the table as it would be after the change,
     * as CREATE does, before Hive validates it. Hive's own validation opens the SerDe and, when that fails, reports only
     * "at least one column must be specified"; this reports what is wrong (and never echoes a secret).
     */
    @Override
    @HookSince("4.0")
    public void prepareAlterTableEnvironmentContext(
            AbstractAlterTableDesc alterTableDesc, EnvironmentContext environmentContext) {
        AlteredTables.check(this, connector, conf(), alterTableDesc);
    }

    @Override
    public DecomposedPredicate decomposePredicate(JobConf jobConf, Deserializer deserializer, ExprNodeDesc predicate) {
        if (!(deserializer instanceof NoSqlSerDe noSqlSerDe) || noSqlSerDe.tableContext() == null) {
            return null;
        }
        TableContext table = noSqlSerDe.tableContext();
        try {
            // the same sample as the job properties of this query: a column whose field the store spells in several
            // ways is not pushed
            Optional<Filter> hint =
                    HivePredicateDecomposer.pushable(predicate, table.mapping(), connector.filterCapabilities(table));
            table = PlannedSpellings.shared().resolve(connector, table, jobConf == null ? conf() : jobConf, hint);
            return HivePredicateDecomposer.decompose(
                    table.tableName(), predicate, table.mapping(), connector.filterCapabilities(table));
        } catch (RuntimeException e) {
            LOG.warn(
                    "table {}: predicate pushdown failed, Hive filters every row itself: {}",
                    table.tableName(),
                    e.toString());
            return null;
        }
    }

    /**
     * Runtime join-key pushdown (Tez): true when the join predicate is on a column the store reads by key
     * ({@link RuntimeKeyEdge}); Hive then plans a dynamic pruning event that hands the join keys to {@code getSplits}.
     */
    @Override
    @HookSince("4.0")
    public boolean addDynamicSplitPruningEdge(
            org.apache.hadoop.hive.ql.metadata.Table table, ExprNodeDesc syntheticFilterPredicate) {
        try {
            TableContext context = TableContexts.fromTableProperties(connector, table.getMetadata(), conf());
            return RuntimeKeyEdge.accepts(connector, context, syntheticFilterPredicate);
        } catch (RuntimeException e) {
            LOG.warn(
                    "table {}: no runtime join-key pushdown, Hive scans the table for the join: {}",
                    table.getFullyQualifiedName(),
                    e.toString());
            return false;
        }
    }

    @Override
    @HookSince("4.0")
    public boolean canProvideBasicStatistics() {
        return true;
    }

    /** Row count and size where the connector can tell; nothing (Hive estimates) otherwise. */
    @Override
    @HookSince("4.0")
    public Map<String, String> getBasicStatistics(Partish partish) {
        Map<String, String> stats = new HashMap<>();
        String tableName = partish.getTable().getFullyQualifiedName();
        try {
            TableContext table = TableContexts.fromTableProperties(
                    connector, partish.getTable().getMetadata(), conf());
            Optional<TableStatistics> statistics = connector.statistics(table);
            statistics.ifPresent(s -> {
                if (s.rowCount() >= 0) {
                    stats.put(StatsSetupConst.ROW_COUNT, Long.toString(s.rowCount()));
                }
                if (s.totalBytes() >= 0) {
                    stats.put(StatsSetupConst.TOTAL_SIZE, Long.toString(s.totalBytes()));
                    stats.put(StatsSetupConst.RAW_DATA_SIZE, Long.toString(s.totalBytes()));
                }
            });
        } catch (IOException | RuntimeException e) {
            LOG.warn("table {}: no statistics from the store, the optimizer estimates: {}", tableName, e.toString());
        }
        return stats;
    }

    /**
     * ANALYZE TABLE ... COMPUTE STATISTICS (and the statistics task after an INSERT): the store's current row count
     * and size, as {@link #getBasicStatistics}; Hive 4.1 and later call it for a handler that {@linkplain
     * #canProvideBasicStatistics() provides statistics} and dereference the map, so it is never null.
     */
    @HookSince("4.1")
    public Map<String, String> computeBasicStatistics(Partish partish) {
        return getBasicStatistics(partish);
    }

    /**
     * DELETE, UPDATE and MERGE without Hive transactions: each statement stages its changes in its tasks and applies
     * their net effect when it commits ({@link RowLevelDml}); no transaction manager is needed.
     */
    @Override
    @HookSince("4.0")
    public AcidSupportType supportsAcidOperations() {
        return AcidSupportType.WITHOUT_TRANSACTIONS;
    }

    /**
     * The table's key columns, which identify the rows a DELETE, UPDATE or MERGE changes ({@link RowLevelDml}); none
     * for {@code MERGE}, whose rewrite selects them beside every column of the table (where a second {@code id} would
     * make the table's {@code id} ambiguous) and takes its deleted keys with {@code DELETE}'s columns.
     */
    @Override
    @HookSince("4.0")
    public List<FieldSchema> acidSelectColumns(
            org.apache.hadoop.hive.ql.metadata.Table table, Context.Operation operation) {
        // asked for MERGE too: it refuses a table that cannot change row by row and marks the statement's table
        List<FieldSchema> keys = keyColumns(table);
        return operation == Context.Operation.MERGE ? List.of() : keys;
    }

    /** The key columns too: a MERGE's cardinality check (one source row per target row) sorts by them. */
    @Override
    @HookSince("4.0")
    public List<FieldSchema> acidSortColumns(
            org.apache.hadoop.hive.ql.metadata.Table table, Context.Operation operation) {
        return keyColumns(table);
    }

    private List<FieldSchema> keyColumns(org.apache.hadoop.hive.ql.metadata.Table table) {
        TableContext context = TableContexts.fromTableProperties(connector, table.getMetadata(), conf());
        return RowLevelDml.keyColumns(connector, context, conf());
    }

    @Override
    @HookSince("4.0")
    public boolean supportsTruncateOnNonNativeTables() {
        return true;
    }

    /**
     * What Hive's authorizer (Ranger, in most secure clusters) is asked about when the table is created (also by CTAS)
     * or its properties are altered, with {@code hive.security.authorization.tables.on.storagehandlers} (the default):
     * the store object the table reaches, as the connector names it ({@link NoSqlConnector#authorizationUri}, e.g.
     * {@code redis://redis-1:6379/0/app:}), never a property's value beyond addresses and object names. Hive 3 has no
     * such check.
     *
     * <p>Properties that do not name a store object (a malformed host list) give {@code hive-nosql://<store>/<db.table>}
     * instead: the statement then fails where such properties always fail, with the message that names the property,
     * and no table is created or changed.
     */
    @Override
    @HookSince("4.0")
    public URI getURIForAuth(org.apache.hadoop.hive.metastore.api.Table table) throws URISyntaxException {
        String name = NoSqlMetaHook.qualifiedName(table);
        Optional<URI> uri;
        try {
            uri = connector.authorizationUri(TableContexts.validate(connector, name, NoSqlMetaHook.properties(table)));
        } catch (HandlerException | IllegalArgumentException e) {
            // a property the connector refuses (HandlerException) or cannot parse; anything else is a bug to report
            LOG.debug("table {}: its properties name no store object ({}); authorizing the table's name", name, e);
            uri = Optional.empty();
        }
        return uri.isPresent()
                ? uri.get()
                : new URI("hive-nosql", connector.storeName().toLowerCase(Locale.ROOT), "/" + name, null);
    }

    private Configuration conf() {
        Configuration conf = getConf();
        return conf == null ? new Configuration() : conf;
    }
}
