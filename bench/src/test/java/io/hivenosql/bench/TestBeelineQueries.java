package io.hivenosql.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestBeelineQueries {
    @Test
    void readsBeelinesCountsAndTimesAmongItsOtherOutput() {
        String stderr = String.join(
                "\n",
                "Connecting to jdbc:hive2://127.0.0.1:1/tpch_redis",
                "INFO  : Compiling command(queryId=x): select 1",
                "4 rows selected (1.234 seconds)",
                "No rows selected (0.05 seconds)",
                "1 row selected (12.5 seconds)",
                "1,234 rows selected (1,001.25 seconds)",
                "Closing: 0: jdbc:hive2://127.0.0.1:1/tpch_redis");
        assertThat(BeelineQueries.selected(stderr))
                .containsExactly(
                        new BeelineQueries.Selected(4, Duration.ofMillis(1234)),
                        new BeelineQueries.Selected(0, Duration.ofMillis(50)),
                        new BeelineQueries.Selected(1, Duration.ofMillis(12_500)),
                        new BeelineQueries.Selected(1234, Duration.ofMillis(1_001_250)));
    }

    @Test
    void cutsStdoutIntoEachQuerysRows() {
        List<BeelineQueries.Selected> selected = List.of(
                new BeelineQueries.Selected(2, Duration.ZERO),
                new BeelineQueries.Selected(0, Duration.ZERO),
                new BeelineQueries.Selected(1, Duration.ZERO));
        assertThat(BeelineQueries.split("a\t1\nb\t2\nc\t3\n", selected, Target.REDIS))
                .containsExactly(List.of("a\t1", "b\t2"), List.of(), List.of("c\t3"));
        // an empty string field is a row too
        assertThat(BeelineQueries.split("\n\nx\n", selected, Target.REDIS))
                .containsExactly(List.of("", ""), List.of(), List.of("x"));
    }

    @Test
    void refusesOutputThatDoesNotMatchTheCounts() {
        List<BeelineQueries.Selected> selected = List.of(new BeelineQueries.Selected(3, Duration.ZERO));
        assertThatThrownBy(() -> BeelineQueries.split("a\nb\n", selected, Target.MONGO))
                .isInstanceOf(QueryFailedException.class)
                .hasMessageContaining("2 result lines on mongo where it reported 3 rows");
    }
}
