package io.hivenosql.bench.raw;

import static java.util.Objects.requireNonNull;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCursor;
import org.bson.Document;

/** {@code find()} over the whole collection (batches of 1,000), each document decoded with all its fields. */
record MongoRawScan(String uri, String database, String collection) implements RawScan {
    MongoRawScan {
        requireNonNull(uri, "uri is null");
        requireNonNull(database, "database is null");
        requireNonNull(collection, "collection is null");
    }

    @Override
    public long scan() {
        ValueTally tally = new ValueTally();
        try (MongoClient client = MongoClients.create(uri);
                MongoCursor<Document> cursor = client.getDatabase(database)
                        .getCollection(collection)
                        .find()
                        .batchSize(1000)
                        .iterator()) {
            while (cursor.hasNext()) {
                tally.size(cursor.next().size());
                tally.row();
            }
        }
        return tally.rows();
    }
}
