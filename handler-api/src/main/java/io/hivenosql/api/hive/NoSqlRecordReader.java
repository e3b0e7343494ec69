package io.hivenosql.api.hive;

import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.Reporter;

/**
 * Reads one split of a store: drives the connector's {@link RecordSource}, converts each projected value to Hive's Java
 * value and applies the table's {@code nosql.bad-record.policy} to values that do not convert ({@link RowReader}, which
 * also counts records in the {@value NoSqlCounters#GROUP} counters and logs the totals at close).
 */
public final class NoSqlRecordReader extends RowReader<NullWritable> {
    public NoSqlRecordReader(ReadRequest request, RecordSource source, Reporter reporter, String splitDescription) {
        super(request, source, reporter, splitDescription);
    }

    /** A new array per record: a store's reader hands Hive each row once. */
    @Override
    protected Object[] rowOf(RowWritable value) {
        Object[] row = new Object[columns()];
        value.set(row);
        return row;
    }

    @Override
    public NullWritable createKey() {
        return NullWritable.get();
    }

    /** The number of records handed to Hive so far. */
    @Override
    public long getPos() {
        return rowsRead();
    }

    /** The store does not tell how far a scan is: 0 until the split is exhausted, then 1. */
    @Override
    public float getProgress() {
        return exhausted() ? 1.0f : 0.0f;
    }
}
