package io.hivenosql.bench.report;

import static io.hivenosql.bench.report.TestingFailoverResults.SECOND;
import static io.hivenosql.bench.report.TestingFailoverResults.TIMELINE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hivenosql.bench.failover.RequestRecord;
import io.hivenosql.bench.failover.RequestRecord.Outcome;
import io.hivenosql.bench.failover.RequestType;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestFailoverStatistics {
    @Test
    void eachPhaseHasTheStudysColumns() {
        List<FailoverStatistics.Row> rows = FailoverStatistics.byPhase(TestingFailoverResults.clean(), TIMELINE, 4);
        assertThat(rows)
                .extracting(FailoverStatistics.Row::test)
                .containsExactly("before the kill", "node down", "after the restart", "whole run");
        for (FailoverStatistics.Row row : rows) {
            boolean whole = row.test().equals("whole run");
            assertThat(row.requests()).isEqualTo(whole ? 300 : 100);
            assertThat(row.millis()).isEqualTo(whole ? 30_000 : 10_000);
            assertThat(row.requestsPerSecond()).isEqualTo(10.0);
            // latencies 1, 2, ..., 100 ms in each phase; HdrHistogram keeps 3 significant digits
            assertThat(row.percentiles().get(0)).isCloseTo(50, within(0.1));
            assertThat(row.percentiles().get(1)).isCloseTo(90, within(0.1));
            assertThat(row.percentiles().get(2)).isCloseTo(99, within(0.1));
            assertThat(row.percentiles().get(3)).isCloseTo(100, within(0.1));
            assertThat(row.percentiles().get(4)).isCloseTo(100, within(0.1));
            assertThat(row.max()).isCloseTo(100, within(0.1));
            assertThat(row.mean()).isCloseTo(50.5, within(0.1));
            assertThat(row.errors()).isZero();
            assertThat(row.threads()).isEqualTo(4);
        }
    }

    @Test
    void failuresCountInThePhaseTheyEndedIn() {
        List<RequestRecord> records = TestingFailoverResults.with(
                TestingFailoverResults.clean(), 120, Outcome.FAILED_NODE_LOSS, "HNS-201 STORE_UNREACHABLE");
        records = TestingFailoverResults.with(records, 130, Outcome.FAILED_OTHER, "SemanticException");
        records = TestingFailoverResults.with(records, 250, Outcome.WRONG, "missed 1 preloaded rows");
        List<FailoverStatistics.Row> rows = FailoverStatistics.byPhase(records, TIMELINE, 4);
        assertThat(rows.get(0).errors()).isZero();
        assertThat(rows.get(1).errors()).isEqualTo(2);
        assertThat(rows.get(1).nodeLoss()).isEqualTo(1);
        assertThat(rows.get(1).otherErrors()).isEqualTo(1);
        assertThat(rows.get(2).errors()).isZero();
        assertThat(rows.get(2).wrong()).isEqualTo(1);
        assertThat(rows.get(3).errors()).isEqualTo(2);
        assertThat(rows.get(3).wrong()).isEqualTo(1);
        assertThat(FailoverStatistics.details(records, request -> request.outcome() != Outcome.OK))
                .hasSize(3)
                .containsEntry("FAILED_NODE_LOSS: HNS-201 STORE_UNREACHABLE", 1L);
    }

    @Test
    void byTypeSplitsEachPhase() {
        List<FailoverStatistics.Row> rows =
                FailoverStatistics.byPhaseAndType(TestingFailoverResults.clean(), TIMELINE, 4);
        assertThat(rows).hasSize(12);
        assertThat(rows.get(0).test()).isEqualTo("before the kill / lookup");
        assertThat(rows.get(11).test()).isEqualTo("whole run / insert");
        long all = rows.subList(9, 12).stream()
                .mapToLong(FailoverStatistics.Row::requests)
                .sum();
        assertThat(all).isEqualTo(300);
        assertThat(rows.get(11).requests()).isEqualTo(30);
        assertThat(rows.get(9).requests()).isEqualTo(180);
    }

    @Test
    void aPhaseWithoutRequestsHasNoLatencies() {
        FailoverStatistics.Row row = FailoverStatistics.row(
                "empty", List.of(), TIMELINE, io.hivenosql.bench.failover.Timeline.Phase.AFTER, 4);
        assertThat(row.requests()).isZero();
        assertThat(row.requestsPerSecond()).isZero();
        assertThat(row.percentiles()).allMatch(value -> value.isNaN());
        assertThat(row.max()).isNaN();
        assertThat(row.mean()).isNaN();
    }

    @Test
    void onlyFailuresOutsideThePromotionWindowMissTheRedisTarget() {
        // the kill at 10 s, a 500 ms window: a failure in flight then is allowed, one at 15 s is not
        RequestRecord inWindow = new RequestRecord(
                0, RequestType.LOOKUP, 0, 9 * SECOND, 10 * SECOND + 100_000_000L, Outcome.FAILED_NODE_LOSS, "x");
        RequestRecord spanning =
                new RequestRecord(1, RequestType.SCAN, 1, 9 * SECOND, 11 * SECOND, Outcome.FAILED_NODE_LOSS, "x");
        RequestRecord later = new RequestRecord(
                2, RequestType.LOOKUP, 2, 15 * SECOND, 15 * SECOND + 1000, Outcome.FAILED_NODE_LOSS, "x");
        RequestRecord fine = new RequestRecord(3, RequestType.LOOKUP, 3, 15 * SECOND, 16 * SECOND, Outcome.OK, "");
        assertThat(FailoverStatistics.failedOutsideWindow(
                        List.of(inWindow, spanning, later, fine), TIMELINE, Duration.ofMillis(500)))
                .containsExactly(later);
    }
}
