package io.hivenosql.sandbox.hive;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.apache.hive.jdbc.HiveDriver;

/**
 * A {@link HiveInstance} for an existing HiveServer2 (a cluster's), given by its JDBC URL. The handler jars must be
 * known to that server ({@code hive.aux.jars.path}), or added per session by {@code sessionInit} statements such as
 * {@code ADD JAR hdfs:///...}. {@link #close()} closes the shared session only.
 */
public final class RemoteHiveInstance extends JdbcHiveInstance {
    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final List<String> sessionInit;

    public RemoteHiveInstance(String jdbcUrl, String user, String password, List<String> sessionInit) {
        this.jdbcUrl = requireNonNull(jdbcUrl, "jdbcUrl is null");
        this.user = requireNonNull(user, "user is null");
        this.password = requireNonNull(password, "password is null");
        this.sessionInit = List.copyOf(requireNonNull(sessionInit, "sessionInit is null"));
        if (!jdbcUrl.startsWith("jdbc:hive2://")) {
            throw new IllegalArgumentException(
                    "HiveServer2 JDBC URL must start with jdbc:hive2:// (e.g. jdbc:hive2://host:10000/default): "
                            + jdbcUrl);
        }
    }

    public RemoteHiveInstance(String jdbcUrl, String user) {
        this(jdbcUrl, user, "", List.of());
    }

    @Override
    public String jdbcUrl() {
        return jdbcUrl;
    }

    @Override
    public String user() {
        return user;
    }

    public List<String> sessionInit() {
        return sessionInit;
    }

    @Override
    public Connection connect() throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", password);
        Connection connection = new HiveDriver().connect(jdbcUrl, properties);
        try (Statement statement = connection.createStatement()) {
            for (String sql : sessionInit) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
        return connection;
    }

    @Override
    public void close() {
        closeSession();
    }

    @Override
    public String toString() {
        return "RemoteHiveInstance[" + jdbcUrl + ", user=" + user + "]";
    }
}
