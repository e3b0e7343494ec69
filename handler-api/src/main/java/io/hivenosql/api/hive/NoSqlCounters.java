package io.hivenosql.api.hive;

/**
 * The task counters of hive-nosql, in the counter group {@value #GROUP}. They show in the job's counters (Tez DAG /
 * MapReduce job) and in HiveServer2's log.
 */
public enum NoSqlCounters {
    /** Records handed to Hive by the readers (after the bad-record policy). */
    RECORDS_READ,
    /**
     * Records of a query that reads no column ({@code count(*)}) that the store counted instead of returning them
     * ({@link io.hivenosql.api.spi.NoSqlConnector#countRecords}); handed to Hive as empty rows, so also in
     * {@link #RECORDS_READ}.
     */
    RECORDS_COUNTED,
    /** Rows the store acknowledged to the writers. */
    RECORDS_WRITTEN,
    /** Records dropped by {@code 'nosql.bad-record.policy'='skip'}. */
    RECORDS_SKIPPED,
    /** Records with at least one field read as NULL by {@code 'nosql.bad-record.policy'='null'}. */
    RECORDS_NULLED;

    public static final String GROUP = "HIVE_NOSQL";
}
