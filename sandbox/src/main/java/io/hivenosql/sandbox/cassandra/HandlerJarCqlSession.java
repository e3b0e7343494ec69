package io.hivenosql.sandbox.cassandra;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;

/**
 * A CQL session through the Cassandra driver inside the handler's own self-contained jar, loaded in a class loader of
 * its own. The JVMs that use it also run HiveServer2, whose Netty, Guava and Jackson must not meet an unshaded driver
 * (the handler jar relocates them; an unshaded driver on the classpath breaks the handler inside HiveServer2), and
 * loading the jar here also proves that it carries everything the driver needs. The driver is called reflectively,
 * through its public interfaces (its implementation classes are not all public).
 *
 * <p>Timeouts are generous: schema changes on a busy test machine take longer than the driver's default 2 s. Results
 * are paged at the driver's default 5,000 rows.
 */
public final class HandlerJarCqlSession implements AutoCloseable {
    private static final String DRIVER = "com.datastax.oss.driver.api.core.";
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final URLClassLoader loader;
    private final Object session;
    private final Method execute;
    private final Method columnDefinitions;
    private final Method columnCount;
    private final Method getObject;

    private HandlerJarCqlSession(URLClassLoader loader, Object session) throws ReflectiveOperationException {
        this.loader = loader;
        this.session = session;
        this.execute = loader.loadClass(DRIVER + "CqlSession").getMethod("execute", String.class);
        this.columnDefinitions = loader.loadClass(DRIVER + "cql.ResultSet").getMethod("getColumnDefinitions");
        this.columnCount = loader.loadClass(DRIVER + "cql.ColumnDefinitions").getMethod("size");
        this.getObject = loader.loadClass(DRIVER + "data.GettableByIndex").getMethod("getObject", int.class);
    }

    /** The {@code handler-cassandra-<version>-hive.jar} among {@code jars}. */
    public static Path handlerJar(List<Path> jars) {
        return jars.stream()
                .filter(HandlerJarCqlSession::isHandlerJar)
                .findFirst()
                .orElseThrow(
                        () -> new IllegalArgumentException("no handler-cassandra-<version>-hive.jar among " + jars));
    }

    private static boolean isHandlerJar(Path jar) {
        return jar.getFileName().toString().matches("handler-cassandra-.*-hive\\.jar");
    }

    /**
     * Connects to the nodes.
     *
     * @param contactPoints {@code host[:port],...} (port 9042 when left out)
     * @param user the user to log in as (PasswordAuthenticator), or null for none
     * @param password the user's password; never part of a message
     */
    public static HandlerJarCqlSession connect(
            Path handlerJar, String contactPoints, String localDatacenter, String user, String password) {
        return connect(handlerJar, contactPoints, localDatacenter, user, password, Optional.empty());
    }

    /**
     * Connects to the nodes, over TLS with {@code tls}'s context when present: for a node of the sandbox that requires
     * TLS, its {@link io.hivenosql.sandbox.tls.TlsServerMaterial#fixtureContext() fixture context}
     * ({@link TestingCassandraServer#tls()}).
     */
    public static HandlerJarCqlSession connect(
            Path handlerJar,
            String contactPoints,
            String localDatacenter,
            String user,
            String password,
            Optional<SSLContext> tls) {
        requireNonNull(handlerJar, "handlerJar is null");
        requireNonNull(tls, "tls is null");
        requireNonNull(contactPoints, "contactPoints is null");
        requireNonNull(localDatacenter, "localDatacenter is null");
        URLClassLoader loader = null;
        try {
            loader = new URLClassLoader(
                    "handler-cassandra-driver",
                    new URL[] {handlerJar.toUri().toURL()},
                    HandlerJarCqlSession.class.getClassLoader());
            Object builder =
                    loader.loadClass(DRIVER + "CqlSession").getMethod("builder").invoke(null);
            Class<?> builderClass = builder.getClass();
            Method addContactPoint = builderClass.getMethod("addContactPoint", InetSocketAddress.class);
            for (InetSocketAddress address : addresses(contactPoints)) {
                addContactPoint.invoke(builder, address);
            }
            builderClass.getMethod("withLocalDatacenter", String.class).invoke(builder, localDatacenter);
            builderClass.getMethod("withClassLoader", ClassLoader.class).invoke(builder, loader);
            builderClass
                    .getMethod("withConfigLoader", loader.loadClass(DRIVER + "config.DriverConfigLoader"))
                    .invoke(builder, patientConfig(loader));
            if (tls.isPresent()) {
                builderClass.getMethod("withSslContext", SSLContext.class).invoke(builder, tls.get());
            }
            if (user != null) {
                builderClass
                        .getMethod("withAuthCredentials", String.class, String.class)
                        .invoke(builder, user, requireNonNull(password, "password is null"));
            }
            return new HandlerJarCqlSession(
                    loader, builderClass.getMethod("build").invoke(builder));
        } catch (InvocationTargetException e) {
            closeQuietly(loader);
            throw new IllegalStateException(
                    "cannot connect to Cassandra at " + contactPoints + ": " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException | IOException e) {
            closeQuietly(loader);
            throw new IllegalStateException("cannot load the Cassandra driver from " + handlerJar, e);
        }
    }

    private static List<InetSocketAddress> addresses(String contactPoints) {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String node : contactPoints.split(",")) {
            String trimmed = node.trim();
            int colon = trimmed.lastIndexOf(':');
            addresses.add(
                    colon < 0
                            ? new InetSocketAddress(trimmed, 9042)
                            : new InetSocketAddress(
                                    trimmed.substring(0, colon), Integer.parseInt(trimmed.substring(colon + 1))));
        }
        return addresses;
    }

