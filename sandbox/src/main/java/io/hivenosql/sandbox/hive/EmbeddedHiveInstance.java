package io.hivenosql.sandbox.hive;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A {@link HiveInstance} backed by an in-process {@link LocalHiveServer} (get it from {@link LocalHiveServer#instance()});
 * {@link #close()} stops the server.
 */
public final class EmbeddedHiveInstance extends JdbcHiveInstance {
    private final LocalHiveServer server;

    EmbeddedHiveInstance(LocalHiveServer server) {
        this.server = requireNonNull(server, "server is null");
    }

    /** Starts a server from {@code builder}: {@code builder.start().instance()}. */
    public static EmbeddedHiveInstance start(LocalHiveServer.Builder builder) {
        return requireNonNull(builder, "builder is null").start().instance();
    }

    public LocalHiveServer server() {
        return server;
    }

    @Override
    public String jdbcUrl() {
        return server.jdbcUrl();
    }

    @Override
    public String user() {
        return server.user();
    }

    @Override
    public Connection connect() throws SQLException {
        return server.connect();
    }

    @Override
    public void close() {
        closeSession();
        server.close();
    }

    @Override
    public String toString() {
        return "EmbeddedHiveInstance[" + server + "]";
    }
}
