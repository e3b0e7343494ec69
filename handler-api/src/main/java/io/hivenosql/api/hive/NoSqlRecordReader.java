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
 * <p>A split whose records the store counted ({@link #counted}) hands Hive that many empty rows and reads nothing.
 */
public final class NoSqlRecordReader extends RowReader<NullWritable> {
    /** The records the store counted, or -1 when the reader reads the store's records. */
    private final long counted;

    public NoSqlRecordReader(ReadRequest request, RecordSource source, Reporter reporter, String splitDescription) {
        this(request, source, reporter, splitDescription, -1);
    }

    private NoSqlRecordReader(
            ReadRequest request, RecordSource source, Reporter reporter, String splitDescription, long counted) {
        super(request, source, reporter, splitDescription);
        this.counted = counted;
    }

    /**
     * {@code records} records without values: the records of a split of a request that reads no column, whose records
     * the store counted ({@link io.hivenosql.api.spi.NoSqlConnector#countRecords}). Adds them to
     * {@link NoSqlCounters#RECORDS_COUNTED}; they count as read as they are handed to Hive, as any reader's.
     *
     * @param reporter the task's reporter; null (no task) counts nowhere
     */
    static RecordSource countedRecords(ReadRequest request, long records, Reporter reporter, String splitDescription) {
        if (!request.projection().isEmpty()) {
            throw new IllegalArgumentException(
                    "a counted split reads no column; the request projects " + request.projection());
        }
        if (records < 0) {
            throw new IllegalArgumentException("the store counted " + records + " records in " + splitDescription);
        }
        if (reporter != null && records > 0) {
            reporter.incrCounter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_COUNTED.name(), records);
        }
        return new EmptyRecords(records);
    }

    /** A reader of the empty rows of {@link #countedRecords}. */
    static NoSqlRecordReader counted(
            ReadRequest request, RecordSource counted, Reporter reporter, String splitDescription) {
        return new NoSqlRecordReader(request, counted, reporter, splitDescription, ((EmptyRecords) counted).count);
    }

    /** Whether {@code source} holds the counted records of {@link #countedRecords}. */
    static boolean isCounted(RecordSource source) {
        return source instanceof EmptyRecords;
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

    /** {@code count} records without values: the rows of a counted split. */
    private static final class EmptyRecords implements RecordSource {
        private final long count;
        private long position;

        EmptyRecords(long count) {
            this.count = count;
        }

        @Override
        public boolean next() {
            if (position >= count) {
                return false;
            }
            position++;
            return true;
        }

        @Override
        public String key() {
            return "record " + position + " of " + count + " counted";
        }

        @Override
        public Object get(int column) {
            throw new IllegalStateException("a counted record has no values (column " + column + ")");
        }

        @Override
        public void close() {}
    }
}
