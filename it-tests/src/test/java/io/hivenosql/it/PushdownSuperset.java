package io.hivenosql.it;

import static java.util.Objects.requireNonNull;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The proof that a pushed filter selects a superset of what Hive's predicate selects on the values as the columns read
 * them (and, where the store's filter is exact, exactly that): every predicate runs as {@code SELECT key FROM t WHERE
 * p} with {@code hive.optimize.ppd.storage=true}, and its reference is Hive's own evaluation of {@code p} over every row
 * with storage pushdown off ({@code SELECT key, (p1), (p2), ... FROM t}, one scan for all predicates on the same
 * columns: a row is selected where Hive evaluates the predicate to TRUE, which is what its WHERE keeps). Fetch tasks
 * (no job): fast, and they read with the same input format and record reader as Tez tasks do.
 *
 * <p>With {@code nosql.bad-record.policy} null or skip both runs must succeed with the same rows. With fail, a run
 * fails when it reads a bad value: the reference reads every row and fails whenever a column of the predicate holds a
 * bad value anywhere. The pushed run reads only what the store selects, and must fail exactly when it reads a bad value
 * too: when the reference succeeds, the pushed run succeeds with the same rows; when the pushed run succeeds although
 * the reference fails, the store excluded the rows with the bad values, and the pushed rows must be those Hive selects
 * from the readable rows (the reference under {@code skip}); a pushed run that returned a row with a bad value in a
 * column of its predicate without failing would differ from that.
 */
final class PushdownSuperset {
    enum Policy {
        FAIL,
        NULL,
        SKIP;

        String property() {
            return "'nosql.bad-record.policy'='" + name().toLowerCase(java.util.Locale.ROOT) + "'";
        }
    }

    /** The rows a query selects (their keys, sorted), or its failure. */
    record Outcome(List<String> keys, String failure) {
        static Outcome failed(String message) {
            return new Outcome(List.of(), requireNonNull(message, "message is null"));
        }

        boolean isFailure() {
            return failure != null;
        }

        @Override
        public String toString() {
            return isFailure() ? "failed: " + failure : keys.toString();
        }
    }

    private final HiveInstance hive;
    private final String key;

    /**
     * @param key the expression of a row's identity in the tables, e.g. {@code id}
     */
    PushdownSuperset(HiveInstance hive, String key) {
        this.hive = requireNonNull(hive, "hive is null");
        this.key = requireNonNull(key, "key is null");
    }

