package io.hivenosql.redis;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableStatistics;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;

/**
 * The read side of {@link RedisConnector}: pushdown capabilities (key lookups, {@link RedisKeyFilter}), split planning
 * ({@link RedisSplitPlanner}), readers ({@link RedisRecordReader}) and statistics.
 */
final class RedisReads {
    private static final Logger LOG = LoggerFactory.getLogger(RedisReads.class);

    private RedisReads() {}

    /**
     * Key lookups; a product of several key columns' lists longer than {@value RedisKeyFilter#MAX_KEYS} asks the table's
     * size ({@link RedisKeyedReadLimit#productLimit}).
     */
    static FilterCapabilities filterCapabilities(TableContext table) {
        return RedisKeyFilter.capabilities(RedisTable.of(table), () -> productLimit(table));
    }

    private static long productLimit(TableContext context) {
        long rows;
        try {
            rows = statistics(context).map(TableStatistics::rowCount).orElse(-1L);
        } catch (IOException | RuntimeException e) {
            LOG.warn("table {}: no size estimate for a product of key lists: {}", context.tableName(), e.toString());
            rows = -1;
        }
        long limit = RedisKeyedReadLimit.productLimit(rows);
        LOG.info(
                "table {}: a product of key lists is looked up up to {} keys (about {} rows), walked past that",
                context.tableName(),
                limit,
                rows);
        return limit;
    }

    static List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) throws IOException {
        return new RedisSplitPlanner(RedisClients.of(request.table())).plan(request.filter(), desiredSplits);
    }

    static RecordSource openReader(ReadRequest request, SplitSpec split) throws IOException {
        return new RedisRecordReader(RedisClients.of(request.table()), request, RedisSplit.fromBytes(split.payload()));
    }

    /**
     * The records of one split of a request of no column, counted from its keys alone, as its reader finds them
     * ({@link RedisRecordReader#count}): SCAN of the split's range with the prefix pattern and the table's type, or
     * the slots' keys with the prefix (CLUSTER GETKEYSINSLOT), or the looked-up keys, each of the latter two checked
     * with TYPE (a key that is gone or of another type is no record); no value is fetched. Empty for a request that
     * reads a column.
     */
    static OptionalLong countRecords(ReadRequest request, SplitSpec split) throws IOException {
        if (!request.projection().isEmpty()) {
            return OptionalLong.empty();
        }
        try (RedisRecordReader reader = new RedisRecordReader(
                RedisClients.of(request.table()), request, RedisSplit.fromBytes(split.payload()))) {
            return OptionalLong.of(reader.count());
        }
    }

    /**
     * The most runtime join keys read by key ({@link RedisKeyedReadLimit}): for a table keyed by one column, half its
     * estimated rows ({@link #statistics}); for several key columns, the handler's cap on a key list, whatever the rows.
     */
    static OptionalLong keyedReadLimit(TableContext context) throws IOException {
        int keyColumns = RedisTable.of(context).keyCodec().size();
        long rows = RedisKeyedReadLimit.needsRows(keyColumns)
                ? statistics(context).map(TableStatistics::rowCount).orElse(-1L)
                : -1;
        return RedisKeyedReadLimit.limit(rows, keyColumns);
    }

    /**
     * Rows and bytes estimated per node holding keys (the server, or each cluster master) from a sample of its keys
     * ({@link RedisSampler}), summed.
     */
    static Optional<TableStatistics> statistics(TableContext context) throws IOException {
        RedisClients clients = RedisClients.of(context);
        RedisTable table = clients.table();
        long rows = 0;
        long bytes = 0;
        for (HostAndPort node : clients.topology().primaries()) {
            try (Jedis jedis = clients.connect(node)) {
                RedisSampler.Sample sample = RedisSampler.sample(jedis, table, node);
                long nodeRows = sample.estimatedRows(table.prefix().length == 0);
                rows += nodeRows;
                bytes += nodeRows * sample.averageBytes();
            }
        }
        return Optional.of(new TableStatistics(rows, bytes));
    }
}
