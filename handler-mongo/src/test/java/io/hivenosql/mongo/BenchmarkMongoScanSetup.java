package io.hivenosql.mongo;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.sandbox.bench.ScanSetupBenchmark;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.bson.types.Decimal128;

/**
 * What planning a query over a small MongoDB collection costs, and what each of its tasks costs before and while it
 * reads ({@link ScanSetupBenchmark}). MongoDB takes the predicate (a pushed filter), so the tasks read the matching
 * half.
 *
 * <p>Run with {@code bin/hive-nosql microbench setup} (all stores), or {@link #main} alone: one MongoDB test server (or
 * the MongoDB of {@code MONGO_URI}), loaded once.
 */
public class BenchmarkMongoScanSetup extends ScanSetupBenchmark<TestingMongoServer> {
    static final String DATABASE = "bench_setup";

    public BenchmarkMongoScanSetup() {
        super(MongoStorageHandler.class, MongoSerDe.class);
    }

    /** A MongoDB test server, or the MongoDB of {@code MONGO_URI}. */
    @Override
    protected TestingMongoServer startServer() {
        return TestingMongoServer.builder().buildUnlessExternal();
    }

    @Override
    protected String address(TestingMongoServer server) {
        return server.uri();
    }

    /** Drops the collection and inserts documents {@code _id: i} with a name, a quantity (i mod 10) and a price. */
    @Override
    protected void load(String uri, int rows) {
        try (MongoClient client = com.mongodb.client.MongoClients.create(uri)) {
            MongoCollection<Document> collection = client.getDatabase(DATABASE).getCollection(TABLE);
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

    @Override
    protected Map<String, String> storeProperties(String uri) {
        return Map.of(
                "mongo.uri",
                TestingMongoServer.databaseUri(uri, DATABASE, TABLE),
                "mongo.columns.mapping",
                "{\"id\":\"_id\"}");
    }

    /**
     * Starts a MongoDB test server (or uses the MongoDB of {@code MONGO_URI}), loads {@code args[0]} documents (default
     * 10), runs both methods and stops the server.
     */
    public static void main(String[] args) throws Exception {
        run(new BenchmarkMongoScanSetup(), args);
    }
}
