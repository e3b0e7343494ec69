package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.error.Cancellation;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.types.ValueConversionException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one split: drives the connector's {@link RecordSource}, converts each projected value to Hive's Java value and
 * applies the table's {@code nosql.bad-record.policy} to values that do not convert. Counts records in the
 * {@value NoSqlCounters#GROUP} counters (in batches, flushed at close) and logs the totals at close.
 */
public final class NoSqlRecordReader implements RecordReader<NullWritable, RowWritable> {
    private static final Logger LOG = LoggerFactory.getLogger(NoSqlRecordReader.class);
    private static final int MAX_KEY_LENGTH = 200;
    private static final int CANCEL_CHECK_INTERVAL = 256;

    private final String tableName;
    private final TableMapping mapping;
    private final List<Integer> projection;
    private final RecordSource source;
    private final BadRecordPolicy policy;
    private final RecordCounters counters;
    private final String splitDescription;

    private long read;
    private long skipped;
    private long nulled;
    private long polled;
    private boolean done;
    /** Set by {@link #close}, which HiveServer2 calls from another thread when it cancels a fetch. */
    private volatile boolean closed;
    /** The state of HiveServer2's driver when a fetch task runs on this thread: cancelled fetches end there. */
    private final DriverCancellation driver;

    public NoSqlRecordReader(ReadRequest request, RecordSource source, Reporter reporter, String splitDescription) {
        requireNonNull(request, "request is null");
        this.tableName = request.table().tableName();
        this.mapping = request.table().mapping();
        this.projection = request.projection();
        this.source = requireNonNull(source, "source is null");
        BadRecordPolicy configured = request.table().config().get(NoSqlTableProperties.BAD_RECORD_POLICY);
        this.policy = configured == null ? BadRecordPolicy.FAIL : configured;
        this.counters = new RecordCounters(reporter);
        this.splitDescription = requireNonNull(splitDescription, "splitDescription is null");
        this.driver = DriverCancellation.ofCurrentThread();
    }

    @Override
    public boolean next(NullWritable key, RowWritable value) throws IOException {
        try {
            while (!done) {
                checkCancelled();
                if (!source.next()) {
                    done = true;
                    break;
                }
                Object[] row = convert();
                if (row != null) {
                    read++;
                }
                counters.update(read, skipped, nulled);
                if (row != null) {
                    value.set(row);
                    return true;
                }
            }
            return false;
        } catch (HandlerException e) {
            throw new IOException(e.getMessage(), e);
        } catch (InterruptedIOException e) {
            // a cancelled query: Hive does not always close a reader whose read failed, so release the store's
            // connection (and the Redis read-ahead thread) now
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
     * or only closes its driver when the fetch task runs inside the driver ({@link DriverCancellation}), and Tez and
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

    /** The current record as Hive values, or null when the bad-record policy skips it. */
    private Object[] convert() throws IOException {
        Object[] row = new Object[mapping.size()];
        boolean anyNulled = false;
        for (int index : projection) {
            ColumnMapping column = mapping.column(index);
            try {
                row[index] = HiveValues.toHive(column.type(), source.get(index));
            } catch (ValueConversionException e) {
                switch (policy) {
                    case FAIL -> throw badRecord(column, e);
                    case NULL -> {
                        row[index] = null;
                        anyNulled = true;
                    }
                    case SKIP -> {
                        skipped++;
                        return null;
                    }
                }
            }
        }
        if (anyNulled) {
            nulled++;
        }
        return row;
    }

    private IOException badRecord(ColumnMapping column, ValueConversionException e) {
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
    public NullWritable createKey() {
        return NullWritable.get();
    }

    @Override
    public RowWritable createValue() {
        return new RowWritable(new Object[mapping.size()]);
    }

    /** The number of records handed to Hive so far. */
    @Override
    public long getPos() {
        return read;
    }

    /** The store does not tell how far a scan is: 0 until the split is exhausted, then 1. */
    @Override
    public float getProgress() {
        return done ? 1.0f : 0.0f;
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            counters.flush();
            LOG.info(
                    "table {}, split {}: read {} records, skipped {}, nulled {} (bad-record policy {})",
                    tableName,
                    splitDescription,
                    read,
                    skipped,
                    nulled,
                    policy);
        } finally {
            source.close();
        }
    }
}
