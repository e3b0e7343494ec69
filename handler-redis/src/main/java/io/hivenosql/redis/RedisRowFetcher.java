package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Fetches the projected values of a batch of keys in one pipelined round trip (two when HMGET finds only NULLs and
 * the keys' existence must be checked):
 *
 * <ul>
 *   <li>hash: HMGET of the projected fields for scans (replies carry no field names and need no per-row map;
 *       measured faster than HGETALL even when every field is read, see docs/benchmarks.md), HGETALL for lookups
 *       (an empty reply tells that the key does not exist);
 *       nothing at all when only the key is projected, except TYPE where the key source does not guarantee the
 *       type (cluster slots, lookups);
 *   <li>string: GET (or TYPE / nothing as above);
 *   <li>TTL only when the TTL column is projected.
 * </ul>
 *
 * A key that is gone (HGETALL empty, GET nil, TYPE none) or holds another type (WRONGTYPE) yields no row.
 */
final class RedisRowFetcher {
    enum Mode {
        NONE,
        TYPE,
        HMGET,
        HGETALL,
        GET
    }

    private final RedisTable table;
    private final Mode mode;
    private final boolean ttl;
    private final int[] projectedFields;
    private final byte[][] projectedFieldNames;
    private final Map<ByteKey, Integer> columnByField = new HashMap<>();

    /**
     * @param projection the projected column indexes
     * @param checkType whether keys may be of another type or gone (cluster slots, lookups)
     * @param lookup whether the keys come from a pushed filter (hash rows then use HGETALL)
     */
    RedisRowFetcher(RedisTable table, List<Integer> projection, boolean checkType, boolean lookup) {
        this.table = requireNonNull(table, "table is null");
        List<Integer> fields = new ArrayList<>();
        for (int column : projection) {
            if (!table.isKeyColumn(column) && column != table.ttlColumn()) {
                fields.add(column);
            }
        }
        this.projectedFields = fields.stream().mapToInt(Integer::intValue).toArray();
        this.projectedFieldNames = new byte[projectedFields.length][];
        for (int i = 0; i < projectedFields.length; i++) {
            projectedFieldNames[i] = table.fieldName(projectedFields[i]);
            columnByField.put(new ByteKey(projectedFieldNames[i]), projectedFields[i]);
        }
        this.ttl = table.ttlColumn() >= 0 && projection.contains(table.ttlColumn());
        if (projectedFields.length == 0) {
            this.mode = checkType || ttl ? Mode.TYPE : Mode.NONE;
        } else if (table.valueType() == RedisValueType.STRING) {
            this.mode = Mode.GET;
        } else if (lookup) {
            this.mode = Mode.HGETALL;
        } else {
            this.mode = Mode.HMGET;
        }
    }

    Mode mode() {
        return mode;
    }

    /** The rows of the keys that exist with the table's type, in key order. */
    List<RedisRow> fetch(Supplier<? extends AbstractPipeline> pipelines, List<byte[]> keys) {
        if (mode == Mode.NONE && !ttl) {
            List<RedisRow> rows = new ArrayList<>(keys.size());
            keys.forEach(key -> rows.add(new RedisRow(key, null, null, null)));
            return rows;
        }
        List<Response<?>> values = new ArrayList<>(keys.size());
        List<Response<Long>> ttls = new ArrayList<>(ttl ? keys.size() : 0);
        try (AbstractPipeline pipeline = pipelines.get()) {
            for (byte[] key : keys) {
                values.add(
                        switch (mode) {
                            case NONE -> null;
                            case TYPE -> pipeline.type(key);
                            case HMGET -> pipeline.hmget(key, projectedFieldNames);
                            case HGETALL -> pipeline.hgetAll(key);
                            case GET -> pipeline.get(key);
                        });
                if (ttl) {
                    ttls.add(pipeline.ttl(key));
                }
            }
            pipeline.sync();
        }
        List<RedisRow> rows = new ArrayList<>(keys.size());
        List<RedisRow> unsure = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            Object value;
            try {
                value = values.get(i) == null ? null : values.get(i).get();
            } catch (JedisDataException e) {
                if (String.valueOf(e.getMessage()).startsWith("WRONGTYPE")) {
                    continue;
                }
                throw e;
            }
            Long seconds = ttl ? ttls.get(i).get() : null;
            RedisRow row = toRow(keys.get(i), value, seconds);
            if (row == null) {
                continue;
            }
            rows.add(row);
            if (mode == Mode.HMGET && row.allFieldsNull()) {
                unsure.add(row);
            }
        }
        if (!unsure.isEmpty()) {
            dropVanished(pipelines, rows, unsure);
        }
        return rows;
    }

    @SuppressWarnings("unchecked")
    private RedisRow toRow(byte[] key, Object value, Long seconds) {
        Long remaining = seconds == null || seconds < 0 ? null : seconds;
        return switch (mode) {
            case NONE -> new RedisRow(key, null, null, remaining);
            case TYPE -> table.valueType().redisType().equals(value) ? new RedisRow(key, null, null, remaining) : null;
            case GET -> value == null ? null : new RedisRow(key, null, (byte[]) value, remaining);
            case HMGET -> {
                List<byte[]> list = (List<byte[]>) value;
                byte[][] fields = new byte[table.mapping().size()][];
                for (int i = 0; i < projectedFields.length; i++) {
                    fields[projectedFields[i]] = list.get(i);
                }
                yield new RedisRow(key, fields, null, remaining);
            }
            case HGETALL -> {
                Map<byte[], byte[]> all = (Map<byte[], byte[]>) value;
                if (all.isEmpty()) {
                    yield null;
                }
                byte[][] fields = new byte[table.mapping().size()][];
                for (Map.Entry<byte[], byte[]> entry : all.entrySet()) {
                    Integer column = columnByField.get(new ByteKey(entry.getKey()));
                    if (column != null) {
                        fields[column] = entry.getValue();
                    }
                }
                yield new RedisRow(key, fields, null, remaining);
            }
        };
    }

    /** HMGET gives only NULLs for a key that is gone too: EXISTS tells them apart. */
    private void dropVanished(
            Supplier<? extends AbstractPipeline> pipelines, List<RedisRow> rows, List<RedisRow> unsure) {
        List<Response<Boolean>> exists = new ArrayList<>(unsure.size());
        try (AbstractPipeline pipeline = pipelines.get()) {
            unsure.forEach(row -> exists.add(pipeline.exists(row.key())));
            pipeline.sync();
        }
        Set<RedisRow> vanished = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < unsure.size(); i++) {
            if (!exists.get(i).get()) {
                vanished.add(unsure.get(i));
            }
        }
        rows.removeIf(vanished::contains);
    }
}
