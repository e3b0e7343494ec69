package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.peer.SparkPeers;
import io.hivenosql.bench.raw.RawScan;
import io.hivenosql.bench.report.LoadMeasurement;
import io.hivenosql.bench.report.PeerStoreResults;
import io.hivenosql.bench.report.QueryMeasurement;
import io.hivenosql.bench.report.RawScanMeasurement;
import io.hivenosql.bench.report.ResultCheck;
import io.hivenosql.bench.report.ScaleFactorResults;
import io.hivenosql.sandbox.tpch.TpchFiles;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The suite at one scale factor: generate the text tables, load every target through Hive ({@code INSERT OVERWRITE
 * ... SELECT} from the text tables; then MongoDB's lineitem gets an index on {@code l_orderkey}, {@link
 * MongoJoinIndex}), run the queries in rounds (each round runs every query once on every target, one
 * beeline session per target, so slow drifts of the machine spread over all targets alike), scan each store's
 * lineitem with its raw driver (connected before the clock starts), and compare every query's results across the
 * targets.
 */
public final class TpchSuite {
    private static final Logger log = LoggerFactory.getLogger(TpchSuite.class);
    private static final TpchTables LINEITEM = TpchTables.ALL.get(0);

    private final BenchEnvironment environment;
    private final BenchSettings settings;
    private final Progress progress;
    private final Optional<SparkPeers> peers;

    public TpchSuite(BenchEnvironment environment, BenchSettings settings, Progress progress) {
        this(environment, settings, progress, Optional.empty());
    }

    /** With the peers ({@code --peers spark}), run after the Hive rounds and the raw scans. */
    public TpchSuite(
            BenchEnvironment environment, BenchSettings settings, Progress progress, Optional<SparkPeers> peers) {
        this.environment = requireNonNull(environment, "environment is null");
        this.settings = requireNonNull(settings, "settings is null");
        this.progress = requireNonNull(progress, "progress is null");
        this.peers = requireNonNull(peers, "peers is null");
    }

    public ScaleFactorResults run(double scaleFactor) throws SQLException {
        TargetDdl ddl = new TargetDdl(environment.dataDirectory(scaleFactor), environment.stores());
        Map<String, TpchFiles.Written> generated =
                new TpchGenerator(environment.hadoopConf(), progress).generate(scaleFactor, ddl);
        List<LoadMeasurement> loads = load(ddl, generated);
        long lineitemRows = generated.get(LINEITEM.name()).rows();
        Map<Target, Map<String, List<String>>> results = new LinkedHashMap<>();
        List<QueryMeasurement> queries = runQueries(results);
        List<RawScanMeasurement> rawScans = settings.rawScans() ? rawScans(lineitemRows) : List.of();
        List<PeerStoreResults> peerResults = peers(ddl, results);
        Map<String, ResultCheck> checks = new LinkedHashMap<>();
        for (Query query : settings.queries()) {
            Map<Target, List<String>> byTarget = new LinkedHashMap<>();
            results.forEach((target, rows) -> byTarget.put(target, rows.get(query.name())));
            checks.put(query.name(), ResultComparator.compare(query.name(), byTarget));
        }
        return new ScaleFactorResults(
                scaleFactor,
                settings.targets(),
                lineitemRows,
                generated.get(LINEITEM.name()).bytes(),
                loads,
                queries,
                rawScans,
                checks,
                peerResults);
    }

    /** The peers' runs against the stores, after everything of Hive's: Spark never shares the machine with it. */
    private List<PeerStoreResults> peers(TargetDdl ddl, Map<Target, Map<String, List<String>>> results)
            throws SQLException {
        if (peers.isEmpty()) {
            return List.of();
        }
        List<Target> stores =
                SparkPeers.STORES.stream().filter(settings.targets()::contains).toList();
        progress.start("spark peers", stores.size());
        progress.update(
                0, "Spark SQL on " + stores.stream().map(Target::cliName).toList());
        List<PeerStoreResults> measured = peers.get().run(settings.targets(), settings.queries(), ddl, results);
        progress.finish("");
        return measured;
    }

