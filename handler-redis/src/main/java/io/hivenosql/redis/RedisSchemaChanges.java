package io.hivenosql.redis;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
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
 * What a table does to the Redis keys behind it. A Redis table has no store object to create: its keys are its rows.
 * Truncating (INSERT OVERWRITE, TRUNCATE, DROP with purge) deletes the table's keys: SCAN MATCH {@code <prefix>*} of the
 * table's type on every node holding keys, UNLINK in batches. It is refused for an empty prefix, which would mean the
 * whole database.
 */
final class RedisSchemaChanges {
    private static final Logger log = LoggerFactory.getLogger(RedisSchemaChanges.class);

    private RedisSchemaChanges() {}

    static void truncate(TableContext context) throws IOException {
        RedisClients clients = RedisClients.of(context);
        RedisTable table = clients.table();
        if (table.prefix().length == 0) {
            throw new HandlerException(
                    HandlerErrorCode.UNSUPPORTED_OPERATION,
                    "table " + table.name() + " has no " + RedisTableProperties.KEY_PREFIX.key() + ", so deleting its "
                            + "rows (INSERT OVERWRITE, TRUNCATE, DROP with purge) would delete every "
                            + table.valueType().redisType()
                            + " key of Redis database " + table.settings().database() + "; set "
                            + RedisTableProperties.KEY_PREFIX.key()
                            + " to a prefix that only this table's keys have, or delete the keys yourself");
        }
        RedisTopology topology = clients.topology();
        long deleted = 0;
        for (HostAndPort node : topology.primaries()) {
            deleted += truncate(clients, node, topology.cluster());
        }
        log.info("table {}: truncate deleted {} keys with prefix '{}'", table.name(), deleted, table.prefixText());
    }

    private static long truncate(RedisClients clients, HostAndPort node, boolean cluster) throws IOException {
        RedisTable table = clients.table();
        ScanParams params = new ScanParams()
                .match(RedisKeyPatterns.prefixPattern(table.prefix()))
                .count(table.settings().scanCount());
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

    /** Dropping a table deletes its keys when Hive owns the data ({@code purge}), and nothing else. */
    static void drop(TableContext context, boolean purge) throws IOException {
        if (purge) {
            truncate(context);
        }
    }
}
