package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.Cancellation;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.RecordSink;
import java.io.IOException;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.Reporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the rows of one task through the connector's {@link RecordSink}. A failed write or flush fails the task;
 * the sink is always closed.
 */
public final class NoSqlRecordWriter implements FileSinkOperator.RecordWriter {
    private static final Logger LOG = LoggerFactory.getLogger(NoSqlRecordWriter.class);

    private final String tableName;
    private final RecordSink sink;
    private final Reporter reporter;
    private long handed;
    private boolean closed;

    public NoSqlRecordWriter(String tableName, RecordSink sink, Reporter reporter) {
        this.tableName = requireNonNull(tableName, "tableName is null");
        this.sink = requireNonNull(sink, "sink is null");
        this.reporter = reporter == null ? Reporter.NULL : reporter;
    }

    @Override
    public void write(Writable w) throws IOException {
        if (!(w instanceof RowWritable row)) {
            throw new IOException("table " + tableName + ": expected a RowWritable from the hive-nosql SerDe, got "
                    + (w == null ? "null" : w.getClass().getName()));
        }
        if (Thread.currentThread().isInterrupted()) {
            // the task was killed or the query cancelled: send nothing more
            throw Cancellation.interrupted("writing table " + tableName + " (after " + handed + " rows)");
        }
        try {
            sink.write(row.values());
        } catch (HandlerException e) {
            throw new IOException(e.getMessage(), e);
        }
        handed++;
    }

    @Override
    public void close(boolean abort) throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        boolean interrupted = Thread.currentThread().isInterrupted();
        if (abort || interrupted) {
            try {
                sink.abort();
            } catch (IOException | RuntimeException e) {
                LOG.warn("table {}: closing the writer of an aborted task failed: {}", tableName, e.toString());
            }
            LOG.info("table {}: task aborted after handing {} rows to the store", tableName, handed);
            if (interrupted && !abort) {
                throw Cancellation.interrupted("closing the writer of table " + tableName);
            }
            return;
        }
        try (RecordSink closing = sink) {
            closing.flush();
        } catch (HandlerException e) {
            throw new IOException(e.getMessage(), e);
        } finally {
            long written = sink.written();
            if (written > 0) {
                reporter.incrCounter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_WRITTEN.name(), written);
            }
            LOG.info("table {}: wrote {} of {} rows", tableName, written, handed);
        }
    }
}
