package io.hivenosql.api.hive;

import static io.hivenosql.api.hive.NoSqlCounters.GROUP;

import org.apache.hadoop.mapred.Reporter;

/**
 * A record reader's {@link NoSqlCounters}: takes the reader's running totals of records read, skipped and nulled and
 * reports them to the task's {@link Reporter} in batches (once {@value #BATCH} records were read or skipped since the
 * last report, and at {@link #flush}, which a reader calls at close), each report also telling the task it progresses.
 * Not thread-safe.
 */
public final class RecordCounters {
    /** Records read or skipped between two reports. */
    public static final int BATCH = 1_000;

    private final Reporter reporter;
    private long read;
    private long skipped;
    private long nulled;
    private long reportedRead;
    private long reportedSkipped;
    private long reportedNulled;

    /** @param reporter the task's reporter; null (no task) counts nowhere */
    public RecordCounters(Reporter reporter) {
        this.reporter = reporter == null ? Reporter.NULL : reporter;
    }

    /**
     * Takes the reader's totals so far; reports them when a batch is full.
     *
     * @param read records handed to Hive
     * @param skipped records dropped by the bad-record policy
     * @param nulled records with a value read as NULL by the bad-record policy
     */
    public void update(long read, long skipped, long nulled) {
        this.read = read;
        this.skipped = skipped;
        this.nulled = nulled;
        if (read - reportedRead + skipped - reportedSkipped >= BATCH) {
            flush();
        }
    }

    /** Reports what the last {@link #update} added since the last report. */
    public void flush() {
        increment(NoSqlCounters.RECORDS_READ, read - reportedRead);
        increment(NoSqlCounters.RECORDS_SKIPPED, skipped - reportedSkipped);
        increment(NoSqlCounters.RECORDS_NULLED, nulled - reportedNulled);
        reportedRead = read;
        reportedSkipped = skipped;
        reportedNulled = nulled;
        reporter.progress();
    }

    private void increment(NoSqlCounters counter, long amount) {
        if (amount > 0) {
            reporter.incrCounter(GROUP, counter.name(), amount);
        }
    }
}
