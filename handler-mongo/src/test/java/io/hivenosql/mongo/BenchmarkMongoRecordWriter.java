package io.hivenosql.mongo;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.result.InsertManyResult;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.bench.JmhRounds;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.RawBsonDocument;
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
 * The MongoDB record writer's INSERT rate against raw {@code insertMany} of the same rows, in the same run. The rows are
 * {@link TestingLineitemDocuments}' (TPC-H lineitem's 16 columns), generated once as neutral values; the collection is
 * dropped before every iteration. Each operation writes all rows on one thread (and the writer's one background flush)
 * and returns when the server has acknowledged every document; both sides write the same BSON (int64, int32,
 * decimal128, string, date-time fields and an ObjectId {@code _id} the driver assigns):
 *
 * <ul>
 *   <li>{@code handlerRecordSink}: what a Hive task runs below its SerDe — {@code MongoConnector.openWriter}, {@code
 *       write} of every row, {@code close} (the connector's defaults: insert mode, unordered bulk writes of {@code
 *       mongo.write.batch-size} = 1,000 documents, the next batch encoded while the previous one is written);
 *   <li>{@code rawDriverInsertMany}: what a hand-written client does — a {@code Document} built per row from the same
 *       Java values ({@link TestingLineitemDocuments#document}), {@code insertMany} of every 1,000, unordered, waiting
 *       for each.
 * </ul>
 *
 * <p>Run with {@code bin/hive-nosql microbench mongo} (see docs/benchmarks.md): {@link #main} starts one test server (or
 * uses the MongoDB of {@code MONGO_URI}) and runs both methods in rounds against it. Run by JMH alone, each fork starts a
 * server of its own.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx2g"})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public class BenchmarkMongoRecordWriter {
    static final String DATABASE = "bench_write";
    static final int SERVER_HEAP_MB = 2048;

    private static final MongoConnector CONNECTOR = new MongoConnector();
    private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);

    @Param("200000")
    public int rows;

    private TestingMongoServer ownedServer;
    private MongoClient client;
    private MongoCollection<Document> collection;
    private TableContext table;
    private List<Object[]> data;

    /** JMH: the server {@link #main} started ({@code hivenosql.bench.mongo.uri}), or one of its own. */
    @Setup(Level.Trial)
    public void setUp() {
        String given = System.getProperty(BenchmarkMongoRecordReader.URI_PROPERTY);
        if (given == null) {
            ownedServer =
                    TestingMongoServer.builder().heapMegabytes(SERVER_HEAP_MB).buildUnlessExternal();
            given = ownedServer.uri();
        }
        prepare(given, DATABASE);
    }

    /** For the smoke test: a database of a running (shared) server. */
    void setUp(TestingMongoServer server, String database) {
        prepare(server.uri(), database);
    }

    private void prepare(String uri, String database) {
        client = com.mongodb.client.MongoClients.create(uri);
        collection = client.getDatabase(database).getCollection(TestingLineitemDocuments.COLLECTION);
        table = TestingLineitemDocuments.tableContext(uri, database, false, null);
        data = TestingLineitemDocuments.rowList(rows);
    }

    /** Every iteration writes into an empty collection. */
    @Setup(Level.Iteration)
    public void empty() {
        collection.drop();
    }

    /** For the smoke test: drops its database from the shared server. */
    void dropDatabase(String database) {
        if (client != null) {
            client.getDatabase(database).drop();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        try {
            if (client != null) {
                client.close();
            }
        } finally {
            if (ownedServer != null) {
                ownedServer.close();
            }
        }
    }

    /** The documents now in the collection (for the smoke test). */
    long countRows() {
        return collection.countDocuments();
    }

    /** The rows and checksum of what the collection holds, read as the reader benchmark's raw scan reads (smoke test). */
    TestingLineitemDocuments.Scan scanCollection(Blackhole blackhole) {
        return TestingLineitemDocuments.rawScan(
                collection.withDocumentClass(RawBsonDocument.class),
                new BsonDocument(),
                TestingLineitemDocuments.READ_BATCH_SIZE,
                blackhole);
    }

    /** The checksum of the rows written (for the smoke test). */
    long dataChecksum() {
        return TestingLineitemDocuments.checksum(data);
    }

    /** The hive-nosql path: the connector's record sink, every row written, closed (everything acknowledged). */
    @Benchmark
    public long handlerRecordSink() throws IOException {
        RecordSink sink = CONNECTOR.openWriter(table);
        try (sink) {
            for (Object[] row : data) {
                sink.write(row);
            }
        }
        return requireRows(sink.written());
    }

    /** The baseline: a Document per row, insertMany of every batch of 1,000, unordered, each waited for. */
    @Benchmark
    public long rawDriverInsertMany() {
        int batchSize = TestingLineitemDocuments.WRITE_BATCH_SIZE;
        long acknowledged = 0;
        List<Document> batch = new ArrayList<>(batchSize);
        for (int i = 0; i < data.size(); i++) {
            batch.add(TestingLineitemDocuments.document(data.get(i)));
            if (batch.size() == batchSize || i == data.size() - 1) {
                InsertManyResult result = collection.insertMany(batch, UNORDERED);
                acknowledged += result.getInsertedIds().size();
                batch = new ArrayList<>(batchSize);
            }
        }
        return requireRows(acknowledged);
    }

    private long requireRows(long count) {
        if (count != rows) {
            throw new IllegalStateException("wrote " + count + " rows, expected " + rows);
        }
        return count;
    }

    /**
     * Starts a test server ({@value #SERVER_HEAP_MB} MB heap), or uses the MongoDB of {@code MONGO_URI}, and runs both
     * methods, writing {@code args[0]} rows (default 200,000) per operation, in {@code args[1]} rounds (default 3);
     * stops the server at the end.
     */
    public static void main(String[] args) throws RunnerException {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        try (TestingMongoServer server =
                TestingMongoServer.builder().heapMegabytes(SERVER_HEAP_MB).buildUnlessExternal()) {
            System.out.println("started " + server);
            String label;
            try (MongoClient client = com.mongodb.client.MongoClients.create(server.uri())) {
                label = BenchmarkMongoRecordReader.serverLabel(server, client, SERVER_HEAP_MB);
            }
            System.out.println("server: " + label + "; load average " + BenchmarkMongoRecordReader.loadAverage());
            new JmhRounds(BenchmarkMongoRecordWriter.class, "rawDriverInsertMany", List.of("handlerRecordSink"), rows)
                    .run(
                            rounds,
                            Map.of("rows", Integer.toString(rows)),
                            Map.of(BenchmarkMongoRecordReader.URI_PROPERTY, server.uri()),
                            "2g");
            System.out.println(
                    "== server: " + label + "; load average at the end " + BenchmarkMongoRecordReader.loadAverage());
            BenchmarkMongoRecordReader.printMemory(server);
        }
    }
}
