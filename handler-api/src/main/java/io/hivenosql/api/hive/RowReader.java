package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.Cancellation;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.hive.line.HiveLines;
import io.hivenosql.api.hive.line.QueryCancellation;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.ValueConversionException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The record loop of every hive-nosql reader of one split (a store's, {@link NoSqlRecordReader}, and a file's): moves
 * to each record, has it converted to the row's Hive values under the table's {@link BadRecords bad-record policy},
 * reads past skipped records, stops when the query is cancelled, counts records in the {@value NoSqlCounters#GROUP}
 * counters (in batches, flushed at close) and logs the totals at close. A reader of a connector's
 * {@link RecordSource} gets all of that from the source; another subclass knows its records: how to move to the next
 * ({@link #advance}), turn it into a row ({@link #convert}) and release the input ({@link #closeInput}).
 */
public abstract class RowReader<K extends Writable> implements RecordReader<K, RowWritable> {
    private static final int MAX_KEY_LENGTH = 200;
    private static final int CANCEL_CHECK_INTERVAL = 256;

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final String tableName;
    private final TableMapping mapping;
    private final BadRecords badRecords;
    private final RecordCounters counters;
    private final String splitDescription;
    /** The records, for a reader of a {@link RecordSource}; null when the subclass reads its own. */
    private final RecordSource source;

    private final List<Integer> projection;
    /** The state of HiveServer2's driver when a fetch task runs on this thread: cancelled fetches end there. */
    private final QueryCancellation driver;

    private long read;
    private long polled;
    private boolean done;
    /** Set by {@link #close}, which HiveServer2 calls from another thread when it cancels a fetch. */
    private volatile boolean closed;

    /**
     * @param badRecords the policy (and its counts) that {@link #convert} applies
     * @param reporter the task's reporter; null (no task) counts nowhere
     * @param splitDescription the split, for messages and the log
     */
    protected RowReader(TableContext table, BadRecords badRecords, Reporter reporter, String splitDescription) {
        this(table, badRecords, reporter, splitDescription, null, List.of());
    }

    /**
     * A reader of the projected columns of a {@link RecordSource}'s records, under the table's bad-record policy.
     *
     * @param reporter the task's reporter; null (no task) counts nowhere
     * @param splitDescription the split, for messages and the log
     */
    protected RowReader(ReadRequest request, RecordSource source, Reporter reporter, String splitDescription) {
        this(
                requireNonNull(request, "request is null").table(),
                new BadRecords(request.table().config()),
                reporter,
                splitDescription,
                requireNonNull(source, "source is null"),
                request.projection());
    }

    private RowReader(
            TableContext table,
            BadRecords badRecords,
            Reporter reporter,
            String splitDescription,
            RecordSource source,
            List<Integer> projection) {
        requireNonNull(table, "table is null");
        this.tableName = table.tableName();
        this.mapping = table.mapping();
        this.badRecords = requireNonNull(badRecords, "badRecords is null");
        this.counters = new RecordCounters(reporter);
        this.splitDescription = requireNonNull(splitDescription, "splitDescription is null");
        this.source = source;
        this.projection = projection;
        this.driver = HiveLines.current().currentQuery();
    }

    /**
     * Moves to the next record; the default moves the {@link RecordSource}.
     *
     * @return false at the end of the split
     */
    protected boolean advance(K key) throws IOException {
        return source().next();
    }

    /**
     * The current record's Hive values into {@code row} (every column {@link #next} hands to Hive), under the
     * bad-record policy. The default converts the {@link RecordSource}'s projected values: each becomes Hive's Java
     * value ({@link HiveValues#toHive}); one that does not convert goes to the policy, whose failure names the record's
     * {@linkplain RecordSource#key key}, the column and its path.
     *
     * @return false when the policy skips the record
     */
    protected boolean convert(Object[] row) throws IOException {
        RecordSource records = source();
        boolean anyNulled = false;
        for (int index : projection) {
            ColumnMapping column = mapping.column(index);
            try {
                put(row, index, records.get(index));
            } catch (ValueConversionException e) {
                if (!badRecords.keep(() -> badRecord(records, column, e))) {
                    return false;
                }
                put(row, index, null);
                anyNulled = true;
            }
        }
        if (anyNulled) {
            badRecords.countNulled();
        }
        return true;
    }

    /**
     * Hands one projected column of the current record to Hive, as {@link #convert} reads it from the
     * {@link RecordSource}: the default puts its Hive Java value into the row; a reader that fills column vectors puts
     * it there instead. {@code neutral} null is a NULL (also the value a bad record gets under the {@code null} policy).
     *
     * @throws ValueConversionException when the value does not convert to the column's type
     */
    protected void put(Object[] row, int column, Object neutral) {
        row[column] = HiveValues.toHive(mapping.column(column).type(), neutral);
    }

    /** Releases the input (file, connection); called once, by {@link #close}. The default closes the source. */
    protected void closeInput() throws IOException {
        source().close();
    }

    private RecordSource source() {
        if (source == null) {
            throw new IllegalStateException(getClass().getName() + " reads no RecordSource: it must override advance, "
                    + "convert and closeInput");
        }
        return source;
    }

    /** The row {@link #next} fills: the value's own array, replaced when it has the wrong size. */
    protected Object[] rowOf(RowWritable value) {
        Object[] row = value.values();
        if (row.length != mapping.size()) {
            row = new Object[mapping.size()];
            value.set(row);
        }
        return row;
    }

    /** The next record's row; records the policy skips are read past. */
    @Override
    public final boolean next(K key, RowWritable value) throws IOException {
        try {
            while (!done) {
                checkCancelled();
                if (!advance(key)) {
                    done = true;
                    break;
                }
                boolean kept = convert(rowOf(value));
                if (kept) {
                    read++;
                }
                counters.update(read, badRecords.skipped(), badRecords.nulled());
                if (kept) {
                    return true;
                }
            }
            return false;
        } catch (HandlerException e) {
            throw new IOException(e.getMessage(), e);
        } catch (InterruptedIOException e) {
            // a cancelled query: Hive does not always close a reader whose read failed, so release the input (the
            // store's connection, a read-ahead thread) now
            closeQuietly(e);
            throw e;
        }
    }

    private void closeQuietly(IOException failure) {
        try {
            close();
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * Stops a read whose query was cancelled: HiveServer2 closes the reader of a fetch from the thread that cancels it,
     * or only closes its driver when the fetch task runs inside the driver ({@link QueryCancellation}), and Tez and
     * MapReduce interrupt the thread of a killed task (the last two checked every {@value #CANCEL_CHECK_INTERVAL}
     * records).
     */
    private void checkCancelled() throws IOException {
        if (closed) {
            throw Cancellation.stopped(
                    "reading table " + tableName + ", split " + splitDescription + " (the reader was closed)");
        }
        if (++polled % CANCEL_CHECK_INTERVAL == 0) {
            if (Thread.currentThread().isInterrupted()) {
                throw Cancellation.interrupted("reading table " + tableName + ", split " + splitDescription);
            }
            if (driver.cancelled()) {
                throw Cancellation.stopped("reading table " + tableName + ", split " + splitDescription
                        + " (HiveServer2 closed the query)");
            }
        }
    }

    private IOException badRecord(RecordSource source, ColumnMapping column, ValueConversionException e) {
        String key = String.valueOf(source.key());
        if (key.length() > MAX_KEY_LENGTH) {
            key = key.substring(0, MAX_KEY_LENGTH) + "...";
        }
        HandlerException error = new HandlerException(
                HandlerErrorCode.BAD_RECORD,
                "table " + tableName + ", key '" + key + "', column '" + column.name() + "' (path '" + column.path()
                        + "'): " + e.getMessage() + ". " + e.remedy() + ", or set "
                        + "'nosql.bad-record.policy'='null' or 'skip' to read past it",
                e);
        return new IOException(error.getMessage(), error);
    }

    @Override
    public RowWritable createValue() {
        return new RowWritable(new Object[mapping.size()]);
    }

    /** The number of records handed to Hive so far. */
    @Override
    public long getPos() throws IOException {
        return read;
    }

    /** A store does not tell how far a scan is: 0 until the split is exhausted, then 1. */
    @Override
    public float getProgress() throws IOException {
        return done ? 1.0f : 0.0f;
    }

    /** The table's number of columns: the length of every row. */
    protected final int columns() {
        return mapping.size();
    }

    /** What the reader read, for the log line at close; e.g. {@code read 12 records}. */
    protected String readSummary(long rows) {
        return "read " + rows + " records";
    }

    @Override
    public final void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            counters.flush();
            log.info(
                    "table {}, split {}: {}, skipped {}, nulled {} (bad-record policy {})",
                    tableName,
                    splitDescription,
                    readSummary(read),
                    badRecords.skipped(),
                    badRecords.nulled(),
                    badRecords.policy());
        } finally {
            closeInput();
        }
    }
}
