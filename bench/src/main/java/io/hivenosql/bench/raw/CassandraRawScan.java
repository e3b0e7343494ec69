package io.hivenosql.bench.raw;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * What a hand-written driver client does to read a whole table fast, as the Cassandra microbenchmark's
 * {@code rawDriverTokenRangeScan} does: the token ring cut into ranges, one prepared {@code SELECT * ... WHERE
 * token(<partition key>) > ? AND token(<partition key>) <= ?} per range, paged asynchronously with the next page (or
 * the next range's first page) requested before the current page is decoded, and every value read with the typed
 * getter of its column's type ({@link CqlColumnReader}). {@code parallelism} ranges are read at once, each by a thread
 * of its own that decodes its own pages.
 *
 * <p>The driver is the one inside the Cassandra handler's own jar, in a class loader of its own ({@link
 * HandlerJarCqlSession}): this JVM may run HiveServer2, which must not meet an unshaded driver. It is called
 * reflectively; a reflective call costs far less than the driver's decoding of the value it returns.
 */
final class CassandraRawScan implements RawScan {
    /** Ranges per reading thread: enough that the threads finish together, few enough that each range has pages. */
    private static final int RANGES_PER_THREAD = 8;

    private final HandlerJarCqlSession session;
    private final String table;
    private final int parallelism;
    private final Object select;
    private final Method bind;
    private final Method executeAsync;
    private final Method currentPage;
    private final Method hasMorePages;
    private final Method fetchNextPage;
    private final CqlColumnReader columns;

    private CassandraRawScan(HandlerJarCqlSession session, String table, int parallelism)
            throws ReflectiveOperationException {
        this.session = session;
        this.table = table;
        this.parallelism = parallelism;
        requireMurmur3(session);
        Object driver = session.driverSession();
        Class<?> cqlSession = session.driverClass("CqlSession");
        Class<?> prepared = session.driverClass("cql.PreparedStatement");
        Class<?> asyncResultSet = session.driverClass("cql.AsyncResultSet");
        String key = partitionKey(session, table);
        this.select = cqlSession
                .getMethod("prepare", String.class)
                .invoke(driver, "SELECT * FROM " + table + " WHERE token(" + key + ") > ? AND token(" + key + ") <= ?");
        this.bind = prepared.getMethod("bind", Object[].class);
        this.executeAsync = cqlSession.getMethod("executeAsync", session.driverClass("cql.Statement"));
        this.currentPage = asyncResultSet.getMethod("currentPage");
        this.hasMorePages = asyncResultSet.getMethod("hasMorePages");
        this.fetchNextPage = asyncResultSet.getMethod("fetchNextPage");
        this.columns = CqlColumnReader.of(
                session, prepared.getMethod("getResultSetDefinitions").invoke(select));
    }

    /**
     * Connects and prepares the range query.
     *
     * @param table {@code keyspace.table}
     * @param parallelism ranges read at once, at least 1
     */
    static CassandraRawScan open(Path handlerJar, String hosts, String localDc, String table, int parallelism) {
        requireNonNull(handlerJar, "handlerJar is null");
        requireNonNull(hosts, "hosts is null");
        requireNonNull(localDc, "localDc is null");
        requireNonNull(table, "table is null");
        if (parallelism < 1) {
            throw new IllegalArgumentException(
                    "the raw Cassandra scan needs a parallelism of at least 1, not " + parallelism);
        }
        HandlerJarCqlSession session = HandlerJarCqlSession.connect(handlerJar, hosts, localDc, null, null);
        try {
            return new CassandraRawScan(session, table, parallelism);
        } catch (ReflectiveOperationException | RuntimeException e) {
            closeQuietly(session);
            Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
            throw new IllegalStateException("cannot prepare the raw scan of " + table + ": " + cause, cause);
        }
    }

    @Override
    public long scan() {
        List<TokenRanges.Range> ranges =
                TokenRanges.split(RANGES_PER_THREAD * parallelism).ranges();
        AtomicInteger next = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(parallelism, runnable -> {
            Thread thread = new Thread(runnable, "raw-cassandra-scan");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<Long>> readers = new ArrayList<>();
            for (int i = 0; i < parallelism; i++) {
                readers.add(threads.submit(() -> readRanges(ranges, next)));
            }
            long rows = 0;
            for (Future<Long> reader : readers) {
                rows += reader.get();
            }
            return rows;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while scanning " + table, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the raw scan of " + table + " failed: " + e.getCause(), e.getCause());
        } finally {
            threads.shutdownNow();
        }
    }

    /** Reads ranges from {@code ranges} (the next one not taken yet, in turn) until none is left. */
    private long readRanges(List<TokenRanges.Range> ranges, AtomicInteger next) throws Exception {
        ValueTally tally = new ValueTally();
        CompletionStage<?> pending = start(ranges, next);
        while (pending != null) {
            Object page = await(pending);
            pending = (boolean) hasMorePages.invoke(page)
                    ? (CompletionStage<?>) fetchNextPage.invoke(page)
                    : start(ranges, next);
            for (Object row : (Iterable<?>) currentPage.invoke(page)) {
                columns.readRow(row, tally);
            }
        }
        return tally.rows();
    }

    /** The first page of the next range not taken yet, requested; null when every range is taken. */
    private CompletionStage<?> start(List<TokenRanges.Range> ranges, AtomicInteger next)
            throws ReflectiveOperationException {
        int index = next.getAndIncrement();
        if (index >= ranges.size()) {
            return null;
        }
        TokenRanges.Range range = ranges.get(index);
        Object statement = bind.invoke(select, (Object) new Object[] {range.start(), range.end()});
        return (CompletionStage<?>) executeAsync.invoke(session.driverSession(), statement);
    }

    private static Object await(CompletionStage<?> stage) throws Exception {
        try {
            return stage.toCompletableFuture().get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** {@code "a", "b"}: the partition key's columns in order, quoted, from the schema tables. */
    private static String partitionKey(HandlerJarCqlSession session, String table) {
        String[] parts = table.split("\\.", 2);
        List<List<Object>> columns = session.rows("SELECT column_name, position FROM system_schema.columns"
                + " WHERE keyspace_name = '" + parts[0] + "' AND table_name = '" + parts[1]
                + "' AND kind = 'partition_key' ALLOW FILTERING");
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("no table " + table + " (or it has no partition key)");
        }
        return columns.stream()
                .sorted(Comparator.comparingInt(row -> ((Number) row.get(1)).intValue()))
                .map(row -> "\"" + ((String) row.get(0)).replace("\"", "\"\"") + "\"")
                .collect(Collectors.joining(", "));
    }

    /** The ranges are Murmur3's: another partitioner's tokens would fall outside them. */
    private static void requireMurmur3(HandlerJarCqlSession session) {
        String partitioner = String.valueOf(
                session.rows("SELECT partitioner FROM system.local").get(0).get(0));
        if (!partitioner.endsWith(".Murmur3Partitioner")) {
            throw new IllegalStateException(
                    "the raw Cassandra scan splits the Murmur3 token ring; this cluster uses " + partitioner);
        }
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void closeQuietly(HandlerJarCqlSession session) {
        try {
            session.close();
        } catch (IOException | RuntimeException ignored) {
            // the failure that made us close it is the one to report
        }
    }
}
