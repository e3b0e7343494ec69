package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.Cancellation;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Fetches the next batches of a split on a background thread while the task decodes the current batch, so that Redis
 * works on batch n+1 while Hive converts batch n (a plain loop leaves one of them idle at a time). At most
 * {@value #DEPTH} batches wait, so memory stays bounded. A failure of the fetching thread is handed to the reader and
 * rethrown from {@link #next()}, then and on every later call; after the end or a failure no more fetches are made.
 *
 * <p>The fetching thread never waits for the reader: when the queue is full it ends, and the reader starts another one
 * when it takes a batch. A reader that Hive abandons without closing it (HiveServer2 4.0.1 does not close the reader of
 * a fetch task that fails in one of Hive's operators) leaves no thread behind, only its connection until it is closed.
 */
final class RedisReadAhead implements Closeable {
    static final int DEPTH = 2;

    /** One batch of rows: empty when a batch had no rows, {@code null} at the end of the split. */
    @FunctionalInterface
    interface BatchSource {
        List<RedisRow> nextBatch() throws IOException;
    }

    private record Failure(Throwable cause) {}

    private static final Object END = new Object();
    /** Put by {@link #close} to wake a reader waiting for a batch (HiveServer2 closes a cancelled fetch's reader). */
    private static final Object CLOSED = new Object();

    private final BatchSource source;
    private final String threadName;
    private final BlockingQueue<Object> queue = new ArrayBlockingQueue<>(DEPTH);
    /** The fetching thread while one runs (guarded by this). */
    private Thread thread;
    /** Whether the source reached its end or failed: no more fetching (guarded by this). */
    private boolean exhausted;

    private boolean finished;
    private IOException failure;
    private volatile boolean closed;

    RedisReadAhead(BatchSource source, String threadName) {
        this.source = requireNonNull(source, "source is null");
        this.threadName = requireNonNull(threadName, "threadName is null");
    }

    /** The next non-empty batch, or {@code null} at the end of the split. */
    List<RedisRow> next() throws IOException {
        if (failure != null) {
            throw failure;
        }
        if (closed) {
            throw closedWhileReading();
        }
        if (finished) {
            return null;
        }
        fetchIfIdle();
        Object item;
        try {
            item = queue.take();
        } catch (InterruptedException e) {
            close(); // stop fetching at once, whether or not the caller closes the reader
            throw Cancellation.interrupted("waiting for Redis (" + threadName + ")");
        }
        if (item == CLOSED || closed) {
            throw closedWhileReading();
        }
        if (item == END) {
            finished = true;
            return null;
        }
        if (item instanceof Failure failed) {
            // kept, so that a caller that calls next() again gets the failure again, never a quiet end of the split
            Throwable cause = failed.cause();
            failure = cause instanceof IOException e ? e : new IOException(cause.getMessage(), cause);
            throw failure;
        }
        fetchIfIdle(); // a batch taken leaves room: fetch the next one while this one is decoded
        @SuppressWarnings("unchecked")
        List<RedisRow> batch = (List<RedisRow>) item;
        return batch;
    }

    /** Starts a fetching thread unless one runs, the source is exhausted or the queue is full. */
    private synchronized void fetchIfIdle() {
        if (thread == null && !exhausted && !closed && queue.remainingCapacity() > 0) {
            thread = new Thread(this::fetch, threadName);
            thread.setDaemon(true);
            thread.start();
        }
    }

    /** Whether the fetching thread may go on: ends it (under the lock) when the queue is full or reading is closed. */
    private synchronized boolean mayFetch() {
        if (closed || queue.remainingCapacity() == 0) {
            thread = null;
            return false;
        }
        return true;
    }

    private synchronized void exhaust() {
        exhausted = true;
        thread = null;
    }

    private void fetch() {
        try {
            while (mayFetch()) {
                List<RedisRow> batch = source.nextBatch();
                if (batch == null) {
                    exhaust();
                    queue.put(END); // room: only this thread puts, and it checked under the lock
                    return;
                }
                if (!batch.isEmpty()) {
                    queue.put(batch);
                }
            }
        } catch (InterruptedException e) {
            exhaust(); // closed while putting
        } catch (Throwable t) {
            exhaust();
            // offer: the queue has room (checked before the fetch), and a reader always takes it
            queue.offer(new Failure(t));
        }
    }

    private IOException closedWhileReading() {
        return new InterruptedIOException(
                Cancellation.cancelled("reading from Redis (" + threadName + "); the reader " + "was closed")
                        .getMessage());
    }

    /**
     * Stops fetching. The caller closes the connection afterwards, which also ends a fetch blocked on the socket;
     * {@link #awaitTermination} waits briefly for the thread so that no fetch outlives the reader.
     */
    @Override
    public void close() {
        closed = true;
        Thread running;
        synchronized (this) {
            running = thread;
        }
        if (running != null) {
            running.interrupt();
        }
        queue.clear();
        queue.offer(CLOSED); // wakes a reader waiting for a batch
    }

    /** Waits for the fetching thread to end (after the connection is closed). */
    void awaitTermination() {
        Thread running;
        synchronized (this) {
            running = thread;
        }
        if (running != null) {
            try {
                running.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
