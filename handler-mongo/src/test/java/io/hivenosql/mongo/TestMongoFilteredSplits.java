package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.event.CommandListener;
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
import java.util.function.Predicate;
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
 * Split planning takes the scan's filter and Hive's hint, against the shared test server: a pinned {@code _id} is one
 * split planned without a server call, bounds on {@code _id} bound the ranges, the hint caps the count. The commands
 * the driver sends are counted by a {@link CommandListener}; what the splits read goes through the connector's reader
 * and equals a filtered scan of one split. The collection mixes {@code _id} types (int32, int64, double, decimal128,
 * ObjectId, string, date, NaN, null, boolean), as the Java driver plants them.
 */
class TestMongoFilteredSplits {
    private static final String DATABASE = "filteredsplits";
    private static final int DOCUMENTS = 6_000;
    private static final List<HiveColumn> NUMBER_COLUMNS =
            List.of(HiveColumn.of("id", "bigint"), HiveColumn.of("k", "int"));
    private static final List<HiveColumn> STRING_COLUMNS =
            List.of(HiveColumn.of("id", "string"), HiveColumn.of("k", "int"));
    private static final Map<String, String> SEVEN = Map.of("mongo.split.mode", "sample", "mongo.split.count", "7");

    private static final List<BsonDocument> commands = Collections.synchronizedList(new ArrayList<>());
    private static MongoClient client;
    /** The _id of each document; k is its index. */
    private static final List<BsonValue> ids = new ArrayList<>();

    @BeforeAll
    static void insertDocuments() {
        client = TestingSplitReads.recordingClient(TestingMongoServer.shared().uri(), commands);
        client.getDatabase(DATABASE).drop();
        List<BsonDocument> batch = new ArrayList<>();
        String pad = "x".repeat(500);
        for (int n = 0; n < DOCUMENTS; n++) {
            BsonValue id =
                    switch (n % 8) {
                        case 0, 1 -> new BsonInt32(n);
                        case 2 -> new BsonInt64(n);
                        case 3 -> new BsonDouble(n);
                        case 4 -> new BsonDecimal128(Decimal128.parse(Integer.toString(n)));
                        case 5 -> new BsonObjectId(new ObjectId());
                        case 6 -> new BsonString(String.format("s%05d", n));
                        default -> new BsonDateTime(n * 1000L);
                    };
            ids.add(id);
            batch.add(new BsonDocument("_id", id).append("k", new BsonInt32(n)).append("pad", new BsonString(pad)));
        }
        for (BsonValue special : List.of(new BsonDouble(Double.NaN), BsonNull.VALUE, BsonBoolean.TRUE)) {
            ids.add(special);
            batch.add(new BsonDocument("_id", special).append("k", new BsonInt32(ids.size() - 1)));
        }
        collection().insertMany(batch);
        // what the server can do is detected once per client: before the tests count the commands of planning
        MongoServerCapabilities.of(client, collection());
    }

    @AfterAll
    static void dropDatabase() {
        client.getDatabase(DATABASE).drop();
        client.close();
        MongoClients.closeIdle();
    }

    private static MongoCollection<BsonDocument> collection() {
        return client.getDatabase(DATABASE).getCollection("mixed", BsonDocument.class);
    }

    private static TableContext table(List<HiveColumn> columns, Map<String, String> properties) {
        Map<String, String> all = new HashMap<>(properties);
        all.put("mongo.uri", TestingMongoServer.shared().databaseUri(DATABASE, "mixed"));
        all.put("mongo.columns.mapping", "{\"id\": \"_id\"}");
        all.put("mongo.objectid.columns", "");
        return TableContexts.create(new MongoConnector(), "db.t", all, columns, null);
    }

    private static ReadRequest request(TableContext table, Filter filter) {
        // k only: the id column cannot read the _ids of other types (the filter reads them where it selects them)
        return new ReadRequest(table, List.of(1), Optional.ofNullable(filter), OptionalLong.empty());
    }

    /** Plans the splits through the counting client; the commands it sent are in {@link #commands}. */
    private static List<SplitSpec> plan(ReadRequest request, int desiredSplits) {
        MongoTable table = MongoTable.of(request.table());
        commands.clear();
        return MongoSplitPlanner.plan(
                table, client, collection(), MongoReads.filter(table, request, MongoDialect.MONGODB), desiredSplits);
    }

    private static boolean sampled() {
        return commands.stream()
                .anyMatch(command -> command.containsKey("aggregate")
                        && command.getArray("pipeline").stream()
                                .anyMatch(stage -> stage.asDocument().containsKey("$sample")));
    }

    /** The k of every document the splits read through the connector's reader, sorted (duplicates kept). */
    private static List<Integer> read(ReadRequest request, List<SplitSpec> splits) throws IOException {
        return TestingSplitReads.readInts(request, splits, 1);
    }

    /** The k of every document whose _id the predicate selects, sorted. */
    private static List<Integer> expected(Predicate<BsonValue> selected) {
        List<Integer> ks = new ArrayList<>();
        for (int k = 0; k < ids.size(); k++) {
            if (selected.test(ids.get(k))) {
                ks.add(k);
            }
        }
        return ks;
    }

