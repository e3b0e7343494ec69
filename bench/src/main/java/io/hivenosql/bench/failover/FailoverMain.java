package io.hivenosql.bench.failover;

import io.hivenosql.bench.MachineProbe;
import io.hivenosql.bench.report.FailoverReport;
import io.hivenosql.bench.report.FailoverResults;
import io.hivenosql.bench.report.MachineInfo;
import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.hive.EmbeddedHiveInstance;
import io.hivenosql.sandbox.hive.HiveEngine;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.hive.LocalHiveServer;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code bin/hive-nosql bench --workload failover}: starts the replicated store and HiveServer2 (in process, Tez local
 * mode; nothing else of the TPC-H stack), creates and preloads the workload's table through Hive, runs the workload
 * ({@link FailoverDriver}), counts the rows afterwards through Hive and with the store's own client, and writes the
 * report into {@code <out>/<timestamp>/}. Every server it started is stopped by pid when it ends.
 */
public final class FailoverMain {
    static final String DATABASE_PREFIX = "failover_";
    static final long SEED = 19;
    static final Duration HIVE_START_TIMEOUT = Duration.ofMinutes(3);
    private static final Pattern JOB_PLAN = Pattern.compile("\\b(map|reducer) \\d+\\b|\\btez\\b|map reduce");

    private static final DateTimeFormatter RUN_NAME =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private FailoverMain() {}

    /** Runs the workload; 0 when it met the target, 1 when it missed it (the report says why). */
    public static int run(FailoverOptions options, PrintStream out) throws Exception {
        Path runDir = options.runDir().toAbsolutePath().normalize();
        ServerProcess.deleteRecursively(runDir);
        if (Files.exists(runDir)) {
            throw new IllegalStateException("cannot delete " + runDir + ", left by an earlier run: delete it by hand");
        }
        Files.createDirectories(runDir);
        out.println(
                "starting the replicated " + options.store().cliName() + " and HiveServer2 (work dir " + runDir + ")");
        try (ReplicatedStore store = startStore(options, runDir);
                EmbeddedHiveInstance hive = EmbeddedHiveInstance.start(LocalHiveServer.builder(runDir.resolve("hive"))
                        .engine(HiveEngine.TEZ)
                        .auxJars(options.auxJars())
                        // sessions compile at the same time; key lookups and filtered scans run as fetch tasks
                        .conf("hive.driver.parallel.compilation", "true")
                        .conf("hive.fetch.task.conversion", "more")
                        .startTimeout(HIVE_START_TIMEOUT))) {
            out.println(store.description());
            RequestMix mix = new RequestMix(DATABASE_PREFIX + options.store().cliName(), SEED);
            prepare(hive, store, mix);
            Map<RequestType, String> execution = execution(hive, mix);
            execution.forEach((type, how) -> out.println("  " + type.label() + ": " + how));
            MachineInfo machine = MachineProbe.describe(
                    hive,
                    "sandbox: HiveServer2 in process (tez local mode, hive.driver.parallel.compilation=true), "
                            + "the store's nodes on the same machine");
            Instant started = Instant.now();
            out.println(options + ": kill after request " + options.killAt() + ", restart after request "
                    + options.restartAt());
            FailoverDriver.Run run = new FailoverDriver(hive, mix, store, options, out).run();
            out.println("counting the rows through Hive and with the store's own client");
            RowsCheck rows = countRows(hive, store, mix, run.records(), run.issued());
            List<FailoverResults.ProcessMemory> memory = new ArrayList<>();
            memory.add(ProcessMemory.of(
                    "bench JVM (HiveServer2, clients)", ProcessHandle.current().pid()));
            store.pids().forEach((name, pid) -> memory.add(ProcessMemory.of(name, pid)));
            FailoverResults results = new FailoverResults(
                    started,
                    machine,
                    options.store().cliName(),
                    store.description(),
                    store.victim(),
                    options.clients(),
                    options.requests(),
                    run.issued(),
                    run.records(),
                    run.timeline(),
                    run.noticed(),
                    store.noticedMeaning(),
                    store.mayFailWhileNoticing(),
                    run.events(),
                    execution,
                    rows,
                    store.storedKeysMethod(),
                    memory);
            Path dir = options.outputDir().resolve(RUN_NAME.format(started));
            FailoverReport.write(results, dir);
            out.print(FailoverReport.summary(results));
            out.println("report: " + dir.resolve("report.html"));
            return FailoverReport.verdict(results).isEmpty() ? 0 : 1;
        }
    }

