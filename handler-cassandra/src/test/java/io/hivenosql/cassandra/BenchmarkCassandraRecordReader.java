package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.hivenosql.api.hive.VectorizedReadPaths;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.bench.JmhRounds;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The Cassandra record reader's full-scan rate against a raw driver token-range scan of the same rows, in the same
 * run. The table is {@link TestingLineitemTable} (TPC-H lineitem's 16 columns), loaded, flushed and compacted into one
 * SSTable before anything is measured. Both sides read the same token ranges (those of the connector's splits), split
 * after split, on one thread, with the handler's page size and read consistency, so rows/s = rows / (seconds per
 * operation):
 *
 * <ul>
 *   <li>{@code handlerRecordSource}: what a Hive query runs below its SerDe — {@code CassandraConnector.planSplits},
 *       then {@code openReader} per split, {@code next()} and {@code get(i)} of every column (neutral values: Long,
 *       Integer, BigDecimal fitted to decimal(12,2), String, LocalDate);
 *   <li>{@code rawDriverTokenRangeScan}: what a hand-written driver client does — one prepared {@code SELECT <16
 *       columns> FROM ks.lineitem WHERE token(l_orderkey) > ? AND token(l_orderkey) <= ?} per range, executed
 *       asynchronously with the next page requested before the current one is iterated, and every value read with the
 *       driver's typed getters.
 * </ul>
 *
 * <p>Run with {@code bin/hive-nosql microbench cassandra} (see docs/benchmarks.md): {@link #main} starts one Cassandra
 * node, loads it once and runs both methods in rounds against it. Run by JMH alone, each fork starts and loads a node of
 * its own.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx2g"})
@Warmup(iterations = 1)
@Measurement(iterations = 2)
public class BenchmarkCassandraRecordReader {
    /** The contact point ({@code host:port}) of a node already loaded by {@link #main}; unset: start one. */
    static final String CONTACT_POINT_PROPERTY = "hivenosql.bench.cassandra.contact-point";

    static final String KEYSPACE = "bench_read";
    static final int SERVER_HEAP_MB = 2048;

    @Param("1000000")
    public int rows;

    private TestingCassandraServer ownedServer;
    private String contactPoint;
    private String keyspace;
    private CqlSession session;
    private PreparedStatement select;
    private ReadRequest request;
    private List<List<CassandraSplit.TokenRange>> splitRanges;

    /** JMH: the node {@link #main} loaded, or a node of this fork's own, started and loaded here. */
    @Setup(Level.Trial)
    public void setUp() throws IOException {
        String loaded = System.getProperty(CONTACT_POINT_PROPERTY);
        if (loaded != null) {
            connect(loaded, KEYSPACE);
        } else {
            ownedServer = TestingCassandraServer.builder()
                    .heapMegabytes(SERVER_HEAP_MB)
                    .build();
            connect(ownedServer.contactPoint(), KEYSPACE);
            load(ownedServer, session, keyspace, rows, true);
        }
        prepare();
    }

    /**
     * For the smoke test: loads the rows into a new keyspace of a running (shared) node, left in the memtable (no
     * nodetool: it takes seconds); the keyspace stays until the node stops.
     */
    void setUp(TestingCassandraServer server, String keyspace) throws IOException {
        connect(server.contactPoint(), keyspace);
        load(server, session, keyspace, rows, false);
        prepare();
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        try {
            if (session != null) {
                session.close();
            }
        } finally {
            if (ownedServer != null) {
                ownedServer.close();
            }
        }
    }

    private void connect(String contactPoint, String keyspace) {
        int colon = contactPoint.lastIndexOf(':');
        this.contactPoint = contactPoint;
        this.keyspace = keyspace;
        this.session = TestingLineitemTable.session(
                contactPoint.substring(0, colon),
                Integer.parseInt(contactPoint.substring(colon + 1)),
                TestingCassandraServer.LOCAL_DATACENTER);
    }

    /**
     * Creates and loads the table; with {@code settle}, then flushes and compacts it into one SSTable (the scans read
     * SSTables, as they would on a real cluster, and no compaction runs while measuring) and refreshes the size
     * estimates the split planner reads.
     */
    static void load(TestingCassandraServer server, CqlSession session, String keyspace, int rows, boolean settle) {
        long start = System.nanoTime();
        TestingLineitemTable.create(session, keyspace);
        TestingLineitemTable.load(session, keyspace, rows);
        long loaded = System.nanoTime();
        System.out.printf(
                "loaded %,d rows in %,d ms (%,.0f rows/s)%n",
                rows, (loaded - start) / 1_000_000, rows * 1e9 / (loaded - start));
        if (settle) {
            server.nodetool("flush", keyspace);
            server.nodetool("compact", keyspace);
            server.nodetool("refreshsizeestimates");
            System.out.printf("flush and compaction took %,d ms%n", (System.nanoTime() - loaded) / 1_000_000);
        }
    }

    private void prepare() throws IOException {
        TableContext table = TestingLineitemTable.tableContext(contactPoint, keyspace);
        request = new ReadRequest(
                table,
                IntStream.range(0, table.mapping().size()).boxed().toList(),
                Optional.empty(),
                OptionalLong.empty());
        splitRanges = new ArrayList<>();
        for (SplitSpec split : TestingCassandraTableContext.CONNECTOR.planSplits(request, 0)) {
            splitRanges.add(((CassandraSplit.TokenRanges) CassandraSplit.fromBytes(split.payload())).ranges());
        }
        System.out.printf(
                "the connector plans %d split(s) of %d token range(s) in all%n",
                splitRanges.size(), splitRanges.stream().mapToInt(List::size).sum());
        select = session.prepare("SELECT " + String.join(", ", TestingLineitemTable.COLUMNS) + " FROM " + keyspace + "."
                + TestingLineitemTable.TABLE + " WHERE token(l_orderkey) > ? AND token(l_orderkey) <= ?");
    }

    /** The hive-nosql path: the connector's splits, a record source per split, every column's neutral value. */
    @Benchmark
    public long handlerRecordSource(Blackhole blackhole) throws IOException {
        long count = 0;
        int columns = request.projection().size();
        CassandraConnector connector = TestingCassandraTableContext.CONNECTOR;
        for (SplitSpec split : connector.planSplits(request, 0)) {
            try (RecordSource source = connector.openReader(request, split)) {
                while (source.next()) {
                    for (int column = 0; column < columns; column++) {
                        blackhole.consume(source.get(column));
                    }
                    count++;
                }
            }
        }
        return requireRows(count);
    }

    /**
     * A vectorized Hive task with the handler's batch reader: the split's column vectors filled straight from the
     * connector's values ({@code hive.vectorized.use.vectorized.input.format}).
     */
    @Benchmark
    public long hiveBatchReader(Blackhole blackhole) throws IOException {
        long count = 0;
        for (SplitSpec split : TestingCassandraTableContext.CONNECTOR.planSplits(request, 0)) {
            count += VectorizedReadPaths.batches(
                    request, TestingCassandraTableContext.CONNECTOR.openReader(request, split), blackhole::consume);
        }
        return requireRows(count);
    }

    /**
     * A vectorized Hive task before the batch reader: the record reader's rows, copied to writables and assigned into
     * the batch as Hive's VectorMapOperator does ({@code hive.vectorized.use.row.serde.deserialize}).
     */
    @Benchmark
    public long hiveRowsIntoBatches(Blackhole blackhole) throws IOException {
        long count = 0;
        for (SplitSpec split : TestingCassandraTableContext.CONNECTOR.planSplits(request, 0)) {
            count += VectorizedReadPaths.rowsIntoBatches(
                    request, TestingCassandraTableContext.CONNECTOR.openReader(request, split), blackhole::consume);
        }
        return requireRows(count);
    }

    /** The baseline: a hand-written token-range scan of the same ranges, typed getters, next page fetched ahead. */
    @Benchmark
    public long rawDriverTokenRangeScan(Blackhole blackhole) {
        long count = 0;
        for (List<CassandraSplit.TokenRange> ranges : splitRanges) {
            for (CassandraSplit.TokenRange range : ranges) {
                AsyncResultSet page = await(session.executeAsync(select.bind(range.start(), range.end())
                        .setPageSize(TestingLineitemTable.PAGE_SIZE)
                        .setConsistencyLevel(ConsistencyLevel.LOCAL_ONE)));
                while (true) {
                    CompletionStage<AsyncResultSet> next = page.hasMorePages() ? page.fetchNextPage() : null;
                    for (Row row : page.currentPage()) {
                        blackhole.consume(TestingLineitemTable.touch(row));
                        count++;
                    }
                    if (next == null) {
                        break;
                    }
                    page = await(next);
                }
            }
        }
        return requireRows(count);
    }

    private static AsyncResultSet await(CompletionStage<AsyncResultSet> stage) {
        try {
            return stage.toCompletableFuture().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("token range scan failed: " + e.getCause(), e.getCause());
        }
    }

    private long requireRows(long count) {
        if (count != rows) {
            throw new IllegalStateException("read " + count + " rows, expected " + rows);
        }
        return count;
    }

    /**
     * Starts a node, loads {@code args[0]} rows (default 1,000,000) and runs both methods in {@code args[1]} rounds
     * (default 3); stops the node at the end.
     */
    public static void main(String[] args) throws RunnerException {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        try (TestingCassandraServer server =
                TestingCassandraServer.builder().heapMegabytes(SERVER_HEAP_MB).build()) {
            System.out.println("started " + server);
            try (CqlSession session =
                    TestingLineitemTable.session(server.host(), server.nativePort(), server.localDatacenter())) {
                load(server, session, KEYSPACE, rows, true);
            }
            new JmhRounds(
                            BenchmarkCassandraRecordReader.class,
                            "rawDriverTokenRangeScan",
                            List.of("handlerRecordSource", "hiveBatchReader", "hiveRowsIntoBatches"),
                            rows)
                    .run(
                            rounds,
                            Map.of("rows", Integer.toString(rows)),
                            Map.of(CONTACT_POINT_PROPERTY, server.contactPoint()),
                            "2g");
        }
    }
}
