package io.hivenosql.mongo;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.sandbox.bench.HiveScanSetup;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPEqualOrGreaterThan;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.apache.hadoop.mapred.JobConf;
import org.bson.Document;
import org.bson.types.Decimal128;
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

/**
 * What planning a query over a small MongoDB collection costs, and what each of its tasks costs before and while it
 * reads, through Hive's interfaces only ({@link HiveScanSetup}): {@code SELECT id, name FROM setup_rows WHERE qty >= 5}
 * over {@link #rows} documents. MongoDB takes the predicate (a pushed filter), so the tasks read the matching half.
 *
 * <ul>
 *   <li>{@code planning}: the handler's SerDe, {@code decomposePredicate}, {@code configureInputJobProperties} and
 *       {@code getSplits}, as HiveServer2 runs them for a new query;
 *   <li>{@code taskSetupAndRead}: every split as its task opens it (split from its bytes, a new SerDe, {@code
 *       getRecordReader}) and reads and deserializes its rows.
 * </ul>
 *
 * <p>Run with {@code bin/hive-nosql microbench setup} (all stores), or {@link #main} alone: one MongoDB test server (or
 * the MongoDB of {@code MONGO_URI}), loaded once. Run by JMH alone, each fork starts and loads a server of its own.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class BenchmarkMongoScanSetup {
    /** The connection string (no database) of a server {@link #main} loaded; unset: start one. */
    static final String URI_PROPERTY = "hivenosql.bench.mongo.setup-uri";

    static final String DATABASE = "bench_setup";
    static final String COLLECTION = "setup_rows";
    /** Rows with {@code qty >= 5}: qty is the row number mod 10. */
    static final int QTY_AT_LEAST = 5;

    @Param("10")
    public int rows;

    private TestingMongoServer ownedServer;
    private HiveScanSetup scan;
    private HiveScanSetup.Plan plan;
    private JobConf[] taskConfs;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        String uri = System.getProperty(URI_PROPERTY);
        if (uri == null) {
            ownedServer = TestingMongoServer.builder().buildUnlessExternal();
            uri = ownedServer.uri();
            load(uri, rows);
        }
        prepare(uri);
    }

    /** For the smoke test: loads the rows into a running (shared) server. */
    void setUp(TestingMongoServer server) throws Exception {
        load(server.uri(), rows);
        prepare(server.uri());
    }

    private void prepare(String uri) throws Exception {
        scan = new HiveScanSetup(
                MongoStorageHandler.class,
                tableProperties(uri),
                List.of("id", "name"),
                HiveScanSetup.compare(
                        new GenericUDFOPEqualOrGreaterThan(),
                        "qty",
                        TypeInfoFactory.intTypeInfo,
                        QTY_AT_LEAST,
                        COLLECTION),
                2);
        plan = scan.plan();
        System.out.printf(
                "%n%d split(s); pushed: %s; Hive keeps: %s; columns read: %s%n",
                plan.splits().size(), plan.pushed(), plan.residual(), plan.readColumns());
    }

    @Setup(Level.Invocation)
    public void newTaskConfs() {
        taskConfs = HiveScanSetup.taskConfs(plan);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (ownedServer != null) {
            ownedServer.close();
        }
    }

    @Benchmark
    public HiveScanSetup.Plan planning() throws Exception {
        return scan.plan();
    }

    @Benchmark
    public long taskSetupAndRead(Blackhole blackhole) throws Exception {
        long read = scan.runTasks(plan, taskConfs, blackhole::consume);
        long matching = matching(rows);
        if (read < matching || read > rows) {
            throw new IllegalStateException("read " + read + " rows, expected " + matching + " to " + rows);
        }
        return read;
    }

    /** The rows with {@code qty >= 5}. */
    static long matching(int rows) {
        long count = 0;
        for (int i = 0; i < rows; i++) {
            count += i % 10 >= QTY_AT_LEAST ? 1 : 0;
        }
        return count;
    }

    /** Drops the collection and inserts documents {@code _id: i} with a name, a quantity (i mod 10) and a price. */
    static void load(String uri, int rows) {
        try (MongoClient client = com.mongodb.client.MongoClients.create(uri)) {
            MongoCollection<Document> collection = client.getDatabase(DATABASE).getCollection(COLLECTION);
            collection.drop();
            List<Document> documents = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
                documents.add(new Document("_id", (long) i)
                        .append("name", "customer#" + i)
                        .append("qty", i % 10)
                        .append("price", new Decimal128(new BigDecimal((100 + i) + ".25"))));
            }
            collection.insertMany(documents);
        }
    }

    /** The table's properties as the metastore hands them to Hive for an EXTERNAL table of this DDL. */
    static Properties tableProperties(String uri) {
        Properties properties = new Properties();
        properties.setProperty("name", "bench.setup_rows");
        properties.setProperty("columns", "id,name,qty,price");
        properties.setProperty("columns.types", "bigint:string:int:decimal(10,2)");
        properties.setProperty("location", "file:/warehouse/bench.db/setup_rows");
        properties.setProperty("EXTERNAL", "TRUE");
        properties.setProperty("storage_handler", MongoStorageHandler.class.getName());
        properties.setProperty("serialization.lib", MongoSerDe.class.getName());
        properties.setProperty("mongo.uri", TestingMongoServer.databaseUri(uri, DATABASE, COLLECTION));
        properties.setProperty("mongo.columns.mapping", "{\"id\":\"_id\"}");
        return properties;
    }

    /**
     * Starts a MongoDB test server (or uses the MongoDB of {@code MONGO_URI}), loads {@code args[0]} documents (default
     * 10), runs both methods and stops the server.
     */
    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        try (TestingMongoServer server = TestingMongoServer.builder().buildUnlessExternal()) {
            System.out.println("started " + server);
            load(server.uri(), rows);
            HiveScanSetup.runJmh(
                    BenchmarkMongoScanSetup.class, Map.of(URI_PROPERTY, server.uri()), Map.of("rows", "" + rows));
        }
    }
}
