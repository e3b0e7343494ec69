package io.hivenosql.bench.dml;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.bench.Target;
import io.hivenosql.bench.report.MachineInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestDmlReport {
    private static DmlResults results(Optional<String> failure) {
        return results(failure, "");
    }

    private static DmlResults results(Optional<String> failure, String tuning) {
        return new DmlResults(
                Instant.parse("2026-12-06T10:00:00Z"),
                new MachineInfo("test", "cpu", 2, 24L << 30, "Linux", "OpenJDK 17", "Hive 4.0.1", "tez", "sandbox"),
                0.1,
                1,
                3,
                tuning,
                List.of(Target.REDIS, Target.CASSANDRA),
                Map.of(
                        DmlStaging.RF1_ORDERS, 150L,
                        DmlStaging.RF1_LINEITEM, 601L,
                        DmlStaging.RF2_ORDERS, 150L,
                        DmlStaging.CHANGES, 6005L),
                600_572,
                Map.of(Target.REDIS, Map.of("lineitem", Duration.ofSeconds(20), "orders", Duration.ofSeconds(5))),
                TestDmlSummary.measurements(),
                TestDmlSummary.checks(),
                Map.of(Target.REDIS, "runtime join-key pushdown planned"),
                failure);
    }

    @Test
    void markdownHasARowPerStoreWithTheRatioAndTheChecks() {
        String md = DmlReport.markdown(results(Optional.empty()));
        assertThat(md)
                .contains("# Row-level DML, scale factor 0.1")
                .contains("lineitem holds 600,572 rows as loaded; RF1 inserts 150 orders and 601 lineitems, RF2 "
                        + "deletes 150 orders and their lineitems, the MERGE updates 6,005 lineitem rows; the 1-row "
                        + "MERGE, the same statement from one of those rows, measures what any MERGE of that shape "
                        + "costs, so that rewrite \u00f7 1-row MERGE is the highest ratio a MERGE can reach here.")
                .contains(
                        "| redis | 3.50 (3.00-4.00) | 751 | 4.00 (3.00-5.00) | 590 | 3.00 (2.00-6.00) | 42.0 "
                                + "(40.0-44.0) | 14\u00d7 (runs 7.0\u00d7-22\u00d7) | met | 2.00 (1.50-3.00) | 21\u00d7 | 2/2 |")
                .contains("- redis: loaded lineitem in 20.0 s, orders in 5.00 s; the MERGE's plan: runtime join-key "
                        + "pushdown planned")
                .doesNotContain("| cassandra |")
                .doesNotContain("failed")
                .doesNotContain("Set beyond the defaults");
        assertThat(DmlReport.markdown(results(Optional.empty(), "the MERGE's ON also holds X")))
                .contains("Set beyond the defaults: the MERGE's ON also holds X.\n");
        assertThat(DmlReport.markdown(results(Optional.of("cassandra: after RF1 ..."))))
                .contains("**The run failed**: cassandra: after RF1 ...");
    }

    @Test
    void csvFilesHoldEveryStatementAndCheck() {
        DmlResults results = results(Optional.empty());
        String measurements = DmlReport.measurementsCsv(results);
        assertThat(measurements)
                .startsWith("store,run,warmup,step,table,seconds,rows\r\n")
                .contains("redis,1,true,merge,lineitem,60,6005\r\n")
                .contains("redis,2,false,rf1,orders,2,150\r\n");
        assertThat(DmlReport.checksCsv(results))
                .contains("cassandra,1,RF1,lineitem,false,rows=3,\"rows: 2 expected, 3 read\"\r\n");
        assertThat(DmlReport.summaryCsv(results.summaries()))
                .startsWith("store,rf1_median_s,rf1_min_s,rf1_max_s,rf1_rows,rf2_median_s,")
                .contains("rewrite_over_merge,lowest_run_ratio,highest_run_ratio,rewrite_over_one_row_merge,target_met,"
                        + "checks_passed,checks\r\n")
                .contains("redis,3.5,3,4,751,4,3,5,590,3,2,6,6005,42,40,44,600572,2,1.5,3,1,14,7,22,21,true,2,2\r\n");
        assertThat(results.passed()).isFalse();
    }
}
