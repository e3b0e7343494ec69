package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.Cancellation;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills a split's column batches on a thread of their own, a few batches ahead of the task: while Hive's operators
 * work on one batch, the store's records of the next are read and decoded. Hive's LLAP IO elevator hands batches to
 * its operators the same way: a filled batch's column vectors are swapped into the batch the task passes to {@link
 * #next}, and the vectors they replace go back to be filled again, so no value is copied.
 *
 * <p>The batches a split fills are its own ({@code depth + 1} of them: {@code depth} waiting, one being filled); the
 * task's batch keeps its scratch and partition columns. A failure of the read (a bad record under the {@code fail}
 * policy, a store error, a cancelled query) reaches the task at the batch where it happened, after the batches filled
 * before it. Closing stops the thread (interrupting it, which the record loop checks) before the input is released.
 */
final class BatchReadAhead {
    private static final Logger log = LoggerFactory.getLogger(BatchReadAhead.class);

    /** How long {@link #close} waits for the thread before it releases the input under it (which unblocks a read). */
    private static final long STOP_WAIT_MILLIS = 10_000;

    /** A filled batch (size above 0), the end of the split (size 0), or the read's failure. */
    private record Filled(VectorizedRowBatch batch, int size, Throwable failure) {}

    /** Fills a batch with the split's next records; returns how many (0 at the end of the split). */
    interface Filler {
        int fill(VectorizedRowBatch batch) throws IOException;
    }

    private final Filler filler;
    private final int dataColumns;
    private final String description;
    private final BlockingQueue<VectorizedRowBatch> free;
    private final BlockingQueue<Filled> filled;
    private final Thread thread;

    private boolean ended;
    private volatile boolean stopping;

    /**
     * @param filler fills one batch; called only on this read-ahead's thread
     * @param batches makes one empty batch of the task's layout ({@code VectorizedRowBatchCtx::createVectorizedRowBatch})
     * @param dataColumns the number of the table's columns at the start of each batch, the ones the filler fills
     * @param depth how many filled batches may wait for the task, at least 1
     * @param description the table and split, for the thread's name and messages
     */
    BatchReadAhead(
            Filler filler, Supplier<VectorizedRowBatch> batches, int dataColumns, int depth, String description) {
        this.filler = requireNonNull(filler, "filler is null");
        this.dataColumns = dataColumns;
        this.description = requireNonNull(description, "description is null");
        if (depth < 1) {
            throw new IllegalArgumentException("read-ahead depth must be at least 1, not " + depth);
        }
        this.free = new ArrayBlockingQueue<>(depth + 1);
        for (int i = 0; i <= depth; i++) {
            free.add(batches.get());
        }
        this.filled = new ArrayBlockingQueue<>(depth + 1);
        this.thread = new Thread(this::run, "hive-nosql batch read-ahead: " + description);
        thread.setDaemon(true);
        thread.start();
    }

    private void run() {
        try {
            while (!stopping) {
                VectorizedRowBatch batch = free.take();
                for (int i = 0; i < dataColumns; i++) {
                    if (batch.cols[i] != null) {
                        batch.cols[i].reset();
                    }
                }
                batch.selectedInUse = false;
                int size = filler.fill(batch);
                batch.size = size;
                filled.put(new Filled(batch, size, null));
                if (size == 0) {
                    return;
                }
            }
        } catch (InterruptedException e) {
            // close() stops the thread; nothing waits for a batch any more
        } catch (IOException | RuntimeException | Error e) {
            if (!filled.offer(new Filled(null, 0, e))) {
                log.warn("batch read-ahead of {} failed after the task stopped reading", description, e);
            }
        }
    }

    /**
     * Hands the task the next filled batch by swapping its data columns into {@code target}: returns its size, 0 at
     * the end of the split.
     *
     * @throws IOException the read's failure, with the message it had on the read-ahead thread
     * @throws InterruptedIOException when the task's thread is interrupted (a killed task) while it waits
     */
    int next(VectorizedRowBatch target) throws IOException {
        if (ended) {
            return 0;
        }
        Filled next;
        try {
            next = filled.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Cancellation.interrupted("reading " + description);
        }
        if (next.failure() != null) {
            ended = true;
            throw rethrown(next.failure());
        }
        if (next.size() == 0) {
            ended = true;
            return 0;
        }
        VectorizedRowBatch source = next.batch();
        for (int i = 0; i < dataColumns; i++) {
            ColumnVector vector = source.cols[i];
            if (vector != null && target.cols[i] != null) {
                source.cols[i] = target.cols[i];
                target.cols[i] = vector;
            }
        }
        target.selectedInUse = false;
        target.size = next.size();
        free.add(source);
        return target.size;
    }

    private static IOException rethrown(Throwable failure) {
        if (failure instanceof InterruptedIOException interrupted) {
            InterruptedIOException copy = new InterruptedIOException(interrupted.getMessage());
            copy.initCause(interrupted);
            return copy;
        }
        if (failure instanceof IOException io) {
            return new IOException(io.getMessage(), io);
        }
        if (failure instanceof UncheckedIOException unchecked) {
            return new IOException(unchecked.getMessage(), unchecked.getCause());
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IOException(failure.getMessage(), failure);
    }

    /**
     * Stops the thread and waits for it, then runs {@code release} (which closes the input). A thread still blocked
     * in the store's client after {@value #STOP_WAIT_MILLIS} ms is unblocked by the release itself, then awaited again.
     */
    void close(Closeable release) throws IOException {
        stopping = true;
        thread.interrupt();
        boolean interrupted = false;
        try {
            thread.join(STOP_WAIT_MILLIS);
        } catch (InterruptedException e) {
            interrupted = true;
        }
        try {
            release.close();
        } finally {
            if (thread.isAlive()) {
                try {
                    thread.join(TimeUnit.SECONDS.toMillis(1));
                } catch (InterruptedException e) {
                    interrupted = true;
                }
                if (thread.isAlive()) {
                    log.warn(
                            "batch read-ahead of {} did not stop within {} ms of its input's close",
                            description,
                            STOP_WAIT_MILLIS + 1000);
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
