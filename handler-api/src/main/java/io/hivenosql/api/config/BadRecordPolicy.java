package io.hivenosql.api.config;

/** What a reader does with a stored value that cannot be converted to its column's type. */
public enum BadRecordPolicy {
    /** Fail the query, naming the table, key, column and value (the default: nothing is lost silently). */
    FAIL,
    /** Read the bad field as NULL and count it in the {@code RECORDS_NULLED} counter. */
    NULL,
    /** Drop the whole record and count it in the {@code RECORDS_SKIPPED} counter. */
    SKIP
}
