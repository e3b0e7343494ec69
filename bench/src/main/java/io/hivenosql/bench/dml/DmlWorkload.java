package io.hivenosql.bench.dml;

import static io.hivenosql.bench.dml.DmlTables.LINEITEM;
import static io.hivenosql.bench.dml.DmlTables.ORDERS;
import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.BenchEnvironment;
import io.hivenosql.bench.MongoJoinIndex;
import io.hivenosql.bench.Target;
import io.hivenosql.bench.TpchTables;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The workload on one store target: creates and loads its orders and lineitem, checks them against ORC, then runs the
 * warm-up and timed runs. A run: RF1, check; RF2, check; the refresh undone (untimed); the 1% MERGE and the rewrite
 * (in turn first: odd runs the MERGE, even runs the rewrite), each checked and undone (the MERGE from the unchanged
 * rows, untimed); the 1-row MERGE, checked and undone. A check that fails stops the workload
 * ({@link DmlCheckException}).
 */
final class DmlWorkload {
    private static final Logger log = LoggerFactory.getLogger(DmlWorkload.class);

    private final BenchEnvironment environment;
    private final DmlTables tables;
    private final DmlOptions options;
    private final PrintStream out;
    private final Map<String, List<String>> expectedSums = new HashMap<>();
    private final List<DmlMeasurement> measurements = new ArrayList<>();
    private final List<DmlCheck> checks = new ArrayList<>();
    private final Map<String, Long> stagedRows;

    DmlWorkload(
            BenchEnvironment environment,
            DmlTables tables,
            DmlOptions options,
            Map<String, Long> stagedRows,
            PrintStream out) {
        this.environment = requireNonNull(environment, "environment is null");
        this.tables = requireNonNull(tables, "tables is null");
        this.options = requireNonNull(options, "options is null");
        this.stagedRows = Map.copyOf(requireNonNull(stagedRows, "stagedRows is null"));
        this.out = requireNonNull(out, "out is null");
    }

    List<DmlMeasurement> measurements() {
        return List.copyOf(measurements);
    }

    List<DmlCheck> checks() {
        return List.copyOf(checks);
    }

    /** Loads the target's tables and returns the load's seconds per table. */
    Map<String, Duration> load(Target target) throws SQLException {
        HiveInstance hive = environment.hive();
        hive.execute("DROP DATABASE IF EXISTS " + target.database() + " CASCADE");
        hive.execute("CREATE DATABASE " + target.database());
        Map<String, Duration> loads = new HashMap<>();
        for (TpchTables table : List.of(LINEITEM, ORDERS)) {
            hive.execute(tables.create(target, table));
            if (table.equals(LINEITEM) && options.runtimeKeysMax().isPresent()) {
                hive.execute("ALTER TABLE " + DmlTables.qualified(target, table) + " SET TBLPROPERTIES ("
                        + "'nosql.read.runtime-keys.max'='"
                        + options.runtimeKeysMax().getAsInt() + "')");
            }
            long start = System.nanoTime();
            hive.execute(DmlTables.load(target, table));
            loads.put(table.name(), Duration.ofNanos(System.nanoTime() - start));
        }
        if (target.isMongo()) {
            MongoJoinIndex.create(environment.stores().mongoOf(target), target.database(), LINEITEM.name());
        }
        environment.afterLoad().loaded(target, target.database());
        check(target, 0, "the load", DmlChecks.State.LOADED, List.of(LINEITEM, ORDERS));
        return loads;
    }

    /** The warm-up and timed runs on the target, whose tables {@link #load} filled. */
    void run(Target target) throws SQLException {
        DmlStatements statements = new DmlStatements(target);
        int total = options.warmups() + options.runs();
        for (int run = 1; run <= total; run++) {
            boolean warmup = run <= options.warmups();
            String label = target.cliName() + " " + (warmup ? "warm-up " + run : "run " + (run - options.warmups()))
                    + "/" + (warmup ? options.warmups() : options.runs());
            out.println("  " + label + ": RF1");
            timed(target, run, warmup, DmlStep.RF1, statements.rf1());
            check(target, run, "RF1", DmlChecks.State.AFTER_RF1, List.of(LINEITEM, ORDERS));
            out.println("  " + label + ": RF2");
            timed(target, run, warmup, DmlStep.RF2, statements.rf2());
            check(target, run, "RF2", DmlChecks.State.AFTER_RF2, List.of(LINEITEM, ORDERS));
            untimed(statements.undoRefresh());
            List<DmlStep> order =
                    run % 2 == 1 ? List.of(DmlStep.MERGE, DmlStep.REWRITE) : List.of(DmlStep.REWRITE, DmlStep.MERGE);
            for (DmlStep step : order) {
                out.println("  " + label + ": " + step.label());
                timed(
                        target,
                        run,
                        warmup,
                        step,
                        List.of(step == DmlStep.MERGE ? statements.merge() : statements.rewrite()));
                check(target, run, step.label(), DmlChecks.State.MERGED, List.of(LINEITEM));
                untimed(List.of(statements.undoMerge()));
            }
            out.println("  " + label + ": " + DmlStep.ONE_ROW_MERGE.label());
            timed(target, run, warmup, DmlStep.ONE_ROW_MERGE, List.of(statements.oneRowMerge()));
            check(target, run, DmlStep.ONE_ROW_MERGE.label(), DmlChecks.State.ONE_ROW_MERGED, List.of(LINEITEM));
            untimed(List.of(statements.undoMerge()));
            // the next run's RF1 check finds whether the undo left the tables as loaded
        }
        check(target, total + 1, "the last undo", DmlChecks.State.LOADED, List.of(LINEITEM, ORDERS));
    }

