package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableStatistics;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Splits planned against the shared test server read every document exactly once: a collection whose {@code _id}s
 * mix ObjectIds, numbers of every type (NaN too), strings, dates, documents, a boolean and null is planned with
 * several split counts and sizes, and each split's query is run with the plain driver.
 */
class TestMongoSplits {
    private static final String DATABASE = "splits";
    private static final int DOCUMENTS = 20_000;
    private static final List<HiveColumn> COLUMNS =
            List.of(HiveColumn.of("id", "string"), HiveColumn.of("k", "int"), HiveColumn.of("pad", "string"));

    private static MongoClient client;
    private static List<BsonValue> ids;

    @BeforeAll
    static void insertDocuments() {
        client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri());
        client.getDatabase(DATABASE).drop();
        MongoCollection<BsonDocument> collection = collection("mixed");
        ids = new ArrayList<>();
        List<BsonDocument> batch = new ArrayList<>();
        String pad = "x".repeat(200);
        for (int n = 0; n < DOCUMENTS; n++) {
            BsonValue id =
                    switch (n % 20) {
                        case 14 -> new BsonInt32(n);
                        case 15 -> new BsonInt64(n + (1L << 40));
                        case 16 -> new BsonDouble(n + 0.5);
                        case 17 -> new BsonString("s" + n);
                        case 18 -> new BsonDateTime(n * 1000L);
                        case 19 -> new BsonDocument("a", new BsonInt32(n)).append("b", new BsonString("x"));
                        default -> new BsonObjectId(new ObjectId());
                    };
            ids.add(id);
            batch.add(new BsonDocument("_id", id).append("k", new BsonInt32(n)).append("pad", new BsonString(pad)));
        }
        for (BsonValue special : List.of(
                new BsonDecimal128(Decimal128.parse("12345.678")),
                new BsonDouble(Double.NaN),
                BsonBoolean.TRUE,
                BsonNull.VALUE)) {
            ids.add(special);
            batch.add(new BsonDocument("_id", special).append("k", new BsonInt32(-1)));
        }
        collection.insertMany(batch);
    }

    @AfterAll
    static void dropDatabase() {
        client.getDatabase(DATABASE).drop();
        client.close();
        MongoClients.closeIdle();
    }

    private static MongoCollection<BsonDocument> collection(String name) {
        return client.getDatabase(DATABASE).getCollection(name, BsonDocument.class);
    }

    private static TableContext table(String collection, Map<String, String> properties) {
        Map<String, String> all = new HashMap<>(properties);
        all.put("mongo.uri", TestingMongoServer.shared().databaseUri(DATABASE, collection));
        all.put("mongo.columns.mapping", "{\"id\": \"_id\"}");
        all.put("mongo.objectid.columns", "");
        return TableContexts.create(new MongoConnector(), "db.t", all, COLUMNS, null);
    }

    private static ReadRequest request(TableContext table, Optional<Filter> filter) {
        return new ReadRequest(table, List.of(0), filter, OptionalLong.empty());
    }

    /** How often each _id was read, over all splits of the scan. */
    private static Map<BsonValue, Integer> readAll(ReadRequest request, List<SplitSpec> splits) throws IOException {
        MongoTable table = MongoTable.of(request.table());
        MongoCollection<BsonDocument> collection =
                client.getDatabase(table.database()).getCollection(table.collection(), BsonDocument.class);
        Map<BsonValue, Integer> counts = new HashMap<>();
        for (SplitSpec spec : splits) {
            MongoScan scan = MongoReads.scan(table, request, MongoSplit.fromBytes(spec.payload()));
            FindIterable<BsonDocument> find =
                    collection.find(scan.filter()).projection(new BsonDocument("_id", new BsonInt32(1)));
            scan.min().ifPresent(find::min);
            scan.max().ifPresent(find::max);
            scan.hint().ifPresent(find::hint);
            for (BsonDocument document : find) {
                counts.merge(document.get("_id"), 1, Integer::sum);
            }
        }
        return counts;
    }

    private static void assertEveryDocumentOnce(Map<BsonValue, Integer> counts, List<BsonValue> expected) {
        assertThat(counts.values()).as("documents read more than once").allMatch(count -> count == 1);
        assertThat(counts.keySet()).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void everySplitCountReadsEveryDocumentOnce() throws IOException {
        for (int count : List.of(1, 2, 7, 40)) {
            TableContext table =
                    table("mixed", Map.of("mongo.split.mode", "sample", "mongo.split.count", Integer.toString(count)));
            ReadRequest request = request(table, Optional.empty());
            List<SplitSpec> splits = MongoReads.planSplits(request, 0);
            if (count == 1) {
                assertThat(splits).hasSize(1);
            } else {
                assertThat(splits).as("split.count %s", count).hasSizeBetween(count - 1, count + 1);
            }
            assertThat(splits).allMatch(split -> split.description().startsWith("split "));
            assertEveryDocumentOnce(readAll(request, splits), ids);
        }
    }

    @Test
    void numberStringAndDocumentIdsSplitExactly() throws IOException {
        for (String kind : List.of("number", "string", "document")) {
            String name = "mostly_" + kind;
            collection(name).drop();
            List<BsonValue> expected = new ArrayList<>();
            List<BsonDocument> batch = new ArrayList<>();
            for (int n = 0; n < 3000; n++) {
                BsonValue id =
                        switch (n % 10) {
                            case 8 -> new BsonObjectId(new ObjectId());
                            case 9 -> kind.equals("number") ? new BsonString("s" + n) : new BsonInt32(n);
                            default -> switch (kind) {
                                case "number" -> switch (n % 4) {
                                    case 0 -> new BsonInt32(n);
                                    case 1 -> new BsonInt64(n + (1L << 33));
                                    case 2 -> new BsonDouble(n + 0.5);
                                    default -> new BsonDecimal128(Decimal128.parse(n + ".25"));
                                };
                                case "string" -> new BsonString(n % 3 == 0 ? "S" + n : "s" + n);
                                default -> new BsonDocument("a", new BsonInt32(n % 50))
                                        .append("b", new BsonString("x" + n));
                            };
                        };
                expected.add(id);
                batch.add(new BsonDocument("_id", id));
            }
            if (kind.equals("number")) {
                for (double special : new double[] {Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY}) {
                    expected.add(new BsonDouble(special));
                    batch.add(new BsonDocument("_id", new BsonDouble(special)));
                }
            }
            collection(name).insertMany(batch);
            TableContext table = table(name, Map.of("mongo.split.mode", "sample", "mongo.split.count", "7"));
            ReadRequest request = request(table, Optional.empty());
            List<SplitSpec> splits = MongoReads.planSplits(request, 0);
            assertThat(splits).as(kind).hasSizeBetween(6, 8);
            assertThat(splits).anyMatch(split -> split.description().contains("of another type than " + kind));
            assertEveryDocumentOnce(readAll(request, splits), expected);
        }
    }

    @Test
    void longStringIdsAreSortedInPiecesBelowTheCommandSizeLimit() throws IOException {
        // 800 _ids of 25,000 characters: one $in of the whole sample would be a 20 MB command, over MongoDB's 16 MB
        String name = "long_ids";
        collection(name).drop();
        String pad = "x".repeat(25_000);
        List<BsonValue> expected = new ArrayList<>();
        List<BsonDocument> batch = new ArrayList<>();
        for (int n = 0; n < 800; n++) {
            BsonValue id = new BsonString(String.format("%04d", (n * 7919) % 800) + pad);
            expected.add(id);
            batch.add(new BsonDocument("_id", id));
        }
        collection(name).insertMany(batch);
        List<List<BsonValue>> pieces = MongoIdSample.pieces(expected, MongoIdSample.SORT_PIECE_BYTES);
        assertThat(pieces).hasSizeGreaterThan(1).allSatisfy(piece -> assertThat(piece.size())
                .isLessThan(200));

        TableContext table = table(name, Map.of("mongo.split.mode", "sample", "mongo.split.count", "80"));
        ReadRequest request = request(table, Optional.empty());
        List<SplitSpec> splits = MongoReads.planSplits(request, 0);
        assertThat(splits).hasSizeGreaterThan(10);
        assertEveryDocumentOnce(readAll(request, splits), expected);
    }

    @Test
    void splitSizeSetsTheCountInAutoMode() throws IOException {
        TableContext table = table("mixed", Map.of("mongo.split.size-mb", "1"));
        ReadRequest request = request(table, Optional.empty());
        long bytes = MongoReads.statistics(table).orElseThrow().totalBytes();
        int expected = (int) ((bytes + (1 << 20) - 1) >> 20);
        assertThat(expected).isGreaterThan(2);
        List<SplitSpec> splits = MongoReads.planSplits(request, 0);
        assertThat(splits).hasSizeBetween(expected - 1, expected + 1);
        assertThat(splits).allMatch(split -> split.estimatedBytes() == bytes / splits.size());
        assertEveryDocumentOnce(readAll(request, splits), ids);

        // a collection no larger than a split is one
        TableContext big = table("mixed", Map.of("mongo.split.size-mb", "64"));
        assertThat(MongoReads.planSplits(request(big, Optional.empty()), 0)).hasSize(1);
    }

    @Test
    void anInputQueryWithAValueTheServerCannotReceiveFailsNamingTheProperty() {
        TableContext table = table("mixed", Map.of("mongo.input.query", "{\"k\": {\"$ne\": NaN}}"));
        ReadRequest request = request(table, Optional.empty());
        assertThat(MongoReads.filter(MongoTable.of(table), request, MongoDialect.MONGODB))
                .isEqualTo(BsonDocument.parse("{k: {$ne: NaN}}"));
        assertThatThrownBy(() -> MongoReads.filter(MongoTable.of(table), request, MongoDialect.FERRETDB_1))
                .hasMessageContaining("HNS-101 INVALID_TABLE_PROPERTY")
                .hasMessageContaining(
                        "property 'mongo.input.query' holds a DOUBLE value ({\"$numberDouble\": \"NaN\"}) at k.$ne")
                .hasMessageContaining("cannot receive");
    }

    @Test
    void inputQueryAndPushedFilterAreAndedWithEachRange() throws IOException {
        TableContext table = table(
                "mixed",
                Map.of(
                        "mongo.split.mode", "sample",
                        "mongo.split.count", "7",
                        "mongo.input.query", "{\"k\": {\"$lt\": 5000}}"));
        ReadRequest request = request(table, Optional.of(new Filter.Compare("k", CompareOp.GE, 1000)));
        List<BsonValue> expected = new ArrayList<>();
        for (int n = 1000; n < 5000; n++) {
            expected.add(ids.get(n));
        }
        assertEveryDocumentOnce(readAll(request, MongoReads.planSplits(request, 0)), expected);
        assertThat(MongoReads.filter(MongoTable.of(table), request, MongoDialect.MONGODB))
                .isEqualTo(BsonDocument.parse(
                        "{$and: [{k: {$lt: 5000}}, {k: {$gte: 1000, $lte: 2147483647, $not: {$type: 'array'}}}]}"));
        assertThat(MongoReads.filter(
                        MongoTable.of(table("mixed", Map.of())),
                        request(table, Optional.empty()),
                        MongoDialect.MONGODB))
                .isEqualTo(new BsonDocument());
    }

    @Test
    void emptyAndTinyCollectionsAreOneSplit() throws IOException {
        collection("empty").drop();
        client.getDatabase(DATABASE).createCollection("empty");
        TableContext empty = table("empty", Map.of("mongo.split.mode", "sample", "mongo.split.count", "7"));
        List<SplitSpec> splits = MongoReads.planSplits(request(empty, Optional.empty()), 0);
        assertThat(splits).hasSize(1);
        assertThat(splits.get(0).description()).isEqualTo("split 1 of 1: the whole collection");
        assertThat(MongoReads.statistics(empty)).contains(new TableStatistics(0, 0));

        TableContext missing = table("nosuchcollection", Map.of("mongo.split.count", "7"));
        assertThat(MongoReads.planSplits(request(missing, Optional.empty()), 0)).hasSize(1);

        collection("one").drop();
        collection("one").insertOne(new BsonDocument("_id", new BsonInt32(1)));
        TableContext one = table("one", Map.of("mongo.split.mode", "sample", "mongo.split.count", "7"));
        ReadRequest request = request(one, Optional.empty());
        List<SplitSpec> oneSplit = MongoReads.planSplits(request, 0);
        assertThat(oneSplit).hasSize(1);
        assertEveryDocumentOnce(readAll(request, oneSplit), List.of(new BsonInt32(1)));
    }

    @Test
    void singleAndChunkModes() throws IOException {
        TableContext single = table("mixed", Map.of("mongo.split.mode", "single", "mongo.split.count", "7"));
        assertThat(MongoReads.planSplits(request(single, Optional.empty()), 0)).hasSize(1);

        TableContext chunks = table("mixed", Map.of("mongo.split.mode", "chunks"));
        assertThatThrownBy(() -> MongoReads.planSplits(request(chunks, Optional.empty()), 0))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("mongo.split.mode=chunks")
                .hasMessageContaining(DATABASE + ".mixed is not a sharded collection")
                .hasMessageContaining("use mongo.split.mode=auto or sample");
    }

    @Test
    void statisticsAreTheWholeCollections() throws IOException {
        TableContext table = table("mixed", Map.of("mongo.input.query", "{\"k\": 1}"));
        TableStatistics statistics = MongoReads.statistics(table).orElseThrow();
        assertThat(statistics.rowCount()).isEqualTo(ids.size());
        assertThat(statistics.totalBytes()).isGreaterThan(DOCUMENTS * 200L);
    }

    @Test
    void unreachableServerNamesTheTable() {
        TableContext table = TableContexts.create(
                new MongoConnector(),
                "db.t",
                Map.of("mongo.uri", "mongodb://127.0.0.1:1/x.y", "mongo.timeout.ms", "300"),
                COLUMNS,
                null);
        assertThatThrownBy(() -> MongoReads.planSplits(request(table, Optional.empty()), 0))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("HNS-201")
                .hasMessageContaining("planning the splits")
                .hasMessageContaining("db.t");
    }
}
