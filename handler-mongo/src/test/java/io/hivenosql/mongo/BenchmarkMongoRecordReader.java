package io.hivenosql.mongo;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.hivenosql.api.hive.VectorizedReadPaths;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.bench.JmhRounds;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
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
 * The MongoDB record reader's full-scan rate against a raw driver {@code find()} of the same documents, in the same
 * run. The collection holds {@link TestingLineitemDocuments} (TPC-H lineitem's 16 columns as int64, int32, decimal128,
 * string and date-time fields, plus an ObjectId {@code _id}), loaded once before anything is measured. Every method uses
 * the same driver, the handler's cursor batch size ({@code mongo.read.batch-size}, 1,000) and one thread, and reads
 * every field of every document, so rows/s = rows / (seconds per operation):
 *
 * <ul>
 *   <li>{@code handlerRecordSource}: what a Hive task runs below its SerDe — {@code MongoConnector.planSplits}, then
 *       {@code openReader} of each split in turn, {@code next()} and {@code get(i)} of all 17 columns (neutral values:
 *       the ObjectId's hex text, Long, Integer, BigDecimal fitted to decimal(12,2), String, LocalDate). The handler asks
 *       the server for the 17 mapped fields (a projection);
 *   <li>{@code rawDriverFind}: what a hand-written client does — one {@code find()} of whole documents as
 *       {@code RawBsonDocument}s, every field decoded to its Java value by name in one pass over the bytes
 *       ({@link TestingLineitemDocuments#rawScan});
 *   <li>{@code rawDriverFindProjected}: the same with the handler's projection document, which separates what the
 *       server's projection costs from what the handler's own work costs.
 * </ul>
 *
 * <p>Splits: against the test server the table reads with {@code mongo.split.mode=single}, because the test server
 * has no range index: each {@code _id}-range split of the default {@code auto} mode (for collections above 64 MB) walks
 * the whole collection, so more splits would measure the test server, not the reader ({@link #main} times one such
 * planning and prints it; its {@code $sample} is one pass since {@code SamplingStagesBackend}, where
 * mongo-java-server's own sorted the collection by a random comparator). Against a real MongoDB
 * ({@code MONGO_URI}) the table uses the default ({@code auto}).
 *
 * <p>Run with {@code bin/hive-nosql microbench mongo} (see docs/benchmarks.md): {@link #main} starts one test server
 * (or uses the MongoDB of {@code MONGO_URI}), loads it once and runs the methods in rounds against it. Run by JMH alone,
 * each fork starts and loads a server of its own.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx2g"})
@Warmup(iterations = 1)
@Measurement(iterations = 2)
public class BenchmarkMongoRecordReader {
    /** The connection string (no database) of a server already loaded by {@link #main}; unset: start one. */
    static final String URI_PROPERTY = "hivenosql.bench.mongo.uri";
    /** The table's {@code mongo.split.mode} chosen by {@link #main}; unset: single for a test server, else auto. */
    static final String SPLIT_MODE_PROPERTY = "hivenosql.bench.mongo.split-mode";

    static final String DATABASE = "bench_read";
    /** The test server's heap: the memory backend keeps every document on it (1M documents: see the RSS printed). */
    static final int SERVER_HEAP_MB = 6144;

    private static final MongoConnector CONNECTOR = new MongoConnector();

    @Param("1000000")
    public int rows;

    private TestingMongoServer ownedServer;
    private MongoClient client;
    private MongoCollection<RawBsonDocument> rawCollection;
    private ReadRequest request;
    private BsonDocument projection;
    private long lastChecksum;

    /** JMH: the server {@link #main} loaded, or a server of this fork's own, started and loaded here. */
    @Setup(Level.Trial)
    public void setUp() {
        String loaded = System.getProperty(URI_PROPERTY);
        if (loaded == null) {
            ownedServer =
                    TestingMongoServer.builder().heapMegabytes(SERVER_HEAP_MB).buildUnlessExternal();
            prepare(ownedServer.uri(), DATABASE, splitMode(ownedServer));
            load(client.getDatabase(DATABASE), rows);
        } else {
            prepare(loaded, DATABASE, System.getProperty(SPLIT_MODE_PROPERTY, "auto"));
        }
    }

    /** For the smoke test: loads the rows into a database of a running (shared) server. */
    void setUp(TestingMongoServer server, String database) {
        prepare(server.uri(), database, splitMode(server));
        load(client.getDatabase(database), rows);
    }

    /** single against the test server (see the class comment), the default (auto) against a real MongoDB. */
    static String splitMode(TestingMongoServer server) {
        return server.isExternal() ? "auto" : "single";
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

    private void prepare(String uri, String database, String splitMode) {
        client = com.mongodb.client.MongoClients.create(uri);
        rawCollection =
                client.getDatabase(database).getCollection(TestingLineitemDocuments.COLLECTION, RawBsonDocument.class);
        TableContext table = TestingLineitemDocuments.tableContext(uri, database, true, splitMode);
        request = new ReadRequest(
                table,
                IntStream.range(0, table.mapping().size()).boxed().toList(),
                Optional.empty(),
                OptionalLong.empty());
        projection = MongoProjection.of(MongoTable.of(table).layout(), request.projection(), request.nestedPaths());
    }

    /** Drops and loads the collection (raw {@code insertMany}), and prints what collStats says of it. */
    static void load(MongoDatabase database, int rows) {
        long start = System.nanoTime();
        TestingLineitemDocuments.load(
                database.getCollection(TestingLineitemDocuments.COLLECTION, Document.class), rows);
        long loaded = System.nanoTime();
        BsonDocument stats = database.runCommand(
                new BsonDocument("collStats", new org.bson.BsonString(TestingLineitemDocuments.COLLECTION)),
                BsonDocument.class);
        System.out.printf(
                "loaded %,d documents in %,d ms (%,.0f documents/s); collStats: count %s, size %s bytes, avgObjSize %s%n",
                rows,
                (loaded - start) / 1_000_000,
                rows * 1e9 / (loaded - start),
                stats.get("count"),
                stats.get("size"),
                stats.get("avgObjSize"));
    }

    /** The hive-nosql path: the connector's splits, a record source per split, every column's neutral value. */
    @Benchmark
    public long handlerRecordSource(Blackhole blackhole) throws IOException {
        long count = 0;
        long checksum = 0;
        int columns = request.projection().size();
        List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
        for (SplitSpec split : splits) {
            try (RecordSource source = CONNECTOR.openReader(request, split)) {
                while (source.next()) {
                    blackhole.consume(source.get(0)); // the _id's hex text
                    long terms = 0;
                    for (int column = 1; column < columns; column++) {
                        terms += TestingLineitemDocuments.neutralTerm(column - 1, source.get(column));
                    }
                    checksum += TestingLineitemDocuments.finish(terms);
                    count++;
                }
            }
        }
        lastChecksum = checksum;
        return requireRows(count);
    }

    /**
     * A vectorized Hive task with the handler's batch reader: the split's column vectors filled straight from the
     * connector's values ({@code hive.vectorized.use.vectorized.input.format}).
     */
    @Benchmark
    public long hiveBatchReader(Blackhole blackhole) throws IOException {
        long count = 0;
        for (SplitSpec split : CONNECTOR.planSplits(request, 0)) {
            count += VectorizedReadPaths.batches(request, CONNECTOR.openReader(request, split), blackhole::consume);
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
        for (SplitSpec split : CONNECTOR.planSplits(request, 0)) {
            count += VectorizedReadPaths.rowsIntoBatches(
                    request, CONNECTOR.openReader(request, split), blackhole::consume);
        }
        return requireRows(count);
    }

    /** The baseline: one find() of whole documents, every field decoded from the raw bytes. */
    @Benchmark
    public long rawDriverFind(Blackhole blackhole) {
        return rawScan(new BsonDocument(), blackhole);
    }

    /** The baseline with the handler's projection: the server's work as for the handler, the client's as for raw. */
    @Benchmark
    public long rawDriverFindProjected(Blackhole blackhole) {
        return rawScan(projection, blackhole);
    }

    private long rawScan(BsonDocument projection, Blackhole blackhole) {
        TestingLineitemDocuments.Scan scan = TestingLineitemDocuments.rawScan(
                rawCollection, projection, TestingLineitemDocuments.READ_BATCH_SIZE, blackhole);
        lastChecksum = scan.checksum();
        return requireRows(scan.rows());
    }

    /** The checksum of the values the last operation read (for the smoke test). */
    long lastChecksum() {
        return lastChecksum;
    }

    /** The number of splits the connector plans (for the smoke test and the printout). */
    int plannedSplits() throws IOException {
        return CONNECTOR.planSplits(request, 0).size();
    }

    private long requireRows(long count) {
        if (count != rows) {
            throw new IllegalStateException("read " + count + " rows, expected " + rows);
        }
        return count;
    }

    /**
     * Starts a test server ({@value #SERVER_HEAP_MB} MB heap), or uses the MongoDB of {@code MONGO_URI}, loads {@code
     * args[0]} documents (default 1,000,000) and runs the methods in {@code args[1]} rounds (default 3); stops the
     * server at the end.
     */
    public static void main(String[] args) throws RunnerException, IOException {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        try (TestingMongoServer server =
                TestingMongoServer.builder().heapMegabytes(SERVER_HEAP_MB).buildUnlessExternal()) {
            System.out.println("started " + server);
            String label;
            try (MongoClient client = com.mongodb.client.MongoClients.create(server.uri())) {
                label = serverLabel(server, client, SERVER_HEAP_MB);
                System.out.println("server: " + label + "; load average " + loadAverage());
                load(client.getDatabase(DATABASE), rows);
            }
            printMemory(server);
            printPlanning(server.uri(), "auto", rows);
            String splitMode = splitMode(server);
            if (!splitMode.equals("auto")) {
                printPlanning(server.uri(), splitMode, rows);
            }
            new JmhRounds(
                            BenchmarkMongoRecordReader.class,
                            "rawDriverFind",
                            List.of(
                                    "handlerRecordSource",
                                    "hiveBatchReader",
                                    "hiveRowsIntoBatches",
                                    "rawDriverFindProjected"),
                            rows)
                    .run(
                            rounds,
                            Map.of("rows", Integer.toString(rows)),
                            Map.of(URI_PROPERTY, server.uri(), SPLIT_MODE_PROPERTY, splitMode),
                            "2g");
            System.out.println("== server: " + label + "; mongo.split.mode=" + splitMode + "; load average at the end "
                    + loadAverage());
            printMemory(server);
        }
    }

    /** Plans the splits once with a split mode and prints how long it took and what came out (or the failure). */
    private static void printPlanning(String uri, String splitMode, int rows) {
        BenchmarkMongoRecordReader check = new BenchmarkMongoRecordReader();
        check.rows = rows;
        check.prepare(uri, DATABASE, splitMode);
        long start = System.nanoTime();
        try {
            int splits = check.plannedSplits();
            System.out.printf(
                    "planning with mongo.split.mode=%s: %d split(s) in %,d ms%n",
                    splitMode, splits, (System.nanoTime() - start) / 1_000_000);
        } catch (IOException | RuntimeException e) {
            System.out.printf(
                    "planning with mongo.split.mode=%s failed after %,d ms: %s%n",
                    splitMode, (System.nanoTime() - start) / 1_000_000, e);
        } finally {
            check.tearDown();
        }
    }

    /**
     * What the figures ran against: the test double (its pid and heap), or the external server's version from
     * {@code buildInfo}.
     */
    static String serverLabel(TestingMongoServer server, MongoClient client, int heapMegabytes) {
        BsonDocument buildInfo = client.getDatabase("admin")
                .runCommand(new BsonDocument("buildInfo", new BsonInt32(1)), BsonDocument.class);
        String version = buildInfo.containsKey("version")
                ? buildInfo.getString("version").getValue()
                : "?";
        if (server.isExternal()) {
            return "MongoDB " + version + " (buildInfo) at " + server.host() + ":" + server.port();
        }
        return "mongo-java-server test double (memory backend, own JVM, pid " + server.pid() + ", -Xmx" + heapMegabytes
                + "m; reports MongoDB " + version + ")";
    }

    static void printMemory(TestingMongoServer server) {
        if (!server.isExternal()) {
            System.out.println("server memory: " + TestingLineitemDocuments.residentMemory(server.pid()));
        }
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
