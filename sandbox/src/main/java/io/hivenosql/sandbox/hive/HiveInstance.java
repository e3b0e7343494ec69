package io.hivenosql.sandbox.hive;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A HiveServer2 that tests talk to over JDBC (hive-jdbc's {@code org.apache.hive.jdbc.HiveDriver}): either the
 * in-process {@link LocalHiveServer} ({@link EmbeddedHiveInstance}) or an existing server, such as a cluster's
 * ({@link RemoteHiveInstance}), so that the same integration tests run locally and against a cluster.
 *
 * <p>{@link #execute} and {@link #query} share one session (so {@code USE db} and {@code SET k=v} carry over between
 * calls); {@link #connect()} opens an independent one.
 */
public interface HiveInstance extends Closeable {
    /** Environment variable (or system property) naming an existing HiveServer2, e.g. {@code jdbc:hive2://h:10000/}. */
    String JDBC_URL_VARIABLE = "HIVE_JDBC_URL";
    /** User for {@link #JDBC_URL_VARIABLE}; this process's user name by default. */
    String JDBC_USER_VARIABLE = "HIVE_JDBC_USER";
    /** Password for {@link #JDBC_URL_VARIABLE}; empty by default. Never logged. */
    String JDBC_PASSWORD_VARIABLE = "HIVE_JDBC_PASSWORD";
    /**
     * Statements run at the start of every session on the remote server, separated by {@code ;}, e.g.
     * {@code ADD JAR hdfs:///jars/handler-redis-hive.jar} when the cluster's aux jars do not hold the handlers.
     */
    String SESSION_INIT_VARIABLE = "HIVE_SESSION_INIT";

    String jdbcUrl();

    String user();

    /** A new JDBC connection (a new Hive session); the caller closes it. */
    Connection connect() throws SQLException;

    /**
     * Runs one statement in the shared session.
     *
     * @throws HiveStatementException (an {@link SQLException}) with Hive's message and the statement
     */
    void execute(String sql) throws SQLException;

    /**
     * Runs one query in the shared session and returns every row, each value as hive-jdbc returns it ({@code Integer},
     * {@code Long}, {@code String}, {@code BigDecimal}, {@code java.sql.Date}, {@code Timestamp}; arrays, maps and
     * structs as JSON text; SQL NULL as null).
     *
     * @throws HiveStatementException (an {@link SQLException}) with Hive's message and the statement
     */
    List<List<Object>> query(String sql) throws SQLException;

    /** Closes the shared session, and stops the server if this instance started it. */
    @Override
    void close();

    /**
     * A {@link RemoteHiveInstance} when {@value #JDBC_URL_VARIABLE} is set as a system property or an environment
     * variable (the system property wins), otherwise the embedded instance from {@code embedded}.
     */
    static HiveInstance fromEnvironment(Supplier<? extends HiveInstance> embedded) {
        return fromEnvironment(embedded, System.getenv());
    }

    static HiveInstance fromEnvironment(Supplier<? extends HiveInstance> embedded, Map<String, String> environment) {
        requireNonNull(embedded, "embedded is null");
        requireNonNull(environment, "environment is null");
        String url = setting(JDBC_URL_VARIABLE, environment);
        if (url == null || url.isBlank()) {
            return requireNonNull(embedded.get(), "embedded instance is null");
        }
        String user = setting(JDBC_USER_VARIABLE, environment);
        String password = setting(JDBC_PASSWORD_VARIABLE, environment);
        String init = setting(SESSION_INIT_VARIABLE, environment);
        List<String> initStatements = init == null
                ? List.of()
                : Arrays.stream(init.split(";"))
                        .map(String::trim)
                        .filter(s -> !s.isEmpty())
                        .toList();
        return new RemoteHiveInstance(
                url.trim(),
                user == null || user.isBlank() ? System.getProperty("user.name", "hive") : user,
                password == null ? "" : password,
                initStatements);
    }

    private static String setting(String name, Map<String, String> environment) {
        String value = System.getProperty(name);
        return value != null ? value : environment.get(name);
    }
}
