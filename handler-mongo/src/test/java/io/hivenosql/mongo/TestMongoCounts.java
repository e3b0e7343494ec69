package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.IntStream;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A split of a request of no column is counted by the server ({@code countDocuments}) exactly as many documents as its
 * reader returns: for {@code _id} ranges over mixed {@code _id} types, a single split, {@code _id}s pinned by the
 * filter, a pushed filter, {@code mongo.input.query}, and an empty collection; against the shared test server.
 */
class TestMongoCounts {
    private static final String DATABASE = "counts";
    private static final int DOCUMENTS = 3_000;
    private static final List<HiveColumn> COLUMNS =
            List.of(HiveColumn.of("id", "bigint"), HiveColumn.of("k", "int"), HiveColumn.of("name", "string"));

    private static MongoClient client;

    @BeforeAll
    static void insertDocuments() {
        client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri());
        client.getDatabase(DATABASE).drop();
        List<BsonDocument> batch = new ArrayList<>();
        for (int n = 0; n < DOCUMENTS; n++) {
            BsonValue id =
                    switch (n % 6) {
                        case 0, 1 -> new BsonInt32(n);
                        case 2 -> new BsonInt64(n);
                        case 3 -> new BsonDouble(n);
                        case 4 -> new BsonObjectId(new ObjectId());
                        default -> new BsonString(String.format("s%05d", n));
                    };
            BsonDocument document = new BsonDocument("_id", id).append("k", new BsonInt32(n));
            // a value that does not read as the column's type: a record still, as no column is read
            document.append("name", n % 10 == 0 ? new BsonDateTime(n) : new BsonString("name " + n));
            batch.add(document);
        }
        batch.add(new BsonDocument("_id", BsonNull.VALUE).append("k", new BsonInt32(DOCUMENTS)));
        collection("things").insertMany(batch);
        client.getDatabase(DATABASE).createCollection("empty");
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

    /** A request of no column, with the pushed filter (a connector may be asked so; Hive adds the filter's columns). */
    private static ReadRequest countRequest(TableContext table, Filter filter) {
        return new ReadRequest(table, List.of(), Optional.ofNullable(filter), OptionalLong.empty());
    }

    /**
     * Plans the request's splits (at least {@code leastSplits}) and asserts that each is counted as many records as its
     * reader returns; returns the total.
     */
    private static long assertCountsEqualReads(ReadRequest request, int leastSplits) throws IOException {
        MongoConnector connector = new MongoConnector();
        List<SplitSpec> splits = connector.planSplits(request, 0);
        assertThat(splits).hasSizeGreaterThanOrEqualTo(leastSplits);
        long total = 0;
        for (SplitSpec split : splits) {
            long read = 0;
            try (RecordSource source = connector.openReader(request, split)) {
                while (source.next()) {
                    read++;
                }
            }
            assertThat(connector.countRecords(request, split))
                    .as("%s", split.description())
                    .hasValue(read);
            total += read;
        }
        return total;
    }

    @Test
    void idRangesOfMixedTypesCountAsTheirReadersRead() throws IOException {
        TableContext table = table("things", Map.of("mongo.split.mode", "sample", "mongo.split.count", "7"));
        assertThat(assertCountsEqualReads(countRequest(table, null), 7)).isEqualTo(DOCUMENTS + 1);
        // a pushed filter on a value
        assertThat(assertCountsEqualReads(countRequest(table, new Filter.Compare("k", CompareOp.LT, 600)), 7))
                .isEqualTo(600);
        // and one on _id bounds, whose ranges then cover numbers only: about 2 in 9 sampled _ids fall inside, and the
        // bounds get that share of the splits; with 30 (a sample of 300) that is several whatever the draw, where 7 (a
        // sample of 70) gave one split about once in 14 runs
        TableContext many = table("things", Map.of("mongo.split.mode", "sample", "mongo.split.count", "30"));
        long numbers = assertCountsEqualReads(countRequest(many, new Filter.Between("id", 100L, 1099L)), 2);
        assertThat(numbers)
                .isEqualTo(
                        IntStream.rangeClosed(100, 1099).filter(n -> n % 6 < 4).count());
    }

    @Test
    void aSingleSplitAndPinnedIdsCountAsTheirReadersRead() throws IOException {
        TableContext single = table("things", Map.of("mongo.split.mode", "single"));
        assertThat(assertCountsEqualReads(countRequest(single, null), 1)).isEqualTo(DOCUMENTS + 1);
        // 2 is an int64, 3 a double, 4 an ObjectId: not selected
        Filter pinned = new Filter.In("id", List.of(1L, 2L, 3L, 4L, 6L));
        assertThat(assertCountsEqualReads(countRequest(single, pinned), 1)).isEqualTo(4);
        TableContext query = table(
                "things",
                Map.of(
                        "mongo.split.mode",
                        "sample",
                        "mongo.split.count",
                        "3",
                        "mongo.input.query",
                        "{\"k\": {\"$gte\": 2900}}"));
        assertThat(assertCountsEqualReads(countRequest(query, new Filter.Compare("k", CompareOp.NE, 2950)), 3))
                .isEqualTo(DOCUMENTS + 1 - 2900 - 1);
    }

    @Test
    void anEmptyCollectionCountsNothing() throws IOException {
        TableContext table = table("empty", Map.of());
        assertThat(assertCountsEqualReads(countRequest(table, null), 1)).isZero();
    }

    @Test
    void aRequestThatReadsAColumnIsNotCounted() throws IOException {
        TableContext table = table("things", Map.of("mongo.split.mode", "single"));
        ReadRequest request = new ReadRequest(table, List.of(1), Optional.empty(), OptionalLong.empty());
        SplitSpec split = new MongoConnector().planSplits(request, 0).get(0);
        assertThat(new MongoConnector().countRecords(request, split)).isEmpty();
    }
}
