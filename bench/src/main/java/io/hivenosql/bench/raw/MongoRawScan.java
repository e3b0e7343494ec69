package io.hivenosql.bench.raw;

import static java.util.Objects.requireNonNull;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import org.bson.Document;

/**
 * {@code find()} over the whole collection (batches of 1,000), each document decoded with all its fields by the
 * driver's codec, on one thread: as the MongoDB microbenchmark's {@code rawDriverFind} reads (which decodes the same
 * fields from the raw bytes, its decimals to {@code BigDecimal} besides).
 */
final class MongoRawScan implements RawScan {
    private final MongoClient client;
    private final MongoCollection<Document> collection;

    private MongoRawScan(MongoClient client, MongoCollection<Document> collection) {
        this.client = client;
        this.collection = collection;
    }

    /** Connects (a ping, so that the scan does not open the connection). */
    static MongoRawScan open(String uri, String database, String collection) {
        requireNonNull(uri, "uri is null");
        requireNonNull(database, "database is null");
        requireNonNull(collection, "collection is null");
        MongoClient client = MongoClients.create(uri);
        try {
            client.getDatabase(database).runCommand(new Document("ping", 1));
            return new MongoRawScan(client, client.getDatabase(database).getCollection(collection));
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    @Override
    public long scan() {
        ValueTally tally = new ValueTally();
        try (MongoCursor<Document> cursor = collection.find().batchSize(1000).iterator()) {
            while (cursor.hasNext()) {
                tally.size(cursor.next().size());
                tally.row();
            }
        }
        return tally.rows();
    }

    @Override
    public void close() {
        client.close();
    }
}
