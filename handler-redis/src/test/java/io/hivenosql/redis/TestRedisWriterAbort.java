package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
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

    /**
     * A writer whose server is lost fails the write, and its close in a try-with-resources fails too: with the lost
     * server's error, not with "Self-suppression not permitted" (close once threw the very exception write had).
     */
    @Test
    void aWriteFailureSurvivesTheCloseOfItsTryWithResources() {
        try (TestingRedisServer server = TestingRedisServer.start()) {
            TableContext table = TestingRedisTable.table("lost", server.address())
                    .column("id", "int")
                    .column("v", "string")
                    .property("redis.batch.size", "1")
                    .build();
            assertThatThrownBy(() -> {
                        try (RecordSink sink = TestingRedisTable.CONNECTOR.openWriter(table)) {
                            sink.write(new Object[] {1, "a"});
                            server.kill();
                            sink.write(new Object[] {2, "b"});
                        }
                    })
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(server.address())
                    .satisfies(e -> {
                        assertThat(e.getSuppressed()).hasSize(1);
                        assertThat(e.getSuppressed()[0])
                                .isInstanceOf(IOException.class)
                                .hasCause(e);
                    });
        }
    }
}
