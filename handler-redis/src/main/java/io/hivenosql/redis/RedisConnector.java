package io.hivenosql.redis;

import io.hivenosql.api.auth.StoreUri;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.Filter;
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
 * Redis tables: each row is one key, {@code redis.key.prefix} followed by the canonical text of the key column
 * (UTF-8, byte for byte), or of several key columns joined by {@code redis.key.separator} with the parts escaped (see
 * {@link RedisKeyCodec}); key columns are not stored again.
 *
 * <ul>
 *   <li>{@code redis.value.type=hash} (default): a row is a hash, one field per stored column (the field name is the
 *       column's mapped path, the value its canonical text from {@link io.hivenosql.api.types.TextValueCodec}, complex
 *       types as JSON). NULL is an absent field. A row whose stored columns are all NULL is still a row: it is stored
 *       as a hash with the single empty-named field {@code ""} (an empty hash cannot exist in Redis); reads ignore
 *       that field.
 *   <li>{@code redis.value.type=string}: a row is a string holding a JSON object of the non-NULL stored columns,
 *       written and read by the JSON SerDe's codec ({@link io.hivenosql.json.JsonRowEncoder},
 *       {@link io.hivenosql.json.JsonRowDecoder}): a path {@code a.b} is field {@code b} of the nested object
 *       {@code a}; reads match field names case-insensitively and skip unknown fields. Paths that overlap
 *       ({@code a} and {@code a.b}) can be read but not written.
 *   <li>{@code redis.ttl.column}: an int/bigint column written with EXPIRE (SET EX) and read as the remaining TTL,
 *       NULL when the key has no expiry.
 * </ul>
 *
 * <p>A key whose suffix does not decode to the key types (or, with several key columns, does not split into one part
 * per key column), or a field that does not decode to its column type, is a bad record handled by
 * {@code nosql.bad-record.policy}.
 *
 * <ul>
 *   <li>Reads ({@link RedisReads}): {@code key = v}, {@code key IN (...)} and AND/OR of those, fixing every key column,
 *       pushed down as direct lookups ({@link RedisKeyFilter}); otherwise splits of the key space
 *       ({@link RedisSplitPlanner}); pipelined reads ({@link RedisRecordReader}) and statistics from a sample of the
 *       keys.
 *   <li>Writes ({@link RedisWrites}): writes of one key per row in pipelines ({@link RedisRecordWriter}).
 *   <li>Schema ({@link RedisSchemaChanges}): truncating (INSERT OVERWRITE, purge) deletes the table's keys: SCAN MATCH
 *       {@code <prefix>*} of the table's type, UNLINK in batches. It is refused for an empty prefix, which would mean
 *       the whole database.
 * </ul>
 *
 * <p>No server is contacted in {@link #bind}; every other call connects through {@link RedisClients}.
 */
public final class RedisConnector extends DeclaredTableModel implements NoSqlConnector {
    public RedisConnector() {
        super("redis", List.of(RedisTableProperties.values()), RedisTableProperties.COLUMNS_MAPPING);
    }

    @Override
    public TableHandle bind(TableConfig config, TableMapping mapping) {
        return RedisTable.resolve(config.tableName(), config, mapping);
    }

    /** Hash tables: the spellings the hashes use for the stored columns' field names ({@link RedisSpellings}). */
    @Override
    public TableContext withStoredSpellings(TableContext table) throws IOException {
        return RedisSpellings.resolve(table);
    }

    /** Key lookups sample the looked-up hashes only (no SCAN). */
    @Override
    public TableContext withStoredSpellings(TableContext table, Optional<Filter> pushed) throws IOException {
        return RedisSpellings.resolve(table, pushed);
    }

    /** A sample of the table's keys under the prefix ({@link RedisSchemaInference}). */
    @Override
    public InferredSchema inferSchema(
            String tableName, TableConfig config, SecretResolver secrets, TableFiles files, SampleBudget budget)
            throws IOException {
        return RedisSchemaInference.infer(tableName, config, secrets, files, budget);
    }

    @Override
    public Optional<TlsProperties> tlsProperties() {
        return Optional.of(RedisTableProperties.TLS);
    }

    @Override
    public Optional<SecretUse> secretUse(TableConfig config) {
        return SecretUse.of(config, RedisTableProperties.PASSWORD_ALIAS, RedisTableProperties.NODES);
    }

    /** {@code redis://<nodes>/<database>/<key prefix>}, e.g. {@code redis://redis-1:6379/0/app:}. */
    @Override
    public Optional<URI> authorizationUri(TableConfig config) {
        return Optional.of(StoreUri.of(
                "redis",
                config.get(RedisTableProperties.NODES),
                List.of(
                        String.valueOf(config.<Integer>get(RedisTableProperties.DATABASE)),
                        config.<String>get(RedisTableProperties.KEY_PREFIX))));
    }

    @Override
    public FilterCapabilities filterCapabilities(TableContext table) {
        return RedisReads.filterCapabilities(table);
    }

    @Override
    public List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) throws IOException {
        return RedisReads.planSplits(request, desiredSplits);
    }

    @Override
    public RecordSource openReader(ReadRequest request, SplitSpec split) throws IOException {
        return RedisReads.openReader(request, split);
    }

    @Override
    public OptionalLong countRecords(ReadRequest request, SplitSpec split) throws IOException {
        return RedisReads.countRecords(request, split);
    }

    @Override
    public RecordSink openWriter(TableContext table) throws IOException {
        return RedisWrites.openWriter(table);
    }

    @Override
    public Optional<String> rowChangesRefused(TableContext table) {
        return Optional.empty();
    }

    @Override
    public RecordSink openDeleter(TableContext table) throws IOException {
        return RedisWrites.openDeleter(table);
    }

    @Override
    public RecordSink openUpserter(TableContext table) throws IOException {
        return RedisWrites.openUpserter(table);
    }

    @Override
    public void truncate(TableContext table) throws IOException {
        RedisSchemaChanges.truncate(table);
    }

    @Override
    public void dropTable(TableContext table, boolean purge) throws IOException {
        RedisSchemaChanges.drop(table, purge);
    }

    @Override
    public Optional<TableStatistics> statistics(TableContext table) throws IOException {
        return RedisReads.statistics(table);
    }

    /** Half the estimated rows for one key column, the key list cap for several ({@link RedisKeyedReadLimit}). */
    @Override
    public OptionalLong keyedReadLimit(TableContext table) throws IOException {
        return RedisReads.keyedReadLimit(table);
    }

    /**
     * Redis has no catalog: {@code bin/hive-nosql map} is given the key prefixes, and each scope is the one table of its
     * {@code redis.key.prefix}.
     */
    @Override
    public List<StoreObject> listObjects(TableConfig scope, SecretResolver secrets) {
        return List.of(new StoreObject(scope.get(RedisTableProperties.KEY_PREFIX), scope.rawProperties()));
    }
}
