package io.hivenosql.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.bench.Target;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestPeerSections {
    /**
     * Scale factor 1 of {@link TestingBenchResults} (Hive on redis: full scan 12 s, q06 1.5 s, key lookup 3.5 s) with a
     * Spark peer on redis: full scan 24 s (Hive 2x faster), q06 0.75 s but other rows, key lookup 1.75 s (Spark 2x
     * faster), q01 not run by Spark.
     */
    private static BenchResults withPeer() {
        ScaleFactorResults hive = TestingBenchResults.scaleFactorOne();
        PeerStoreResults redis = new PeerStoreResults(
                Target.REDIS,
                "Spark 3.5.1 local[2]",
                "spark-redis 3.0.0",
                "reads the hashes in place",
                List.of(
                        new PeerQueryResult(
                                "q01",
                                List.of(),
                                Optional.of("[PARSE_SYNTAX_ERROR] at 'day'"),
                                Optional.empty(),
                                List.of(),
                                List.of("lineitem: no filter")),
                        new PeerQueryResult(
                                "q06",
                                List.of(Duration.ofMillis(750)),
                                Optional.empty(),
                                Optional.of(ResultCheck.mismatch("q06", 1, "spark-redis differs from hdfs-orc")),
                                List.of("Scan RedisSourceRelation PushedFilters: []"),
                                List.of("lineitem: filterExpr (l_quantity < 24); Hive filters (l_quantity < 24)")),
                        new PeerQueryResult(
                                "probe_full_scan",
                                List.of(Duration.ofSeconds(30), Duration.ofSeconds(24), Duration.ofSeconds(20)),
                                Optional.empty(),
                                Optional.of(ResultCheck.matching("probe_full_scan", 1)),
                                List.of("Scan RedisSourceRelation PushedFilters: []"),
                                List.of("lineitem: no filter")),
                        new PeerQueryResult(
                                "probe_key_lookup",
                                List.of(Duration.ofMillis(1500), Duration.ofMillis(2000)),
                                Optional.empty(),
                                Optional.of(ResultCheck.matching("probe_key_lookup", 1)),
                                List.of("Scan RedisSourceRelation PushedFilters: []"),
                                List.of("orders: filterExpr (o_orderkey = 30020L); Hive filters nothing more"))));
        ScaleFactorResults withPeer = new ScaleFactorResults(
                hive.scaleFactor(),
                hive.targets(),
                hive.lineitemRows(),
                hive.lineitemBytes(),
                hive.loads(),
                hive.queries(),
                hive.rawScans(),
                hive.checks(),
                List.of(redis));
        return new BenchResults(
                Instant.parse("2025-03-04T05:06:07.891Z"), TestingBenchResults.machine(), 1, 3, List.of(withPeer));
    }

    @Test
    void ratiosArePeerTimeOverHiveTime() {
        Statistics statistics = Statistics.of(withPeer()).get(0);
        PeerStoreResults redis = statistics.results().peers().get(0);

        assertThat(PeerSections.ratio(statistics, redis, redis.queries().get(2)).getAsDouble())
                .isEqualTo(2.0);
        assertThat(PeerSections.ratio(statistics, redis, redis.queries().get(3)).getAsDouble())
                .isEqualTo(0.5);
        assertThat(PeerSections.ratio(statistics, redis, redis.queries().get(0)))
                .isEmpty();
        assertThat(PeerSections.tally(statistics, redis))
                .isEqualTo(
                        "Hive faster on 1 of 3 queries; 1 not run by Spark (the rows column says why); **1 with other rows**");
    }

    @Test
    void theSummaryHasOneTablePerStoreWithBothSidesScans() {
        String md = MarkdownSummary.render(withPeer());

        assertThat(md)
                .contains("#### redis: Hive with hive-nosql against Spark 3.5.1 local[2] with spark-redis 3.0.0")
                .contains("| query | Hive s | Spark s | Spark ÷ Hive | rows |")
                .containsPattern(
                        "\\| probe_full_scan \\| [^|]+ \\| [^|]+ \\| 2\\.0× \\| agree \\| lineitem: no filter \\|")
                .contains("| q01 | ")
                .contains("not run: [PARSE_SYNTAX_ERROR] at 'day'")
                .contains("differ: spark-redis differs from hdfs-orc");
    }

    @Test
    void thePageAndTheCsvHoldThePeer() {
        BenchResults results = withPeer();

        assertThat(HtmlReport.render(results))
                .contains("Hive with hive-nosql against Spark SQL with each store")
                .contains("redis: Spark 3.5.1 local[2] with spark-redis 3.0.0");
        assertThat(CsvReport.results(results))
                .contains("peer_query,1,spark-redis,probe_full_scan,1,false,1,30,")
                .contains("peer_query,1,spark-redis,probe_key_lookup,2,false,1,2,")
                .doesNotContain("spark-redis,q01");
    }
}
