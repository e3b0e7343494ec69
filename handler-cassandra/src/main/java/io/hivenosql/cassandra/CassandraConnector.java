package io.hivenosql.cassandra;

import io.hivenosql.api.auth.StoreUri;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampleBudget;
import io.hivenosql.api.spi.DeclaredTableModel;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.SecretUse;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.StoreObject;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.spi.TableHandle;
import io.hivenosql.api.spi.TableStatistics;
import io.hivenosql.api.tls.TlsProperties;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Cassandra tables: each Hive column is a CQL column of one table (see {@link CassandraTable}); values convert between
 * CQL and Hive types as {@link CqlTypes} describes, collections, tuples and UDTs as Hive array, map and struct.
 *
 * <ul>
 *   <li>Reads ({@link CassandraReads}): token-range splits from the driver's token map, sized with
 *       {@code system.size_estimates} ({@link CassandraSplitPlanner}); partition splits instead when the partition key
 *       is pushed; paged, prefetching reads of only the projected columns ({@link CassandraRecordReader}).
 *   <li>Pushdown ({@link CassandraPredicateTranslator}): what CQL applies with Hive's semantics, always as bound values.
 *   <li>Writes ({@link CassandraWrites}, {@link CassandraRecordWriter}): prepared inserts, unlogged batches per partition, bounded concurrency,
 *       NULL as unset unless {@code cassandra.write.nulls}.
 *   <li>DELETE, UPDATE and MERGE ({@link CassandraRowChanges}): rows deleted by their whole primary key, upserted with
 *       NULLs written as NULL, when the statement commits.
 *   <li>Schema ({@link CassandraSchemaChanges}): creates keyspace and table for tables Hive owns, checks existing tables
 *       against the Hive columns ({@link CassandraSchema}), truncates and drops; a table without columns takes those
 *       of the live CQL table ({@link CassandraInference}).
 * </ul>
 *
 * <p>No server is contacted in {@link #bind}; every other call leases a shared driver session
 * ({@link CassandraClients}).
 */
public final class CassandraConnector extends DeclaredTableModel implements NoSqlConnector {
    public CassandraConnector() {
        super("cassandra", List.of(CassandraTableProperties.values()), CassandraTableProperties.COLUMNS_MAPPING);
    }

    @Override
    public TableHandle bind(TableConfig config, TableMapping mapping) {
        return CassandraTable.bind(config.tableName(), config, mapping);
    }

    @Override
    public Optional<SecretUse> secretUse(TableConfig config) {
        return SecretUse.of(config, CassandraTableProperties.PASSWORD_ALIAS, CassandraTableProperties.HOSTS);
    }

    /** {@code cassandra://<hosts>/<keyspace>/<table>}, the CQL names as stored (case-sensitive ones as written). */
    @Override
    public Optional<URI> authorizationUri(TableConfig config) {
        return Optional.of(StoreUri.of(
                "cassandra",
                config.get(CassandraTableProperties.HOSTS),
                List.of(
                        CassandraTable.keyspaceOf(config.tableName(), config).asInternal(),
                        CassandraTable.tableOf(config.tableName(), config).asInternal())));
    }

    @Override
    public FilterCapabilities filterCapabilities(TableContext table) {
        return CassandraReads.filterCapabilities(table);
    }

    @Override
    public List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) throws IOException {
        return CassandraReads.planSplits(request, desiredSplits);
    }

    @Override
    public RecordSource openReader(ReadRequest request, SplitSpec split) throws IOException {
        return CassandraReads.openReader(request, split);
    }

    @Override
    public OptionalLong countRecords(ReadRequest request, SplitSpec split) throws IOException {
        return CassandraReads.countRecords(request, split);
    }

    @Override
    public RecordSink openWriter(TableContext table) throws IOException {
        return CassandraWrites.openWriter(table);
    }

    /**
     * Why DELETE, UPDATE and MERGE cannot change the table, from the live CQL schema ({@link CassandraRowChanges}):
     * key columns that are not the whole primary key, a counter table, a mapped static column.
     */
    @Override
    public Optional<String> rowChangesRefused(TableContext table) {
        return CassandraRowChanges.refused(table);
    }

    /** {@code DELETE FROM ks.t WHERE <whole primary key>} of each key ({@link CqlDelete}). */
    @Override
    public RecordSink openDeleter(TableContext table) {
        return CassandraRowChanges.openDeleter(table);
    }

    /** The table's INSERT, writing NULL columns as NULL ({@link CqlInsert#prepareUpsert}). */
    @Override
    public RecordSink openUpserter(TableContext table) {
        return CassandraRowChanges.openUpserter(table);
    }

    @Override
    public boolean createTable(TableContext table, boolean managed) throws IOException {
        return CassandraSchemaChanges.create(table, managed);
    }

    @Override
    public void truncate(TableContext table) throws IOException {
        CassandraSchemaChanges.truncate(table);
    }

    @Override
    public void dropTable(TableContext table, boolean purge) throws IOException {
        CassandraSchemaChanges.drop(table, purge);
    }

    @Override
    public Optional<TableStatistics> statistics(TableContext table) throws IOException {
        return CassandraReads.statistics(table);
    }

    /**
     * The most runtime join keys read by key (one partition read each) rather than scanning, from the partitions and
     * their mean size in {@code system.size_estimates} ({@link CassandraKeyedReadLimit}); empty without estimates.
     */
    @Override
    public OptionalLong keyedReadLimit(TableContext table) throws IOException {
        return CassandraReads.keyedReadLimit(table);
    }

    /**
     * The columns of the live CQL table ({@link CassandraInference}): its schema metadata, not a sample of rows, so
     * {@code budget} does not apply.
     */
    @Override
    public InferredSchema inferSchema(
            String tableName, TableConfig config, SecretResolver secrets, TableFiles files, SampleBudget budget) {
        return CassandraInference.infer(tableName, config, secrets, files);
    }

    @Override
    public Optional<TlsProperties> tlsProperties() {
        return Optional.of(CassandraTableProperties.TLS);
    }

    /** The CQL tables of {@code cassandra.keyspace}, for {@code bin/hive-nosql map} ({@link CassandraCatalog}). */
    @Override
    public List<StoreObject> listObjects(TableConfig scope, SecretResolver secrets) {
        return CassandraCatalog.list(scope, secrets);
    }
}
