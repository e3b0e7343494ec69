package io.hivenosql.it;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * CQL for test set-up and checks, through the Cassandra driver inside the handler's own self-contained jar, loaded in
 * a class loader of its own. The test JVM also runs HiveServer2, whose Netty and Guava must not meet the driver's; the
 * handler jar relocates them, and loading it here also proves that it carries everything the driver needs.
 */
final class CqlClient implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final URLClassLoader loader;
    private final Object session;
    private final Method execute;
    private final Method columnDefinitions;
    private final Method columnCount;
    private final Method getObject;

    private CqlClient(URLClassLoader loader, Object session) throws ReflectiveOperationException {
        this.loader = loader;
        this.session = session;
        // methods of the public interfaces: the driver's implementation classes are not all public
        this.execute =
                loader.loadClass("com.datastax.oss.driver.api.core.CqlSession").getMethod("execute", String.class);
        this.columnDefinitions = loader.loadClass("com.datastax.oss.driver.api.core.cql.ResultSet")
                .getMethod("getColumnDefinitions");
        this.columnCount = loader.loadClass("com.datastax.oss.driver.api.core.cql.ColumnDefinitions")
                .getMethod("size");
        this.getObject = loader.loadClass("com.datastax.oss.driver.api.core.data.GettableByIndex")
                .getMethod("getObject", int.class);
    }

    static CqlClient connect(Path auxJarsDir, String host, int port, String localDc) {
        return connect(auxJarsDir, host, port, localDc, null, null);
    }

    /** A session logged in as {@code user} (PasswordAuthenticator); {@code user} null for none. */
    static CqlClient connect(Path auxJarsDir, String host, int port, String localDc, String user, String password) {
        try {
            URL jar = handlerJar(auxJarsDir).toUri().toURL();
            URLClassLoader loader = new URLClassLoader("cql-client", new URL[] {jar}, CqlClient.class.getClassLoader());
            Class<?> sessionClass = loader.loadClass("com.datastax.oss.driver.api.core.CqlSession");
            Object builder = sessionClass.getMethod("builder").invoke(null);
            Class<?> builderClass = builder.getClass();
            builderClass
                    .getMethod("addContactPoint", InetSocketAddress.class)
                    .invoke(builder, new InetSocketAddress(host, port));
            builderClass.getMethod("withLocalDatacenter", String.class).invoke(builder, localDc);
            builderClass.getMethod("withClassLoader", ClassLoader.class).invoke(builder, loader);
            Class<?> configLoaderClass = loader.loadClass("com.datastax.oss.driver.api.core.config.DriverConfigLoader");
            builderClass.getMethod("withConfigLoader", configLoaderClass).invoke(builder, patientConfig(loader));
            if (user != null) {
                builderClass
                        .getMethod("withAuthCredentials", String.class, String.class)
                        .invoke(builder, user, password);
            }
            Object session = builderClass.getMethod("build").invoke(builder);
            return new CqlClient(loader, session);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("cannot connect to Cassandra at " + host + ":" + port, e.getCause());
        } catch (ReflectiveOperationException | IOException e) {
            throw new IllegalStateException("cannot load the Cassandra driver from the handler jar", e);
        }
    }

    /**
     * The driver's defaults, but with generous timeouts: schema changes on a busy test machine take longer than the
     * default 2 s request timeout.
     */
    private static Object patientConfig(ClassLoader loader) throws ReflectiveOperationException {
        Class<?> configLoader = loader.loadClass("com.datastax.oss.driver.api.core.config.DriverConfigLoader");
        Class<?> programmatic =
                loader.loadClass("com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder");
        Class<?> option = loader.loadClass("com.datastax.oss.driver.api.core.config.DriverOption");
        Class<?> options = loader.loadClass("com.datastax.oss.driver.api.core.config.DefaultDriverOption");
        Object config =
                configLoader.getMethod("programmaticBuilder", ClassLoader.class).invoke(null, loader);
        Method withDuration = programmatic.getMethod("withDuration", option, Duration.class);
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

    /** Runs one statement. */
    void execute(String cql) {
        rows(cql);
    }

    /** Runs one statement and returns its rows, each value as the driver's Java object (null for NULL). */
    List<List<Object>> rows(String cql) {
        requireNonNull(cql, "cql is null");
        try {
            Object resultSet = execute.invoke(session, cql);
            int width = (int) columnCount.invoke(columnDefinitions.invoke(resultSet));
            List<List<Object>> rows = new ArrayList<>();
            for (Object row : (Iterable<?>) resultSet) {
                List<Object> values = new ArrayList<>(width);
                for (int i = 0; i < width; i++) {
                    values.add(getObject.invoke(row, i));
                }
                rows.add(values);
            }
            return rows;
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("CQL failed: " + cql + ": " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot call the Cassandra driver", e);
        }
    }

    private static Path handlerJar(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().matches("handler-cassandra-.*-hive\\.jar"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no handler-cassandra -hive.jar in " + dir));
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
}
