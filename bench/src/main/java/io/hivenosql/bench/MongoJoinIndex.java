package io.hivenosql.bench;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.model.Indexes;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The index a MongoDB user who joins lineitem on {@code l_orderkey} has: created with the driver once lineitem is
 * loaded (through Hive), so that {@code probe_join_selective} reads lineitem through it (runtime join-key pushdown on
 * an indexed field: the join keys of the filtered orders become {@code {l_orderkey: {$in: [...]}}}). The MongoDB test
 * server accepts and lists the index but scans for non-unique ones; a real MongoDB seeks each key.
 */
public final class MongoJoinIndex {
    static final String FIELD = "l_orderkey";

    private static final Logger log = LoggerFactory.getLogger(MongoJoinIndex.class);

    private MongoJoinIndex() {}

    /** Creates the ascending index on {@value #FIELD} of the collection, and logs that it did and how long it took. */
    public static void create(String uri, String database, String collection) {
        long start = System.nanoTime();
        String name;
        try (MongoClient client = MongoClients.create(uri)) {
            name = client.getDatabase(database).getCollection(collection).createIndex(Indexes.ascending(FIELD));
        }
        log.info(
                "Created index {} on {}.{} ({} ascending) in {} ms, as a user joining it on {} would have one: "
                        + "the join reads lineitem through it",
                name,
                database,
                collection,
                FIELD,
                Duration.ofNanos(System.nanoTime() - start).toMillis(),
                FIELD);
    }
}