    private static ReplicatedStore startStore(FailoverOptions options, Path runDir) {
        return switch (options.store()) {
            case CASSANDRA -> CassandraFailoverStore.start(runDir.resolve("cassandra"), options.auxJars());
            case REDIS -> RedisFailoverStore.start();
        };
    }

    /** Creates the database and table and preloads the rows; checks they are all there. */
    private static void prepare(HiveInstance hive, ReplicatedStore store, RequestMix mix) throws SQLException {
        String database = mix.table().substring(0, mix.table().indexOf('.'));
        hive.execute("CREATE DATABASE IF NOT EXISTS " + database);
        hive.execute("DROP TABLE IF EXISTS " + mix.table());
        hive.execute("CREATE TABLE " + mix.table() + " (" + RequestMix.COLUMNS + ") " + store.storedBy(database));
        hive.execute(mix.preload());
        long rows = ((Number)
                        hive.query("SELECT count(*) FROM " + mix.table()).get(0).get(0))
                .longValue();
        if (rows != RequestMix.PRELOAD_ROWS) {
            throw new IllegalStateException(
                    "the preload left " + rows + " rows in " + mix.table() + ", not " + RequestMix.PRELOAD_ROWS);
        }
        // one untimed lookup and scan, so that the first timed ones do not load Hive's and the handler's classes
        hive.query(mix.sql(0));
        hive.query(mix.sql(2));
    }

    /** How Hive runs each request type, from EXPLAIN: a fetch task, or a job that waits for the others' jobs. */
    static Map<RequestType, String> execution(HiveInstance hive, RequestMix mix) throws SQLException {
        Map<RequestType, String> execution = new EnumMap<>(RequestType.class);
        for (int index = 0; index < 10; index++) {
            RequestType type = RequestMix.type(index);
            if (!execution.containsKey(type)) {
                StringBuilder plan = new StringBuilder();
                for (List<Object> line : hive.query("EXPLAIN " + mix.sql(index))) {
                    plan.append(line.get(0)).append('\n');
                }
                execution.put(type, describePlan(plan.toString()));
            }
        }
        return execution;
    }

    /**
     * A plan with a Tez or MapReduce stage runs a job (Hive's user-level EXPLAIN names its vertices, {@code Map 1},
     * {@code Reducer 2}; the extended one says {@code Tez}); else it is a fetch task.
     */
    static String describePlan(String plan) {
        String text = plan.toLowerCase(Locale.ROOT);
        if (JOB_PLAN.matcher(text).find()) {
            return "a Tez DAG: one query's jobs at a time (LocalJobSerializer), the others' wait";
        }
        return "a fetch task in HiveServer2: sessions run it at the same time";
    }

    private static RowsCheck countRows(
            HiveInstance hive, ReplicatedStore store, RequestMix mix, List<RequestRecord> records, int issued)
            throws SQLException {
        Set<Long> expected = new HashSet<>(RequestMix.preloadKeys());
        Set<Long> unacknowledged = new HashSet<>();
        Set<Integer> ended = new HashSet<>();
        for (RequestRecord request : records) {
            ended.add(request.index());
            if (request.type() == RequestType.INSERT) {
                (request.outcome() == RequestRecord.Outcome.OK ? expected : unacknowledged)
                        .addAll(RequestMix.insertKeys(request.index()));
            }
        }
        // requests cut at the deadline may have written their rows or not
        for (int index = 0; index < issued; index++) {
            if (!ended.contains(index)) {
                unacknowledged.addAll(RequestMix.insertKeys(index));
            }
        }
        long count = ((Number)
                        hive.query("SELECT count(*) FROM " + mix.table()).get(0).get(0))
                .longValue();
        List<Long> hiveKeys = hive.query("SELECT k FROM " + mix.table()).stream()
                .map(row -> ((Number) row.get(0)).longValue())
                .toList();
        return RowsCheck.of(expected, unacknowledged, count, hiveKeys, store.storedKeys());
    }
}
