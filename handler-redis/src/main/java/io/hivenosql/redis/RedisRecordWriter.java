package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.types.TextValueCodec;
import io.hivenosql.api.types.ValueConversionException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;

/**
 * Writes rows in pipelines of {@code redis.batch.size} rows (on a Redis Cluster, one pipeline per master, which
 * follows a lost master's slots to its promoted replica: {@link RedisClusterWriter}). Per row:
 *
 * <ul>
 *   <li>hash: {@code DEL key}, {@code HSET key field value ...} (NULL columns are absent fields; a row whose stored
 *       columns are all NULL is written as the single field {@code ""} with an empty value, so that the row exists),
 *       and {@code EXPIRE key ttl} when the TTL column is not NULL. An insert of an existing key replaces the row.
 *   <li>string: {@code SET key json [EX ttl]}, the JSON object written by the JSON SerDe's codec (NULL columns are
 *       left out; nested paths are nested objects). A table whose paths overlap ({@code a} and {@code a.b}) cannot
 *       be written: opening the writer fails and says so.
 * </ul>
 *
 * Every reply is checked; an error reply, or a lost single server, fails the task with an IOException naming the
 * table, the key and the node.
 */
final class RedisRecordWriter implements RecordSink {
    private static final byte[] EMPTY = new byte[0];

    private final RedisTable table;
    private final RedisTopology topology;
    /** The connection to a single server; null on a cluster. */
    private final RedisClients.Pipelined connection;
    /** The pipelines per master of a cluster; null on a single server. */
    private final RedisClusterWriter cluster;

    private final RedisJsonCodec.Writer json;
    private final List<Pending> buffer = new ArrayList<>();
    private long written;
    private IOException failure;

    /**
     * A row to write: its key, and its hash fields or its JSON text, and its TTL; {@code removed} (the fields of NULL
     * columns) is not null when the row merges into the hash, and fields, json and removed are all null for a DEL.
     */
    record Pending(byte[] key, Map<byte[], byte[]> fields, byte[] json, Long ttl, List<byte[]> removed) {
        Pending(byte[] key, Map<byte[], byte[]> fields, byte[] json, Long ttl) {
            this(key, fields, json, ttl, null);
        }
    }

    /** What each row does to its key. */
    enum Mode {
        /** An INSERT: the row replaces the key's value. */
        REPLACE,
        /**
         * A row of a DELETE, UPDATE or MERGE: a hash keeps the fields the table does not map ({@code HSET} of the
         * row's fields, {@code HDEL} of its NULL columns' fields, {@code EXPIRE} or {@code PERSIST}); a JSON string is
         * replaced, as by an INSERT.
         */
        MERGE,
        /** Each row is the values of the table's key columns, and the key is deleted ({@code DEL}). */
        DELETE
    }

    private final Mode mode;

    RedisRecordWriter(RedisClients clients) {
        this(clients, Mode.REPLACE);
    }

    RedisRecordWriter(RedisClients clients, Mode mode) {
        this.mode = mode;
        this.table = clients.table();
        // before connecting: a table whose JSON paths overlap cannot be written, whatever the rows
        this.json = table.valueType() == RedisValueType.STRING ? RedisJsonCodec.writer(table) : null;
        this.topology = clients.topology();
        if (topology.cluster()) {
            this.connection = null;
            this.cluster = new RedisClusterWriter(clients, topology, new RedisClusterWriter.Rows() {
                @Override
                public List<Response<?>> append(AbstractPipeline pipeline, Pending row) {
                    return RedisRecordWriter.append(pipeline, row);
                }

                @Override
                public void check(Pending row, List<Response<?>> replies, HostAndPort master) throws IOException {
                    RedisRecordWriter.this.check(row, replies, master);
                }
            });
        } else {
            this.connection = clients.pipelined(false, topology.node());
            this.cluster = null;
        }
    }

