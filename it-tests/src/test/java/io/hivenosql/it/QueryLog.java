package io.hivenosql.it;

import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.apache.hive.jdbc.HiveStatement;

/** The operation log HiveServer2 keeps of a statement: what beeline prints while it runs. */
final class QueryLog {
    private QueryLog() {}

    /**
     * Runs {@code settings} and then {@code sql} in a new session, reads every row when it is a query, and returns the
     * operation log of {@code sql}.
     */
    static String of(HiveInstance hive, List<String> settings, String sql) throws SQLException {
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            for (String setting : settings) {
                statement.execute(setting);
            }
            if (statement.execute(sql)) {
                try (ResultSet resultSet = statement.getResultSet()) {
                    while (resultSet.next()) {
                        // drain
                    }
                }
            }
            return String.join("\n", ((HiveStatement) statement).getQueryLog());
        }
    }

    /** EXPLAIN of a query (not the user-level form), as one text. */
    static String explain(HiveInstance hive, String sql) throws SQLException {
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            statement.execute("SET hive.explain.user=false");
            statement.execute("SET hive.fetch.task.conversion=more");
            StringBuilder plan = new StringBuilder();
            try (ResultSet resultSet = statement.executeQuery("EXPLAIN " + sql)) {
                while (resultSet.next()) {
                    plan.append(resultSet.getString(1)).append('\n');
                }
            }
            return plan.toString();
        }
    }
}
