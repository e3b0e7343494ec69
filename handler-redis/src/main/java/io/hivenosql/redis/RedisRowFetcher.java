package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.types.AmbiguousFieldException;
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
 * A stored column whose field the table's hashes spell in several ways (sampled when the query was planned:
 * {@link RedisSpellings}) fetches every spelling and reads the one a hash has. A key that is gone (HGETALL empty, GET
 * nil, TYPE none) or holds another type (WRONGTYPE) yields no row.
 */
final class RedisRowFetcher {
    enum Mode {
        NONE,
        TYPE,
        HMGET,
        HGETALL,
        GET
    }

    static final String MAPPING_HINT = "'" + RedisTableProperties.COLUMNS_MAPPING.key()
            + "' (or the mapping file of 'nosql.mapping.url'), e.g. {\"column\":\"fieldName\"}";

    private final RedisTable table;
    private final Mode mode;
    private final boolean ttl;
    private final int[] projectedFields;
    /** The field names fetched: each projected stored column's spellings ({@link ColumnMapping#fetchPaths}). */
    private final byte[][] slotNames;

    private final int[] slotColumns;
    private final int[][] columnSlots;
    private final Map<ByteKey, Integer> slotByField = new HashMap<>();
    private final boolean severalSpellings;

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
        this.columnSlots = new int[table.mapping().size()][];
        List<byte[]> names = new ArrayList<>();
        List<Integer> owners = new ArrayList<>();
        boolean several = false;
        for (int column : projectedFields) {
            ColumnMapping mapping = table.mapping().column(column);
            List<String> spellings = mapping.fetchPaths();
            several |= spellings.size() > 1;
            int[] own = new int[spellings.size()];
            for (int i = 0; i < own.length; i++) {
                own[i] = names.size();
                byte[] name = spellings.size() == 1
                        ? table.fieldName(column)
                        : spellings.get(i).getBytes(UTF_8);
                names.add(name);
                owners.add(column);
                slotByField.put(new ByteKey(name), own[i]);
            }
            columnSlots[column] = own;
        }
        this.slotNames = names.toArray(new byte[0][]);
        this.slotColumns = owners.stream().mapToInt(Integer::intValue).toArray();
        this.severalSpellings = several;
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
                            case HMGET -> pipeline.hmget(key, slotNames);
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
                yield row(key, list.toArray(new byte[0][]), remaining);
            }
            case HGETALL -> {
                Map<byte[], byte[]> all = (Map<byte[], byte[]>) value;
                if (all.isEmpty()) {
                    yield null;
                }
                byte[][] slots = new byte[slotNames.length][];
                for (Map.Entry<byte[], byte[]> entry : all.entrySet()) {
                    Integer slot = slotByField.get(new ByteKey(entry.getKey()));
                    if (slot != null) {
                        slots[slot] = entry.getValue();
                    }
                }
                yield row(key, slots, remaining);
            }
        };
    }

    /**
     * The row of the fetched field values by slot: a column's value is its one spelling's, or of several spellings
     * the one the hash has, the mapped name first when it has several; two others are an
     * {@link AmbiguousFieldException} of the column.
     */
    private RedisRow row(byte[] key, byte[][] slots, Long remaining) {
        byte[][] fields = new byte[table.mapping().size()][];
        if (!severalSpellings) {
            for (int slot = 0; slot < slots.length; slot++) {
                fields[slotColumns[slot]] = slots[slot];
            }
            return new RedisRow(key, fields, null, remaining);
        }
        RuntimeException[] errors = null;
        for (int column : projectedFields) {
            int[] own = columnSlots[column];
            if (own.length == 1) {
                fields[column] = slots[own[0]];
                continue;
            }
            String mapped = table.mapping().column(column).path();
            List<String> present = new ArrayList<>(2);
            int chosen = -1;
            for (int slot : own) {
                if (slots[slot] == null) {
                    continue;
                }
                String spelling = new String(slotNames[slot], UTF_8);
                if (spelling.equals(mapped)) {
                    chosen = slot;
                    present.clear();
                    break;
                }
                present.add(spelling);
                chosen = slot;
            }
            if (present.size() > 1) {
                if (errors == null) {
                    errors = new RuntimeException[fields.length];
                }
                errors[column] = new AmbiguousFieldException(mapped, present, MAPPING_HINT);
            } else if (chosen >= 0) {
                fields[column] = slots[chosen];
            }
        }
        return new RedisRow(key, fields, null, remaining, errors);
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
