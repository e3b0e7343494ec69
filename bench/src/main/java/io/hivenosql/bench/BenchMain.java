package io.hivenosql.bench;

import io.hivenosql.bench.dml.DmlMain;
import io.hivenosql.bench.dml.DmlOptions;
import io.hivenosql.bench.failover.FailoverMain;
import io.hivenosql.bench.failover.FailoverOptions;
import io.hivenosql.bench.peer.HiveScans;
import io.hivenosql.bench.peer.SparkPeer;
import io.hivenosql.bench.peer.SparkPeers;
import io.hivenosql.bench.report.BenchReport;
import io.hivenosql.bench.report.BenchResults;
import io.hivenosql.bench.report.MachineInfo;
import io.hivenosql.bench.report.PeerQueryResult;
import io.hivenosql.bench.report.PeerStoreResults;
import io.hivenosql.bench.report.ResultCheck;
import io.hivenosql.bench.report.ScaleFactorResults;
import io.hivenosql.sandbox.ServerConsole;
import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.Stack;
import io.hivenosql.sandbox.StackBuilder;
import io.hivenosql.sandbox.cluster.ClusterHiveConf;
import io.hivenosql.sandbox.cluster.MiniHadoopCluster;
import io.hivenosql.sandbox.hadoop.TestingHdfs;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.hive.RemoteHiveInstance;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code bin/hive-nosql bench}: runs the TPC-H suite ({@link TpchSuite}) at each scale factor asked for, against the
 * sandbox it starts or an existing HiveServer2, and writes {@code <out>/<timestamp>/results.csv}, {@code summary.csv},
 * {@code summary.md} and {@code report.html}. Exits 0 when every query agreed across the targets, 1 on a mismatch, 2 when the run failed,
 * 64 on a bad command line. With {@code --workload failover} it runs the failover workload instead ({@link
 * FailoverMain}; exit 1 when the run missed the target), with {@code --workload dml} the row-level DML workload
 * ({@link DmlMain}; exit 1 when a check failed).
 */
public final class BenchMain {
    public static final int MISMATCH = 1;
    public static final int FAILED = 2;
    public static final int USAGE_ERROR = 64;

    /** Where the FerretDB server of target mongo-ferretdb works, under the work directory. */
    private static final String FERRETDB_DIR = "ferretdb";

    private static final Logger log = LoggerFactory.getLogger(BenchMain.class);
    private static final DateTimeFormatter RUN_NAME =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private BenchMain() {}

    public static void main(String[] args) {
        ServerConsole.runAndExit(args, BenchMain::serverWorkDir, BenchMain::run);
    }

    /** The sandbox starts HiveServer2 in process, in the work directory. */
    private static Optional<Path> serverWorkDir(List<String> args) {
        if (DmlOptions.requested(args)) {
            DmlOptions options = DmlOptions.parse(args);
            return options.help() ? Optional.empty() : Optional.of(options.runDir());
        }
        if (failover(args)) {
            FailoverOptions options = FailoverOptions.parse(args);
            return options.help() ? Optional.empty() : Optional.of(options.runDir());
        }
        BenchOptions options = BenchOptions.parse(args);
        return options.sandbox() && !options.help() ? Optional.of(options.workDir()) : Optional.empty();
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        if (failover(args)) {
            return runFailover(args, out, err);
        }
        if (DmlOptions.requested(args)) {
            return runDml(args, out, err);
        }
        Optional<BenchOptions> parsed = ServerConsole.parse(args, BenchOptions::parse, BenchOptions.USAGE, err);
        if (parsed.isEmpty()) {
            return USAGE_ERROR;
        }
        BenchOptions options = parsed.get();
        if (options.help()) {
            out.print(BenchOptions.USAGE);
            return 0;
        }
        try {
            return options.sandbox() ? inSandbox(options, out) : external(options, out);
        } catch (Exception e) {
            log.error("The benchmark failed", e);
            err.println("error: the benchmark failed: " + e.getMessage());
            return FAILED;
        }
    }

