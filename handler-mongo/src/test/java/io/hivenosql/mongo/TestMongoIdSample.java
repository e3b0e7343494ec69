package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TestMongoIdSample {
    private static final String DATABASE = "idsample";
    private static final String PAD = "x".repeat(1000);
    /** What a string of {@code PAD}'s length is counted as in a command. */
    private static final long PADDED_BYTES = 16 + 3L * (4 + PAD.length());

    /** Strings whose order is their number's, in the order of their numbers. */
    private static final List<BsonValue> IDS = IntStream.range(0, 60)
            .mapToObj(n -> (BsonValue) new BsonString(String.format("%04d", n) + PAD))
            .toList();

    private static MongoClient client;

    @BeforeAll
    static void insertInRandomOrder() {
        client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri());
        MongoCollection<BsonDocument> collection = collection();
        collection.drop();
        List<BsonDocument> documents = new ArrayList<>(
                IDS.stream().map(id -> new BsonDocument("_id", id)).toList());
        Collections.shuffle(documents, new Random(1));
        collection.insertMany(documents);
    }

    @AfterAll
    static void dropDatabase() {
        try (MongoClient closing = client) {
            closing.getDatabase(DATABASE).drop();
        }
        MongoClients.closeIdle();
    }

    @Test
    void cutsPiecesByTheirEncodedSize() {
        List<BsonValue> strings = IDS.subList(0, 10);
        List<List<BsonValue>> pieces = MongoIdSample.pieces(strings, 3 * PADDED_BYTES);
        assertThat(pieces).extracting(List::size).containsExactly(3, 3, 3, 1);
        assertThat(pieces.stream().flatMap(List::stream)).containsExactlyElementsOf(strings);
        // a value larger than a piece is a piece of its own
        assertThat(MongoIdSample.pieces(strings.subList(0, 2), 10))
                .extracting(List::size)
                .containsExactly(1, 1);
        // other values count as encoded in a document: {v: <int32>} is 12 bytes
        List<BsonValue> numbers = List.of(new BsonInt32(1), new BsonInt32(2), new BsonInt32(3));
        assertThat(MongoIdSample.pieces(numbers, 24)).extracting(List::size).containsExactly(2, 1);
        assertThat(MongoIdSample.pieces(List.of(), 24)).isEmpty();
    }

    @Test
    void sortsInTheServersOrderLeavingOutDeletedValues() {
        List<BsonValue> values = new ArrayList<>(IDS);
        values.add(new BsonString("deleted since the sample"));
        Collections.shuffle(values, new Random(2));
        List<BsonValue> sorted = sorted(IDS);

        assertThat(MongoIdSample.sortedByServer(collection(), values, MongoIdSample.SORT_PIECE_BYTES))
                .containsExactlyElementsOf(sorted);
        // in pieces of 10: a smaller sample, spread evenly and still in order
        List<BsonValue> spread = MongoIdSample.sortedByServer(collection(), values, 10 * PADDED_BYTES);
        assertThat(spread).hasSizeBetween(2, 20).isEqualTo(sorted(spread));
        assertThat(sorted).containsAll(spread);
    }

    @Test
    void drawsIdsOfTheCollection() {
        MongoTable table = MongoTable.of(TableContexts.create(
                new MongoConnector(),
                "db.t",
                Map.of(
                        "mongo.uri", TestingMongoServer.shared().databaseUri(DATABASE, "ids"),
                        "mongo.columns.mapping", "{\"id\": \"_id\"}",
                        "mongo.objectid.columns", ""),
                List.of(HiveColumn.of("id", "string")),
                null));

        List<BsonValue> all = MongoIdSample.draw(table, collection(), 100);
        assertThat(all).containsExactlyInAnyOrderElementsOf(IDS);
        assertThat(MongoIdSample.draw(table, collection(), 5)).hasSize(5).isSubsetOf(IDS);
    }

    private static MongoCollection<BsonDocument> collection() {
        return client.getDatabase(DATABASE).getCollection("ids", BsonDocument.class);
    }

    private static List<BsonValue> sorted(List<BsonValue> strings) {
        return strings.stream()
                .sorted(Comparator.comparing(value -> value.asString().getValue()))
                .toList();
    }
}
