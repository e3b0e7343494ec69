package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/** A failed task's writer is aborted: rows still buffered must not reach Redis after the failure. */
class TestRedisWriterAbort {
    @Test
    void abortDropsBufferedRowsAndCloseWritesThem() throws Exception {
        TestingRedisServer server = TestingRedisServer.shared();
        TableContext aborted = TestingRedisTable.table("abort", server.address())
                .column("id", "int")
                .column("v", "string")
                .property("redis.batch.size", "1000")
                .build();
        RecordSink sink = TestingRedisTable.CONNECTOR.openWriter(aborted);
        sink.write(new Object[] {1, "a"});
        sink.write(new Object[] {2, "b"});
        sink.abort();

        TableContext closed = TestingRedisTable.table("close", server.address())
                .column("id", "int")
                .column("v", "string")
                .property("redis.batch.size", "1000")
                .build();
        try (RecordSink other = TestingRedisTable.CONNECTOR.openWriter(closed)) {
            other.write(new Object[] {1, "a"});
        }
        try (Jedis jedis = server.connect()) {
            assertThat(jedis.keys(TestingRedisTable.prefix(aborted) + "*")).isEmpty();
            assertThat(jedis.keys(TestingRedisTable.prefix(closed) + "*")).hasSize(1);
        }
    }
}
