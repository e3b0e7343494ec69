package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Tables on the shared Cassandra server for read tests: a driver session for creating them with CQL, unique keyspaces,
 * and reads through the connector as the Hive adapters do (plan the splits, read each).
 */
final class TestingCassandraTables {
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static CqlSession session;

    private TestingCassandraTables() {}

    static TestingCassandraServer server() {
        return TestingCassandraServer.shared();
    }

    /** A driver session on the shared server (one per JVM, closed at exit). */
    static synchronized CqlSession session() {
        if (session == null || session.isClosed()) {
            TestingCassandraServer server = server();
            session = session(server);
            CqlSession opened = session;
            Runtime.getRuntime().addShutdownHook(new Thread(opened::close));
        }
        return session;
    }

    static CqlSession session(TestingCassandraServer server) {
        return CqlSession.builder()
                .addContactPoint(new InetSocketAddress(server.host(), server.nativePort()))
                .withLocalDatacenter(server.localDatacenter())
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
                        .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(30))
                        .build())
                .build();
    }

    /** A new keyspace (replication factor 1) with a unique name starting with {@code prefix}. */
    static String keyspace(String prefix) {
        return keyspace(session(), prefix);
    }

    static String keyspace(CqlSession session, String prefix) {
        String name = (prefix + "_" + ProcessHandle.current().pid() + "_" + COUNTER.incrementAndGet()).toLowerCase();
        session.execute(
                "CREATE KEYSPACE " + name + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        return name;
    }

    /** Executes the statements, up to 64 at a time, and waits for all of them. */
    static void executeAll(CqlSession session, List<? extends Statement<?>> statements) {
        List<CompletableFuture<?>> running = new ArrayList<>();
        for (Statement<?> statement : statements) {
            running.add(session.executeAsync(statement).toCompletableFuture());
            if (running.size() == 64) {
                CompletableFuture.allOf(running.toArray(new CompletableFuture<?>[0]))
                        .join();
                running.clear();
            }
        }
        CompletableFuture.allOf(running.toArray(new CompletableFuture<?>[0])).join();
    }

    /** A Hive table on the shared server reading {@code keyspace.table}. */
    static TestingCassandraTableContext table(String keyspace, String table) {
        return TestingCassandraTableContext.table(table, server().contactPoint(), keyspace);
    }

    static List<Integer> allColumns(TableContext table) {
        return IntStream.range(0, table.mapping().size()).boxed().toList();
    }

    static ReadRequest request(TableContext table, List<Integer> projection, Optional<Filter> filter) {
        return new ReadRequest(table, projection, filter, OptionalLong.empty());
    }

    /** Every row of every split (all columns), normalized. */
    static List<List<Object>> readAll(TableContext table) throws IOException {
        return readAll(request(table, allColumns(table), Optional.empty()), 0);
    }

    static List<List<Object>> readAll(ReadRequest request, int desiredSplits) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        for (SplitSpec split : TestingCassandraTableContext.CONNECTOR.planSplits(request, desiredSplits)) {
            rows.addAll(readSplit(request, split));
        }
        return rows;
    }

    /** The rows of one split: the projected columns' values, normalized (binary as hex). */
    static List<List<Object>> readSplit(ReadRequest request, SplitSpec split) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (RecordSource source = TestingCassandraTableContext.CONNECTOR.openReader(request, split)) {
            while (source.next()) {
                List<Object> row = new ArrayList<>();
                for (int column : request.projection()) {
                    row.add(normalize(source.get(column)));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** byte[] (also nested) as hex text, so that rows compare with equals. */
    static Object normalize(Object value) {
        if (value instanceof byte[] bytes) {
            return "hex:" + HexFormat.of().formatHex(bytes);
        }
        if (value instanceof List<?> list) {
            return list.stream().map(TestingCassandraTables::normalize).collect(Collectors.toList());
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(normalize(k), normalize(v)));
            return copy;
        }
        return value;
    }
}
