package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Interpolated splits against the shared test server, told that it has no {@code $sample} (and, for strings, no
 * collation): numbers of every kind at and next to the boundaries, NaN and infinities, dates and the filter's bounds;
 * each split's query is run with the plain driver and every document must come back exactly once.
 */
class TestMongoInterpolatedSplits {
    private static final String DATABASE = "interpolated";
    private static final MongoServerCapabilities NO_SAMPLE =
            new MongoServerCapabilities("the test server, told it has no $sample", false, true);
    private static final List<BsonDocument> commands = Collections.synchronizedList(new ArrayList<>());

    private static MongoClient client;

    @BeforeAll
    static void connect() {
        client = TestingSplitReads.recordingClient(TestingMongoServer.shared().uri(), commands);
        client.getDatabase(DATABASE).drop();
    }

    @AfterAll
    static void dropDatabase() {
        client.getDatabase(DATABASE).drop();
        client.close();
        MongoClients.closeIdle();
    }

    private static MongoCollection<BsonDocument> insert(String name, List<BsonValue> ids) {
        MongoCollection<BsonDocument> collection = client.getDatabase(DATABASE).getCollection(name, BsonDocument.class);
        List<BsonDocument> documents = new ArrayList<>();
        for (BsonValue id : ids) {
            documents.add(new BsonDocument("_id", id).append("pad", new BsonString("x".repeat(100))));
        }
        collection.insertMany(documents);
        return collection;
    }

    private static TableContext table(String collection, String idType, int splits) {
        Map<String, String> properties = new HashMap<>();
        properties.put("mongo.uri", TestingMongoServer.shared().databaseUri(DATABASE, collection));
        properties.put("mongo.columns.mapping", "{\"id\": \"_id\"}");
        properties.put("mongo.objectid.columns", "");
        properties.put("mongo.split.count", Integer.toString(splits));
        return TableContexts.create(
                new MongoConnector(), "db.t", properties, List.of(HiveColumn.of("id", idType)), null);
    }

    private static List<SplitSpec> plan(
            ReadRequest request, MongoCollection<BsonDocument> collection, MongoServerCapabilities server) {
        MongoTable table = MongoTable.of(request.table());
        commands.clear();
        List<SplitSpec> splits = MongoSplitPlanner.plan(
                table, client, collection, MongoReads.filter(table, request, server.dialect()), 0, server);
        if (!server.sample()) {
            assertThat(commands).noneMatch(command -> command.toJson().contains("$sample"));
        }
        return splits;
    }

    /** How often each _id was read over all splits, with the plain driver. */
    private static Map<BsonValue, Integer> readAll(
            ReadRequest request, MongoCollection<BsonDocument> collection, List<SplitSpec> splits) throws IOException {
        MongoTable table = MongoTable.of(request.table());
        Map<BsonValue, Integer> counts = new HashMap<>();
        for (SplitSpec spec : splits) {
            MongoScan scan = MongoReads.scan(table, request, MongoSplit.fromBytes(spec.payload()));
            FindIterable<BsonDocument> find = collection.find(scan.filter());
            for (BsonDocument document : find) {
                counts.merge(document.get("_id"), 1, Integer::sum);
            }
        }
        return counts;
    }

    private static void assertOnce(Map<BsonValue, Integer> counts, List<BsonValue> expected) {
        assertThat(counts.values()).as("documents read more than once").allMatch(count -> count == 1);
        assertThat(counts.keySet()).containsExactlyInAnyOrderElementsOf(expected);
    }

    private static ReadRequest request(TableContext table, Filter filter) {
        return new ReadRequest(table, List.of(0), Optional.ofNullable(filter), OptionalLong.empty());
    }

    @Test
    void numbersOfEveryKindAtTheBoundariesAreReadOnce() throws IOException {
        BsonValue first = new BsonInt32(-1_000);
        BsonValue last = new BsonDouble(1_000.5);
        List<BsonValue> boundaries = MongoIdInterpolation.boundaries(first, last, 8);
        List<BsonValue> ids = new ArrayList<>(List.of(first, last));
        for (BsonValue boundary : boundaries) {
            double value = boundary.asDouble().getValue();
            ids.add(boundary);
            ids.add(new BsonDouble(Math.nextDown(value)));
            ids.add(new BsonDouble(Math.nextUp(value)));
            // a long and an int next to it
            ids.add(new BsonInt64((long) Math.floor(value) - 1));
            ids.add(new BsonInt32((int) Math.ceil(value) + 1));
        }
        for (int i = -999; i < 1_000; i += 7) {
            BsonValue id = i % 2 == 0 ? new BsonInt32(i) : new BsonInt64(i);
            if (!ids.contains(id) && !ids.contains(new BsonInt32(i)) && !ids.contains(new BsonInt64(i))) {
                ids.add(id);
            }
        }
        List<BsonValue> unique = unique(ids);
        MongoCollection<BsonDocument> collection = insert("numbers", unique);
        ReadRequest request = request(table("numbers", "double", 8), null);
        List<SplitSpec> splits = plan(request, collection, NO_SAMPLE);
        assertThat(splits).hasSize(9); // 8 ranges and the split of other types
        assertOnce(readAll(request, collection, splits), unique);
    }