    @Override
    public void write(Object[] row) throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (mode == Mode.DELETE) {
            buffer.add(new Pending(key(row, identity(row.length)), null, null, null));
            if (buffer.size() >= table.settings().batchSize()) {
                flush();
            }
            return;
        }
        if (row.length != table.mapping().size()) {
            throw new IllegalArgumentException(
                    "a row of table " + table.name() + " has " + table.mapping().size() + " values, got " + row.length);
        }
        byte[] key = key(row, table.keyColumns());
        Long ttl = ttl(row, key);
        if (table.valueType() == RedisValueType.STRING) {
            buffer.add(new Pending(key, null, json.write(row, key), ttl));
        } else {
            Map<byte[], byte[]> fields = fields(row, key);
            buffer.add(
                    mode == Mode.MERGE
                            ? new Pending(key, fields, null, ttl, removedFields(row))
                            : new Pending(key, fields, null, ttl));
        }
        if (buffer.size() >= table.settings().batchSize()) {
            flush();
        }
    }

    private int[] identity(int length) {
        if (length != table.keyColumns().length) {
            throw new IllegalArgumentException(
                    "a key of table " + table.name() + " has " + table.keyColumns().length + " values, got " + length);
        }
        int[] positions = new int[length];
        for (int i = 0; i < length; i++) {
            positions[i] = i;
        }
        return positions;
    }

    /** The key of a row ({@code positions}: of the key columns' values in it); a NULL key column fails, naming it. */
    private byte[] key(Object[] row, int[] positions) {
        int[] keyColumns = table.keyColumns();
        Object[] keyValues = new Object[keyColumns.length];
        for (int i = 0; i < keyColumns.length; i++) {
            keyValues[i] = row[positions[i]];
            if (keyValues[i] == null) {
                String column = table.mapping().column(keyColumns[i]).name();
                throw new HandlerException(
                        HandlerErrorCode.NULL_KEY,
                        "table " + table.name() + ": a row has NULL in key column '" + column + "' ("
                                + RedisTableProperties.KEY_COLUMN.key() + "), and a Redis key cannot be NULL; filter "
                                + "such rows out with WHERE " + column + " IS NOT NULL");
            }
        }
        return table.key(keyValues);
    }

    private Map<byte[], byte[]> fields(Object[] row, byte[] key) {
        Map<byte[], byte[]> fields = new LinkedHashMap<>();
        for (int column : table.fieldColumns()) {
            Object value = row[column];
            if (value != null) {
                ColumnMapping mapping = table.mapping().column(column);
                try {
                    fields.put(
                            table.fieldName(column),
                            TextValueCodec.encode(mapping.type(), value).getBytes(UTF_8));
                } catch (ValueConversionException | IllegalArgumentException e) {
                    throw new HandlerException(
                            HandlerErrorCode.BAD_RECORD,
                            "table " + table.name() + ", key '" + new String(key, UTF_8) + "': cannot write column '"
                                    + mapping.name() + "' (" + mapping.type().typeName() + "): " + e.getMessage(),
                            e);
                }
            }
        }
        if (fields.isEmpty()) {
            // a row of NULLs still exists: one empty-named field that reads ignore
            fields.put(EMPTY, EMPTY);
        }
        return fields;
    }

    /**
     * The fields a merged row removes from the hash: each NULL column's field, and the other spellings of a column
     * whose records spell its field in several ways (the row is written under the column's own name), so that the hash
     * holds each column once.
     */
    private List<byte[]> removedFields(Object[] row) {
        List<byte[]> removed = new ArrayList<>();
        for (int column : table.fieldColumns()) {
            ColumnMapping mapping = table.mapping().column(column);
            if (row[column] == null) {
                removed.add(table.fieldName(column));
            }
            for (String spelling : mapping.storedPaths()) {
                if (!spelling.equals(mapping.path())) {
                    removed.add(spelling.getBytes(UTF_8));
                }
            }
        }
        return removed;
    }

    private Long ttl(Object[] row, byte[] key) {
        if (table.ttlColumn() < 0 || row[table.ttlColumn()] == null) {
            return null;
        }
        long seconds = ((Number) row[table.ttlColumn()]).longValue();
        if (seconds <= 0) {
            throw new HandlerException(
                    HandlerErrorCode.BAD_RECORD,
                    "table " + table.name() + ", key '" + new String(key, UTF_8) + "': TTL column '"
                            + table.mapping().column(table.ttlColumn()).name() + "' ("
                            + RedisTableProperties.TTL_COLUMN.key() + ") is " + seconds
                            + "; a time to live must be a positive number of seconds (write NULL for no expiry)");
        }
        return seconds;
    }

    @Override
    public void flush() throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (buffer.isEmpty()) {
            return;
        }
        if (cluster != null) {
            try {
                cluster.send(buffer);
            } catch (IOException e) {
                throw fail(e);
            }
        } else {
            sendToServer();
        }
        written += buffer.size();
        buffer.clear();
    }

    /** The buffered rows in one pipeline to the single server; a lost server fails the task. */
    private void sendToServer() throws IOException {
        List<List<Response<?>>> replies = new ArrayList<>(buffer.size());
        try (AbstractPipeline pipeline = connection.pipelines().get()) {
            for (Pending row : buffer) {
                replies.add(append(pipeline, row));
            }
            pipeline.sync();
        } catch (JedisException e) {
            byte[] first = buffer.get(0).key();
            throw fail(RedisErrors.writeFailed(
                    table, topology.node(), text(first), "a pipeline of " + buffer.size() + " rows failed", e));
        }
        for (int i = 0; i < buffer.size(); i++) {
            try {
                check(buffer.get(i), replies.get(i), topology.node());
            } catch (IOException e) {
                throw fail(e);
            }
        }
    }

    /** DEL + HSET (+ EXPIRE) of a hash row, or SET of a JSON row, into the pipeline; their replies. */
    static List<Response<?>> append(AbstractPipeline pipeline, Pending row) {
        List<Response<?>> rowReplies = new ArrayList<>(3);
        if (row.json() == null && row.fields() == null) {
            rowReplies.add(pipeline.del(row.key()));
        } else if (row.json() != null) {
            rowReplies.add(
                    row.ttl() == null
                            ? pipeline.set(row.key(), row.json())
                            : pipeline.set(
                                    row.key(), row.json(), SetParams.setParams().ex(row.ttl())));
        } else {
            if (row.removed() == null) {
                rowReplies.add(pipeline.del(row.key()));
            } else if (!row.removed().isEmpty()) {
                rowReplies.add(pipeline.hdel(row.key(), row.removed().toArray(new byte[0][])));
            }
            rowReplies.add(pipeline.hset(row.key(), row.fields()));
            if (row.ttl() != null) {
                rowReplies.add(pipeline.expire(row.key(), row.ttl()));
            } else if (row.removed() != null) {
                rowReplies.add(pipeline.persist(row.key()));
            }
        }
        return rowReplies;
    }

    /** Every reply of a row must be an acknowledgement, and an EXPIRE must have been applied. */
    private void check(Pending row, List<Response<?>> rowReplies, HostAndPort node) throws IOException {
        for (Response<?> reply : rowReplies) {
            Object value;
            try {
                value = reply.get();
            } catch (RuntimeException e) {
                throw RedisErrors.writeFailed(table, node, text(row.key()), "the server did not acknowledge it", e);
            }
            if (row.ttl() != null
                    && row.json() == null
                    && reply == rowReplies.get(rowReplies.size() - 1)
                    && !Long.valueOf(1).equals(value)) {
                throw RedisErrors.writeFailed(
                        table, node, text(row.key()), "EXPIRE " + row.ttl() + " was not applied", null);
            }
        }
    }

    private IOException fail(IOException e) {
        failure = e;
        buffer.clear();
        return e;
    }

    static String text(byte[] key) {
        return new String(key, UTF_8);
    }

    @Override
    public long written() {
        return written;
    }

    /** Drops the buffered rows: after a failed task they must not be written. */
    @Override
    public void abort() throws IOException {
        buffer.clear();
        closeConnections();
    }

    private void closeConnections() throws IOException {
        try {
            if (cluster != null) {
                cluster.close();
            } else {
                connection.connection().close();
            }
        } catch (Exception e) {
            throw new IOException("cannot close the connection of table " + table.name() + " to Redis", e);
        }
    }

    @Override
    public void close() throws IOException {
        // the failure write() or flush() threw already: a new exception, since try-with-resources cannot add an
        // exception to itself as suppressed (IllegalArgumentException "Self-suppression not permitted", which hid it)
        IOException error = failure == null
                ? null
                : new IOException(
                        "table " + table.name() + ": the Redis writer failed before close: " + failure.getMessage(),
                        failure);
        try {
            if (error == null) {
                flush();
            }
        } catch (IOException e) {
            error = e;
        } finally {
            try {
                closeConnections();
            } catch (IOException e) {
                if (error == null) {
                    error = e;
                }
            }
        }
        if (error != null) {
            throw error;
        }
    }
}
