package io.hivenosql.sandbox.hive;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The JDBC half shared by the embedded and the remote {@link HiveInstance}: one lazily opened shared session. */
abstract class JdbcHiveInstance implements HiveInstance {
    private Connection session;

    @Override
    public synchronized void execute(String sql) throws SQLException {
        requireNonNull(sql, "sql is null");
        try (Statement statement = session().createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new HiveStatementException(sql, e);
        }
    }

    @Override
    public synchronized List<List<Object>> query(String sql) throws SQLException {
        requireNonNull(sql, "sql is null");
        try (Statement statement = session().createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            int columns = rows.getMetaData().getColumnCount();
            List<List<Object>> result = new ArrayList<>();
            while (rows.next()) {
                List<Object> row = new ArrayList<>(columns);
                for (int i = 1; i <= columns; i++) {
                    row.add(rows.getObject(i));
                }
                result.add(Collections.unmodifiableList(row));
            }
            return Collections.unmodifiableList(result);
        } catch (SQLException e) {
            throw new HiveStatementException(sql, e);
        }
    }

    private Connection session() throws SQLException {
        if (session == null || session.isClosed()) {
            session = connect();
        }
        return session;
    }

    /** Closes the shared session; subclasses then release what they own. */
    protected synchronized void closeSession() {
        if (session != null) {
            try {
                session.close();
            } catch (SQLException ignored) {
                // the server may already be gone; nothing to release on this side
            }
            session = null;
        }
    }
}
