package io.hivenosql.bench.raw;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code SELECT * FROM keyspace.table} with the driver's paging (5,000 rows a page), decoding every column. The driver
 * is the one inside the Cassandra handler's own jar, loaded in a class loader of its own: this JVM may run HiveServer2,
 * whose Netty, Guava and Jackson must not meet an unshaded driver (the handler jar relocates them). Its API is called
 * reflectively; the few calls a row costs are small against the driver's decoding.
 */
final class CassandraRawScan implements RawScan {
    private final Path handlerJar;
    private final String hosts;
    private final Optional<String> localDc;
    private final String keyspace;
    private final String table;

    CassandraRawScan(Path handlerJar, String hosts, Optional<String> localDc, String keyspace, String table) {
        this.handlerJar = requireNonNull(handlerJar, "handlerJar is null");
        this.hosts = requireNonNull(hosts, "hosts is null");
        this.localDc = requireNonNull(localDc, "localDc is null");
        this.keyspace = requireNonNull(keyspace, "keyspace is null");
        this.table = requireNonNull(table, "table is null");
    }

    @Override
    public long scan() {
        try (URLClassLoader loader = new URLClassLoader(
                "raw-cassandra-scan", new URL[] {handlerJar.toUri().toURL()}, RawScan.class.getClassLoader())) {
            Class<?> sessionClass = loader.loadClass("com.datastax.oss.driver.api.core.CqlSession");
            Object builder = sessionClass.getMethod("builder").invoke(null);
            Class<?> builderClass = builder.getClass();
            for (String host : hosts.split(",")) {
                String[] parts = host.trim().split(":");
                builderClass
                        .getMethod("addContactPoint", InetSocketAddress.class)
                        .invoke(
                                builder,
                                new InetSocketAddress(parts[0], parts.length > 1 ? Integer.parseInt(parts[1]) : 9042));
            }
            builderClass.getMethod("withLocalDatacenter", String.class).invoke(builder, localDc.orElse("datacenter1"));
            builderClass.getMethod("withClassLoader", ClassLoader.class).invoke(builder, loader);
            Object session = builderClass.getMethod("build").invoke(builder);
            try {
                return scan(loader, session);
            } finally {
                sessionClass.getMethod("close").invoke(session);
            }
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(
                    "the raw Cassandra scan of " + keyspace + "." + table + " at " + hosts + " failed: " + e.getCause(),
                    e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load the Cassandra driver from " + handlerJar, e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private long scan(ClassLoader loader, Object session) throws ReflectiveOperationException {
        Class<?> statementClass = loader.loadClass("com.datastax.oss.driver.api.core.cql.SimpleStatement");
        Object statement = statementClass
                .getMethod("newInstance", String.class)
                .invoke(null, "SELECT * FROM " + keyspace + "." + table);
        statement = statementClass.getMethod("setPageSize", int.class).invoke(statement, 5000);
        Method execute = loader.loadClass("com.datastax.oss.driver.api.core.CqlSession")
                .getMethod("execute", loader.loadClass("com.datastax.oss.driver.api.core.cql.Statement"));
        Object result = execute.invoke(session, statement);
        Object definitions = loader.loadClass("com.datastax.oss.driver.api.core.cql.ResultSet")
                .getMethod("getColumnDefinitions")
                .invoke(result);
        int columns = (int) loader.loadClass("com.datastax.oss.driver.api.core.cql.ColumnDefinitions")
                .getMethod("size")
                .invoke(definitions);
        Method getObject = loader.loadClass("com.datastax.oss.driver.api.core.data.GettableByIndex")
                .getMethod("getObject", int.class);
        long rows = 0;
        long touched = 0;
        for (Object row : (Iterable<?>) result) {
            for (int i = 0; i < columns; i++) {
                touched += getObject.invoke(row, i) == null ? 0 : 1;
            }
            rows++;
        }
        return touched < 0 ? -1 : rows;
    }
}
