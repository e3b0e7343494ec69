package io.hivenosql.api.hive;

import static io.hivenosql.api.hive.NoSqlCounters.GROUP;
import static io.hivenosql.api.hive.NoSqlCounters.RECORDS_NULLED;
import static io.hivenosql.api.hive.NoSqlCounters.RECORDS_READ;
import static io.hivenosql.api.hive.NoSqlCounters.RECORDS_SKIPPED;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.hadoop.TestingReporter;
import org.junit.jupiter.api.Test;

class TestRecordCounters {
    private final TestingReporter reporter = new TestingReporter();
    private final RecordCounters counters = new RecordCounters(reporter);

    @Test
    void reportsOnceABatchOfRecordsIsReadOrSkipped() {
        counters.update(600, 399, 7);
        assertThat(reporter.counter(GROUP, RECORDS_READ)).isZero();

        counters.update(600, 400, 7);
        assertThat(reporter.counter(GROUP, RECORDS_READ)).isEqualTo(600);
        assertThat(reporter.counter(GROUP, RECORDS_SKIPPED)).isEqualTo(400);
        assertThat(reporter.counter(GROUP, RECORDS_NULLED)).isEqualTo(7);

        counters.update(1599, 400, 9);
        assertThat(reporter.counter(GROUP, RECORDS_READ)).isEqualTo(600);
        counters.update(1600, 400, 9);
        assertThat(reporter.counter(GROUP, RECORDS_READ)).isEqualTo(1600);
        assertThat(reporter.counter(GROUP, RECORDS_NULLED)).isEqualTo(9);
    }

    @Test
    void flushReportsTheRestOnce() {
        counters.update(5, 2, 1);
        counters.flush();
        counters.flush();
        assertThat(reporter.counter(GROUP, RECORDS_READ)).isEqualTo(5);
        assertThat(reporter.counter(GROUP, RECORDS_SKIPPED)).isEqualTo(2);
        assertThat(reporter.counter(GROUP, RECORDS_NULLED)).isEqualTo(1);
    }

    @Test
    void withoutReporterCountsNowhere() {
        RecordCounters unreported = new RecordCounters(null);
        unreported.update(2_000, 0, 0);
        unreported.flush();
        assertThat(reporter.counter(GROUP, RECORDS_READ)).isZero();
    }
}
