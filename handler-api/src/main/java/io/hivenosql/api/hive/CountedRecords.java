package io.hivenosql.api.hive;

import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import org.apache.hadoop.mapred.Reporter;

/**
 * The records of a split that the store counted ({@link io.hivenosql.api.spi.NoSqlConnector#countRecords}) for a
 * request that reads no column: that many records without values, which a reader hands Hive as empty rows or as
 * batches that carry only their size.
 */
final class CountedRecords implements RecordSource {
    private final long count;
    private long position;

    private CountedRecords(long count) {
        this.count = count;
    }

    /**
     * {@code records} counted records of a split; adds them to {@link NoSqlCounters#RECORDS_COUNTED} (they count as
     * read, too, as they are handed to Hive, as any reader's).
     *
     * @param reporter the task's reporter; null (no task) counts nowhere
     */
    static CountedRecords of(ReadRequest request, long records, Reporter reporter, String splitDescription) {
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
        return new CountedRecords(records);
    }

    /** The records the store counted. */
    long count() {
        return count;
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