    /** Whether the command line asks for the failover workload ({@code --workload failover}). */
    static boolean failover(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--workload=failover")
                    || (arg.equals("--workload")
                            && i + 1 < args.size()
                            && args.get(i + 1).equals("failover"))) {
                return true;
            }
        }
        return false;
    }

    private static int runFailover(List<String> args, PrintStream out, PrintStream err) {
        Optional<FailoverOptions> parsed =
                ServerConsole.parse(args, FailoverOptions::parse, FailoverOptions.USAGE, err);
        if (parsed.isEmpty()) {
            return USAGE_ERROR;
        }
        if (parsed.get().help()) {
            out.print(FailoverOptions.USAGE);
            return 0;
        }
        try {
            return FailoverMain.run(parsed.get(), out);
        } catch (Exception e) {
            log.error("The failover workload failed", e);
            err.println("error: the failover workload failed: " + e.getMessage());
            return FAILED;
        }
    }

    private static int runDml(List<String> args, PrintStream out, PrintStream err) {
        Optional<DmlOptions> parsed = ServerConsole.parse(args, DmlOptions::parse, DmlOptions.USAGE, err);
        if (parsed.isEmpty()) {
            return USAGE_ERROR;
        }
        if (parsed.get().help()) {
            out.print(DmlOptions.USAGE);
            return 0;
        }
        try {
            return DmlMain.run(parsed.get(), out);
        } catch (Exception e) {
            log.error("The DML workload failed", e);
            err.println("error: the DML workload failed: " + e.getMessage());
            return FAILED;
        }
    }

    private static int inSandbox(BenchOptions options, PrintStream out) throws Exception {
        Path work = options.workDir().toAbsolutePath().normalize();
        // a metastore left by an earlier run names servers long gone; the logs beside them stay
        deleteRecursively(work.resolve("hdfs"));
        deleteRecursively(work.resolve("stack"));
        deleteRecursively(work.resolve(FERRETDB_DIR));
        List<Target> targets = options.settings().targets();
        double largest = Collections.max(options.settings().scaleFactors());
        SandboxMemory.check(
                largest,
                targets,
                MongoTargetServers.stackFlavour(),
                Runtime.getRuntime().maxMemory() >> 20,
                options.peers().map(PeerOptions::heapMegabytes).orElse(0),
                MachineProbe.physicalMemoryMegabytes());
        out.println("starting the sandbox: HiveServer2, HDFS" + (targets.contains(Target.REDIS) ? ", Redis" : "")
                + (targets.contains(Target.CASSANDRA) ? ", Cassandra" : "")
                + (targets.contains(Target.MONGO) ? ", MongoDB" : "")
                + (targets.contains(Target.MONGO_FERRETDB) ? ", FerretDB" : "") + " (work dir " + work + ")");
        StackBuilder sandbox = Stack.builder(work.resolve("stack"))
                .engine(options.engine())
                .auxJars(options.auxJars())
                .cassandra(targets.contains(Target.CASSANDRA));
        options.clusterNodeManagers().ifPresent(count -> sandbox.cluster(true).nodeManagers(count));
        if (targets.contains(Target.MONGO)) {
            sandbox.mongo(TestingMongoServer.builder().heapMegabytes(SandboxMemory.mongoHeapMegabytes(largest)));
        }
        if (options.clusterNodeManagers().isPresent()) {
            try (MongoTargetServers mongo = MongoTargetServers.start(targets, work.resolve(FERRETDB_DIR), out);
                    Stack stack = sandbox.start()) {
                // the data on the cluster's own HDFS, where its containers read it
                Configuration conf = new Configuration();
                conf.set("fs.defaultFS", stack.cluster().state().hdfsUri());
                BenchEnvironment environment = new BenchEnvironment(
                        stack.hive(),
                        stack.cluster().state().hdfsUri() + "/hive-nosql-bench",
                        conf,
                        storeAddresses(stack, targets, mongo),
                        options.auxJars(),
                        describeCluster(stack));
                return runSuite(
                        options,
                        environment.withAfterLoad(settle(stack)).withServers(servers(stack, targets, mongo)),
                        out);
            }
        }
        try (TestingHdfs hdfs = TestingHdfs.start(work.resolve("hdfs"));
                MongoTargetServers mongo = MongoTargetServers.start(targets, work.resolve(FERRETDB_DIR), out);
                Stack stack = sandbox.start()) {
            BenchEnvironment environment = new BenchEnvironment(
                    stack.hive(),
                    hdfs.uri("/hive-nosql-bench"),
                    hdfs.fileSystem().getConf(),
                    storeAddresses(stack, targets, mongo),
                    options.auxJars(),
                    "sandbox: HiveServer2 in process (" + options.engine().hiveName()
                            + " local mode), stores and HDFS MiniDFSCluster on the same machine");
            return runSuite(
                    options, environment.withAfterLoad(settle(stack)).withServers(servers(stack, targets, mongo)), out);
        }
    }

    /**
     * Brings the sandbox's Cassandra node to the state of one that has held the data a while: memtables flushed and
     * size estimates refreshed (a node records them every few minutes), so that the handler reports the table's size
     * to Hive's planner and weighs runtime join keys against it, as on a cluster.
     */
    public static BenchEnvironment.AfterLoad settle(Stack stack) {
        return (target, database) -> {
            if (target == Target.CASSANDRA) {
                stack.cassandra().nodetool("flush", database);
                stack.cassandra().nodetool("refreshsizeestimates");
            }
        };
    }

    /** The sandbox's cluster, as a report names where Hive ran. */
    public static String describeCluster(Stack stack) {
        return "sandbox cluster: Hive on Tez over YARN ("
                + stack.cluster().state().nodeManagers() + " NodeManager(s), "
                + ClusterHiveConf.CONTAINER_MB + " MB containers), HiveServer2, the Tez AM and each task in JVMs of "
                + "their own, HDFS with " + MiniHadoopCluster.DATA_NODES + " DataNodes, stores on the same machine";
    }

    private static StoreAddresses storeAddresses(Stack stack, List<Target> targets, MongoTargetServers mongo) {
        return StoreAddresses.of(
                stack,
                targets,
                targets.contains(Target.MONGO_FERRETDB)
                        ? Optional.of(mongo.ferretDb(stackMongo(stack, targets)).uri())
                        : Optional.empty());
    }

    /** What serves the MongoDB targets, for the report's labels. */
    private static Map<Target, String> servers(Stack stack, List<Target> targets, MongoTargetServers mongo) {
        Map<Target, String> servers = new EnumMap<>(Target.class);
        if (targets.contains(Target.MONGO)) {
            servers.put(Target.MONGO, MongoTargetServers.describe(stack.mongo()));
        }
        if (targets.contains(Target.MONGO_FERRETDB)) {
            servers.put(Target.MONGO_FERRETDB, MongoTargetServers.describe(mongo.ferretDb(stackMongo(stack, targets))));
        }
        return servers;
    }

    private static TestingMongoServer stackMongo(Stack stack, List<Target> targets) {
        return targets.contains(Target.MONGO) ? stack.mongo() : null;
    }

    private static int external(BenchOptions options, PrintStream out) throws Exception {
        String password = Optional.ofNullable(System.getenv(HiveInstance.JDBC_PASSWORD_VARIABLE))
                .orElse("");
        try (BeelinePasswordFile passwordFile = BeelinePasswordFile.create(password, options.workDir());
                HiveInstance hive =
                        new RemoteHiveInstance(options.jdbcUrl().orElseThrow(), options.user(), password, List.of())) {
            BenchEnvironment environment = new BenchEnvironment(
                    hive,
                    options.dataRoot().orElseThrow(),
                    new Configuration(),
                    options.stores(),
                    options.auxJars(),
                    "HiveServer2 at " + JdbcUrls.redacted(options.jdbcUrl().orElseThrow()),
                    passwordFile.path());
            return runSuite(options, environment, out);
        }
    }

    private static int runSuite(BenchOptions options, BenchEnvironment environment, PrintStream out) throws Exception {
        Instant started = Instant.now();
        MachineInfo machine = MachineProbe.describe(environment.hive(), environment.hiveServer());
        out.println(options);
        Optional<SparkPeers> peers = options.peers()
                .map(peer -> new SparkPeers(
                        new SparkPeer(
                                options.workDir().resolve("peers"),
                                peer.heapMegabytes(),
                                options.settings().queryTimeout()),
                        new HiveScans(environment.hive()),
                        environment.stores(),
                        new SparkPeers.PeerSettings(
                                options.settings().warmups(),
                                options.settings().runs(),
                                peer.cores(),
                                peer.queries())));
        TpchSuite suite = new TpchSuite(environment, options.settings(), Progress.console(out), peers);
        List<ScaleFactorResults> results = new ArrayList<>();
        for (double scaleFactor : options.settings().scaleFactors()) {
            out.println("scale factor " + ScaleFactors.format(scaleFactor));
            try {
                results.add(suite.run(scaleFactor));
            } catch (Exception e) {
                if (!results.isEmpty()) {
                    // hours of finished scale factors are not thrown away with the one that failed
                    Path dir = writeReport(options, started, machine, results, environment.servers());
                    out.println("scale factor " + ScaleFactors.format(scaleFactor) + " failed; the report of the "
                            + "finished ones: " + dir.resolve("report.html"));
                }
                throw e;
            }
        }
        Path dir = writeReport(options, started, machine, results, environment.servers());
        out.println("report: " + dir.resolve("report.html"));
        List<ResultCheck> mismatches = results.stream()
                .flatMap(sf -> Stream.concat(
                        sf.checks().values().stream(),
                        sf.peers().stream()
                                .flatMap(peer -> peer.queries().stream())
                                .flatMap(query -> query.check().stream())))
                .filter(check -> !check.matches())
                .toList();
        mismatches.forEach(check -> out.println("MISMATCH " + check.query() + ": " + check.difference()));
        for (ScaleFactorResults sf : results) {
            for (PeerStoreResults peer : sf.peers()) {
                List<PeerQueryResult> notRun = peer.queries().stream()
                        .filter(query -> query.failure().isPresent())
                        .toList();
                if (!notRun.isEmpty()) {
                    out.println(peer.label() + " at scale factor " + ScaleFactors.format(sf.scaleFactor())
                            + " did not run " + notRun.size() + " of "
                            + peer.queries().size() + " queries; "
                            + notRun.get(0).query() + ": "
                            + notRun.get(0).failure().get());
                }
            }
        }
        if (mismatches.isEmpty()) {
            out.println("all " + options.settings().queries().size() + " queries agree across "
                    + options.settings().targets().size() + " targets"
                    + (options.peers().isPresent() ? " and the peers that ran them" : ""));
            return 0;
        }
        return MISMATCH;
    }

    /** Writes the report of the scale factors run, smallest first, into {@code <out>/<start time>/}. */
    private static Path writeReport(
            BenchOptions options,
            Instant started,
            MachineInfo machine,
            List<ScaleFactorResults> results,
            Map<Target, String> servers)
            throws IOException {
        List<ScaleFactorResults> bySize = results.stream()
                .sorted(Comparator.comparingDouble(ScaleFactorResults::scaleFactor))
                .toList();
        BenchResults all = new BenchResults(
                started,
                machine,
                options.settings().warmups(),
                options.settings().runs(),
                bySize,
                servers);
        Path dir = options.outputDir().resolve(RUN_NAME.format(started));
        Files.createDirectories(dir);
        BenchReport.write(all, dir);
        return dir;
    }

    /** Deletes what an earlier run left in {@code dir}; fails when some of it stays. */
    private static void deleteRecursively(Path dir) {
        ServerProcess.deleteRecursively(dir);
        if (Files.exists(dir)) {
            throw new IllegalStateException("cannot delete " + dir + ", left by an earlier run: delete it by hand");
        }
    }
}
