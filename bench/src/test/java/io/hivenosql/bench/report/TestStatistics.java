package io.hivenosql.bench.report;

import static io.hivenosql.bench.Target.CASSANDRA;
import static io.hivenosql.bench.Target.HDFS_ORC;
import static io.hivenosql.bench.Target.HDFS_TEXT;
import static io.hivenosql.bench.Target.MONGO;
import static io.hivenosql.bench.Target.REDIS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hivenosql.bench.Target;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class TestStatistics {
    private final Statistics one = Statistics.of(TestingBenchResults.scaleFactorOne());
    private final Statistics tenth = Statistics.of(TestingBenchResults.scaleFactorTenth());

    @Test
    void summarizesTimedRunsWithoutWarmups() {
        RunSummary orc = one.query(HDFS_ORC, Statistics.FULL_SCAN).orElseThrow();
        assertThat(orc.runs()).isEqualTo(3);
        assertThat(orc.median()).isEqualTo(Duration.ofMillis(2000));
        assertThat(orc.min()).isEqualTo(Duration.ofMillis(1900));
        assertThat(orc.max()).isEqualTo(Duration.ofMillis(2300));
        assertThat(orc.rows()).isEqualTo(42);
        assertThat(orc.medianSeconds()).isEqualTo(2.0);
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        List<QueryMeasurement> runs = new ArrayList<>();
        int run = 1;
        for (int millis : new int[] {4000, 1000, 3000, 2000}) {
            runs.add(new QueryMeasurement(REDIS, "q01", run++, false, Duration.ofMillis(millis), 1));
        }
        runs.add(new QueryMeasurement(REDIS, "q01", run, true, Duration.ofMillis(1), 1));
        RunSummary summary = RunSummary.of(runs).orElseThrow();
        assertThat(summary.median()).isEqualTo(Duration.ofMillis(2500));
        assertThat(summary.min()).isEqualTo(Duration.ofMillis(1000));
        assertThat(summary.max()).isEqualTo(Duration.ofMillis(4000));
        assertThat(summary.runs()).isEqualTo(4);
        assertThat(Statistics.median(List.of(3.0, 1.0, 2.0, 10.0))).hasValue(2.5);
        assertThat(Statistics.median(List.of())).isEmpty();
    }

    @Test
    void onlyWarmupsGiveNoSummary() {
        assertThat(RunSummary.of(List.of(new QueryMeasurement(REDIS, "q01", 1, true, Duration.ofSeconds(1), 1))))
                .isEmpty();
        assertThat(one.query(REDIS, "q99")).isEmpty();
    }

    @Test
    void scanRatesAreLineitemOverTheFullScanMedian() {
        assertThat(one.scanRowsPerSecond(HDFS_ORC)).hasValue(3_000_000);
        assertThat(one.scanRowsPerSecond(HDFS_TEXT)).hasValue(1_500_000);
        assertThat(one.scanRowsPerSecond(REDIS)).hasValue(500_000);
        assertThat(one.scanRowsPerSecond(CASSANDRA)).hasValue(250_000);
        assertThat(one.scanRowsPerSecond(MONGO)).hasValue(750_000);
        assertThat(one.scanMegabytesPerSecond(HDFS_ORC)).hasValue(375);
        assertThat(one.scanMegabytesPerSecond(REDIS)).hasValue(62.5);
    }

    @Test
    void ratiosToHdfs() {
        assertThat(one.scanRatio(REDIS, HDFS_TEXT).getAsDouble()).isCloseTo(1 / 3.0, within(1e-12));
        assertThat(one.scanRatio(REDIS, HDFS_ORC).getAsDouble()).isCloseTo(1 / 6.0, within(1e-12));
        assertThat(one.scanRatio(HDFS_ORC, HDFS_TEXT)).hasValue(2);
        assertThat(one.scanRatio(MONGO, HDFS_TEXT)).hasValue(0.5);
        assertThat(one.scanRatio(HDFS_TEXT, HDFS_TEXT)).hasValue(1);
    }

    @Test
    void rawScanRatesAreTheMedianOfTimedRates() {
        assertThat(one.rawRowsPerSecond(REDIS)).hasValue(2_000_000);
        assertThat(one.rawRowsPerSecond(CASSANDRA)).hasValue(750_000);
        assertThat(one.rawRowsPerSecond(MONGO)).isEmpty();
        assertThat(one.rawRatio(REDIS)).hasValue(0.25);
        assertThat(one.rawRatio(CASSANDRA).getAsDouble()).isCloseTo(1 / 3.0, within(1e-12));
        assertThat(one.rawRatio(MONGO)).isEmpty();
        assertThat(one.rawRatio(HDFS_ORC)).isEmpty();
    }

    @Test
    void loadRatesAreTotalRowsOverTotalTime() {
        assertThat(one.loadRowsPerSecond(REDIS).getAsDouble()).isCloseTo(7_500_000 / 70.0, within(1e-9));
        assertThat(one.loadRowsPerSecond(REDIS, "lineitem")).hasValue(100_000);
        assertThat(one.loadRowsPerSecond(REDIS, "orders")).hasValue(150_000);
        assertThat(one.loadRowsPerSecond(CASSANDRA)).hasValue(50_000);
        assertThat(one.loadRowsPerSecond(CASSANDRA, "orders")).isEmpty();
        assertThat(one.loadRowsPerSecond(HDFS_TEXT)).isEmpty();
        assertThat(one.tables()).containsExactly("lineitem", "orders");
    }

    @Test
    void missingDataGivesNoValue() {
        assertThat(tenth.scanRowsPerSecond(MONGO)).isEmpty();
        assertThat(tenth.scanRatio(MONGO, HDFS_ORC)).isEmpty();
        assertThat(tenth.scanRatio(REDIS, MONGO)).isEmpty();
        // cassandra's full scan took no time: no rate rather than infinity
        assertThat(tenth.query(CASSANDRA, Statistics.FULL_SCAN)).isPresent();
        assertThat(tenth.scanRowsPerSecond(CASSANDRA)).isEmpty();
        assertThat(tenth.scanMegabytesPerSecond(CASSANDRA)).isEmpty();
        assertThat(tenth.rawRowsPerSecond(REDIS)).isEmpty();
        assertThat(tenth.rawRatio(REDIS)).isEmpty();
        // a load that took no time counts its rows in the total but has no rate of its own
        assertThat(tenth.loadRowsPerSecond(REDIS, "lineitem")).isEmpty();
        assertThat(tenth.loadRowsPerSecond(REDIS)).hasValue(300_005);
        assertThat(tenth.scanRowsPerSecond(REDIS)).hasValue(500_000);
        assertThat(Statistics.ratio(OptionalDouble.of(1), OptionalDouble.of(0))).isEmpty();
        assertThat(Statistics.ratio(OptionalDouble.of(1), OptionalDouble.of(-1)))
                .isEmpty();
        assertThat(Statistics.ratio(OptionalDouble.of(Double.NaN), OptionalDouble.of(1)))
                .isEmpty();
    }

    @Test
    void targetsInEnumOrderIncludingThoseNotRun() {
        assertThat(one.targets()).containsExactlyElementsOf(Target.defaults());
        assertThat(one.stores()).containsExactly(REDIS, CASSANDRA, MONGO);
        ScaleFactorResults reversed = new ScaleFactorResults(
                1, List.of(MONGO, HDFS_TEXT), 10, 10, List.of(), List.of(), List.of(), java.util.Map.of());
        assertThat(Statistics.of(reversed).targets()).containsExactly(HDFS_TEXT, MONGO);
    }

    @Test
    void queriesInTpchThenProbeOrder() {
        assertThat(one.queries()).containsExactly("q01", "q06", "probe_full_scan", "probe_key_lookup");
        List<String> names = new ArrayList<>(List.of("zzz", "probe_join_hdfs", "q10", "probe_full_scan", "q2", "q01"));
        names.sort(Statistics.QUERY_ORDER);
        assertThat(names).containsExactly("q01", "q2", "q10", "probe_full_scan", "probe_join_hdfs", "zzz");
    }

    @Test
    void resultChecks() {
        assertThat(one.mismatches()).extracting(ResultCheck::query).containsExactly("probe_key_lookup");
        assertThat(one.unchecked()).isEmpty();
        assertThat(one.allResultsMatch()).isFalse();
        assertThat(tenth.mismatches()).isEmpty();
        assertThat(tenth.allResultsMatch()).isTrue();
        assertThat(tenth.check(TestingBenchResults.ODD_QUERY).orElseThrow().rows())
                .isEqualTo(7);
    }

    @Test
    void runStatisticsOfAWholeRun() {
        BenchResults results = TestingBenchResults.twoScaleFactors();
        assertThat(Statistics.of(results)).extracting(Statistics::scaleFactor).containsExactly(0.1, 1.0);
        assertThat(Statistics.scaleFactors(results)).isEqualTo("0.1, 1");
        assertThat(Statistics.targets(results)).containsExactlyElementsOf(Target.defaults());
    }
}
