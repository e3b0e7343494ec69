package io.hivenosql.redis;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampleBudget;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.api.types.PrimitiveType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.util.SafeEncoder;

/**
 * The columns of a Redis table whose DDL has no column list ({@link RedisConnector#inferSchema}), from a sample of
 * its keys: {@code SCAN MATCH <prefix>* TYPE <value type>} from the start of each node's key space (every master of a
 * cluster, each its share of the budget's keys), values fetched pipelined (HGETALL, or GET of the JSON), until the
 * budget's keys or time run out. {@link RedisSampledKeys} turns them into columns:
 *
 * <ul>
 *   <li>the key columns first, with the role key: those {@code redis.key.column} names, else one column {@value
 *       #DEFAULT_KEY_COLUMN}, the first column, which a Redis table without {@code redis.key.column} takes as its key;
 *       each typed from the sampled keys' parts;
 *   <li>the TTL column {@code redis.ttl.column} names, if any (bigint);
 *   <li>a column per hash field or JSON field seen, in first-seen order.
 * </ul>
 *
 * When the scan of a node ends within the budget, the keys sampled are all its keys; else their number is estimated
 * by {@link RedisSampler} (DBSIZE and random keys).
 */
final class RedisSchemaInference {
    /** The key column of a table whose properties name none. */
    static final String DEFAULT_KEY_COLUMN = "key";

    private RedisSchemaInference() {}

    static InferredSchema infer(
            String tableName, TableConfig config, SecretResolver secrets, TableFiles files, SampleBudget budget)
            throws IOException {
        return infer(tableName, config, secrets, files, budget, System::nanoTime);
    }

