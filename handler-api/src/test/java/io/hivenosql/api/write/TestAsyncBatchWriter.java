package io.hivenosql.api.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.RecordSink;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class TestAsyncBatchWriter {
    /** A batch the test completes by hand: its rows' first values, and the stage the writer waits on. */
    private record Sent(List<Integer> rows, CompletableFuture<Void> ack) {}

    /**
     * A writer of batches of {@code batchRows} rows whose sends wait for the test: each batch sent is put in
     * {@link #sent}, and the test acknowledges or fails it.
     */
    private static final class TestingWriter extends AsyncBatchWriter<Sent> {
        final BlockingQueue<Sent> sent = new LinkedBlockingQueue<>();
        final List<String> events = new CopyOnWriteArrayList<>();
        private final int batchRows;
        private List<Integer> buffer = new ArrayList<>();
        RuntimeException refuseSend;
        long writtenDespite;

        TestingWriter(int concurrency, int batchRows) {
            super("db.t", "TestStore", concurrency);
            this.batchRows = batchRows;
        }

        @Override
        protected void add(Object[] row, long number) throws IOException {
            buffer.add((Integer) row[0]);
            if (buffer.size() >= batchRows) {
                sendBuffered();
            }
        }

        @Override
        protected void sendBuffered() throws IOException {
            if (!buffer.isEmpty()) {
                List<Integer> rows = buffer;
                buffer = new ArrayList<>();
                send(new Sent(rows, new CompletableFuture<>()));
            }
        }

        @Override
        protected int discardBuffered() {
            int dropped = buffer.size();
            buffer.clear();
            return dropped;
        }

        @Override
        protected CompletionStage<?> sendAsync(Sent batch) {
            if (refuseSend != null) {
                throw refuseSend;
            }
            sent.add(batch);
            return batch.ack();
        }

        @Override
        protected int rows(Sent batch) {
            return batch.rows().size();
        }

        @Override
        protected HandlerException writeFailed(Sent batch, Throwable cause) {
            return new HandlerException(
                    HandlerErrorCode.WRITE_FAILED,
                    "writing rows " + batch.rows() + " of table db.t failed: " + cause.getMessage(),
                    cause);
        }

        @Override
        protected long writtenDespite(Sent batch, Throwable cause) {
            return writtenDespite;
        }

        @Override
        protected void commit(long written) {
            events.add("commit " + written);
        }

        @Override
        protected void abandon() {
            events.add("abandon");
        }

        @Override
        protected void release() {
            events.add("release");
        }

        Sent next() throws InterruptedException {
            Sent batch = sent.poll(10, TimeUnit.SECONDS);
            assertThat(batch).as("a batch was sent").isNotNull();
            return batch;
        }
    }

    private static Object[] row(int value) {
        return new Object[] {value};
    }

    @Test
    void atMostConcurrencyBatchesAreInFlight() throws Exception {
        TestingWriter writer = new TestingWriter(2, 1);
        writer.write(row(1));
        writer.write(row(2));
        AtomicReference<Throwable> thirdFailed = new AtomicReference<>();
        Thread third = new Thread(() -> {
            try {
                writer.write(row(3));
            } catch (Throwable e) {
                thirdFailed.set(e);
            }
        });
        third.start();
        Sent first = writer.next();
        Sent second = writer.next();
        // the third write waits for a free slot: no third batch while two are unacknowledged
        assertThat(writer.sent.poll(300, TimeUnit.MILLISECONDS)).isNull();
        assertThat(third.getState()).isIn(Thread.State.WAITING, Thread.State.TIMED_WAITING);
        second.ack().complete(null);
        Sent last = writer.next();
        third.join(10_000);
        assertThat(third.isAlive()).isFalse();
        assertThat(thirdFailed.get()).isNull();
        assertThat(last.rows()).containsExactly(3);
        assertThat(writer.written()).isEqualTo(1);

        first.ack().complete(null);
        last.ack().complete(null);
        writer.close();
        assertThat(writer.written()).isEqualTo(3);
        assertThat(writer.events).containsExactly("commit 3", "release");
    }

    @Test
    void closeSendsTheBufferedRowsAndWaitsForEveryBatch() throws Exception {
        TestingWriter writer = new TestingWriter(4, 10);
        for (int i = 0; i < 25; i++) {
            writer.write(row(i));
        }
        Thread acknowledger = new Thread(() -> {
            try {
                for (int i = 0; i < 3; i++) {
                    writer.next().ack().complete(null);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        acknowledger.start();
        writer.close();
        acknowledger.join(10_000);
        assertThat(writer.written()).isEqualTo(25);
        assertThat(writer.events).containsExactly("commit 25", "release");

        writer.close();
        assertThat(writer.events).as("a second close does nothing").hasSize(2);
        assertThatThrownBy(() -> writer.write(row(26)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("table db.t is closed");
    }

    @Test
    void theFirstFailureWinsAndFailsCloseAndNothingIsSentAfterIt() throws Exception {
        TestingWriter writer = new TestingWriter(3, 1);
        writer.writtenDespite = 0;
        writer.write(row(1));
        writer.write(row(2));
        writer.write(row(3));
        Sent first = writer.next();
        Sent second = writer.next();
        Sent third = writer.next();
        second.ack().completeExceptionally(new IllegalStateException("replica down"));
        first.ack().completeExceptionally(new IllegalStateException("timed out"));
        third.ack().complete(null);

        assertThatThrownBy(() -> writer.write(row(4)))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("HNS-203 WRITE_FAILED")
                .hasMessageContaining("writing rows [2] of table db.t failed: replica down")
                .hasRootCauseMessage("replica down");
        assertThat(writer.sent).as("nothing is sent after the failure").isEmpty();
        assertThat(writer.written()).isEqualTo(1);

        // as in a try-with-resources: close throws the failure again, as a new exception that can be suppressed
        IOException fromWrite = null;
        try (RecordSink sink = writer) {
            sink.write(row(5));
        } catch (IOException e) {
            fromWrite = e;
        }
        assertThat(fromWrite).hasMessageContaining("writing rows [2]").satisfies(e -> assertThat(e.getSuppressed())
                .singleElement()
                .satisfies(suppressed -> assertThat(suppressed).hasMessageContaining("writing rows [2]"))
                .isNotSameAs(e));
        assertThat(writer.events).as("no commit after a failure").containsExactly("abandon", "release");
        assertThat(writer.sent).isEmpty();
    }

    @Test
    void aFailedBatchCountsWhatTheStoreWroteAllTheSame() throws Exception {
        TestingWriter writer = new TestingWriter(1, 4);
        writer.writtenDespite = 3;
        for (int i = 0; i < 4; i++) {
            writer.write(row(i));
        }
        writer.next().ack().completeExceptionally(new IllegalStateException("one duplicate"));
        assertThatThrownBy(writer::close).hasMessageContaining("one duplicate");
        assertThat(writer.written()).isEqualTo(3);
    }

    @Test
    void aSendThatThrowsFailsAtOnceAndFreesItsSlot() throws Exception {
        TestingWriter writer = new TestingWriter(1, 1);
        writer.refuseSend = new IllegalStateException("no connection");
        assertThatThrownBy(() -> writer.write(row(1)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("writing rows [1] of table db.t failed: no connection");
        // the slot was given back: abort does not wait for a batch that never left
        writer.abort();
        assertThat(writer.events).containsExactly("abandon", "release");
    }

    @Test
    void abortDropsTheBufferedRowsAndWaitsForThoseInFlight() throws Exception {
        TestingWriter writer = new TestingWriter(2, 3);
        for (int i = 0; i < 5; i++) {
            writer.write(row(i));
        }
        Sent inFlight = writer.next();
        Thread acknowledger = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            inFlight.ack().complete(null);
        });
        acknowledger.start();
        writer.abort();
        assertThat(inFlight.ack()).as("abort waited for the batch in flight").isDone();
        assertThat(writer.sent).as("the two buffered rows were not sent").isEmpty();
        assertThat(writer.written()).isEqualTo(3);
        assertThat(writer.events).containsExactly("abandon", "release");

        writer.abort();
        writer.close();
        assertThat(writer.events).as("abort then close release once").hasSize(2);
        acknowledger.join(10_000);
    }

    @Test
    void anInterruptedWaitIsACancellationAndKeepsTheInterrupt() throws Exception {
        TestingWriter writer = new TestingWriter(1, 1);
        writer.write(row(1));
        Sent inFlight = writer.next();
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> writer.write(row(2)))
                    .isInstanceOf(InterruptedIOException.class)
                    .hasMessageContaining("HNS-142 QUERY_CANCELLED")
                    .hasMessageContaining("writing table db.t to TestStore");
            assertThat(Thread.currentThread().isInterrupted())
                    .as("the interrupt stays set for Hive")
                    .isTrue();
            assertThatThrownBy(writer::flush)
                    .isInstanceOf(InterruptedIOException.class)
                    .hasMessageContaining("waiting for TestStore to acknowledge the writes of table db.t");
        } finally {
            Thread.interrupted();
        }
        inFlight.ack().complete(null);
        writer.abort();
        assertThat(writer.written()).isEqualTo(1);
        assertThat(writer.sent).isEmpty();
    }
}
