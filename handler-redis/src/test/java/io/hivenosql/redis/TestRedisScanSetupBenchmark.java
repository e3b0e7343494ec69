package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.bench.HiveScanSetup;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs both methods of {@link BenchmarkRedisScanSetup} once on the shared server, so CI keeps it working and measuring
 * what it says: the predicate goes where it went when the figures were taken, and the tasks read what that implies.
 */
class TestRedisScanSetupBenchmark {
    @Test
    void plansAndReadsTheSmallTable() throws Exception {
        BenchmarkRedisScanSetup benchmark = new BenchmarkRedisScanSetup();
        benchmark.rows = 10;
        benchmark.setUp(TestingRedisServer.shared());
        Blackhole blackhole = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        try {
            HiveScanSetup.Plan plan = benchmark.planning();
            assertThat(plan.splits()).isNotEmpty();
            assertThat(plan.pushed()).isEqualTo("nothing");
            assertThat(plan.residual()).isEqualTo("(qty >= 5)");
            benchmark.newTaskConfs();
            assertThat(benchmark.taskSetupAndRead(blackhole)).isEqualTo(10);
        } finally {
            benchmark.tearDown();
        }
    }
}
