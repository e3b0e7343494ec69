package io.hivenosql.redis;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SecretUse;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableHandle;
import io.hivenosql.api.spi.TableStatistics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.util.SafeEncoder;

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
 * <p>Reads split the key space (see {@link RedisSplitPlanner}); {@code key = v}, {@code key IN (...)} and AND/OR of
 * those, fixing every key column, are pushed down as direct lookups ({@link RedisKeyFilter}). A key whose suffix does
 * not decode to the key types (or, with several key columns, does not split into one part per key column), or a field
 * that does not decode to its column type, is a bad record handled by {@code nosql.bad-record.policy}.
 *
 * <p>Truncating (INSERT OVERWRITE, purge) deletes the table's keys: SCAN MATCH {@code <prefix>*} of the table's type,
 * UNLINK in batches. It is refused for an empty prefix, which would mean the whole database.
 */
public final class RedisConnector implements NoSqlConnector {
    private static final Logger log = LoggerFactory.getLogger(RedisConnector.class);

    @Override
    public String storeName() {
        return "redis";
    }

    @Override
    public List<? extends TableProperty> tableProperties() {
        return List.of(RedisTableProperties.values());
    }

    @Override
    public String columnsMappingProperty() {
        return RedisTableProperties.COLUMNS_MAPPING.key();
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

    @Override
    public Optional<SecretUse> secretUse(TableConfig config) {
        return config.<String>getOptional(RedisTableProperties.PASSWORD_ALIAS)
                .map(alias -> new SecretUse(
                        RedisTableProperties.PASSWORD_ALIAS.key(),
                        alias,
                        RedisTableProperties.NODES.key(),
                        config.get(RedisTableProperties.NODES)));
    }

    @Override
    public FilterCapabilities filterCapabilities(TableContext table) {
        return RedisKeyFilter.capabilities(RedisTable.of(table));
    }

    @Override
    public List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) throws IOException {
        return new RedisSplitPlanner(clients(request.table())).plan(request.filter(), desiredSplits);
    }

    @Override
    public RecordSource openReader(ReadRequest request, SplitSpec split) throws IOException {
        return new RedisRecordReader(clients(request.table()), request, RedisSplit.fromBytes(split.payload()));
    }

    @Override
    public RecordSink openWriter(TableContext table) throws IOException {
        return new RedisRecordWriter(clients(table));
    }

    @Override
    public void truncate(TableContext context) throws IOException {
        RedisClientFactory clients = clients(context);
        RedisTable table = clients.table();
        if (table.prefix().length == 0) {
            throw new HandlerException(
                    HandlerErrorCode.UNSUPPORTED_OPERATION,
                    "table " + table.name() + " has no " + RedisTableProperties.KEY_PREFIX.key() + ", so deleting its "
                            + "rows (INSERT OVERWRITE, TRUNCATE, DROP with purge) would delete every "
                            + table.valueType().redisType()
                            + " key of Redis database " + table.database() + "; set "
                            + RedisTableProperties.KEY_PREFIX.key()
                            + " to a prefix that only this table's keys have, or delete the keys yourself");
        }
        RedisTopology topology = clients.topology();
        long deleted = 0;
        for (HostAndPort node : nodes(topology)) {
            deleted += truncate(clients, node, topology.cluster());
        }
        log.info("table {}: truncate deleted {} keys with prefix '{}'", table.name(), deleted, table.prefixText());
    }

    private static long truncate(RedisClientFactory clients, HostAndPort node, boolean cluster) throws IOException {
        RedisTable table = clients.table();
        ScanParams params = new ScanParams()
                .match(RedisKeyPatterns.prefixPattern(table.prefix()))
                .count(table.scanCount());
        byte[] type = table.valueType().redisTypeBytes();
        long deleted = 0;
        try (Jedis jedis = clients.connect(node)) {
            byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
            do {
                ScanResult<byte[]> result = jedis.scan(cursor, params, type);
                cursor = result.getCursorAsBytes();
                List<byte[]> keys = result.getResult();
                if (keys.isEmpty()) {
                    continue;
                }
                if (cluster) {
                    // keys of different slots cannot share one UNLINK on a cluster node
                    List<Response<Long>> replies = new ArrayList<>(keys.size());
                    try (Pipeline pipeline = jedis.pipelined()) {
                        keys.forEach(key -> replies.add(pipeline.unlink(key)));
                        pipeline.sync();
                    }
                    // sync() does not throw for error replies (READONLY after a failover, MOVED, CLUSTERDOWN): a key
                    // left behind would survive INSERT OVERWRITE, so every reply is read and an error fails the task
                    replies.forEach(Response::get);
                } else {
                    jedis.unlink(keys.toArray(new byte[0][]));
                }
                deleted += keys.size();
            } while (!SafeEncoder.encode(cursor).equals("0"));
        } catch (JedisException e) {
            throw RedisErrors.readFailed(
                    table, node, "deleting the table's keys (SCAN + UNLINK, " + deleted + " deleted so far)", e);
        }
        return deleted;
    }

    @Override
    public Optional<TableStatistics> statistics(TableContext context) throws IOException {
        RedisClientFactory clients = clients(context);
        RedisTable table = clients.table();
        RedisTopology topology = clients.topology();
        long rows = 0;
        long bytes = 0;
        for (HostAndPort node : nodes(topology)) {
            try (Jedis jedis = clients.connect(node)) {
                RedisSampler.Sample sample = RedisSampler.sample(jedis, table, node);
                long nodeRows = sample.estimatedRows(table.prefix().length == 0);
                rows += nodeRows;
                bytes += nodeRows * sample.averageBytes();
            }
        }
        return Optional.of(new TableStatistics(rows, bytes));
    }

    private static List<HostAndPort> nodes(RedisTopology topology) {
        if (!topology.cluster()) {
            return List.of(topology.node());
        }
        List<HostAndPort> masters = new ArrayList<>();
        topology.masters().forEach(m -> masters.add(m.address()));
        return masters;
    }

    private static RedisClientFactory clients(TableContext context) {
        return new RedisClientFactory(RedisTable.of(context), context.secrets());
    }
}
