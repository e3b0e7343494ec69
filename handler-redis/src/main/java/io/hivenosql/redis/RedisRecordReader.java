package io.hivenosql.redis;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.TextValueCodec;
import io.hivenosql.api.types.Utf8;
import java.io.IOException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Reads one Redis split: keys from a {@link RedisKeySource} (SCAN, cluster slots or lookups), values fetched pipelined
 * in batches by a {@link RedisRowFetcher} on a {@link RedisReadAhead} thread while the task converts the previous
 * batch; a bad value surfaces from {@link #get} as a {@link io.hivenosql.api.types.ValueConversionException} for the
 * table's bad-record policy.
 */
final class RedisRecordReader implements RecordSource {
    private final RedisTable table;
    private final HostAndPort node;
    /** The connection to the master of a cluster scan split, which follows its slots to a new master; else null. */
    private final RedisMasterLink link;

    private final RedisClients.Pipelined connection;
    private final RedisKeySource keys;
    private final RedisRowFetcher fetcher;
    private final boolean[] projected;
    private final RedisJsonCodec.Reader json;
    private final long limit;
    private final boolean compositeKey;

    private final RedisReadAhead readAhead;
    private Iterator<RedisRow> batch = List.<RedisRow>of().iterator();
    private final int[] projection;
    private final Object[] values;
    private final RuntimeException[] errors;
    private boolean decoded;
    private RedisRow current;
    private long returned;
    /** Keys whose values were fetched (on the read-ahead thread). */
    private long fetched;

    RedisRecordReader(RedisClients clients, ReadRequest request, RedisSplit split) {
        this.table = clients.table();
        this.projected = new boolean[table.mapping().size()];
        request.projection().forEach(column -> projected[column] = true);
        this.limit = request.limit().orElse(Long.MAX_VALUE);
        this.compositeKey = table.keyCodec().size() > 1;
        this.projection =
                request.projection().stream().mapToInt(Integer::intValue).toArray();
        this.values = new Object[table.mapping().size()];
        this.errors = new RuntimeException[table.mapping().size()];
        RedisMasterLink master = null;
        if (split instanceof RedisSplit.Scan scan) {
            Jedis jedis = clients.connect(scan.node());
            this.node = scan.node();
            this.connection = new RedisClients.Pipelined(jedis, jedis::pipelined);
            this.keys = RedisKeySource.matching(new RedisKeySource.Scan(table, jedis, scan), scan.leading(), table);
            this.fetcher = new RedisRowFetcher(table, request.projection(), false, false);
        } else if (split instanceof RedisSplit.Slots slots) {
            master = new RedisMasterLink(clients, slots);
            this.node = slots.master();
            this.connection = new RedisClients.Pipelined(master, master::pipelined);
            this.keys = RedisKeySource.matching(new RedisKeySource.Slots(table, master, slots), slots.leading(), table);
            this.fetcher = new RedisRowFetcher(table, request.projection(), true, false);
        } else {
            RedisSplit.Lookup lookup = (RedisSplit.Lookup) split;
            this.node = lookup.node();
            this.connection = clients.pipelined(lookup.cluster(), lookup.node());
            this.keys = new RedisKeySource.Lookup(table, lookup);
            this.fetcher = new RedisRowFetcher(table, request.projection(), true, true);
        }
        this.link = master;
        int[] jsonColumns = request.projection().stream()
                .mapToInt(Integer::intValue)
                .filter(c -> !table.isKeyColumn(c) && c != table.ttlColumn())
                .toArray();
        this.json = table.valueType() == RedisValueType.STRING ? RedisJsonCodec.reader(table, jsonColumns) : null;
        this.readAhead = new RedisReadAhead(this::fetchNextBatch, "hive-nosql-redis-read-ahead " + table.name());
    }

    /** How values are fetched (for tests and logs). */
    RedisRowFetcher.Mode fetchMode() {
        return fetcher.mode();
    }

    @Override
    public boolean next() throws IOException {
        if (returned >= limit) {
            return false;
        }
        while (!batch.hasNext()) {
            List<RedisRow> rows = readAhead.next();
            if (rows == null) {
                current = null;
                return false;
            }
            batch = rows.iterator();
        }
        current = batch.next();
        decoded = false;
        returned++;
        return true;
    }

    /**
     * The records left in the split, counted by batches without handing them over: for a request of no column, whose
     * batches are the split's keys alone (SCAN with the prefix pattern and type; the slots' or looked-up keys with a
     * pipelined TYPE each), exactly the records {@link #next} would return.
     */
    long count() throws IOException {
        long count = 0;
        List<RedisRow> rows;
        while (returned + count < limit && (rows = readAhead.next()) != null) {
            count += rows.size();
        }
        count = Math.min(count, limit - returned);
        returned += count;
        return count;
    }

    /** Runs on the read-ahead thread: the next batch of keys and their values; null at the end of the split. */
    private List<RedisRow> fetchNextBatch() throws IOException {
        List<byte[]> next = keys.nextBatch();
        if (next == null) {
            return null;
        }
        if (next.isEmpty()) {
            return List.of();
        }
        while (true) {
            try {
                List<RedisRow> rows = fetcher.fetch(connection.pipelines(), next);
                fetched += next.size();
                return rows;
            } catch (JedisException e) {
                String doing =
                        "fetching the values of " + next.size() + " keys (first '" + Utf8.escape(next.get(0)) + "')";
                if (link == null || !RedisFailover.isFailover(e)) {
                    throw RedisErrors.readFailed(table, link == null ? node : link.master(), doing, e);
                }
                // the same keys again, from the master that serves their slots now
                link.failover(e, doing, fetched + " keys fetched");
            }
        }
    }

    @Override
    public String key() {
        if (current == null) {
            throw new IllegalStateException("no current record: call next() first");
        }
        return Utf8.escape(current.key()); // bytes that are not UTF-8 as \xHH
    }

    @Override
    public Object get(int column) {
        if (current == null) {
            throw new IllegalStateException("no current record: call next() first");
        }
        if (!projected[column]) {
            return null;
        }
        if (!decoded) {
            decode(current);
            decoded = true;
        }
        RuntimeException error = errors[column];
        if (error != null) {
            throw error;
        }
        return values[column];
    }

    /**
     * Converts the projected columns of a row from stored text, once per row. A value that does not convert is kept
     * as its error and thrown by {@link #get}, where the bad-record policy applies.
     */
    private void decode(RedisRow row) {
        Arrays.fill(values, null);
        Arrays.fill(errors, null);
        boolean jsonRead = false;
        boolean keyRead = false;
        for (int column : projection) {
            if (compositeKey && table.isKeyColumn(column)) {
                // one parse of the key fills every projected key column
                if (!keyRead) {
                    decodeCompositeKey(row.key());
                }
                keyRead = true;
                continue;
            }
            if (json != null && !table.isKeyColumn(column) && column != table.ttlColumn()) {
                // one parse fills every projected JSON column
                if (!jsonRead && row.json() != null) {
                    json.read(row.json(), values, errors);
                }
                jsonRead = true;
                continue;
            }
            try {
                values[column] = decodeSingle(row, column);
            } catch (RuntimeException e) {
                errors[column] = e;
            }
        }
    }

    /**
     * Splits a key of several key columns into the projected key columns' values; a key that does not split into one
     * part per key column gives each projected key column the same error.
     */
    private void decodeCompositeKey(byte[] key) {
        RedisKeyCodec codec = table.keyCodec();
        String[] parts;
        try {
            parts = codec.splitCanonical(key);
        } catch (RuntimeException e) {
            for (int position = 0; position < codec.size(); position++) {
                errors[codec.column(position)] = e;
            }
            return;
        }
        for (int position = 0; position < codec.size(); position++) {
            int column = codec.column(position);
            if (projected[column]) {
                try {
                    values[column] = codec.decode(position, parts[position]);
                } catch (RuntimeException e) {
                    errors[column] = e;
                }
            }
        }
    }

    private Object decodeSingle(RedisRow row, int column) {
        if (table.isKeyColumn(column)) {
            // the byte form reads integer keys without building a String (and falls back to it for everything else)
            return table.keyCodec().decodeSingle(row.key());
        }
        if (column == table.ttlColumn()) {
            Long ttl = row.ttl();
            if (ttl == null) {
                return null;
            }
            return table.mapping().column(column).type() == PrimitiveType.INT
                    ? (Object) (int) Math.min(Integer.MAX_VALUE, ttl)
                    : (Object) ttl;
        }
        RuntimeException error = row.error(column);
        if (error != null) {
            throw error;
        }
        byte[] raw = row.field(column);
        return raw == null
                ? null
                : TextValueCodec.decode(table.mapping().column(column).type(), raw);
    }

    @Override
    public void close() throws IOException {
        readAhead.close();
        try {
            connection.connection().close();
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("cannot close the connection to Redis at " + node + " of table " + table.name(), e);
        } finally {
            readAhead.awaitTermination();
        }
    }
}
