package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
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

    /**
     * HiveServer2 cancels a fetch by closing its reader from another thread: a reader waiting for a slow batch wakes up
     * with HNS-142, and the fetching thread is interrupted.
     */
    @Test
    @Timeout(10)
    void closingWakesAReaderWaitingForABatch() throws Exception {
        CountDownLatch fetching = new CountDownLatch(1);
        CountDownLatch fetchEnded = new CountDownLatch(1);
        RedisReadAhead readAhead = new RedisReadAhead(
                () -> {
                    fetching.countDown();
                    try {
                        Thread.sleep(60_000); // a slow Redis
                        return null;
                    } catch (InterruptedException e) {
                        throw new java.io.InterruptedIOException("interrupted");
                    } finally {
                        fetchEnded.countDown();
                    }
                },
                "test");
        java.util.concurrent.atomic.AtomicReference<Throwable> failure =
                new java.util.concurrent.atomic.AtomicReference<>();
        Thread reader = new Thread(() -> {
            try {
                readAhead.next();
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        reader.start();
        assertThat(fetching.await(5, TimeUnit.SECONDS)).isTrue();
        readAhead.close();
        reader.join(2_000);
        assertThat(reader.isAlive()).as("the reader woke up").isFalse();
        assertThat(failure.get())
                .isInstanceOf(java.io.InterruptedIOException.class)
                .hasMessageContaining("HNS-142 QUERY_CANCELLED");
        assertThat(fetchEnded.await(2, TimeUnit.SECONDS))
                .as("the fetch was interrupted")
                .isTrue();
    }

    @Test
    @Timeout(10)
    void aFailureAfterTheQueueFilledUpStillReachesTheReader() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        try (RedisReadAhead readAhead = new RedisReadAhead(
                () -> {
                    int call = calls.getAndIncrement();
                    // one batch for the reader's first next(), then DEPTH more that fill the queue
                    if (call <= RedisReadAhead.DEPTH) {
                        return batch(call);
                    }
                    throw new IOException("lost the connection to Redis at 127.0.0.1:1");
                },
                "test")) {
            assertThat(readAhead.next()).isNotNull(); // starts the thread
            for (int i = 0; i < RedisReadAhead.DEPTH; i++) {
                assertThat(readAhead.next()).isNotNull();
            }
            assertThatThrownBy(readAhead::next).isInstanceOf(IOException.class).hasMessageContaining("127.0.0.1:1");
            assertThatThrownBy(readAhead::next)
                    .as("the failure again, never a quiet end")
                    .hasMessageContaining("127.0.0.1:1");
        }
    }

    /**
     * With the queue full the fetching thread ends rather than wait for the reader: a reader that Hive abandons
     * without closing it leaves no thread behind; the next batch taken starts another.
     */
    @Test
    @Timeout(10)
    void noThreadWaitsForAReaderThatStopsReading() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        RedisReadAhead readAhead = new RedisReadAhead(() -> batch(calls.getAndIncrement()), "test-idle");
        assertThat(readAhead.next()).isNotNull();
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
        while (Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("test-idle"))) {
            assertThat(System.nanoTime()).as("the fetching thread ended").isLessThan(deadline);
            Thread.sleep(10);
        }
        assertThat(calls.get()).as("the queue filled up").isEqualTo(1 + RedisReadAhead.DEPTH);
        for (int i = 1; i <= 5; i++) {
            assertThat(new String(readAhead.next().get(0).key(), java.nio.charset.StandardCharsets.UTF_8))
                    .isEqualTo("k" + i);
        }
        readAhead.close();
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