    /** A session for the runs: fetch tasks, storage pushdown on or off. */
    Connection session(boolean pushdown) throws SQLException {
        Connection connection = hive.connect();
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET hive.fetch.task.conversion=more");
            statement.execute("SET hive.explain.user=false");
            statement.execute("SET hive.optimize.ppd.storage=" + pushdown);
        }
        return connection;
    }

    /**
     * Hive's selection of each predicate over the table with nothing pushed: one scan for all the predicates that read
     * the same columns (a scan reads the columns of its predicates, and with the skip policy a bad value in any of them
     * drops the row, so each predicate's reference reads exactly what its own query reads).
     *
     * @param columns the table's column names, to tell which ones a predicate reads
     */
    Map<String, Outcome> reference(Connection unpushed, String table, List<String> predicates, List<String> columns) {
        Map<Set<String>, List<String>> byColumns = new LinkedHashMap<>();
        for (String predicate : predicates) {
            byColumns
                    .computeIfAbsent(columnsOf(predicate, columns), c -> new ArrayList<>())
                    .add(predicate);
        }
        Map<String, Outcome> scans = new LinkedHashMap<>();
        byColumns.values().forEach(group -> scans.putAll(reference(unpushed, table, group)));
        Map<String, Outcome> result = new LinkedHashMap<>();
        predicates.forEach(p -> result.put(p, scans.get(p)));
        return result;
    }

    /** The columns a predicate names, outside its quoted literals. */
    static Set<String> columnsOf(String predicate, List<String> columns) {
        String unquoted = predicate.replaceAll("'([^'\\\\]|\\\\.)*'", "''");
        Set<String> named = new TreeSet<>();
        for (String column : columns) {
            if (java.util.regex.Pattern.compile("\\b" + column + "\\b")
                    .matcher(unquoted)
                    .find()) {
                named.add(column);
            }
        }
        return named;
    }

    private Map<String, Outcome> reference(Connection unpushed, String table, List<String> predicates) {
        StringBuilder sql = new StringBuilder("SELECT ").append(key);
        for (String predicate : predicates) {
            sql.append(", (").append(predicate).append(')');
        }
        sql.append(" FROM ").append(table);
        Map<String, Outcome> result = new LinkedHashMap<>();
        List<TreeSet<String>> selected = new ArrayList<>();
        predicates.forEach(p -> selected.add(new TreeSet<>()));
        try (Statement statement = unpushed.createStatement();
                ResultSet rows = statement.executeQuery(sql.toString())) {
            while (rows.next()) {
                String id = String.valueOf(rows.getObject(1));
                for (int i = 0; i < predicates.size(); i++) {
                    if (Boolean.TRUE.equals(rows.getObject(i + 2))) {
                        selected.get(i).add(id);
                    }
                }
            }
        } catch (SQLException e) {
            predicates.forEach(p -> result.put(p, Outcome.failed(message(e))));
            return result;
        }
        for (int i = 0; i < predicates.size(); i++) {
            result.put(predicates.get(i), new Outcome(List.copyOf(selected.get(i)), null));
        }
        return result;
    }

    /** The rows {@code SELECT key FROM table WHERE predicate} returns, or its failure. */
    Outcome select(Connection connection, String table, String predicate) {
        TreeSet<String> keys = new TreeSet<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT " + key + " FROM " + table + " WHERE " + predicate)) {
            while (rows.next()) {
                keys.add(String.valueOf(rows.getObject(1)));
            }
        } catch (SQLException e) {
            return Outcome.failed(message(e));
        }
        return new Outcome(List.copyOf(keys), null);
    }

    /** Whether Hive hands (part of) the predicate to the table's storage handler: the scan shows a filterExpr. */
    boolean pushed(Connection pushing, String table, String predicate) throws SQLException {
        StringBuilder plan = new StringBuilder();
        try (Statement statement = pushing.createStatement();
                ResultSet rows =
                        statement.executeQuery("EXPLAIN SELECT " + key + " FROM " + table + " WHERE " + predicate)) {
            while (rows.next()) {
                plan.append(rows.getString(1)).append('\n');
            }
        }
        return plan.toString().contains("filterExpr:");
    }

    /**
     * The mismatches of the pushed outcomes against the references of one policy (empty: the rule holds), each a line
     * naming the predicate and both outcomes.
     *
     * @param readable for the fail policy, Hive's selection from the readable rows (the references under skip); for the
     *     other policies ignored
     */
    static List<String> mismatches(
            Policy policy,
            Map<String, Outcome> references,
            Map<String, Outcome> pushed,
            Map<String, Outcome> readable) {
        List<String> problems = new ArrayList<>();
        references.forEach((predicate, reference) -> {
            Outcome actual = pushed.get(predicate);
            String problem = null;
            if (policy != Policy.FAIL || !reference.isFailure()) {
                if (reference.isFailure()) {
                    problem = "the reference failed";
                } else if (actual.isFailure() || !actual.keys().equals(reference.keys())) {
                    problem = "pushed " + actual + ", Hive selects " + reference.keys();
                }
            } else if (actual.isFailure()) {
                if (!actual.failure().contains("HNS-121")) {
                    problem = "pushed failed otherwise than on a bad record: " + actual.failure();
                }
            } else {
                Outcome fromReadable = readable.get(predicate);
                if (fromReadable.isFailure() || !actual.keys().equals(fromReadable.keys())) {
                    problem = "pushed " + actual + " without reading a bad value, but Hive selects " + fromReadable
                            + " from the readable rows";
                }
            }
            if (problem != null) {
                problems.add(policy + " " + predicate + ": " + problem);
            }
        });
        return problems;
    }

    static void assertNoMismatch(List<String> problems) {
        assertThat(problems)
                .as("predicates whose pushed rows differ from Hive's (%d)", problems.size())
                .isEmpty();
    }

    private static String message(SQLException e) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            text.append(t.getMessage()).append(" | ");
        }
        String message = text.toString();
        return message.length() > 600 ? message.substring(0, 600) + "..." : message;
    }
}
