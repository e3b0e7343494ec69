package io.hivenosql.bench.peer;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Query;
import io.hivenosql.bench.Target;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What Hive's EXPLAIN shows of a query's scans on a target, for the report beside the peer's plan: per table scan, the
 * filter Hive offered the storage handler ({@code filterExpr}, which a handler takes whole, in part or not at all) and
 * the predicate Hive still applies to the rows the scan returns (its Filter Operator: absent when the handler took
 * the whole filter), and the join keys Tez hands to a scan at run time (a Dynamic Partitioning Event Operator's target
 * column). The plan is Hive's full EXPLAIN ({@code hive.explain.user=false}), which names these.
 */
public final class HiveScans {
    /** The longest description kept of one scan. */
    static final int MAX_LENGTH = 600;

    private final HiveInstance hive;

    public HiveScans(HiveInstance hive) {
        this.hive = requireNonNull(hive, "hive is null");
    }

    /** The scans of {@code query} on the target's database. */
    public List<String> of(Target target, Query query) throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            statement.execute("USE " + target.database());
            statement.execute("SET hive.explain.user=false");
            try (ResultSet rows = statement.executeQuery("EXPLAIN " + query.statement())) {
                while (rows.next()) {
                    plan.append(rows.getString(1)).append('\n');
                }
            }
        } catch (SQLException e) {
            throw new SQLException(
                    "EXPLAIN of " + query.name() + " on " + target.cliName() + " failed: " + e.getMessage(), e);
        }
        return parse(plan.toString());
    }

    /** The scans of a full EXPLAIN's text. */
    static List<String> parse(String plan) {
        String[] lines = plan.split("\n");
        Set<String> scans = new LinkedHashSet<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.equals("TableScan")) {
                scans.add(scan(lines, i));
            } else if (line.startsWith("Target column:")) {
                scans.add("join keys at run time: "
                        + line.substring("Target column:".length()).strip());
            }
        }
        return new ArrayList<>(scans);
    }

    /** The scan at line {@code at}: its alias, its filterExpr, and the predicate of a Filter Operator right after it. */
    private static String scan(String[] lines, int at) {
        int indent = indent(lines[at]);
        String alias = "?";
        String offered = null;
        String kept = null;
        for (int i = at + 1; i < lines.length && (lines[i].isBlank() || indent(lines[i]) > indent); i++) {
            String line = lines[i].strip();
            if (line.startsWith("alias:")) {
                alias = value(line, "alias:");
            } else if (line.startsWith("filterExpr:") && offered == null) {
                offered = value(line, "filterExpr:");
            } else if (line.startsWith("predicate:") && kept == null) {
                kept = value(line, "predicate:");
            } else if (line.startsWith("Select Operator") || line.startsWith("Group By Operator")) {
                break;
            }
        }
        String scan = alias + ": "
                + (offered == null
                        ? "no filter"
                        : "filterExpr " + offered + "; Hive filters "
                                + (kept == null ? "nothing more (the handler took it all)" : kept));
        return scan.length() > MAX_LENGTH ? scan.substring(0, MAX_LENGTH) + " ..." : scan;
    }

    private static String value(String line, String key) {
        return line.substring(key.length()).replace("(type: boolean)", "").strip();
    }

    private static int indent(String line) {
        int indent = 0;
        while (indent < line.length() && line.charAt(indent) == ' ') {
            indent++;
        }
        return indent;
    }
}
