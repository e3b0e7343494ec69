package io.hivenosql.bench.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.bench.failover.Timeline.Phase;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class TestTimeline {
    private final Timeline timeline = new Timeline(100, OptionalLong.of(400), OptionalLong.of(700), 1000);

    @Test
    void aMomentBelongsToThePhaseItFallsIn() {
        assertThat(timeline.phaseOf(100)).isEqualTo(Phase.BEFORE);
        assertThat(timeline.phaseOf(399)).isEqualTo(Phase.BEFORE);
        assertThat(timeline.phaseOf(400)).isEqualTo(Phase.DOWN);
        assertThat(timeline.phaseOf(699)).isEqualTo(Phase.DOWN);
        assertThat(timeline.phaseOf(700)).isEqualTo(Phase.AFTER);
        assertThat(timeline.phaseOf(1000)).isEqualTo(Phase.AFTER);
    }

    @Test
    void phasesSpanTheRun() {
        assertThat(timeline.phaseNanos(Phase.BEFORE)).isEqualTo(300);
        assertThat(timeline.phaseNanos(Phase.DOWN)).isEqualTo(300);
        assertThat(timeline.phaseNanos(Phase.AFTER)).isEqualTo(300);
        assertThat(timeline.phaseNanos(Phase.ALL)).isEqualTo(900);
    }

    @Test
    void aRunCutShortHasNoLaterPhases() {
        Timeline noRestart = new Timeline(0, OptionalLong.of(10), OptionalLong.empty(), 50);
        assertThat(noRestart.phaseOf(49)).isEqualTo(Phase.DOWN);
        assertThat(noRestart.phaseNanos(Phase.DOWN)).isEqualTo(40);
        assertThat(noRestart.phaseNanos(Phase.AFTER)).isZero();
        Timeline noKill = new Timeline(0, OptionalLong.empty(), OptionalLong.empty(), 50);
        assertThat(noKill.phaseOf(49)).isEqualTo(Phase.BEFORE);
        assertThat(noKill.phaseNanos(Phase.BEFORE)).isEqualTo(50);
        assertThat(noKill.phaseNanos(Phase.DOWN)).isZero();
    }

    @Test
    void eventsMustBeInOrder() {
        assertThatThrownBy(() -> new Timeline(0, OptionalLong.empty(), OptionalLong.of(5), 10))
                .hasMessageContaining("without a kill");
        assertThatThrownBy(() -> new Timeline(0, OptionalLong.of(8), OptionalLong.of(5), 10))
                .hasMessageContaining("before its kill");
        assertThatThrownBy(() -> new Timeline(0, OptionalLong.of(11), OptionalLong.empty(), 10))
                .hasMessageContaining("outside the run");
    }
}
