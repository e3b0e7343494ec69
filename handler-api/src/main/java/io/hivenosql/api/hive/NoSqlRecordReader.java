package io.hivenosql.api.hive;

import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.Reporter;

/**
 * Reads one split of a store: drives the connector's {@link RecordSource}, converts each projected value to Hive's Java
 * value and applies the table's {@code nosql.bad-record.policy} to values that do not convert ({@link RowReader}, which
 * also counts records in the {@value NoSqlCounters#GROUP} counters and logs the totals at close).
 *
 * <p>A split whose records the store counted ({@link CountedRecords}) hands Hive that many empty rows and reads
 * nothing.
 */
public final class NoSqlRecordReader extends RowReader<NullWritable> {
    /** The records the store counted, or -1 when the reader reads the store's records. */
    private final long counted;

    public NoSqlRecordReader(ReadRequest request, RecordSource source, Reporter reporter, String splitDescription) {
        super(request, source, reporter, splitDescription);
        this.counted = source instanceof CountedRecords records ? records.count() : -1;
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

    @Override
    protected String readSummary(long rows) {
        if (counted < 0) {
            return super.readSummary(rows);
        }
        return "counted " + counted + " records" + (rows == counted ? "" : " (" + rows + " handed to Hive)");
    }
}