    /** The ids, each numeric value once (MongoDB sees 5, 5L and 5.0 as one _id). */
    private static List<BsonValue> unique(List<BsonValue> ids) {
        List<BsonValue> unique = new ArrayList<>();
        for (BsonValue id : ids) {
            if (unique.stream().noneMatch(other -> MongoIdRanges.compareNumbers(other, id) == 0)) {
                unique.add(id);
            }
        }
        return unique;
    }

    @Test
    void nanInfinitiesAndOtherTypesAreOneSplit() throws IOException {
        List<BsonValue> ids = new ArrayList<>(List.of(
                new BsonDouble(Double.NaN),
                new BsonDouble(Double.NEGATIVE_INFINITY),
                new BsonDouble(Double.POSITIVE_INFINITY),
                new BsonString("s")));
        for (int i = 0; i < 100; i++) {
            ids.add(new BsonInt32(i));
        }
        MongoCollection<BsonDocument> collection = insert("specials", ids);
        ReadRequest request = request(table("specials", "string", 4), null);
        List<SplitSpec> splits = plan(request, collection, NO_SAMPLE);
        assertThat(splits).hasSize(1);
        assertOnce(readAll(request, collection, splits), ids);
        // bounded to the finite numbers, they are interpolated again
        ReadRequest bounded = request(
                table("specials", "bigint", 4),
                Filter.and(new Filter.Compare("id", CompareOp.GE, 10L), new Filter.Compare("id", CompareOp.LE, 89L)));
        List<SplitSpec> boundedSplits = plan(bounded, collection, NO_SAMPLE);
        assertThat(boundedSplits).hasSize(4);
        List<BsonValue> expected = new ArrayList<>();
        for (int i = 10; i <= 89; i++) {
            expected.add(new BsonInt32(i));
        }
        assertOnce(readAll(bounded, collection, boundedSplits), expected);
    }

    @Test
    void datesAreInterpolated() throws IOException {
        List<BsonValue> ids = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            ids.add(new BsonDateTime(1_700_000_000_000L + i * 60_000L));
        }
        MongoCollection<BsonDocument> collection = insert("dates", ids);
        ReadRequest request = request(table("dates", "timestamp", 5), null);
        List<SplitSpec> splits = plan(request, collection, NO_SAMPLE);
        assertThat(splits).hasSize(6);
        assertOnce(readAll(request, collection, splits), ids);
    }

    @Test
    void oneDocumentAndNoDocumentAreOneSplit() throws IOException {
        MongoCollection<BsonDocument> one = insert("one", List.of(new BsonInt32(5)));
        ReadRequest request = request(table("one", "bigint", 4), null);
        assertThat(plan(request, one, NO_SAMPLE)).hasSize(1);
        ReadRequest none = request(table("none", "bigint", 4), null);
        assertThat(plan(none, client.getDatabase(DATABASE).getCollection("none", BsonDocument.class), NO_SAMPLE))
                .hasSize(1);
    }

    /** A server with $sample but no collation: string _ids are one split, and no command names a collation. */
    @Test
    void stringsWithoutCollationAreOneSplit() throws IOException {
        List<BsonValue> ids = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            ids.add(new BsonString(String.format("s%04d", i)));
        }
        MongoCollection<BsonDocument> collection = insert("strings", ids);
        MongoServerCapabilities noCollation = new MongoServerCapabilities("no collation", true, false);
        ReadRequest request = request(table("strings", "string", 4), null);
        List<SplitSpec> splits = plan(request, collection, noCollation);
        assertThat(splits).hasSize(1);
        assertThat(MongoSplit.fromBytes(splits.get(0).payload()).collation()).isFalse();
        assertThat(commands).noneMatch(command -> command.containsKey("collation"));
        assertOnce(readAll(request, collection, splits), ids);
        // bounded strings too, without even a sample where the filter bounds _id to strings
        ReadRequest filtered = request(table("strings", "string", 4), new Filter.Compare("id", CompareOp.GE, "s0100"));
        assertThat(plan(filtered, collection, noCollation)).hasSize(1);
        assertThat(commands).noneMatch(command -> command.containsKey("collation"));
        TableContext bounded = TableContexts.create(
                new MongoConnector(),
                "db.t",
                Map.of(
                        "mongo.uri",
                        TestingMongoServer.shared().databaseUri(DATABASE, "strings"),
                        "mongo.columns.mapping",
                        "{\"id\": \"_id\"}",
                        "mongo.split.count",
                        "4",
                        "mongo.input.query",
                        "{\"_id\": {\"$gte\": \"s0100\"}}"),
                List.of(HiveColumn.of("id", "string")),
                null);
        assertThat(plan(request(bounded, null), collection, noCollation)).hasSize(1);
        assertThat(commands).noneMatch(command -> command.containsKey("collation") || command.containsKey("aggregate"));
        // with a collation they are cut at the sample
        assertThat(plan(request, collection, MongoServerCapabilities.full("full")))
                .hasSizeGreaterThan(1);
    }
}