    /** @param clock nanoseconds, for the time budget */
    static InferredSchema infer(
            String tableName,
            TableConfig config,
            SecretResolver secrets,
            TableFiles files,
            SampleBudget budget,
            LongSupplier clock)
            throws IOException {
        List<String> keyNames = config.<List<String>>getOptional(RedisTableProperties.KEY_COLUMN)
                .orElse(List.of(DEFAULT_KEY_COLUMN));
        RedisTable table = bindWithoutColumns(tableName, config, keyNames);
        RedisClients clients = new RedisClients(table, secrets, files);
        RedisTopology topology = clients.topology();
        List<HostAndPort> nodes = topology.primaries();
        RedisSampledKeys sample = new RedisSampledKeys(table, keyNames);
        long start = clock.getAsLong();
        long deadline = start + budget.time().toNanos();
        long total = 0;
        boolean estimated = false;
        boolean outOfTime = false;
        for (int i = 0; i < nodes.size() && !outOfTime; i++) {
            // each node its share of what is left, so that nodes with fewer keys leave theirs to the others
            int wanted = (budget.records() - sample.sampled() + nodes.size() - i - 1) / (nodes.size() - i);
            NodeSample node = sampleNode(clients, nodes.get(i), wanted, sample, deadline, clock);
            total += node.total();
            estimated |= node.estimated();
            outOfTime = node.outOfTime();
        }
        double seconds = (clock.getAsLong() - start) / 1e9;
        String sampled = String.format(
                Locale.ROOT,
                "%,d of %s %s key%s under the prefix '%s' (SCAN from the start) on %s in %.1f s%s",
                sample.sampled(),
                estimated ? String.format(Locale.ROOT, "about %,d", total) : String.format(Locale.ROOT, "%,d", total),
                table.valueType().redisType(),
                total == 1 && !estimated ? "" : "s",
                table.prefixText(),
                topology.cluster()
                        ? nodes.size() + " cluster masters (" + join(nodes) + ")"
                        : nodes.get(0).toString(),
                seconds,
                outOfTime ? ", stopped at the time limit of " + budget.time().toSeconds() + " s" : "");
        List<String> notes = new ArrayList<>();
        List<ColumnMapping> columns = sample.columns(config.getOptional(RedisTableProperties.TTL_COLUMN), notes);
        if (sample.sampled() == 0) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "table " + tableName + ": " + sampled + " gave no column (nothing to sample: no "
                            + table.valueType().redisType() + " key has the prefix; check "
                            + RedisTableProperties.KEY_PREFIX.key() + " and " + RedisTableProperties.VALUE_TYPE.key()
                            + "); list the columns in the DDL or give a mapping file (nosql.mapping.url)");
        }
        return new InferredSchema(new TableMapping(columns), notes, sampled);
    }

    /**
     * What one node gave.
     *
     * @param total its keys of the table: those its scan saw when the scan ended, else an estimate
     * @param estimated whether {@code total} is an estimate
     * @param outOfTime whether the time ran out before the node's share was sampled
     */
    private record NodeSample(long total, boolean estimated, boolean outOfTime) {}

    private static NodeSample sampleNode(
            RedisClients clients,
            HostAndPort node,
            int wanted,
            RedisSampledKeys sample,
            long deadline,
            LongSupplier clock)
            throws IOException {
        RedisTable table = clients.table();
        ScanParams params = new ScanParams()
                .match(RedisKeyPatterns.prefixPattern(table.prefix()))
                .count(table.settings().scanCount());
        byte[] type = table.valueType().redisTypeBytes();
        int taken = 0;
        long seen = 0;
        boolean ended = false;
        boolean outOfTime = false;
        try (Jedis jedis = clients.connect(node)) {
            byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
            while (taken < wanted) {
                ScanResult<byte[]> result = jedis.scan(cursor, params, type);
                cursor = result.getCursorAsBytes();
                List<byte[]> keys = result.getResult();
                seen += keys.size();
                List<byte[]> batch = keys.subList(0, Math.min(keys.size(), wanted - taken));
                taken += fetch(jedis, table, batch, sample);
                if (SafeEncoder.encode(cursor).equals("0")) {
                    ended = true;
                    break;
                }
                if (clock.getAsLong() - deadline >= 0) {
                    outOfTime = taken < wanted;
                    break;
                }
            }
            if (ended) {
                return new NodeSample(seen, false, false);
            }
            RedisSampler.Sample estimate = RedisSampler.sample(jedis, table, node);
            long rows = Math.max(seen, estimate.estimatedRows(table.prefix().length == 0));
            return new NodeSample(rows, true, outOfTime);
        } catch (JedisException e) {
            throw RedisErrors.readFailed(
                    table, node, "sampling the table's keys to infer its columns (SCAN, HGETALL or GET)", e);
        }
    }

    /** Fetches the values of a batch of keys into the sample; how many were still there, of the table's type. */
    private static int fetch(Jedis jedis, RedisTable table, List<byte[]> keys, RedisSampledKeys sample) {
        if (keys.isEmpty()) {
            return 0;
        }
        boolean hash = table.valueType() == RedisValueType.HASH;
        // HGETALL as sent, not Jedis' map: the reply keeps the hash's own field order (its writer's, for small hashes)
        List<Response<Object>> hashes = new ArrayList<>(keys.size());
        List<Response<byte[]>> strings = new ArrayList<>(keys.size());
        try (Pipeline pipeline = jedis.pipelined()) {
            for (byte[] key : keys) {
                if (hash) {
                    hashes.add(pipeline.sendCommand(Protocol.Command.HGETALL, key));
                } else {
                    strings.add(pipeline.get(key));
                }
            }
            pipeline.sync();
        }
        int fetched = 0;
        for (int i = 0; i < keys.size(); i++) {
            try {
                if (hash) {
                    List<?> reply = (List<?>) hashes.get(i).get();
                    Map<byte[], byte[]> fields = new LinkedHashMap<>();
                    for (int f = 0; f + 1 < reply.size(); f += 2) {
                        fields.put((byte[]) reply.get(f), (byte[]) reply.get(f + 1));
                    }
                    if (!fields.isEmpty()) {
                        sample.addHash(keys.get(i), fields);
                        fetched++;
                    }
                } else {
                    byte[] value = strings.get(i).get();
                    if (value != null) {
                        sample.addString(keys.get(i), value);
                        fetched++;
                    }
                }
            } catch (JedisException e) {
                // deleted or replaced by another type since SCAN saw it: not part of the sample
            }
        }
        return fetched;
    }

    /**
     * The table bound with its key columns alone (string; the first is the key by default), for a client, the key
     * codec and the prefix: the connector binds tables with columns, and inference has none yet. {@code
     * redis.ttl.column} names a column that does not exist yet, so it is left out.
     */
    static RedisTable bindWithoutColumns(String tableName, TableConfig config, List<String> keyNames) {
        Map<String, String> properties = new LinkedHashMap<>(config.rawProperties());
        properties.remove(RedisTableProperties.TTL_COLUMN.key());
        TableConfig bindable = TableContexts.validate(new RedisConnector(), tableName, properties);
        List<ColumnMapping> keys = new ArrayList<>();
        for (String name : keyNames) {
            String column = name.toLowerCase(Locale.ROOT);
            keys.add(new ColumnMapping(column, PrimitiveType.STRING, column, ColumnRole.KEY));
        }
        return RedisTable.resolve(tableName, bindable, new TableMapping(keys));
    }

    private static String join(List<HostAndPort> nodes) {
        List<String> names = new ArrayList<>(nodes.size());
        nodes.forEach(node -> names.add(node.toString()));
        return String.join(", ", names);
    }
}
