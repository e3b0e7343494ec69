package io.hivenosql.sandbox.hive;

import static java.util.Objects.requireNonNull;

import java.sql.SQLException;

/**
 * A statement run through {@link HiveInstance} failed: hive-jdbc's exception (the cause) with the statement added to
 * the message. Keeps the cause's SQL state and vendor code.
 */
public final class HiveStatementException extends SQLException {
    private static final long serialVersionUID = 1L;

    private final String sql;

    public HiveStatementException(String sql, SQLException cause) {
        super(
                requireNonNull(cause, "cause is null").getMessage() + "\n  statement: "
                        + requireNonNull(sql, "sql is null"),
                cause.getSQLState(),
                cause.getErrorCode(),
                cause);
        this.sql = sql;
    }

    public String sql() {
        return sql;
    }
}