    /** The EXPLAIN of a statement, one line of the plan a line. */
    String explain(String sql) throws SQLException {
        StringBuilder plan = new StringBuilder();
        for (List<Object> line : environment.hive().query("EXPLAIN " + sql)) {
            plan.append(line.get(0)).append('\n');
        }
        return plan.toString();
    }

    private void timed(Target target, int run, boolean warmup, DmlStep step, List<DmlStatement> statements)
            throws SQLException {
        for (DmlStatement statement : statements) {
            long start = System.nanoTime();
            environment.hive().execute(statement.sql());
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            long rows = rowsChanged(step, statement.table());
            measurements.add(new DmlMeasurement(
                    target, run, warmup, step, statement.table().name(), elapsed, rows));
            log.info(
                    "{} run {} {} {}: {} ms, {} rows",
                    target.cliName(),
                    run,
                    step,
                    statement.table().name(),
                    elapsed.toMillis(),
                    rows);
        }
    }

    private void untimed(List<DmlStatement> statements) throws SQLException {
        for (DmlStatement statement : statements) {
            environment.hive().execute(statement.sql());
        }
    }

    /** The rows a step changes in the table, from the staging tables and the expected states. */
    private long rowsChanged(DmlStep step, TpchTables table) throws SQLException {
        boolean lineitem = table.equals(LINEITEM);
        return switch (step) {
            case RF1 -> stagedRows.get(lineitem ? DmlStaging.RF1_LINEITEM : DmlStaging.RF1_ORDERS);
            case RF2 -> rows(DmlChecks.State.AFTER_RF1, table) - rows(DmlChecks.State.AFTER_RF2, table);
            case MERGE -> stagedRows.get(DmlStaging.CHANGES);
            case ONE_ROW_MERGE -> stagedRows.get(DmlStaging.ONE_CHANGE);
            case REWRITE -> rows(DmlChecks.State.MERGED, table);
        };
    }

    private long rows(DmlChecks.State state, TpchTables table) throws SQLException {
        return Long.parseLong(expected(state, table).get(0));
    }

    private void check(Target target, int run, String after, DmlChecks.State state, List<TpchTables> checked)
            throws SQLException {
        for (TpchTables table : checked) {
            List<String> actual = values(environment.hive().query(DmlChecks.storeChecksum(target, table)));
            DmlCheck check = new DmlCheck(
                    target, run, after, table.name(), DmlChecks.sums(table), expected(state, table), actual);
            checks.add(check);
            if (!check.matches()) {
                throw new DmlCheckException("after " + after + " (run " + run + ") "
                        + DmlTables.qualified(target, table) + " does not hold what the ORC copy " + state.label()
                        + " holds: " + check.difference());
            }
            log.info(
                    "{} run {} after {}: {} matches {} ({})",
                    target.cliName(),
                    run,
                    after,
                    table.name(),
                    state.label(),
                    check.values());
        }
    }

    private List<String> expected(DmlChecks.State state, TpchTables table) throws SQLException {
        String key = state + "/" + table.name();
        List<String> sums = expectedSums.get(key);
        if (sums == null) {
            sums = values(environment.hive().query(DmlChecks.expectedChecksum(state, table)));
            expectedSums.put(key, sums);
        }
        return sums;
    }

    private static List<String> values(List<List<Object>> rows) {
        if (rows.size() != 1) {
            throw new IllegalStateException("a checksum query returned " + rows.size() + " rows, not one");
        }
        return rows.get(0).stream()
                .map(value -> Objects.toString(value, "NULL"))
                .toList();
    }
}
