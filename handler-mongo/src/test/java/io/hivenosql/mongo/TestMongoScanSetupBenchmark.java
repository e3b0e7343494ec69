package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.bench.HiveScanSetup;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs both methods of {@link BenchmarkMongoScanSetup} once on the shared server, so CI keeps it working and measuring
 * what it says: the predicate goes where it went when the figures were taken, and the tasks read what that implies.
 */
class TestMongoScanSetupBenchmark {
    @Test
    void plansAndReadsTheSmallTable() throws Exception {
        BenchmarkMongoScanSetup benchmark = new BenchmarkMongoScanSetup();
        benchmark.rows = 10;
        benchmark.setUp(TestingMongoServer.shared());
        Blackhole blackhole = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        try {
            HiveScanSetup.Plan plan = benchmark.planning();
            assertThat(plan.splits()).isNotEmpty();
            assertThat(plan.pushed()).isEqualTo("(qty >= 5)");
            assertThat(plan.residual()).isEqualTo("nothing");
            benchmark.newTaskConfs();
            assertThat(benchmark.taskSetupAndRead(blackhole)).isEqualTo(5);
        } finally {
            benchmark.tearDown();
        }
    }
}
