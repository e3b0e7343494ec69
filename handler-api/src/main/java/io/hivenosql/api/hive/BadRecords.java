package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import java.util.function.Supplier;

/**
 * A table's {@code nosql.bad-record.policy} applied to the records of one reader (or SerDe): decides what becomes of a
 * record with a value that does not convert (fail, read the value as NULL, or skip the record) and counts the records
 * skipped and nulled, for the {@linkplain RecordCounters counters} and the reader's log. Not thread-safe.
 */
public final class BadRecords {
    private final BadRecordPolicy policy;
    private long skipped;
    private long nulled;

    /** The policy the table sets; {@code fail} when it sets none. */
    public BadRecords(TableConfig config) {
        BadRecordPolicy configured =
                requireNonNull(config, "config is null").get(NoSqlTableProperties.BAD_RECORD_POLICY);
        this.policy = configured == null ? BadRecordPolicy.FAIL : configured;
    }

    public BadRecordPolicy policy() {
        return policy;
    }

    /**
     * The policy's verdict on a bad record: under {@code fail} throws the failure, under {@code null} keeps the record
     * (the caller reads the bad value as NULL and {@linkplain #countNulled counts} the record once), under
     * {@code skip} counts the record as skipped.
     *
     * @param failure the error naming table, record and column, asked only under {@code fail}
     * @return true when the record is kept with the bad value read as NULL, false when it is skipped
     */
    public <E extends Exception> boolean keep(Supplier<E> failure) throws E {
        switch (policy) {
            case FAIL -> throw failure.get();
            case NULL -> {
                return true;
            }
            default -> {
                skipped++;
                return false;
            }
        }
    }

    /** Counts a kept record with at least one value read as NULL by the policy. */
    public void countNulled() {
        nulled++;
    }

    /** Records dropped by the policy. */
    public long skipped() {
        return skipped;
    }

    /** Records with at least one value read as NULL by the policy. */
    public long nulled() {
        return nulled;
    }
}
