package io.hivenosql.bench.dml;

import static io.hivenosql.bench.dml.DmlTables.LINEITEM;
import static io.hivenosql.bench.dml.DmlTables.ORDERS;

import io.hivenosql.bench.BenchEnvironment;
import io.hivenosql.bench.BenchMain;
import io.hivenosql.bench.MachineProbe;
import io.hivenosql.bench.Progress;
import io.hivenosql.bench.SandboxMemory;
import io.hivenosql.bench.StoreAddresses;
import io.hivenosql.bench.Target;
import io.hivenosql.bench.TargetDdl;
import io.hivenosql.bench.TpchGenerator;
import io.hivenosql.bench.TpchTables;
import io.hivenosql.bench.report.MachineInfo;
import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.Stack;
import io.hivenosql.sandbox.StackBuilder;
import io.hivenosql.sandbox.hadoop.TestingHdfs;
import io.hivenosql.sandbox.hive.HiveEngine;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import io.hivenosql.sandbox.tpch.TpchFiles;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code bin/hive-nosql bench --workload dml}: starts the sandbox (HiveServer2 in process on Tez local mode and an HDFS
 * MiniDFSCluster, or with {@code --cluster} Hive on Tez over the sandbox's YARN cluster and its HDFS; the stores of the
 * targets), generates orders and lineitem, loads them into ORC, makes the staging
 * tables ({@link DmlStaging}), then loads and runs each store target in turn ({@link DmlWorkload}), and writes {@code
 * <out>/<timestamp>/} ({@link DmlReport}, and each MERGE's EXPLAIN). Exits 0 when every check passed, 1 when a check
 * failed, 2 when a statement failed (the run stops there; the report holds what ran).
 */
public final class DmlMain {
    public static final int CHECK_FAILED = 1;
    public static final int FAILED = 2;

    private static final Logger log = LoggerFactory.getLogger(DmlMain.class);
    private static final DateTimeFormatter RUN_NAME =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    private static final Pattern PRUNING_TARGET = Pattern.compile("Target column: (\\S+)");

    private DmlMain() {}

    public static int run(DmlOptions options, PrintStream out) throws Exception {
        Path work = options.runDir().toAbsolutePath().normalize();
        ServerProcess.deleteRecursively(work);
        if (Files.exists(work)) {
            throw new IllegalStateException("cannot delete " + work + ", left by an earlier run: delete it by hand");
        }
        List<Target> targets = options.targets();
        out.println("starting the sandbox: HiveServer2, HDFS, Redis"
                + (targets.contains(Target.CASSANDRA) ? ", Cassandra" : "")
                + (targets.contains(Target.MONGO) ? ", MongoDB" : "") + " (work dir " + work + ")");
        StackBuilder sandbox = Stack.builder(work.resolve("stack"))
                .engine(HiveEngine.TEZ)
                .auxJars(options.auxJars())
                .cassandra(targets.contains(Target.CASSANDRA));
        if (targets.contains(Target.MONGO)) {
            sandbox.mongo(TestingMongoServer.builder()
                    .heapMegabytes(SandboxMemory.mongoHeapMegabytes(options.scaleFactor())));
        }
        options.clusterNodeManagers().ifPresent(count -> sandbox.cluster(true).nodeManagers(count));
        if (options.clusterNodeManagers().isPresent()) {
            try (Stack stack = sandbox.start()) {
                // the data on the cluster's own HDFS, where its containers read it
                String hdfsUri = stack.cluster().state().hdfsUri();
                Configuration conf = new Configuration();
                conf.set("fs.defaultFS", hdfsUri);
                BenchEnvironment environment = new BenchEnvironment(
                        stack.hive(),
                        hdfsUri + "/hive-nosql-bench",
                        conf,
                        StoreAddresses.of(stack, targets, Optional.empty()),
                        options.auxJars(),
                        BenchMain.describeCluster(stack));
                return run(options, environment.withAfterLoad(BenchMain.settle(stack)), out);
            }
        }
        try (TestingHdfs hdfs = TestingHdfs.start(work.resolve("hdfs"));
                Stack stack = sandbox.start()) {
            BenchEnvironment environment = new BenchEnvironment(
                    stack.hive(),
                    hdfs.uri("/hive-nosql-bench"),
                    hdfs.fileSystem().getConf(),
                    StoreAddresses.of(stack, targets, Optional.empty()),
                    options.auxJars(),
                    "sandbox: HiveServer2 in process (tez local mode), stores and HDFS MiniDFSCluster on the same "
                            + "machine");
            // as the TPC-H suite: the node's size estimates, which the runtime join keys are weighed against
            return run(options, environment.withAfterLoad(BenchMain.settle(stack)), out);
        }
    }

    private static int run(DmlOptions options, BenchEnvironment environment, PrintStream out) throws Exception {
        Instant started = Instant.now();
        Path dir = options.outputDir().resolve(RUN_NAME.format(started));
        Files.createDirectories(dir);
        HiveInstance hive = environment.hive();
        MachineInfo machine = MachineProbe.describe(hive, environment.hiveServer());
        out.println(options);
        TargetDdl ddl = new TargetDdl(environment.dataDirectory(options.scaleFactor()), environment.stores());
        Map<String, TpchFiles.Written> generated = new TpchGenerator(environment.hadoopConf(), Progress.console(out))
                .generate(options.scaleFactor(), ddl, List.of(LINEITEM, ORDERS));
        out.println("loading the ORC copy and making the staging tables");
        for (Target target : List.of(Target.HDFS_TEXT, Target.HDFS_ORC)) {
            hive.execute("DROP DATABASE IF EXISTS " + target.database() + " CASCADE");
            hive.execute("CREATE DATABASE " + target.database());
            for (TpchTables table : List.of(LINEITEM, ORDERS)) {
                hive.execute(ddl.createTable(target, table));
                if (target == Target.HDFS_ORC) {
                    hive.execute(TargetDdl.load(target, table));
                }
            }
        }
        for (String statement : DmlStaging.statements(options.scaleFactor())) {
            hive.execute(statement);
        }
        Map<String, Long> staged = new LinkedHashMap<>();
        for (String table : DmlStaging.counted()) {
            staged.put(
                    table,
                    ((Number) hive.query("SELECT count(*) FROM " + table).get(0).get(0)).longValue());
        }
        out.println("staged: " + staged);
        DmlTables tables = new DmlTables(ddl, environment.stores());
        DmlWorkload workload = new DmlWorkload(environment, tables, options, staged, out);
        Map<Target, Map<String, Duration>> loads = new EnumMap<>(Target.class);
        Map<Target, String> plans = new EnumMap<>(Target.class);
        Optional<String> failure = Optional.empty();
        int exit = 0;
        for (Target target : options.targets()) {
            try {
                out.println(target.cliName() + ": loading orders and lineitem");
                loads.put(target, workload.load(target));
                String merge = new DmlStatements(target).merge().sql();
                String plan = workload.explain(merge);
                Files.writeString(
                        dir.resolve("explain-merge-" + target.cliName() + ".txt"),
                        merge + "\n\n" + plan,
                        StandardCharsets.UTF_8);
                String rf2 = new DmlStatements(target).rf2().get(0).sql();
                Files.writeString(
                        dir.resolve("explain-rf2-" + target.cliName() + ".txt"),
                        rf2 + "\n\n" + workload.explain(rf2),
                        StandardCharsets.UTF_8);
                plans.put(target, describePlan(plan));
                out.println(target.cliName() + ": the MERGE's plan: " + plans.get(target));
                workload.run(target);
                // a later target that fails or is stopped leaves this one's figures
                DmlReport.write(
                        results(options, started, machine, staged, generated, loads, plans, workload, failure), dir);
            } catch (DmlCheckException | SQLException e) {
                log.error("The DML workload failed on {}", target.cliName(), e);
                exit = e instanceof DmlCheckException ? CHECK_FAILED : FAILED;
                failure = Optional.of(target.cliName() + ": " + e.getMessage());
                out.println("FAILED " + failure.get());
                break;
            }
        }
        DmlResults results = results(options, started, machine, staged, generated, loads, plans, workload, failure);
        DmlReport.write(results, dir);
        out.print(DmlReport.markdown(results));
        out.println("results: " + dir);
        return exit != 0 ? exit : results.passed() ? 0 : CHECK_FAILED;
    }

    private static DmlResults results(
            DmlOptions options,
            Instant started,
            MachineInfo machine,
            Map<String, Long> staged,
            Map<String, TpchFiles.Written> generated,
            Map<Target, Map<String, Duration>> loads,
            Map<Target, String> plans,
            DmlWorkload workload,
            Optional<String> failure) {
        return new DmlResults(
                started,
                machine,
                options.scaleFactor(),
                options.warmups(),
                options.runs(),
                options.tuning(),
                options.targets(),
                staged,
                generated.get(LINEITEM.name()).rows(),
                loads,
                workload.measurements(),
                workload.checks(),
                plans,
                failure);
    }

    /** What EXPLAIN says of the MERGE's read of the store table: whether Tez hands it the changes' join keys. */
    static String describePlan(String plan) {
        if (!plan.contains("Dynamic Partitioning Event Operator")) {
            return "no runtime join-key pushdown planned (no Dynamic Partitioning Event Operator): the store table is "
                    + "scanned";
        }
        Matcher column = PRUNING_TARGET.matcher(plan);
        return "runtime join-key pushdown planned (a Dynamic Partitioning Event Operator): Tez hands the changes' join "
                + "keys" + (column.find() ? " of " + column.group(1) : "") + " to the store table's split planning";
    }
}
