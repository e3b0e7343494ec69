package io.hivenosql.mongo;

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
import io.hivenosql.api.tls.TlsSettings;
import io.hivenosql.mongo.bson.BsonRowDecoder;
import io.hivenosql.mongo.bson.BsonRowEncoder;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * MongoDB collections: each Hive column is a field at a dotted path of the collection's documents (see
 * {@link MongoTable}); values convert between BSON and Hive types as {@link BsonRowDecoder} and {@link BsonRowEncoder}
 * describe, nested documents as struct or map, arrays as array.
 *
 * <ul>
 *   <li>Reads ({@link MongoReads}): shard-chunk splits for sharded collections, {@code $sample}-drawn {@code _id}
 *       ranges for large ones, one split for small ones ({@link MongoSplitPlanner}); cursors that fetch only the
 *       projected fields, nested sub-fields included ({@link MongoRecordReader}).
 *   <li>Pushdown ({@link MongoPredicateTranslator}): comparisons, IN, BETWEEN, IS NULL, AND, OR and NOT as BSON filter
 *       documents with Hive's semantics (never query text), ANDed with {@code mongo.input.query}.
 *   <li>Writes ({@link MongoWrites}): unordered bulk writes in batches ({@link MongoRecordWriter}), as inserts,
 *       upserts or replacements by {@code _id}; staged per task attempt and published at commit with
 *       {@code mongo.write.staging} ({@link MongoStagedInsert}).
 *   <li>DELETE, UPDATE and MERGE ({@link MongoRowChanges}): applied when the statement commits, by the stored {@code _id}s
 *       of the documents whose {@code _id} reads as each key ({@link MongoRowChangeWriter}).
 *   <li>Schema changes ({@link MongoSchemaChanges}): collections created with their indexes for tables Hive owns, checked for external
 *       tables, emptied by INSERT OVERWRITE and TRUNCATE, dropped with the table when Hive owns the data.
 * </ul>
 *
 * <p>No server is contacted in {@link #bind}; every other call leases a shared client ({@link MongoClients}).
 */
public final class MongoConnector extends DeclaredTableModel implements NoSqlConnector {
    public MongoConnector() {
        super("mongo", List.of(MongoTableProperties.values()), MongoTableProperties.COLUMNS_MAPPING);
    }

    @Override
    public TableHandle bind(TableConfig config, TableMapping mapping) {
        return MongoTable.bind(config.tableName(), config, mapping);
    }

    /** The spellings the collection's first documents use for the mapped paths ({@link MongoSpellings}). */
    @Override
    public TableContext withStoredSpellings(TableContext table) {
        return MongoSpellings.resolve(table);
    }

    /**
     * The columns of a sample of the collection's documents ({@link MongoSchemaInference}): {@code $sample} where the
     * server runs it, else the first documents in {@code _id} order; {@code _id} first.
     */
    @Override
    public InferredSchema inferSchema(
            String tableName, TableConfig config, SecretResolver secrets, TableFiles files, SampleBudget budget) {
        return MongoSchemaInference.infer(tableName, config, secrets, files, budget);
    }

    @Override
    public Optional<TlsProperties> tlsProperties() {
        return Optional.of(MongoTableProperties.TLS);
    }

    /** TLS is on with {@code mongo.ssl} or with {@code tls=true} (or {@code ssl=true}) in {@code mongo.uri}. */
    @Override
    public Optional<TlsSettings> tlsSettings(TableConfig config) {
        MongoUri uri = MongoUri.parse(config.tableName(), config.get(MongoTableProperties.URI));
        return TlsSettings.of(config, MongoTableProperties.TLS, MongoTable.ssl(config, uri));
    }

    @Override
    public Optional<SecretUse> secretUse(TableConfig config) {
        return config.<String>getOptional(MongoTableProperties.PASSWORD_ALIAS)
                .map(alias -> MongoUri.parse(config.tableName(), config.get(MongoTableProperties.URI))
                        .secretUse(alias));
    }

    /**
     * {@code mongodb://<hosts>/<database>/<collection>} (a host without a port gets 27017), or for a
     * {@code mongodb+srv://} URI {@code mongodb+srv://<SRV name>/<database>/<collection>}.
     */
    @Override
    public Optional<URI> authorizationUri(TableConfig config) {
        MongoUri uri = MongoUri.parse(config.tableName(), config.get(MongoTableProperties.URI));
        List<String> segments = List.of(
                MongoTable.databaseOf(config.tableName(), config, uri),
                MongoTable.collectionOf(config.tableName(), config, uri));
        if (uri.connectionString().isSrvProtocol()) {
            return Optional.of(
                    StoreUri.ofAuthorities("mongodb+srv", uri.connectionString().getHosts(), segments));
        }
        return Optional.of(StoreUri.of("mongodb", uri.hosts(), segments));
    }

    @Override
    public FilterCapabilities filterCapabilities(TableContext table) {
        return MongoReads.filterCapabilities(table);
    }

    @Override
    public List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) throws IOException {
        return MongoReads.planSplits(request, desiredSplits);
    }

    @Override
    public RecordSource openReader(ReadRequest request, SplitSpec split) throws IOException {
        return MongoReads.openReader(request, split);
    }

    @Override
    public OptionalLong countRecords(ReadRequest request, SplitSpec split) throws IOException {
        return MongoReads.countRecords(request, split);
    }

    @Override
    public RecordSink openWriter(TableContext table) throws IOException {
        return MongoWrites.openWriter(table);
    }

    /**
     * Empty when a column is mapped to the whole {@code _id}, of a type by which documents are found exactly, and the
     * columns' paths do not overlap ({@link MongoRowChanges#refused}).
     */
    @Override
    public Optional<String> rowChangesRefused(TableContext table) {
        return MongoRowChanges.refused(MongoTable.of(table));
    }

    /**
     * Deletes the documents whose {@code _id} reads as each key, found first and deleted by their stored {@code _id}s
     * ({@link MongoRowChangeWriter}).
     */
    @Override
    public RecordSink openDeleter(TableContext table) throws IOException {
        return MongoWrites.openDeleter(table);
    }

    /**
     * Makes the document of each row's key hold exactly the row's values in the mapped fields, whatever
     * {@code mongo.write.mode} says: the columns that changed are set, a NULL one removed (set to null with
     * {@code mongo.write.nulls=true}); a missing document is inserted ({@link MongoRowChangeWriter}).
     */
    @Override
    public RecordSink openUpserter(TableContext table) throws IOException {
        return MongoWrites.openUpserter(table);
    }

    @Override
    public boolean createTable(TableContext table, boolean managed) throws IOException {
        return MongoSchemaChanges.create(table, managed, warning -> {});
    }

    @Override
    public boolean createTable(TableContext table, boolean managed, Consumer<String> warnings) throws IOException {
        return MongoSchemaChanges.create(table, managed, warnings);
    }

    @Override
    public void beginInsert(TableContext table, String queryId) throws IOException {
        MongoWrites.beginInsert(table, queryId);
    }

    @Override
    public void commitInsert(TableContext table, String queryId) throws IOException {
        MongoWrites.commitInsert(table, queryId);
    }

    @Override
    public void rollbackInsert(TableContext table, String queryId) throws IOException {
        MongoWrites.rollbackInsert(table, queryId);
    }

    @Override
    public void truncate(TableContext table) throws IOException {
        MongoSchemaChanges.truncate(table);
    }

    @Override
    public void dropTable(TableContext table, boolean purge) throws IOException {
        MongoSchemaChanges.drop(table, purge);
    }

    @Override
    public Optional<TableStatistics> statistics(TableContext table) throws IOException {
        return MongoReads.statistics(table);
    }

    /** Half the collection's documents, at most {@value MongoKeyedReadLimit#MAX_KEYS} keys ({@link MongoKeyedReadLimit}). */
    @Override
    public OptionalLong keyedReadLimit(TableContext table) throws IOException {
        return MongoKeyedReadLimit.limit(estimatedDocuments(table));
    }

    /**
     * For the column mapped to {@code _id}, a quarter of the collection's documents, at most 100,000 keys ({@link
     * MongoKeyedReadLimit#idLimit}); for an indexed field, {@link #keyedReadLimit(TableContext)}.
     */
    @Override
    public OptionalLong keyedReadLimit(TableContext table, String column) throws IOException {
        MongoTable mongo = MongoTable.of(table);
        int index = mongo.mapping().indexOf(column);
        if (index < 0 || index != mongo.layout().idColumn()) {
            return keyedReadLimit(table);
        }
        return MongoKeyedReadLimit.idLimit(estimatedDocuments(table));
    }

    /** The collection's estimated documents, -1 when unknown. */
    private long estimatedDocuments(TableContext table) throws IOException {
        return statistics(table).map(TableStatistics::rowCount).orElse(-1L);
    }

    /** The collections of the database, for {@code bin/hive-nosql map} ({@link MongoCatalog}). */
    @Override
    public List<StoreObject> listObjects(TableConfig scope, SecretResolver secrets) {
        return MongoCatalog.list(scope, secrets);
    }
}
