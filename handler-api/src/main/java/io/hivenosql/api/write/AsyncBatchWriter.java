package io.hivenosql.api.write;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.Cancellation;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.RecordSink;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lifecycle of a writer that sends batches of rows asynchronously: at most {@code concurrency} batches in flight,
 * the first failed batch failing the task, flush on close, abort dropping what is buffered, and cancellation.
 *
 * <p>The store decides how rows make batches: {@link #add} buffers a row and calls {@link #send} when a batch is
 * ready, {@link #sendBuffered} sends whatever is buffered, {@link #discardBuffered} drops it. It says how a batch is
 * sent ({@link #sendAsync}) and how a failed one is described ({@link #writeFailed}, naming the table).
 *
 * <p>This class owns the rest. {@link #send} waits for a free slot when {@code concurrency} batches are in flight. The
 * first failure is kept and thrown (as a new {@link IOException} each time, so that a try-with-resources whose body got
 * it from {@link #write} can add the one from {@link #close} as suppressed) from the next {@link #write},
 * {@link #send}, {@link #flush} or {@link #close}, and nothing is sent after it is seen. {@link #close} sends what is
 * buffered, waits for every batch, then lets the store {@link #commit}; {@link #abort} drops what is buffered and
 * waits for the batches in flight (they cannot be called back). An interrupted wait (a cancelled query, a killed
 * task) throws {@link Cancellation#interrupted}. Called by one thread, as Hive calls a record writer.
 *
 * @param <B> a batch of rows as the store sends it
 */
public abstract class AsyncBatchWriter<B> implements RecordSink {
    /** The store's writer's logger, so that its log lines keep their category. */
    private final Logger log = LoggerFactory.getLogger(getClass());

    private final String tableName;
    private final String storeName;
    private final int concurrency;
    private final Semaphore permits;
    private final AtomicLong written = new AtomicLong();
    private final AtomicReference<IOException> failure = new AtomicReference<>();
    private long rows;
    private boolean closed;

    /**
     * @param tableName the Hive table, for messages
     * @param storeName the store, for messages ({@code "Cassandra"})
     * @param concurrency how many batches may be in flight at once
     */
    protected AsyncBatchWriter(String tableName, String storeName, int concurrency) {
        this.tableName = requireNonNull(tableName, "tableName is null");
        this.storeName = requireNonNull(storeName, "storeName is null");
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, got " + concurrency);
        }
        this.concurrency = concurrency;
        this.permits = new Semaphore(concurrency);
    }

    /**
     * Buffers one row, and calls {@link #send} for each batch it completes.
     *
     * @param number the row's number in this writer, from 1, for messages
     */
    protected abstract void add(Object[] row, long number) throws IOException;

    /** Calls {@link #send} for everything buffered, and forgets it. */
    protected abstract void sendBuffered() throws IOException;

    /** Drops everything buffered unsent; returns how many rows that was. */
    protected abstract int discardBuffered();

    /** Starts writing a batch; the stage completes when the store acknowledged it or failed. May throw instead. */
    protected abstract CompletionStage<?> sendAsync(B batch);

    /** How many rows {@code batch} holds: acknowledged ones count as written. */
    protected abstract int rows(B batch);

    /**
     * The error of a failed batch (unwrapped from {@link CompletionException}): say what failed, in which table and
     * store, and why.
     */
    protected abstract HandlerException writeFailed(B batch, Throwable cause);

    /** How many rows of a failed batch the store wrote all the same (an unordered bulk write): none by default. */
    protected long writtenDespite(B batch, Throwable cause) {
        return 0;
    }

    /** Everything was acknowledged at a close: publish it if the store stages writes. Nothing by default. */
    protected void commit(long written) throws IOException {}

    /** The writes are given up (a failed close before {@link #commit}, or an abort). Nothing by default. */
    protected void abandon() {}

    /** Releases the connection; called once, after the last batch completed. */
    protected abstract void release();

    @Override
    public final void write(Object[] row) throws IOException {
        requireNonNull(row, "row is null");
        if (closed) {
            throw new IllegalStateException("the writer of table " + tableName + " is closed");
        }
        throwIfFailed();
        rows++;
        add(row, rows);
    }

    /** Sends one batch, once fewer than {@code concurrency} batches are in flight. */
    protected final void send(B batch) throws IOException {
        throwIfFailed();
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            throw Cancellation.interrupted("writing table " + tableName + " to " + storeName);
        }
        if (failure.get() != null) {
            permits.release();
            throwIfFailed();
        }
        CompletionStage<?> sent;
        try {
            sent = sendAsync(batch);
        } catch (RuntimeException e) {
            permits.release();
            IOException error = failed(batch, e);
            failure.compareAndSet(null, error);
            throw error;
        }
        sent.whenComplete((result, error) -> {
            try {
                if (error == null) {
                    written.addAndGet(rows(batch));
                } else {
                    Throwable cause =
                            error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                    written.addAndGet(writtenDespite(batch, cause));
                    failure.compareAndSet(null, failed(batch, cause));
                }
            } catch (RuntimeException | Error e) {
                failure.compareAndSet(
                        null, new IOException("table " + tableName + ": writing to " + storeName + " failed", e));
            } finally {
                permits.release();
            }
        });
    }

    private IOException failed(B batch, Throwable cause) {
        HandlerException error = writeFailed(batch, cause);
        return new IOException(error.getMessage(), error);
    }

    /** Throws the first failure, if any, as a new exception, after dropping what is buffered. */
    private void throwIfFailed() throws IOException {
        IOException error = failure.get();
        if (error != null) {
            discardBuffered();
            throw new IOException(error.getMessage(), error.getCause() == null ? error : error.getCause());
        }
    }

    /** Waits until no batch of this writer is in flight. */
    private void awaitInFlight() throws IOException {
        try {
            permits.acquire(concurrency);
        } catch (InterruptedException e) {
            throw Cancellation.interrupted(
                    "waiting for " + storeName + " to acknowledge the writes of table " + tableName);
        }
        permits.release(concurrency);
    }

    @Override
    public final void flush() throws IOException {
        throwIfFailed();
        sendBuffered();
        awaitInFlight();
        throwIfFailed();
    }

    @Override
    public final long written() {
        return written.get();
    }

    /** Drops the buffered rows (they must not reach the store after a failure) and waits for those in flight. */
    @Override
    public final void abort() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        int dropped = discardBuffered();
        try {
            awaitInFlight();
        } finally {
            try {
                abandon();
            } finally {
                release();
                log.info(
                        "table {}: aborted; {} buffered row(s) dropped unsent, {} of {} rows acknowledged by {}",
                        tableName,
                        dropped,
                        written.get(),
                        rows,
                        storeName);
            }
        }
    }

    @Override
    public final void close() throws IOException {
        if (closed) {
            return;
        }
        boolean flushed = false;
        try {
            flush();
            flushed = true;
            commit(written.get());
        } catch (IOException | RuntimeException e) {
            discardBuffered();
            try {
                awaitInFlight();
            } catch (IOException interrupted) {
                e.addSuppressed(interrupted);
            }
            if (!flushed) {
                abandon();
            }
            throw e;
        } finally {
            closed = true;
            release();
            log.info("table {}: {} of {} rows acknowledged by {}", tableName, written.get(), rows, storeName);
        }
    }
}
