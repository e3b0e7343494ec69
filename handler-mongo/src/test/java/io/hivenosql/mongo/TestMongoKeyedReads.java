package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A column of a top-level field that is the first key of an index is read by key: the test server accepts createIndex
 * and lists the index, a join's key list on it becomes {@code $in} splits of at most {@value
 * MongoKeyedReads#KEYS_PER_SPLIT} values that carry the list to the task, and the rows are those a scan reads as the
 * listed values, whatever BSON types the field holds.
 */
class TestMongoKeyedReads {
    private static final String DATABASE = "keyedreads";
    private static final int ORDERS = 6_000;
    private static final List<HiveColumn> COLUMNS = List.of(
            HiveColumn.of("k", "bigint"),
            HiveColumn.of("n", "int"),
            HiveColumn.of("v", "string"),
            HiveColumn.of("h", "bigint"),
            HiveColumn.of("d", "double"));

    private static MongoClient client;

    @BeforeAll
    static void insertDocuments() {
        client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri());
        client.getDatabase(DATABASE).drop();
        List<BsonDocument> documents = new ArrayList<>();
        for (int order = 1; order <= ORDERS; order++) {
            for (int line = 1; line <= 2; line++) {
                BsonValue k =
                        switch (order % 5) {
                            case 0 -> new BsonInt32(order);
                            case 1 -> new BsonInt64(order);
                            case 2 -> new BsonDouble(order);
                            case 3 -> new BsonDecimal128(Decimal128.parse(Integer.toString(order)));
                            default -> line == 1 ? new BsonString(Integer.toString(order)) : new BsonInt64(order);
                        };
                documents.add(new BsonDocument("k", k)
                        .append("n", new BsonInt32(line))
                        .append("v", new BsonString("v" + order + "-" + line))
                        .append("h", new BsonInt64(order))
                        .append("d", new BsonDouble(order)));
            }
        }
        documents.add(new BsonDocument("k", new BsonDouble(7.5)).append("n", new BsonInt32(9)));
        collection().insertMany(documents);
        collection().createIndex(Indexes.ascending("k", "n"));
        collection().createIndex(Indexes.hashed("h"));
        collection()
                .createIndex(
                        Indexes.descending("n"),
                        new IndexOptions()
                                .partialFilterExpression(
                                        new BsonDocument("n", new BsonDocument("$gt", new BsonInt32(1)))));
    }

    private static MongoCollection<BsonDocument> ids() {
        return client.getDatabase(DATABASE).getCollection("byid", BsonDocument.class);
    }

    /** {@value #ORDERS} documents keyed 1 to {@value #ORDERS} in 32- and 64-bit integers, and a string "7". */
    private static TableContext idTable() {
        if (ids().countDocuments() == 0) {
            List<BsonDocument> documents = new ArrayList<>();
            for (int id = 1; id <= ORDERS; id++) {
                BsonValue key = id % 2 == 0 ? new BsonInt32(id) : new BsonInt64(id);
                documents.add(new BsonDocument("_id", key).append("v", new BsonString("v" + id)));
            }
            documents.add(new BsonDocument("_id", new BsonString("7")).append("v", new BsonString("string seven")));
            ids().insertMany(documents);
        }
        Map<String, String> properties = new HashMap<>();
        properties.put("mongo.uri", TestingMongoServer.shared().databaseUri(DATABASE, "byid"));
        properties.put("mongo.columns.mapping", "{\"id\":\"_id\"}");
        properties.put("mongo.objectid.columns", "");
        properties.put("nosql.bad-record.policy", "null");
        return TableContexts.create(
                new MongoConnector(),
                "db.byid",
                properties,
                List.of(HiveColumn.of("id", "bigint"), HiveColumn.of("v", "string")),
                null);
    }

    @AfterAll
    static void dropDatabase() {
        client.getDatabase(DATABASE).drop();
        client.close();
        MongoClients.closeIdle();
    }

    private static MongoCollection<BsonDocument> collection() {
        return client.getDatabase(DATABASE).getCollection("lines", BsonDocument.class);
    }

    private static TableContext table() {
        Map<String, String> properties = new HashMap<>();
        properties.put("mongo.uri", TestingMongoServer.shared().databaseUri(DATABASE, "lines"));
        properties.put("nosql.bad-record.policy", "null");
        return TableContexts.create(new MongoConnector(), "db.lines", properties, COLUMNS, null);
    }

    @Test
    void theFirstKeysOfUsableIndexesAreReadByKey() {
        FilterCapabilities capabilities = new MongoConnector().filterCapabilities(table());

        assertThat(MongoKeyedReads.indexedFields(table())).contains("_id", "k", "h");
        assertThat(capabilities.keyedReads("k"))
                .as("first key of an ascending index")
                .isTrue();
        assertThat(capabilities.keyedReads("h")).as("a hashed index").isTrue();
        assertThat(capabilities.keyedReads("n"))
                .as("second key, and a partial index")
                .isFalse();
        assertThat(capabilities.keyedReads("v")).as("no index").isFalse();
        assertThat(capabilities.keyedReads("d")).as("no index").isFalse();
        assertThat(capabilities.keyedReads("nope")).isFalse();
    }

    @Test
    void theLimitIsHalfTheCollectionsDocumentsAtMostAThousand() throws IOException {
        // 12,001 documents
        assertThat(new MongoConnector().keyedReadLimit(table())).hasValue(1_000);
    }

    @Test
    void theLimitOfIdsIsAQuarterOfTheDocuments() throws IOException {
        // 6,001 documents
        assertThat(new MongoConnector().keyedReadLimit(idTable(), "id")).hasValue(1_500);
        assertThat(new MongoConnector().keyedReadLimit(idTable(), "v")).hasValue(1_000);
        assertThat(new MongoConnector().keyedReadLimit(table(), "k")).hasValue(1_000);
    }

    @Test
    void aLongListOfIdsIsSharedAmongSplits() throws IOException {
        TableContext table = idTable();
        // the join keys of a MERGE on _id: 4,500 of them, every 4th beyond the collection
        List<Object> keys = new ArrayList<>();
        for (long id = 1; id <= 4_500; id++) {
            keys.add(id % 4 == 0 ? ORDERS + id : id);
        }
        ReadRequest planning =
                new ReadRequest(table, List.of(0, 1), Optional.of(new Filter.In("id", keys)), OptionalLong.empty());
        // the task's own filter: what Hive pushed at compile time, the NOT NULL of a join key, without the keys
        ReadRequest task = new ReadRequest(
                table, List.of(0, 1), Optional.of(new Filter.Not(new Filter.IsNull("id"))), OptionalLong.empty());

        List<SplitSpec> splits = new MongoConnector().planSplits(planning, 0);
        List<SplitSpec> hinted = new MongoConnector().planSplits(planning, 2);
        List<SplitSpec> shortList = new MongoConnector()
                .planSplits(
                        new ReadRequest(
                                table,
                                List.of(0, 1),
                                Optional.of(new Filter.In("id", keys.subList(0, 2_000))),
                                OptionalLong.empty()),
                        0);

        assertThat(splits).hasSize(3);
        assertThat(splits.get(0).description()).contains("listed values of _id, read through its index");
        assertThat(hinted).hasSize(2);
        assertThat(shortList).hasSize(1);
        assertThat(shortList.get(0).description()).contains("the _ids the filter lists");
        Set<Object> listed = new HashSet<>(keys);
        ReadRequest all = new ReadRequest(table, List.of(0, 1), Optional.empty(), OptionalLong.empty());
        List<List<Object>> expected = read(all, new MongoConnector().planSplits(all, 1)).stream()
                .filter(row -> listed.contains(row.get(0)))
                .toList();
        assertThat(expected).hasSize(4_500 - 1_125);
        assertThat(read(task, splits)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(read(task, hinted)).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void onlyIndexesThatServeEqualityUnderTheSimpleCollationCount() {
        assertThat(MongoKeyedReads.firstKey(BsonDocument.parse("{key: {a: 1, b: -1}}")))
                .hasValue("a");
        assertThat(MongoKeyedReads.firstKey(BsonDocument.parse("{key: {a: -1}}")))
                .hasValue("a");
        assertThat(MongoKeyedReads.firstKey(BsonDocument.parse("{key: {a: NumberLong(1)}}")))
                .hasValue("a");
        assertThat(MongoKeyedReads.firstKey(BsonDocument.parse("{key: {a: 'hashed'}}")))
                .hasValue("a");
        assertThat(MongoKeyedReads.firstKey(BsonDocument.parse("{key: {a: 1}, collation: {locale: 'simple'}}")))
                .hasValue("a");
        for (String unusable : List.of(
                "{key: {_fts: 'text', _ftsx: 1}}",
                "{key: {loc: '2dsphere'}}",
                "{key: {a: 1}, partialFilterExpression: {a: {$gt: 5}}}",
                "{key: {a: 1}, collation: {locale: 'fr', strength: 2}}",
                "{key: {}}",
                "{name: 'x'}")) {
            assertThat(MongoKeyedReads.firstKey(BsonDocument.parse(unusable)))
                    .as(unusable)
                    .isEmpty();
        }
    }

    @Test
    void splitsCarryTheirShareOfTheListedValues() {
        assertThat(MongoKeyedReads.splitCount(1, 0)).isEqualTo(1);
        assertThat(MongoKeyedReads.splitCount(1498, 0)).isEqualTo(1);
        assertThat(MongoKeyedReads.splitCount(2001, 0)).isEqualTo(2);
        assertThat(MongoKeyedReads.splitCount(7637, 0)).isEqualTo(4);
        assertThat(MongoKeyedReads.splitCount(7637, 2)).isEqualTo(2);
        assertThat(MongoKeyedReads.splitCount(7637, 1)).isEqualTo(1);
    }

    @Test
    void joinKeysOnAnIndexedFieldReadOnlyTheirDocumentsThroughTheSplits() throws IOException {
        TableContext table = table();
        // the join keys Tez adds in the application master: every 3rd order up to 7,000 (beyond the collection too),
        // 7 whose k is a fractional double in another document
        List<Object> keys = new ArrayList<>();
        for (long order = 1; order <= 7_000; order += 3) {
            keys.add(order);
        }
        Filter compiled = new Filter.Compare("v", CompareOp.GE, "v");
        ReadRequest planning = request(table, Filter.and(compiled, new Filter.In("k", keys)));
        ReadRequest task = request(table, compiled);

        List<SplitSpec> splits = new MongoConnector().planSplits(planning, 0);
        List<SplitSpec> hinted = new MongoConnector().planSplits(planning, 1);

        assertThat(splits).hasSize(2);
        assertThat(splits.get(0).description()).contains("listed values of k, read through its index");
        assertThat(hinted).hasSize(1);
        Set<Long> listed = new HashSet<>();
        keys.forEach(key -> listed.add((Long) key));
        List<List<Object>> expected =
                read(request(table, null), new MongoConnector().planSplits(request(table, null), 1)).stream()
                        .filter(row -> listed.contains(row.get(0)))
                        .toList();
        // 2,000 listed orders of 2 lines, but for the 400 first lines whose k is a string (order % 5 == 4, read as
        // NULL)
        assertThat(expected).hasSize(2 * 2000 - 400);
        assertThat(read(task, splits)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(read(task, hinted)).containsExactlyInAnyOrderElementsOf(expected);
    }

    private static ReadRequest request(TableContext table, Filter filter) {
        return new ReadRequest(table, List.of(0, 1, 2), Optional.ofNullable(filter), OptionalLong.empty());
    }

    /** The rows of the splits, a value that does not read as its column as null (the null policy, as Hive applies it). */
    private static List<List<Object>> read(ReadRequest request, List<SplitSpec> splits) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        for (SplitSpec split : splits) {
            try (RecordSource source = new MongoConnector().openReader(request, split)) {
                while (source.next()) {
                    Object[] row = new Object[request.projection().size()];
                    for (int i = 0; i < row.length; i++) {
                        try {
                            row[i] = source.get(request.projection().get(i));
                        } catch (RuntimeException e) {
                            row[i] = null;
                        }
                    }
                    rows.add(Arrays.asList(row));
                }
            }
        }
        return rows;
    }
}
