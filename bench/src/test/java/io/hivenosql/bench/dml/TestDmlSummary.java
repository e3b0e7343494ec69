package io.hivenosql.bench.dml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.hivenosql.bench.Target;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestDmlSummary {
    static List<DmlMeasurement> measurements() {
        List<DmlMeasurement> all = new ArrayList<>();
        // a warm-up, left out of every figure
        all.add(measure(Target.REDIS, 1, true, DmlStep.MERGE, "lineitem", 60_000, 6005));
        all.add(measure(Target.REDIS, 1, true, DmlStep.REWRITE, "lineitem", 1_000, 600572));
        double[][] runs = {
            {2.0, 1.0, 4.0, 3.0, 40.0, 2.0}, {2.5, 1.5, 5.0, 2.0, 44.0, 1.5}, {3.0, 0.5, 3.0, 6.0, 42.0, 3.0}
        };
        for (int i = 0; i < runs.length; i++) {
            int run = i + 2;
            all.add(measure(Target.REDIS, run, false, DmlStep.RF1, "orders", millis(runs[i][0]), 150));
            all.add(measure(Target.REDIS, run, false, DmlStep.RF1, "lineitem", millis(runs[i][1]), 601));
            all.add(measure(Target.REDIS, run, false, DmlStep.RF2, "lineitem", millis(runs[i][2]), 590));
            all.add(measure(Target.REDIS, run, false, DmlStep.MERGE, "lineitem", millis(runs[i][3]), 6005));
            all.add(measure(Target.REDIS, run, false, DmlStep.REWRITE, "lineitem", millis(runs[i][4]), 600572));
            all.add(measure(Target.REDIS, run, false, DmlStep.ONE_ROW_MERGE, "lineitem", millis(runs[i][5]), 1));
        }
        return all;
    }

    static List<DmlCheck> checks() {
        List<String> names = List.of("rows");
        return List.of(
                new DmlCheck(Target.REDIS, 0, "the load", "lineitem", names, List.of("1"), List.of("1")),
                new DmlCheck(Target.REDIS, 1, "RF1", "lineitem", names, List.of("2"), List.of("2")),
                new DmlCheck(Target.CASSANDRA, 1, "RF1", "lineitem", names, List.of("2"), List.of("3")));
    }

    @Test
    void stepsSumTheirStatementsPerRunAndTakeTheMedianOfTheTimedRuns() {
        DmlSummary redis =
                DmlSummary.of(List.of(Target.REDIS), measurements(), checks()).get(0);
        // RF1: 3.0, 4.0 and 3.5 s in the three runs
        assertThat(redis.steps().get(DmlStep.RF1).median()).isCloseTo(3.5, within(1e-9));
        assertThat(redis.steps().get(DmlStep.RF1).min()).isCloseTo(3.0, within(1e-9));
        assertThat(redis.steps().get(DmlStep.RF1).max()).isCloseTo(4.0, within(1e-9));
        assertThat(redis.steps().get(DmlStep.RF1).rows()).isEqualTo(751);
        assertThat(redis.steps().get(DmlStep.RF1).runs()).isEqualTo(3);
        assertThat(redis.steps().get(DmlStep.MERGE).median()).isCloseTo(3.0, within(1e-9));
        assertThat(redis.steps().get(DmlStep.REWRITE).median()).isCloseTo(42.0, within(1e-9));
    }

    @Test
    void theRatioIsOfTheMediansWithTheRangeOfEachRunsOwnRatio() {
        DmlSummary redis =
                DmlSummary.of(List.of(Target.REDIS), measurements(), checks()).get(0);
        assertThat(redis.ratio()).isCloseTo(14.0, within(1e-9));
        assertThat(redis.lowestRunRatio()).isCloseTo(7.0, within(1e-9));
        assertThat(redis.highestRunRatio()).isCloseTo(22.0, within(1e-9));
        assertThat(redis.targetMet()).isTrue();
        // the rewrite's median over the 1-row MERGE's: 42 s over 2 s
        assertThat(redis.ceiling()).isCloseTo(21.0, within(1e-9));
        assertThat(redis.checksPassed()).isEqualTo(2);
        assertThat(redis.checks()).isEqualTo(2);
    }

    @Test
    void aStoreWithoutTimedRunsHasNoSummary() {
        assertThat(DmlSummary.of(List.of(Target.REDIS, Target.CASSANDRA), measurements(), checks()))
                .extracting(DmlSummary::target)
                .containsExactly(Target.REDIS);
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(DmlSummary.median(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(2.5);
        assertThat(DmlSummary.median(List.of(5.0))).isEqualTo(5.0);
    }

    @Test
    void aCheckNamesTheValuesThatDiffer() {
        DmlCheck check = new DmlCheck(
                Target.REDIS,
                2,
                "RF2",
                "lineitem",
                List.of("rows", "sum(l_quantity)", "sum(hash(row))"),
                List.of("600", "15300.00", "42"),
                List.of("599", "15300.00", "41"));
        assertThat(check.matches()).isFalse();
        assertThat(check.difference()).isEqualTo("rows: 600 expected, 599 read; sum(hash(row)): 42 expected, 41 read");
        assertThat(check.values()).isEqualTo("rows=599, sum(l_quantity)=15300.00, sum(hash(row))=41");
    }

    private static DmlMeasurement measure(
            Target target, int run, boolean warmup, DmlStep step, String table, long millis, long rows) {
        return new DmlMeasurement(target, run, warmup, step, table, Duration.ofMillis(millis), rows);
    }

    private static long millis(double seconds) {
        return Math.round(seconds * 1000);
    }
}
