package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.Reporter;

/**
 * Reads one split of a store: drives the connector's {@link RecordSource}, converts each projected value to Hive's Java
 * value and applies the table's {@code nosql.bad-record.policy} to values that do not convert ({@link RowReader}, which
 * also counts records in the {@value NoSqlCounters#GROUP} counters and logs the totals at close).
 */
public final class NoSqlRecordReader extends RowReader<NullWritable> {
    private final List<Integer> projection;
    private final RecordSource source;

    public NoSqlRecordReader(ReadRequest request, RecordSource source, Reporter reporter, String splitDescription) {
        super(
                requireNonNull(request, "request is null").table(),
                new BadRecords(request.table().config()),
                reporter,
                splitDescription);
        this.projection = request.projection();
        this.source = requireNonNull(source, "source is null");
    }

    @Override
    protected boolean advance(NullWritable key) throws IOException {
        return source.next();
    }

    @Override
    protected boolean convert(Object[] row) throws IOException {
        return convert(source, projection, row);
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

    @Override
    protected void closeInput() throws IOException {
        source.close();
    }
}