    private static Object patientConfig(ClassLoader loader) throws ReflectiveOperationException {
        Class<?> programmatic = loader.loadClass(DRIVER + "config.ProgrammaticDriverConfigLoaderBuilder");
        Class<?> options = loader.loadClass(DRIVER + "config.DefaultDriverOption");
        Object config = loader.loadClass(DRIVER + "config.DriverConfigLoader")
                .getMethod("programmaticBuilder", ClassLoader.class)
                .invoke(null, loader);
        Method withDuration = programmatic.getMethod(
                "withDuration", loader.loadClass(DRIVER + "config.DriverOption"), Duration.class);
        for (String name : List.of(
                "REQUEST_TIMEOUT",
                "CONNECTION_INIT_QUERY_TIMEOUT",
                "CONTROL_CONNECTION_TIMEOUT",
                "CONTROL_CONNECTION_AGREEMENT_TIMEOUT",
                "METADATA_SCHEMA_REQUEST_TIMEOUT")) {
            config = withDuration.invoke(config, options.getField(name).get(null), TIMEOUT);
        }
        return programmatic.getMethod("build").invoke(config);
    }

    /**
     * The driver's {@code CqlSession} itself, for a caller that uses more of its API (prepared statements, async
     * paging) reflectively; the driver's classes come from {@link #driverClass(String)}.
     */
    public Object driverSession() {
        return session;
    }

    /** A public type of the driver's API by its name under {@code com.datastax.oss.driver.api.core.}, e.g. {@code cql.Row}. */
    public Class<?> driverClass(String name) throws ClassNotFoundException {
        return loader.loadClass(DRIVER + requireNonNull(name, "name is null"));
    }

    /** Runs one statement. */
    public void execute(String cql) {
        forEachRow(cql, row -> {});
    }

    /** Runs one statement and returns its rows, each value as the driver's Java object (null for NULL). */
    public List<List<Object>> rows(String cql) {
        List<List<Object>> rows = new ArrayList<>();
        forEachRow(cql, row -> rows.add(new ArrayList<>(Arrays.asList(row))));
        return rows;
    }

    /**
     * Runs one statement and hands each row to {@code action} as its values (the driver's Java objects, null for NULL),
     * page by page, without holding the result: what a full-table read needs. The array is reused for the next row.
     */
    public void forEachRow(String cql, Consumer<Object[]> action) {
        requireNonNull(cql, "cql is null");
        requireNonNull(action, "action is null");
        try {
            forEach(execute.invoke(session, cql), action);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("CQL failed: " + cql + ": " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot call the Cassandra driver", e);
        }
    }

    /**
     * As {@link #forEachRow(String, Consumer)}, at a consistency level other than the driver's default LOCAL_ONE.
     *
     * @param consistency the driver's name of the level, e.g. {@code QUORUM} or {@code ALL}
     */
    public void forEachRow(String cql, String consistency, Consumer<Object[]> action) {
        requireNonNull(cql, "cql is null");
        requireNonNull(consistency, "consistency is null");
        requireNonNull(action, "action is null");
        try {
            Class<?> statementClass = loader.loadClass(DRIVER + "cql.Statement");
            Class<?> levelClass = loader.loadClass(DRIVER + "ConsistencyLevel");
            Object level = loader.loadClass(DRIVER + "DefaultConsistencyLevel")
                    .getMethod("valueOf", String.class)
                    .invoke(null, consistency);
            Object statement = loader.loadClass(DRIVER + "cql.SimpleStatement")
                    .getMethod("newInstance", String.class)
                    .invoke(null, cql);
            statement =
                    statementClass.getMethod("setConsistencyLevel", levelClass).invoke(statement, level);
            Object resultSet = loader.loadClass(DRIVER + "CqlSession")
                    .getMethod("execute", statementClass)
                    .invoke(session, statement);
            forEach(resultSet, action);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(
                    "CQL failed at " + consistency + ": " + cql + ": " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot call the Cassandra driver", e);
        }
    }

    private void forEach(Object resultSet, Consumer<Object[]> action) throws ReflectiveOperationException {
        Object[] values = new Object[(int) columnCount.invoke(columnDefinitions.invoke(resultSet))];
        for (Object row : (Iterable<?>) resultSet) {
            for (int i = 0; i < values.length; i++) {
                values[i] = getObject.invoke(row, i);
            }
            action.accept(values);
        }
    }

    @Override
    public void close() throws IOException {
        try {
            loader.loadClass("java.lang.AutoCloseable").getMethod("close").invoke(session);
        } catch (ReflectiveOperationException e) {
            throw new IOException("cannot close the CQL session", e);
        } finally {
            loader.close();
        }
    }

    private static void closeQuietly(URLClassLoader loader) {
        if (loader != null) {
            try {
                loader.close();
            } catch (IOException ignored) {
                // nothing was loaded that needs it
            }
        }
    }
}
