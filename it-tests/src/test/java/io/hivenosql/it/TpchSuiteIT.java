package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.bench.BenchEnvironment;
import io.hivenosql.bench.BenchSettings;
import io.hivenosql.bench.Progress;
import io.hivenosql.bench.Query;
import io.hivenosql.bench.StoreAddresses;
import io.hivenosql.bench.Target;
import io.hivenosql.bench.TpchSuite;
import io.hivenosql.bench.peer.HiveScans;
import io.hivenosql.bench.peer.SparkPeer;
import io.hivenosql.bench.peer.SparkPeers;
import io.hivenosql.bench.report.BenchResults;
import io.hivenosql.bench.report.CsvReport;
import io.hivenosql.bench.report.HtmlReport;
import io.hivenosql.bench.report.MachineInfo;
import io.hivenosql.bench.report.PeerQueryResult;
import io.hivenosql.bench.report.PeerStoreResults;
import io.hivenosql.bench.report.QueryMeasurement;
import io.hivenosql.bench.report.ResultCheck;
import io.hivenosql.bench.report.ScaleFactorResults;
import io.hivenosql.sandbox.hadoop.TestingHdfs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The TPC-H suite's correctness check at scale factor 0.01, as {@code bin/hive-nosql bench --sf 0.01 --check} runs
 * it: the data generated into HDFS (a MiniDFSCluster), loaded through Hive into ORC on HDFS, Redis, Cassandra and
 * MongoDB, and the 22 queries and four of the probes run through beeline against the ORC tables and the three
 * stores; every result must agree with the ORC one. One round, no timing asserted; the raw driver scans run once too.
 * (The text tables, the source of every load, are left out of the check to keep CI short; {@code bin/hive-nosql
 * bench} compares all five targets.) Then the peers run, as {@code --peers spark} runs them: Spark SQL with each
 * store's own connector, in a JVM of its own, reads the tables the loads wrote and runs the probes and two of the
 * queries ({@link #PEER_QUERIES}), whose rows must agree too.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpchSuiteIT {
    private static final double SCALE_FACTOR = 0.01;
    private static final List<Target> TARGETS = List.of(Target.HDFS_ORC, Target.REDIS, Target.CASSANDRA, Target.MONGO);
    /**
     * The 22 queries and the first four probes. {@code probe_count} and {@code probe_join_selective} are left out: at
     * this scale factor they added 18 s to the run on the four targets (6 s and 12 s), more than CI's budget; {@code
     * bin/hive-nosql bench} runs them.
     */
    private static final List<Query> QUERIES =
            Query.select(List.of("tpch", Query.FULL_SCAN, Query.SELECTIVE_SCAN, Query.KEY_LOOKUP, Query.JOIN_HDFS));

    private static final int PEER_HEAP_MEGABYTES = 1536;
    /**
     * The queries the peers run: the four probes, q02 (part, partsupp, supplier, nation, region: composite keys in
     * every store) and q03 (customer, orders, lineitem joined), so that every table is read through each connector.
     * All 22 ran unchanged with agreeing rows in the bench (docs/benchmarks.md, runs 19 and 23); running them here added
     * about two minutes to CI.
     */
    private static final Set<String> PEER_QUERIES =
            Set.of("q02", "q03", Query.FULL_SCAN, Query.SELECTIVE_SCAN, Query.KEY_LOOKUP, Query.JOIN_HDFS);

    private TestingHdfs hdfs;
    private ScaleFactorResults results;

    @BeforeAll
    void runTheSuite(HiveStack.Resources stack) throws Exception {
        hdfs = TestingHdfs.start(stack.workDir().resolve("tpch-hdfs"));
        BenchEnvironment environment = new BenchEnvironment(
                stack.hive(),
                hdfs.uri("/hive-nosql-bench"),
                hdfs.fileSystem().getConf(),
                new StoreAddresses(
                        Optional.of(stack.redis().address()),
                        Optional.of(stack.cassandra().contactPoint()),
                        Optional.of(stack.cassandra().localDatacenter()),
                        Optional.of(stack.mongo().uri())),
                HiveStack.Resources.auxJars(),
                "it-tests stack");
        BenchSettings settings =
                new BenchSettings(List.of(SCALE_FACTOR), TARGETS, QUERIES, 0, 1, true, Duration.ofMinutes(20));
        Path peersDir = stack.workDir().resolve("tpch-peers").toAbsolutePath();
        SparkPeers peers = new SparkPeers(
                new SparkPeer(peersDir, PEER_HEAP_MEGABYTES, Duration.ofMinutes(20)),
                new HiveScans(stack.hive()),
                environment.stores(),
                new SparkPeers.PeerSettings(0, 1, 2, PEER_QUERIES));
        results = new TpchSuite(environment, settings, Progress.silent(), Optional.of(peers)).run(SCALE_FACTOR);
    }

    @AfterAll
    void stopHdfs() {
        if (hdfs != null) {
            hdfs.close();
        }
    }

    @Test
    void everyQueryAgreesAcrossOrcAndTheThreeStores() {
        assertThat(results.checks()).hasSize(QUERIES.size());
        List<ResultCheck> mismatches = results.checks().values().stream()
                .filter(check -> !check.matches())
                .toList();
        assertThat(mismatches)
                .as("queries whose results differ between targets")
                .isEmpty();
    }

    @Test
    void sparkWithEachStoresConnectorRanItsQueriesWithTheSameRows() {
        assertThat(results.peers())
                .extracting(PeerStoreResults::store)
                .containsExactly(Target.REDIS, Target.CASSANDRA, Target.MONGO);
        for (PeerStoreResults peer : results.peers()) {
            assertThat(peer.engine()).as(peer.label()).startsWith("Spark 3.5");
            assertThat(peer.queries())
                    .extracting(PeerQueryResult::query)
                    .containsExactlyElementsOf(QUERIES.stream()
                            .map(Query::name)
                            .filter(PEER_QUERIES::contains)
                            .toList());
            assertThat(peer.queries()).allSatisfy(query -> {
                assertThat(query.failure())
                        .as(peer.label() + " " + query.query())
                        .isEmpty();
                assertThat(query.runs()).as(peer.label() + " " + query.query()).hasSize(1);
                assertThat(query.check().orElseThrow().matches())
                        .as(peer.label() + " " + query.query() + ": "
                                + query.check().get().difference())
                        .isTrue();
                assertThat(query.peerScans())
                        .as(peer.label() + " " + query.query())
                        .isNotEmpty();
                assertThat(query.hiveScans())
                        .as(peer.label() + " " + query.query())
                        .isNotEmpty();
            });
        }
        // what each side handed the store for one order by its key
        assertThat(peerScans(Target.CASSANDRA, Query.KEY_LOOKUP))
                .contains("Cassandra Filters: [[\"o_orderkey\" = ?, 30020]]");
        assertThat(peerScans(Target.MONGO, Query.SELECTIVE_SCAN)).contains("$match");
        assertThat(peerScans(Target.REDIS, Query.KEY_LOOKUP)).contains("RedisSourceRelation");
        assertThat(String.join(
                        "; ",
                        results.peers().get(0).queries().stream()
                                .filter(query -> query.query().equals(Query.KEY_LOOKUP))
                                .findFirst()
                                .orElseThrow()
                                .hiveScans()))
                .contains("orders: filterExpr (o_orderkey = 30020L); Hive filters nothing more");
    }

    private String peerScans(Target store, String query) {
        return results.peers().stream()
                .filter(peer -> peer.store() == store)
                .flatMap(peer -> peer.queries().stream())
                .filter(result -> result.query().equals(query))
                .findFirst()
                .map(result -> String.join("; ", result.peerScans()))
                .orElseThrow();
    }

    @Test
    void everyQueryRanOnEveryTargetAndReturnedRows() {
        Map<Target, Long> runs = results.queries().stream()
                .collect(Collectors.groupingBy(QueryMeasurement::target, Collectors.counting()));
        assertThat(runs).containsOnlyKeys(TARGETS).allSatisfy((target, count) -> assertThat(count)
                .isEqualTo((long) QUERIES.size()));
        // TPC-H's answers at this size: Q1 has one row per return flag and line status, Q6 a single sum, the
        // LIMIT queries their limits or fewer; none is empty
        assertThat(results.checks().get("q01").rows()).isEqualTo(4);
        assertThat(results.checks().get("q06").rows()).isEqualTo(1);
        assertThat(results.checks().get("probe_key_lookup").rows()).isEqualTo(1);
        assertThat(results.checks().values())
                .allSatisfy(check -> assertThat(check.rows()).as(check.query()).isPositive());
    }

    @Test
    void everyTargetWasLoadedWithEveryRowAndTheRawScansReadAllOfLineitem() {
        assertThat(results.lineitemRows()).isBetween(59_000L, 61_000L);
        assertThat(results.loads()).hasSize(4 * 8);
        assertThat(results.rawScans())
                .extracting(scan -> scan.target().cliName() + " " + scan.rows())
                .containsExactly(
                        "redis " + results.lineitemRows(),
                        "cassandra " + results.lineitemRows(),
                        "mongo " + results.lineitemRows());
    }

    @Test
    void theReportIsWritten(HiveStack.Resources stack) throws Exception {
        Path dir = stack.workDir().resolve("tpch-report");
        Files.createDirectories(dir);
        BenchResults all = new BenchResults(
                Instant.now(),
                new MachineInfo("it", "cpu", 2, 1L << 30, "os", "java", "Hive 4.0.1", "tez", "it-tests stack"),
                0,
                1,
                List.of(results));
        CsvReport.write(all, dir);
        HtmlReport.write(all, dir);
        assertThat(Files.readAllLines(dir.resolve("results.csv")))
                .hasSize(1
                        + results.loads().size()
                        + results.queries().size()
                        + results.rawScans().size()
                        + 3 * PEER_QUERIES.size());
        assertThat(Files.readString(dir.resolve("report.html"))).contains("probe_full_scan", "cassandra");
    }
}
