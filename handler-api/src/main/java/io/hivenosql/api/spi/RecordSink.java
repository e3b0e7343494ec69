package io.hivenosql.api.spi;

import java.io.Closeable;
import java.io.IOException;

/**
 * Writes rows to the store in batches. {@link #close()} flushes what is buffered and throws if any write of this sink
 * was not acknowledged, so that a failed write fails the task.
 */
public interface RecordSink extends Closeable {
    /** Writes one row: neutral values in table-mapping order. May buffer. */
    void write(Object[] row) throws IOException;

    /** Sends everything buffered and waits for the store to acknowledge it. */
    void flush() throws IOException;

    /** Number of rows acknowledged by the store so far. */
    long written();

    /**
     * The task failed: drop what is buffered (it must not reach the store after the failure) and release the
     * connection. The default closes, which suits sinks that buffer nothing.
     */
    default void abort() throws IOException {
        close();
    }
}
