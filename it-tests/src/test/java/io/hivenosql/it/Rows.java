package io.hivenosql.it;

import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/** Query results as comparable text: one string per row, values joined by {@code |}, NULL as {@code NULL}. */
final class Rows {
    private Rows() {}

    static List<String> of(HiveInstance hive, String sql) throws SQLException {
        return hive.query(sql).stream().map(Rows::row).toList();
    }

    static String row(List<Object> values) {
        return values.stream()
                .map(v -> v == null ? "NULL" : Objects.toString(v))
                .collect(Collectors.joining("|"));
    }

    /** The rows of a JDBC result, each as {@link #row} text, in the result's order. */
    static List<String> of(ResultSet resultSet) throws SQLException {
        List<String> rows = new ArrayList<>();
        int columns = resultSet.getMetaData().getColumnCount();
        while (resultSet.next()) {
            List<Object> row = new ArrayList<>();
            for (int i = 1; i <= columns; i++) {
                row.add(resultSet.getObject(i));
            }
            rows.add(row(row));
        }
        return rows;
    }

    /** The rows of a JDBC result, each as {@link #row} text, sorted. */
    static List<String> sorted(ResultSet resultSet) throws SQLException {
        return of(resultSet).stream().sorted().toList();
    }

    /** {@code name|type} of each column, as DESCRIBE shows it (trimmed, comment left out). */
    static List<String> describe(HiveInstance hive, String table) throws SQLException {
        return hive.query("DESCRIBE " + table).stream()
                .map(row -> String.valueOf(row.get(0)).trim() + "|"
                        + String.valueOf(row.get(1)).trim())
                .toList();
    }

    /** The single value of a one-row, one-column query. */
    static Object single(HiveInstance hive, String sql) throws SQLException {
        List<List<Object>> rows = hive.query(sql);
        if (rows.size() != 1 || rows.get(0).size() != 1) {
            throw new AssertionError("expected one value from " + sql + ", got " + rows);
        }
        return rows.get(0).get(0);
    }
}
