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
 * Fetches the next batches of a split on one background thread while the task decodes the current batch, so that
 * Redis works on batch n+1 while Hive converts batch n (a plain loop leaves one of them idle at a time). At most
 * {@value #DEPTH} batches wait, so memory stays bounded. A failure of the fetching thread is handed to the reader and
 * rethrown from {@link #next()}, then and on every later call; after the end or a failure no more fetches are made.
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
    private Thread thread;
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
        if (thread == null) {
            thread = new Thread(this::fetchAll, threadName);
            thread.setDaemon(true);
            thread.start();
        }
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
        @SuppressWarnings("unchecked")
        List<RedisRow> batch = (List<RedisRow>) item;
        return batch;
    }

    private IOException closedWhileReading() {
        return new InterruptedIOException(
                Cancellation.cancelled("reading from Redis (" + threadName + "); the reader " + "was closed")
                        .getMessage());
    }

    private void fetchAll() {
        try {
            while (!closed) {
                List<RedisRow> batch = source.nextBatch();
                if (batch == null) {
                    queue.put(END);
                    return;
                }
                if (!batch.isEmpty()) {
                    queue.put(batch);
                }
            }
        } catch (InterruptedException e) {
            // closed while waiting for the reader
        } catch (Throwable t) {
            // put, not offer: with the queue full an offered failure would be lost and the reader would wait forever
            try {
                queue.put(new Failure(t));
            } catch (InterruptedException e) {
                // closed while waiting for the reader
            }
        }
    }

    /**
     * Stops fetching. The caller closes the connection afterwards, which also ends a fetch blocked on the socket; this
     * waits briefly for the thread so that no fetch outlives the reader.
     */
    @Override
    public void close() {
        closed = true;
        if (thread != null) {
            thread.interrupt();
            queue.clear();
            queue.offer(CLOSED); // room after the clear, unless the fetching thread put a batch meanwhile
        }
    }

    /** Waits for the fetching thread to end (after the connection is closed). */
    void awaitTermination() {
        if (thread != null) {
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
