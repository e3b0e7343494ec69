package io.hivenosql.redis;

import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;

/** The write side of {@link RedisConnector}: a task's writer ({@link RedisRecordWriter}). */
final class RedisWrites {
    private RedisWrites() {}

    static RecordSink openWriter(TableContext table) throws IOException {
        return new RedisRecordWriter(RedisClients.of(table));
    }

    /** DEL of each key a DELETE, UPDATE or MERGE deletes. */
    static RecordSink openDeleter(TableContext table) throws IOException {
        return new RedisRecordWriter(RedisClients.of(table), RedisRecordWriter.Mode.DELETE);
    }

    /** The rows a DELETE, UPDATE or MERGE upserts: a hash keeps the fields the table does not map. */
    static RecordSink openUpserter(TableContext table) throws IOException {
        return new RedisRecordWriter(RedisClients.of(table), RedisRecordWriter.Mode.MERGE);
    }
}
