package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.bench.JmhRounds;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
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
import org.openjdk.jmh.runner.RunnerException;

/**
 * The Cassandra record writer's INSERT rate against raw asynchronous driver writes of the same rows, in the same run.
 * The rows are {@link TestingLineitemTable}'s (TPC-H lineitem's 16 columns, 1-7 rows per partition, in key order),
 * generated once as neutral values; the table is truncated before every iteration. Each operation writes all rows on
 * one thread and returns when Cassandra has acknowledged every one:
 *
 * <ul>
 *   <li>{@code handlerRecordSink}: what a Hive task runs below its SerDe — {@code CassandraConnector.openWriter},
 *       {@code write} of every row, {@code close} (rows grouped by partition into unlogged batches, at most {@code
 *       cassandra.write.concurrency} requests in flight, all defaults);
 *   <li>{@code rawDriverAsyncInserts}: what a hand-written driver client does — one prepared {@code INSERT} per row,
 *       bound with the typed setters and sent with {@code executeAsync}, at most as many requests in flight as the
 *       handler's default {@code cassandra.write.concurrency} (64), at the same consistency (LOCAL_QUORUM).
 * </ul>
 *
 * <p>Run with {@code bin/hive-nosql microbench cassandra} (see docs/benchmarks.md): {@link #main} starts one Cassandra
 * node and runs both methods in rounds against it. Run by JMH alone, each fork starts a node of its own.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx2g"})
@Warmup(iterations = 1)
@Measurement(iterations = 2)
public class BenchmarkCassandraRecordWriter {
    static final String KEYSPACE = "bench_write";

    @Param("200000")
    public int rows;

    private TestingCassandraServer ownedServer;
    private String keyspace;
    private CqlSession session;
    private PreparedStatement insert;
    private TableContext table;
    private List<Object[]> data;

    /** JMH: the node {@link #main} started ({@code hivenosql.bench.cassandra.contact-point}), or one of its own. */
    @Setup(Level.Trial)
    public void setUp() {
        String given = System.getProperty(BenchmarkCassandraRecordReader.CONTACT_POINT_PROPERTY);
        if (given == null) {
            ownedServer = TestingCassandraServer.builder()
                    .heapMegabytes(BenchmarkCassandraRecordReader.SERVER_HEAP_MB)
                    .build();
            given = ownedServer.contactPoint();
        }
        prepare(given, KEYSPACE);
    }

    /** For the smoke test: a new keyspace of a running (shared) node; it stays until the node stops. */
    void setUp(TestingCassandraServer server, String keyspace) {
        prepare(server.contactPoint(), keyspace);
    }

    private void prepare(String contactPoint, String keyspace) {
        int colon = contactPoint.lastIndexOf(':');
        this.keyspace = keyspace;
        this.session = TestingLineitemTable.session(
                contactPoint.substring(0, colon),
                Integer.parseInt(contactPoint.substring(colon + 1)),
                TestingCassandraServer.LOCAL_DATACENTER);
        TestingLineitemTable.create(session, keyspace);
        insert = TestingLineitemTable.prepareInsert(session, keyspace);
        table = TestingLineitemTable.tableContext(contactPoint, keyspace);
        data = TestingLineitemTable.rowList(rows);
    }

    /** Every iteration writes into an empty table. */
    @Setup(Level.Iteration)
    public void truncate() {
        TestingLineitemTable.execute(session, "TRUNCATE " + keyspace + "." + TestingLineitemTable.TABLE);
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

    /** The rows now in the table (a full count; for the smoke test). */
    long countRows() {
        return session.execute(SimpleStatement.newInstance(
                                "SELECT count(*) FROM " + keyspace + "." + TestingLineitemTable.TABLE)
                        .setTimeout(Duration.ofSeconds(60)))
                .one()
                .getLong(0);
    }

    /** The hive-nosql path: the connector's record sink, every row written, closed (everything acknowledged). */
    @Benchmark
    public long handlerRecordSink() throws IOException {
        RecordSink sink = TestingCassandraTableContext.CONNECTOR.openWriter(table);
        try (sink) {
            for (Object[] row : data) {
                sink.write(row);
            }
        }
        return requireRows(sink.written());
    }

    /** The baseline: a prepared INSERT per row, executeAsync, a bounded number in flight, wait for all. */
    @Benchmark
    public long rawDriverAsyncInserts() {
        int concurrency = TestingLineitemTable.WRITE_CONCURRENCY;
        Semaphore permits = new Semaphore(concurrency);
        AtomicLong acknowledged = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (Object[] row : data) {
            acquire(permits, 1);
            session.executeAsync(TestingLineitemTable.bind(insert, row)).whenComplete((result, error) -> {
                if (error == null) {
                    acknowledged.incrementAndGet();
                } else {
                    failure.compareAndSet(null, error);
                }
                permits.release();
            });
            if (failure.get() != null) {
                break;
            }
        }
        acquire(permits, concurrency);
        if (failure.get() != null) {
            throw new IllegalStateException("a raw write failed: " + failure.get(), failure.get());
        }
        return requireRows(acknowledged.get());
    }

    private static void acquire(Semaphore permits, int count) {
        try {
            permits.acquire(count);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private long requireRows(long count) {
        if (count != rows) {
            throw new IllegalStateException("wrote " + count + " rows, expected " + rows);
        }
        return count;
    }

    /**
     * Starts a node and runs both methods, writing {@code args[0]} rows (default 200,000) per operation, in {@code
     * args[1]} rounds (default 3); stops the node at the end.
     */
    public static void main(String[] args) throws RunnerException {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        try (TestingCassandraServer server = TestingCassandraServer.builder()
                .heapMegabytes(BenchmarkCassandraRecordReader.SERVER_HEAP_MB)
                .build()) {
            System.out.println("started " + server);
            new JmhRounds(
                            BenchmarkCassandraRecordWriter.class,
                            "rawDriverAsyncInserts",
                            List.of("handlerRecordSink"),
                            rows)
                    .run(
                            rounds,
                            Map.of("rows", Integer.toString(rows)),
                            Map.of(BenchmarkCassandraRecordReader.CONTACT_POINT_PROPERTY, server.contactPoint()),
                            "2g");
        }
    }
}