    /**
     * Reads the request's splits through the reader; asserts that gives the expected documents, each once, as does a
     * filtered full scan with the plain driver.
     */
    private static void assertReads(ReadRequest request, List<SplitSpec> splits, List<Integer> expected)
            throws IOException {
        List<Integer> read = read(request, splits);
        assertThat(read).isEqualTo(expected);
        List<Integer> scanned = new ArrayList<>();
        for (BsonDocument document :
                collection().find(MongoReads.filter(MongoTable.of(request.table()), request, MongoDialect.MONGODB))) {
            scanned.add(document.getInt32("k").getValue());
        }
        Collections.sort(scanned);
        assertThat(read).isEqualTo(scanned);
    }

    private static boolean number(BsonValue id, long low, long high) {
        if (!id.isNumber() && !id.isDecimal128()) {
            return false;
        }
        double value = id.isDecimal128()
                ? id.asDecimal128().doubleValue()
                : id.asNumber().doubleValue();
        return value >= low && value <= high;
    }

    @Test
    void pinnedIdIsOneSplitWithoutAnyServerCall() throws IOException {
        TableContext table = table(NUMBER_COLUMNS, SEVEN);
        for (Filter filter : List.of(
                new Filter.Compare("id", CompareOp.EQ, 3003L),
                new Filter.In("id", List.of(8L, 9L, 10L, 11L, 12L, 13L, 5993L)),
                Filter.and(new Filter.Compare("id", CompareOp.EQ, 3003L), new Filter.Compare("k", CompareOp.GT, 3)),
                Filter.and(
                        new Filter.Compare("k", CompareOp.LT, 12),
                        new Filter.In("id", List.of(8L, 9L, 10L, 11L, 12L))))) {
            ReadRequest request = request(table, filter);
            List<SplitSpec> splits = plan(request, 0);
            assertThat(splits).as("%s", filter).hasSize(1);
            assertThat(splits.get(0).description()).isEqualTo("split 1 of 1: the _ids the filter lists");
            assertThat(commands).as("commands planning %s", filter).isEmpty();
            // the split carries the whole filter it was planned with (see runtimeJoinKeys...), read alone
            assertThat(MongoSplit.fromBytes(splits.get(0).payload()))
                    .isEqualTo(MongoSplit.ofWholeFilter(
                            MongoReads.filter(MongoTable.of(table), request, MongoDialect.MONGODB)));
        }
        assertReads(
                request(table, new Filter.Compare("id", CompareOp.EQ, 3003L)),
                plan(request(table, new Filter.Compare("id", CompareOp.EQ, 3003L)), 0),
                List.of(3003));
        ReadRequest in = request(table, new Filter.In("id", List.of(8L, 9L, 10L, 11L, 12L, 13L, 5993L)));
        // 13 is an ObjectId: not selected; 10 is an int64, 11 a double, 12 a decimal128
        assertReads(in, plan(in, 0), List.of(8, 9, 10, 11, 12, 5993));

        // mongo.input.query pins too, and so does an $or whose every branch pins
        TableContext query = table(
                NUMBER_COLUMNS,
                Map.of(
                        "mongo.split.mode",
                        "sample",
                        "mongo.split.count",
                        "7",
                        "mongo.input.query",
                        "{\"$or\": [{\"_id\": 16}, {\"_id\": {\"$in\": [17, 24]}}]}"));
        ReadRequest pinnedByQuery = request(query, null);
        List<SplitSpec> splits = plan(pinnedByQuery, 0);
        assertThat(splits).hasSize(1);
        assertThat(commands).isEmpty();
        assertReads(pinnedByQuery, splits, List.of(16, 17, 24));
    }

    @Test
    void runtimeJoinKeysReachTheTaskInTheSplit() throws IOException {
        TableContext table = table(NUMBER_COLUMNS, SEVEN);
        assertThat(new MongoConnector().filterCapabilities(table).keyedReads("id"))
                .isTrue();
        assertThat(new MongoConnector().filterCapabilities(table).keyedReads("k"))
                .isFalse();
        // planned in the application master, whose scan filter has the join keys Tez's dynamic pruning added; the
        // task's filter has only what was compiled into the plan (here k < 12)
        Filter compiled = new Filter.Compare("k", CompareOp.LT, 12);
        ReadRequest planning = request(table, Filter.and(compiled, new Filter.In("id", List.of(8L, 9L, 5993L))));
        ReadRequest task = request(table, compiled);

        List<SplitSpec> splits = plan(planning, 0);

        assertThat(splits).hasSize(1);
        assertThat(read(task, splits)).isEqualTo(List.of(8, 9));
        // where the task's filter is the planning filter, the query is that filter alone
        assertThat(MongoReads.scan(
                                MongoTable.of(table),
                                planning,
                                MongoSplit.fromBytes(splits.get(0).payload()))
                        .filter())
                .isEqualTo(MongoReads.filter(MongoTable.of(table), planning, MongoDialect.MONGODB));
    }

