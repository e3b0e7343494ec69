package io.hivenosql.bench.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestFailoverOptions {
    @Test
    void defaultsAreTwentyClientsAndTwoThousandRequests() {
        FailoverOptions options = FailoverOptions.parse(List.of("--workload", "failover", "--store", "cassandra"));
        assertThat(options.store()).isEqualTo(FailoverOptions.Store.CASSANDRA);
        assertThat(options.clients()).isEqualTo(20);
        assertThat(options.requests()).isEqualTo(2000);
        assertThat(options.timeout()).isEqualTo(Duration.ofMinutes(30));
        assertThat(options.outputDir()).isEqualTo(Path.of("bench/results"));
        assertThat(options.runDir()).isEqualTo(Path.of(".sandbox/bench/failover-cassandra"));
        assertThat(options.help()).isFalse();
    }

    @Test
    void takesEveryOptionInBothSpellings() {
        FailoverOptions options = FailoverOptions.parse(List.of(
                "--work",
                "/w",
                "--aux-jars",
                "a-hive.jar, b-hive.jar",
                "--out",
                "/o",
                "--workload=failover",
                "--store=REDIS",
                "--clients",
                "8",
                "--requests=300",
                "--timeout-minutes",
                "12",
                "--out",
                "/later"));
        assertThat(options.store()).isEqualTo(FailoverOptions.Store.REDIS);
        assertThat(options.clients()).isEqualTo(8);
        assertThat(options.requests()).isEqualTo(300);
        assertThat(options.timeout()).isEqualTo(Duration.ofMinutes(12));
        assertThat(options.auxJars()).containsExactly(Path.of("a-hive.jar"), Path.of("b-hive.jar"));
        // bin/hive-nosql passes --out first: the user's own wins
        assertThat(options.outputDir()).isEqualTo(Path.of("/later"));
        assertThat(options.runDir()).isEqualTo(Path.of("/w/failover-redis"));
    }

    @Test
    void theNodeIsKilledAfterAThirdAndRestartedAfterTwoThirds() {
        FailoverOptions options = FailoverOptions.parse(List.of("--store", "redis", "--requests", "2000"));
        assertThat(options.killAt()).isEqualTo(666);
        assertThat(options.restartAt()).isEqualTo(1333);
    }

    @Test
    void refusesWhatCannotRun() {
        assertThatThrownBy(() -> FailoverOptions.parse(List.of("--workload", "failover")))
                .hasMessageContaining("needs --store cassandra or --store redis");
        assertThatThrownBy(() -> FailoverOptions.parse(List.of("--store", "mongo")))
                .hasMessageContaining("'mongo' is not cassandra or redis");
        assertThatThrownBy(() -> FailoverOptions.parse(List.of("--store", "redis", "--clients", "0")))
                .hasMessageContaining("--clients: at least 1");
        assertThatThrownBy(() -> FailoverOptions.parse(List.of("--store", "redis", "--requests", "29")))
                .hasMessageContaining("--requests: at least 30");
        assertThatThrownBy(() -> FailoverOptions.parse(List.of("--store", "redis", "--requests", "many")))
                .hasMessageContaining("'many' is not a whole number");
        assertThatThrownBy(() -> FailoverOptions.parse(List.of("--store", "redis", "--timeout-minutes", "0")))
                .hasMessageContaining("at least 1 minute");
        assertThatThrownBy(() -> FailoverOptions.parse(List.of("--store", "redis", "--sf", "0.1")))
                .hasMessageContaining("unknown option of the failover workload: --sf");
        assertThatThrownBy(() -> FailoverOptions.parse(List.of("--store", "redis", "--clients")))
                .hasMessageContaining("--clients needs a value");
        assertThatThrownBy(() -> FailoverOptions.parse(List.of("--workload", "tpch", "--store", "redis")))
                .hasMessageContaining("expected failover");
    }

    @Test
    void helpNeedsNoStore() {
        assertThat(FailoverOptions.parse(List.of("--workload", "failover", "--help"))
                        .help())
                .isTrue();
        assertThat(FailoverOptions.USAGE)
                .contains("--store cassandra|redis", "--clients N", "--requests N", "--timeout-minutes N");
    }
}
