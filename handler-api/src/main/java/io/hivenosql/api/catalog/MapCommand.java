package io.hivenosql.api.catalog;

import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.table.HadoopSecretResolver;
import java.io.IOException;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code bin/hive-nosql map}: parses the command line ({@link MapRequest#USAGE}), loads the store's connector from its
 * handler jar, and runs {@link CatalogMapper}, with {@code --apply} over a JDBC connection to HiveServer2 (the JDK's
 * {@link DriverManager}, so the Hive JDBC driver of the caller's classpath serves). Runs where the handler jars are on
 * the class path (the sandbox loads them in a class loader of their own, as HiveServer2 does); called reflectively, so
 * its entry point takes JDK types only.
 */
public final class MapCommand {
    /** Exit code when an object or scope failed. */
    public static final int FAILED = 1;
    /** Exit code of a bad command line. */
    public static final int USAGE_ERROR = 64;
    /** Exit code when the store's handler or HiveServer2 cannot be reached at all. */
    public static final int UNAVAILABLE = 69;

    private MapCommand() {}

    /**
     * Runs the command.
     *
     * @param args the command line after {@code map}
     * @param out where progress and errors go
     * @return the exit code: 0 when every object was mapped (and created)
     */
    public static int run(List<String> args, PrintStream out) {
        if (args.contains("--help") || args.contains("-h")) {
            out.print(MapRequest.USAGE);
            return 0;
        }
        MapRequest request;
        try {
            request = MapRequest.parse(args);
        } catch (IllegalArgumentException e) {
            out.println("map: " + e.getMessage());
            out.print(MapRequest.USAGE);
            return USAGE_ERROR;
        }
        NoSqlConnector connector;
        try {
            connector = connector(request.store());
        } catch (ReflectiveOperationException | ClassCastException e) {
            out.println("map: the " + request.store().cliName() + " handler ("
                    + request.store().connectorClass()
                    + ") cannot be loaded: " + e + "; is handler-"
                    + request.store().cliName()
                    + "-<version>-hive.jar built (bin/hive-nosql build)?");
            return UNAVAILABLE;
        }
        Configuration conf = new Configuration();
        try (Connection connection = request.apply() ? connect(request) : null) {
            Optional<CatalogMapper.HiveStatements> hive = Optional.ofNullable(connection)
                    .map(jdbc -> sql -> {
                        try (Statement statement = jdbc.createStatement()) {
                            statement.execute(sql);
                        }
                    });
            CatalogMapper mapper = new CatalogMapper(
                    request,
                    connector,
                    config -> HadoopSecretResolver.forTable(conf, config),
                    hive,
                    out,
                    Clock.systemUTC());
            return mapper.run() ? 0 : FAILED;
        } catch (SQLException e) {
            out.println("map: cannot connect to HiveServer2 at "
                    + request.jdbcUrl().orElse("?") + " as " + request.user() + ": " + e.getMessage());
            return UNAVAILABLE;
        } catch (IOException e) {
            out.println("map: cannot write to " + request.outDir() + ": " + e.getMessage());
            return FAILED;
        }
    }

    /** The store's connector, from the class loader of this class (the one holding the handler jars). */
    static NoSqlConnector connector(MapStore store) throws ReflectiveOperationException {
        Class<?> type = Class.forName(store.connectorClass(), true, MapCommand.class.getClassLoader());
        return (NoSqlConnector) type.getConstructor().newInstance();
    }

    private static Connection connect(MapRequest request) throws SQLException {
        return DriverManager.getConnection(request.jdbcUrl().orElseThrow(), request.user(), "");
    }
}