    @Test
    void unpinnedScansStillSample() {
        TableContext table = table(NUMBER_COLUMNS, SEVEN);
        assertThat(plan(request(table, null), 0)).hasSizeBetween(6, 8);
        assertThat(sampled()).isTrue();
        assertThat(commands).anyMatch(command -> command.containsKey("collStats"));
        // NOT and <> do not pin
        plan(request(table, new Filter.Not(new Filter.Compare("id", CompareOp.EQ, 3003L))), 0);
        assertThat(sampled()).isTrue();
    }

    @Test
    void numberBoundsBoundTheRanges() throws IOException {
        TableContext table = table(NUMBER_COLUMNS, SEVEN);
        for (long[] bounds : new long[][] {{1000, 2999}, {0, 5999}, {5000, 100_000}, {-50, 40}, {7000, 8000}}) {
            ReadRequest request = request(table, new Filter.Between("id", bounds[0], bounds[1]));
            List<SplitSpec> splits = plan(request, 0);
            assertThat(sampled()).isTrue();
            assertThat(splits)
                    .as("no split of other types: the filter selects numbers only")
                    .noneMatch(split -> split.description().contains("of another type"));
            assertThat(splits.size()).as("%s", List.of(bounds[0], bounds[1])).isLessThanOrEqualTo(7);
            assertReads(request, splits, expected(id -> number(id, bounds[0], bounds[1])));
        }
        // a third of the numbers (a fifth of the documents): about a fifth of the ranges
        TableContext forty = table(NUMBER_COLUMNS, Map.of("mongo.split.mode", "sample", "mongo.split.count", "40"));
        assertThat(plan(request(forty, null), 0)).hasSizeBetween(39, 41);
        List<SplitSpec> third = plan(request(forty, new Filter.Between("id", 2000L, 3999L)), 0);
        assertThat(third).hasSizeBetween(4, 16);
        // bounds outside every _id: one split
        assertThat(plan(request(table, new Filter.Between("id", 7000L, 8000L)), 0))
                .hasSize(1);
        // k < 6000 leaves out the NaN _id, which the test server (not MongoDB) orders above every number
        ReadRequest above = request(
                table,
                Filter.and(new Filter.Compare("id", CompareOp.GT, 4500L), new Filter.Compare("k", CompareOp.LT, 6000)));
        assertReads(above, plan(above, 0), expected(id -> number(id, 4501, Long.MAX_VALUE)));
        ReadRequest below = request(
                table,
                Filter.and(new Filter.Compare("id", CompareOp.LT, 1500L), new Filter.Compare("k", CompareOp.GE, 20)));
        assertReads(below, plan(below, 0), expected(id -> number(id, 20, 1499)));
    }

    @Test
    void stringAndDateBoundsFromTheInputQueryBoundTheRanges() throws IOException {
        // strings are ordered by the server, which also tests the sample against the bounds
        TableContext strings = table(
                STRING_COLUMNS,
                Map.of(
                        "mongo.split.mode",
                        "sample",
                        "mongo.split.count",
                        "40",
                        "mongo.input.query",
                        "{\"_id\": {\"$gte\": \"s01000\", \"$lt\": \"s04000\"}}"));
        ReadRequest request = request(strings, null);
        List<SplitSpec> splits = plan(request, 0);
        // 6% of the documents: about 6% of 40 ranges
        assertThat(splits).hasSizeBetween(2, 6).noneMatch(split -> split.description()
                .contains("of another type"));
        assertReads(
                request,
                splits,
                expected(id -> id.isString()
                        && id.asString().getValue().compareTo("s01000") >= 0
                        && id.asString().getValue().compareTo("s04000") < 0));

        TableContext dates = table(
                STRING_COLUMNS,
                Map.of(
                        "mongo.split.mode",
                        "sample",
                        "mongo.split.count",
                        "40",
                        "mongo.input.query",
                        "{\"_id\": {\"$gt\": {\"$date\": 0}}}"));
        ReadRequest after = request(dates, null);
        List<SplitSpec> dateSplits = plan(after, 0);
        // an eighth of the documents: about 5 of 40 ranges
        assertThat(dateSplits).hasSizeBetween(2, 9).noneMatch(split -> split.description()
                .contains("of another type"));
        assertReads(
                after,
                dateSplits,
                expected(id -> id.isDateTime() && id.asDateTime().getValue() > 0));
    }

    @Test
    void hivesHintCapsTheSizedCount() throws IOException {
        TableContext sized = table(NUMBER_COLUMNS, Map.of("mongo.split.mode", "sample", "mongo.split.size-mb", "1"));
        ReadRequest request = request(sized, null);
        assertThat(plan(request, 0)).hasSizeGreaterThan(1);
        List<SplitSpec> one = plan(request, 1);
        assertThat(one).hasSize(1);
        assertThat(sampled()).as("one split needs no sample").isFalse();
        // mongo.split.count wins over the hint
        assertThat(plan(request(table(NUMBER_COLUMNS, SEVEN), null), 1)).hasSizeBetween(6, 8);
        assertReads(request, one, expected(id -> true));
    }
}