    /**
     * Creates each target's database and tables afresh and fills them. hdfs-text (the source) and hdfs-orc (which
     * {@code probe_join_hdfs} and {@code probe_join_selective} join with) are always created; only the selected targets' loads are reported.
     */
    private List<LoadMeasurement> load(TargetDdl ddl, Map<String, TpchFiles.Written> generated) throws SQLException {
        Set<Target> targets = new LinkedHashSet<>(List.of(Target.HDFS_TEXT, Target.HDFS_ORC));
        targets.addAll(settings.targets());
        for (Target target : targets) {
            environment.hive().execute("DROP DATABASE IF EXISTS " + target.database() + " CASCADE");
            environment.hive().execute("CREATE DATABASE " + target.database());
            for (TpchTables table : TpchTables.ALL) {
                environment.hive().execute(ddl.createTable(target, table));
            }
        }
        long totalRows = 0;
        for (TpchFiles.Written written : generated.values()) {
            totalRows += written.rows();
        }
        List<Target> loaded =
                targets.stream().filter(t -> t != Target.HDFS_TEXT).toList();
        progress.start("load", totalRows * loaded.size());
        List<LoadMeasurement> loads = new ArrayList<>();
        long done = 0;
        for (Target target : loaded) {
            for (TpchTables table : TpchTables.ALL) {
                long rows = generated.get(table.name()).rows();
                progress.update(done, target.cliName() + " " + table.name());
                long start = System.nanoTime();
                environment.hive().execute(TargetDdl.load(target, table));
                Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
                if (target.isMongo() && table.equals(LINEITEM)) {
                    MongoJoinIndex.create(environment.stores().mongoOf(target), target.database(), table.name());
                }
                done += rows;
                if (settings.targets().contains(target)) {
                    loads.add(new LoadMeasurement(target, table.name(), rows, elapsed));
                }
                log.info(
                        "Loaded {} rows into {}.{} in {} ms",
                        rows,
                        target.database(),
                        table.name(),
                        elapsed.toMillis());
            }
            environment.afterLoad().loaded(target, target.database());
        }
        progress.finish("");
        return loads;
    }

    /** Runs the rounds; fills {@code results} with each target's rows of each query (of the last round). */
    private List<QueryMeasurement> runQueries(Map<Target, Map<String, List<String>>> results) {
        BeelineQueries beeline = new BeelineQueries(
                environment.hive().jdbcUrl(),
                environment.hive().user(),
                environment.beelinePasswordFile(),
                settings.queryTimeout());
        int rounds = settings.warmups() + settings.runs();
        List<QueryMeasurement> measurements = new ArrayList<>();
        progress.start(
                "queries",
                (long) rounds * settings.targets().size() * settings.queries().size());
        long done = 0;
        for (int round = 1; round <= rounds; round++) {
            boolean warmup = round <= settings.warmups();
            for (Target target : settings.targets()) {
                progress.update(done, "round " + round + "/" + rounds + " " + target.cliName());
                Map<String, List<String>> rows = new LinkedHashMap<>();
                for (BeelineQueries.Outcome outcome : beeline.run(target, settings.queries())) {
                    measurements.add(new QueryMeasurement(
                            target,
                            outcome.query().name(),
                            round,
                            warmup,
                            outcome.elapsed(),
                            outcome.rows().size()));
                    rows.put(outcome.query().name(), outcome.rows());
                }
                Map<String, List<String>> earlier = results.put(target, rows);
                if (earlier != null && !earlier.equals(rows)) {
                    log.warn("{} gave other rows in round {} than in the round before", target.cliName(), round);
                }
                done += settings.queries().size();
            }
        }
        progress.finish("");
        return measurements;
    }

    private List<RawScanMeasurement> rawScans(long lineitemRows) {
        List<Target> stores =
                settings.targets().stream().filter(Target::isStore).toList();
        int rounds = settings.warmups() + settings.runs();
        List<RawScanMeasurement> scans = new ArrayList<>();
        progress.start("raw scans", (long) rounds * stores.size());
        long done = 0;
        for (int round = 1; round <= rounds; round++) {
            for (Target target : stores) {
                progress.update(done++, "round " + round + "/" + rounds + " " + target.cliName());
                long rows;
                Duration elapsed;
                try (RawScan scan = RawScan.open(
                        target,
                        environment.stores(),
                        environment.handlerJars(),
                        LINEITEM,
                        settings.rawScanParallelism())) {
                    long start = System.nanoTime();
                    rows = scan.scan();
                    elapsed = Duration.ofNanos(System.nanoTime() - start);
                }
                if (rows != lineitemRows) {
                    throw new QueryFailedException("the raw " + target.cliName() + " scan of lineitem read " + rows
                            + " rows; the table has " + lineitemRows);
                }
                scans.add(new RawScanMeasurement(target, round, round <= settings.warmups(), rows, elapsed));
            }
        }
        progress.finish("");
        return scans;
    }
}
