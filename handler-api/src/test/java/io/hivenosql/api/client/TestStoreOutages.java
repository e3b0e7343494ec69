package io.hivenosql.api.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.spi.TaskAttempt;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TestStoreOutages {
    private static final TaskAttempt FIRST = new TaskAttempt(0, 4);
    private static final TaskAttempt SECOND = new TaskAttempt(1, 4);

    @Test
    void withoutAnOutageAFirstAttemptWaitsTheWholeTimeout() {
        assertThat(StoreOutages.waitMillis(30_000, OptionalLong.empty(), 5_000, FIRST))
                .isEqualTo(30_000);
        assertThat(StoreOutages.waitMillis(30_000, OptionalLong.empty(), 5_000, TaskAttempt.NONE))
                .isEqualTo(30_000);
    }

    @Test
    void duringAnOutageWhatIsLeftOfTheTimeoutRoundedUpToSeconds() {
        // unreachable since t=1000; at t=1200 the first retry waits the rest of 30 s
        assertThat(StoreOutages.waitMillis(30_000, OptionalLong.of(1_000), 1_200, SECOND))
                .isEqualTo(30_000);
        assertThat(StoreOutages.waitMillis(30_000, OptionalLong.of(1_000), 11_500, SECOND))
                .isEqualTo(20_000);
        // also outside tasks (HiveServer2's hook and planning) and in first attempts of other tasks
        assertThat(StoreOutages.waitMillis(30_000, OptionalLong.of(1_000), 11_500, TaskAttempt.NONE))
                .isEqualTo(20_000);
        // once the timeout has run out: the minimum, so that a store that came back is found again
        assertThat(StoreOutages.waitMillis(30_000, OptionalLong.of(1_000), 31_000, SECOND))
                .isEqualTo(1_000);
        assertThat(StoreOutages.waitMillis(30_000, OptionalLong.of(1_000), 90_000, SECOND))
                .isEqualTo(1_000);
    }

    @Test
    void aRetryThatKnowsOfNoOutageSharesTheTimeoutAmongTheRemainingAttempts() {
        // a new JVM on a cluster: attempts 1..3 of 4 wait a third each, about one timeout in all
        assertThat(StoreOutages.waitMillis(30_000, OptionalLong.empty(), 0, SECOND))
                .isEqualTo(10_000);
        assertThat(StoreOutages.waitMillis(3_000, OptionalLong.empty(), 0, new TaskAttempt(3, 4)))
                .isEqualTo(1_000);
        assertThat(StoreOutages.waitMillis(2_000, OptionalLong.empty(), 0, new TaskAttempt(1, 4)))
                .as("never below the minimum")
                .isEqualTo(1_000);
        assertThat(StoreOutages.waitMillis(30_000, OptionalLong.empty(), 0, new TaskAttempt(1, 2)))
                .isEqualTo(30_000);
    }

    @Test
    void neverAboveTheTimeoutAndNonPositiveTimeoutsAreKept() {
        assertThat(StoreOutages.waitMillis(500, OptionalLong.of(0), 10_000, SECOND))
                .isEqualTo(500);
        assertThat(StoreOutages.waitMillis(500, OptionalLong.empty(), 0, SECOND))
                .isEqualTo(500);
        assertThat(StoreOutages.waitMillis(0, OptionalLong.of(0), 10_000, SECOND))
                .isZero();
        assertThat(StoreOutages.waitMillis(-1, OptionalLong.of(0), 10_000, SECOND))
                .as("a URI's negative serverSelectionTimeoutMS waits forever, as asked")
                .isEqualTo(-1);
    }

    @Test
    void anOutageKeepsItsStartUntilAServerAnswers() {
        AtomicLong clock = new AtomicLong(100_000);
        StoreOutages outages = new StoreOutages(clock::get);
        assertThat(outages.since("h:1", 30_000)).isEmpty();
        outages.unreachable("h:1", 100_000);
        clock.set(105_000);
        outages.unreachable("h:1", 105_000);
        assertThat(outages.since("h:1", 30_000)).hasValue(100_000);
        assertThat(outages.since("h:2", 30_000)).isEmpty();
        assertThat(outages.waitMillis("h:1", 30_000, SECOND)).isEqualTo(25_000);
        assertThat(outages.waitMillis("h:2", 30_000, FIRST)).isEqualTo(30_000);
        // an earlier start reported later wins (a selection that timed out began before a reset was seen)
        outages.unreachable("h:1", 90_000);
        assertThat(outages.since("h:1", 30_000)).hasValue(90_000);
        outages.reachable("h:1");
        assertThat(outages.since("h:1", 30_000)).isEmpty();
        assertThat(outages.waitMillis("h:1", 30_000, FIRST)).isEqualTo(30_000);
    }

    @Test
    void anOutageNobodyEndsIsForgottenAMinuteAfterItsTimeoutRanOut() {
        AtomicLong clock = new AtomicLong(0);
        StoreOutages outages = new StoreOutages(clock::get);
        outages.unreachable("h:1", 0);
        clock.set(30_000 + StoreOutages.RETENTION.toMillis());
        assertThat(outages.since("h:1", 30_000)).hasValue(0);
        clock.incrementAndGet();
        assertThat(outages.since("h:1", 30_000)).isEmpty();
        assertThat(outages.waitMillis("h:1", 30_000, FIRST)).isEqualTo(30_000);
    }

    @Test
    void attemptsAreChecked() {
        assertThatThrownBy(() -> new TaskAttempt(-1, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TaskAttempt(0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThat(TaskAttempt.NONE.isRetry()).isFalse();
        assertThat(SECOND.isRetry()).isTrue();
    }
}
