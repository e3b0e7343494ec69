package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The read-ahead hands over every batch in order, the end, and a failure even when its queue is full. */
class TestRedisReadAhead {
    private static List<RedisRow> batch(int id) {
        return List.of(new RedisRow(("k" + id).getBytes(java.nio.charset.StandardCharsets.UTF_8), null, null, null));
    }

    @Test
    @Timeout(10)
    void deliversBatchesInOrderThenTheEnd() throws IOException {
        AtomicInteger next = new AtomicInteger();
        try (RedisReadAhead readAhead = new RedisReadAhead(
                () -> {
                    int id = next.getAndIncrement();
                    if (id == 2) {
                        return List.of(); // an empty batch is skipped
                    }
                    return id < 6 ? batch(id) : null;
                },
                "test")) {
            for (String expected : List.of("k0", "k1", "k3", "k4", "k5")) {
                assertThat(new String(readAhead.next().get(0).key(), java.nio.charset.StandardCharsets.UTF_8))
                        .isEqualTo(expected);
            }
            assertThat(readAhead.next()).isNull();
            assertThat(readAhead.next()).isNull();
        }
    }

    @Test
    @Timeout(10)
    void aFailureAfterTheQueueFilledUpStillReachesTheReader() throws Exception {
        CountDownLatch queueFull = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        try (RedisReadAhead readAhead = new RedisReadAhead(
                () -> {
                    int call = calls.getAndIncrement();
                    // one batch for the reader's first next(), then DEPTH more that fill the queue
                    if (call <= RedisReadAhead.DEPTH) {
                        return batch(call);
                    }
                    queueFull.countDown();
                    throw new IOException("lost the connection to Redis at 127.0.0.1:1");
                },
                "test")) {
            assertThat(readAhead.next()).isNotNull(); // starts the thread
            assertThat(queueFull.await(5, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(Duration.ofMillis(100).toMillis()); // the failure now waits for room in the full queue
            for (int i = 0; i < RedisReadAhead.DEPTH; i++) {
                assertThat(readAhead.next()).isNotNull();
            }
            assertThatThrownBy(readAhead::next).isInstanceOf(IOException.class).hasMessageContaining("127.0.0.1:1");
            assertThatThrownBy(readAhead::next)
                    .as("the failure again, never a quiet end")
                    .hasMessageContaining("127.0.0.1:1");
        }
    }

    @Test
    @Timeout(10)
    void closeStopsAFetchWaitingForRoom() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        RedisReadAhead readAhead = new RedisReadAhead(() -> batch(calls.getAndIncrement()), "test");
        assertThat(readAhead.next()).isNotNull();
        readAhead.close();
        readAhead.awaitTermination();
        int after = calls.get();
        Thread.sleep(100);
        assertThat(calls.get()).as("no fetch after close").isEqualTo(after);
    }
}
