package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.it.PushdownSuperset.Outcome;
import io.hivenosql.it.PushdownSuperset.Policy;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonRegularExpression;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every pushed operator on every column type MongoDB pushes selects what Hive selects on the values as the column reads
 * them ({@link PushdownSuperset}), on one collection whose every field holds, in some document, every BSON type the
 * test server stores: strings, int32, int64, doubles (NaN, -0.0, infinities), decimal128, dates, BSON timestamps,
 * booleans, null, missing fields, arrays, sub-documents, ObjectIds, binaries, regular expressions, JavaScript code,
 * MinKey and MaxKey, besides the column type's own values. A string column reads ObjectIds as hex digits and every
 * other value (but JavaScript code, DBPointers and regular expressions) as its JSON text, numbers and booleans too:
 * {@code WHERE s > ''} selects documents, {@code WHERE s = '5'} the int32 and int64 5, and a range of texts keeps every
 * number whose text lies in it (MongoDB selects numbers for it as a superset, and Hive filters again).
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MongoPushdownSupersetIT {
    private static final String DB = "it_mongo_superset";
    private static final String OID = "65f0a1b2c3d4e5f6a7b8c9d0";
    private static final String OID2 = "65f0a1b2c3d4e5f6a7b8c9d1";
    private static final BsonValue MISSING = null;
    private static final String COLUMNS = "id int, s string, v varchar(3), i int, b bigint, d double, "
            + "de decimal(5,2), bo boolean, dt date, ts timestamp, city string, ref string";
    private static final List<String> COLUMN_NAMES =
            List.of("id", "s", "v", "i", "b", "d", "de", "bo", "dt", "ts", "city", "ref");
    private static final String MAPPING = "{\"id\":\"_id\",\"city\":\"address.city\"}";

    private HiveStack.Resources stack;
    private HiveInstance hive;
    private PushdownSuperset superset;
    private Connection pushing;
    private Connection unpushed;

    /** Per Hive column: its field, and the values the field takes besides every BSON type of {@link #others}. */
    private static Map<String, List<BsonValue>> ownValues() {
        Map<String, List<BsonValue>> values = new LinkedHashMap<>();
        values.put(
                "s",
                list(
                        str("a"),
                        str("abc"),
                        str("abd"),
                        str("b"),
                        str("B"),
                        str("Z"),
                        str("é"),
                        str("{\"a\": 1}"),
                        str("[x"),
                        str(OID),
                        str("65f0"),
                        str("|")));
        values.put("v", list(str("ab"), str("abc"), str("abcd"), str("abd"), str("b"), str("65f"), str("{a")));
        values.put(
                "i",
                list(
                        new BsonInt32(7),
                        new BsonInt32(-3),
                        new BsonInt32(0),
                        new BsonInt64(7),
                        new BsonDouble(7.0),
                        decimal("7"),
                        new BsonInt32(Integer.MAX_VALUE),
                        new BsonInt64(1L << 31),
                        decimal("1E+40")));
        values.put(
                "b",
                list(
                        new BsonInt64(1L << 40),
                        new BsonInt64(-1),
                        new BsonInt32(3),
                        new BsonDouble(3.0),
                        decimal("9223372036854775808")));
        values.put(
                "d",
                list(
                        new BsonDouble(1.5),
                        new BsonDouble(2.0),
                        new BsonDouble(0.0),
                        new BsonDouble(Double.POSITIVE_INFINITY),
                        new BsonDouble(Double.NEGATIVE_INFINITY),
                        new BsonInt32(2),
                        decimal("2.5")));
        values.put(
                "de",
                list(
                        decimal("1.01"),
                        decimal("1.005"),
                        decimal("1.004"),
                        decimal("-1.005"),
                        decimal("999.99"),
                        decimal("999.995"),
                        new BsonInt32(1),
                        new BsonDouble(1.25)));
        values.put("bo", list(BsonBoolean.TRUE, BsonBoolean.FALSE));
        values.put(
                "dt",
                list(
                        date("2024-03-10T00:00:00Z"),
                        date("2024-03-10T23:59:59.999Z"),
                        date("2024-03-11T00:00:00Z"),
                        date("1960-01-01T12:00:00Z")));
        values.put(
                "ts",
                list(
                        date("2024-03-10T12:00:00Z"),
                        date("2024-03-10T12:00:00.001Z"),
                        date("2024-03-10T12:00:00.999Z"),
                        new BsonTimestamp(1710072000, 5)));
        values.put(
                "address",
                list(
                        new BsonDocument("city", str("Oslo")),
                        new BsonDocument("city", str("Bergen")),
                        new BsonDocument("city", new BsonInt32(5)),
                        new BsonDocument("city", new BsonDocument("x", new BsonInt32(1))),
                        new BsonDocument("city", new BsonArray(List.of(str("Oslo")))),
                        new BsonDocument(),
                        new BsonArray(List.of(new BsonDocument("city", str("Oslo"))))));
        values.put(
                "ref",
                list(
                        new BsonObjectId(new ObjectId(OID)),
                        new BsonObjectId(new ObjectId(OID2)),
                        str(OID),
                        str("natural")));
        return values;
    }

    /** A value of every BSON type the test server stores (null: the field is missing). */
    private static List<BsonValue> others() {
        return list(
                str("x"),
                str(""),
                new BsonInt32(5),
                new BsonInt64(5),
                new BsonDouble(5.0),
                new BsonDouble(5.5),
                new BsonDouble(Double.NaN),
                new BsonDouble(-0.0),
                decimal("5.00"),
                decimal("1.005"),
                date("2024-03-10T12:00:00Z"),
                BsonBoolean.TRUE,
                BsonBoolean.FALSE,
                BsonNull.VALUE,
                MISSING,
                new BsonArray(List.of(new BsonInt32(5), str("x"))),
                new BsonArray(),
                new BsonDocument("a", new BsonInt32(1)),
                new BsonDocument(),
                new BsonObjectId(new ObjectId(OID)),
                new BsonTimestamp(1710072000, 1),
                new BsonBinary(new byte[] {1, 2}),
                new BsonRegularExpression("a.c"),
                new BsonJavaScript("abc"),
                new BsonMinKey(),
                new BsonMaxKey());
    }

    /** The literals each column's predicates compare with (the first two in order, for BETWEEN). */
    private static Map<String, String[]> literals() {
        Map<String, String[]> literals = new LinkedHashMap<>();
        literals.put("s", new String[] {
            "''", "'b'", "'abc'", "'|'", "'" + OID + "'", "'65f0'", "'5'", "'5.0'", "'true'", "'-0.0'", "'10'"
        });
        literals.put("v", new String[] {"'ab'", "'abc'", "'65f'", "'5.5'", "'tru'", "'5'"});
        literals.put("i", new String[] {"0", "7", "-3"});
        literals.put("b", new String[] {"3", "1099511627776"});
        literals.put("d", new String[] {"0.0", "1.5", "2.0"});
        literals.put("de", new String[] {"1.00", "1.01", "999.99"});
        literals.put("bo", new String[] {"false", "true"});
        literals.put("dt", new String[] {"DATE '2024-03-10'", "DATE '2024-03-11'", "DATE '1960-01-01'"});
        literals.put("ts", new String[] {"TIMESTAMP '2024-03-10 12:00:00'", "TIMESTAMP '2024-03-10 12:00:00.001'"});
        literals.put("city", new String[] {"'Bergen'", "'Oslo'"});
        literals.put("ref", new String[] {"'" + OID + "'", "'natural'"});
        return literals;
    }

    @BeforeAll
    void load(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        TestingMongoServer mongo = stack.mongo();
        Map<String, List<BsonValue>> fields = new LinkedHashMap<>();
        int documents = 0;
        for (Map.Entry<String, List<BsonValue>> field : ownValues().entrySet()) {
            List<BsonValue> values = new ArrayList<>(field.getValue());
            values.addAll(others());
            values.removeIf(value -> !StorableBson.storable(mongo, value));
            fields.put(field.getKey(), values);
            documents = Math.max(documents, values.size());
        }
        List<BsonDocument> loaded = new ArrayList<>();
        for (int n = 0; n < documents; n++) {
            BsonDocument document = new BsonDocument("_id", new BsonInt32(n));
            int shift = 0;
            for (Map.Entry<String, List<BsonValue>> field : fields.entrySet()) {
                // shifted per field, so that a document combines unrelated values
                BsonValue value = field.getValue()
                        .get((n + 3 * shift++) % field.getValue().size());
                if (value != MISSING) {
                    document.append(field.getKey(), value);
                }
            }
            loaded.add(document);
        }
        try (MongoClient client = stack.mongoClient()) {
            MongoCollection<BsonDocument> collection =
                    client.getDatabase(DB).getCollection("mixed", BsonDocument.class);
            collection.drop();
            collection.insertMany(loaded);
            MongoCollection<BsonDocument> names = client.getDatabase(DB).getCollection("names", BsonDocument.class);
            names.drop();
            names.insertMany(List.of(
                    new BsonDocument("_id", new BsonInt32(1)).append("name", str("Ada")),
                    new BsonDocument("_id", new BsonInt32(2)).append("name", str("Grace")),
                    new BsonDocument("_id", new BsonInt32(3)).append("name", str("Edsger")),
                    new BsonDocument("_id", new BsonInt32(4)).append("name", str("Barbara")),
                    new BsonDocument("_id", new BsonInt32(5)).append("name", str("Alan")),
                    new BsonDocument("_id", new BsonInt32(6)).append("name", new BsonDocument("first", str("Donald"))),
                    new BsonDocument("_id", new BsonInt32(7))
                            .append("name", new BsonArray(List.of(str("Niklaus"), str("Wirth")))),
                    new BsonDocument("_id", new BsonInt32(8))));
        }
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        for (Policy policy : Policy.values()) {
            hive.execute("CREATE EXTERNAL TABLE " + table(policy) + " (" + COLUMNS + ") "
                    + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' "
                    + "WITH SERDEPROPERTIES ('mongo.columns.mapping'='" + MAPPING + "') TBLPROPERTIES ('mongo.uri'='"
                    + mongo.databaseUri(DB, "mixed") + "', 'mongo.objectid.columns'='ref', " + policy.property() + ")");
        }
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".names (id int, name string) "
                + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' "
                + "WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ('mongo.uri'='"
                + mongo.databaseUri(DB, "names") + "')");
        superset = new PushdownSuperset(hive, "id");
        pushing = superset.session(true);
        unpushed = superset.session(false);
    }

    @AfterAll
    void close() throws SQLException {
        if (pushing != null) {
            pushing.close();
        }
        if (unpushed != null) {
            unpushed.close();
        }
    }

    private static String table(Policy policy) {
        return DB + ".mixed_" + policy.name().toLowerCase(java.util.Locale.ROOT);
    }

    static Stream<Arguments> cases() {
        return Stream.of(Policy.values())
                .flatMap(policy -> literals().keySet().stream().map(column -> Arguments.of(policy, column)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void pushedRowsAreTheRowsHiveSelects(Policy policy, String column) {
        String[] literals = literals().get(column);
        List<String> predicates = policy == Policy.FAIL
                ? SupersetPredicates.of(column, literals)
                : SupersetPredicates.core(column, literals);
        PushdownSuperset.assertNoMismatch(check(policy, predicates));
    }

    /** Predicates over two columns: AND, OR and NOT across them, where a bad value in one column meets the other. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void predicatesAcrossColumns(Policy policy) {
        List<String> predicates = List.of(
                "(i = 7 OR s = 'abc')",
                "(s > 'b' OR d > 1.5)",
                "NOT (i < 0 OR dt = DATE '2024-03-10')",
                "(bo OR de > 1.00)",
                "(city = 'Oslo' OR ref = '" + OID + "')",
                "NOT (v = 'abc' AND b = 3)");
        PushdownSuperset.assertNoMismatch(check(policy, predicates));
    }

    static Stream<Policy> policies() {
        return Stream.of(Policy.values());
    }

    private List<String> check(Policy policy, List<String> predicates) {
        Map<String, Outcome> references = superset.reference(unpushed, table(policy), predicates, COLUMN_NAMES);
        Map<String, Outcome> readable = policy == Policy.FAIL
                ? superset.reference(unpushed, table(Policy.SKIP), predicates, COLUMN_NAMES)
                : Map.of();
        Map<String, Outcome> pushed = new LinkedHashMap<>();
        for (String predicate : predicates) {
            pushed.put(predicate, superset.select(pushing, table(policy), predicate));
        }
        return PushdownSuperset.mismatches(policy, references, pushed, readable);
    }

    /** Most predicates are handed to MongoDB, so that the comparisons above test the store's filters. */
    @Test
    void mostPredicatesArePushed() throws SQLException {
        int all = 0;
        List<String> notPushed = new ArrayList<>();
        for (Map.Entry<String, String[]> column : literals().entrySet()) {
            List<String> sample = SupersetPredicates.core(column.getKey(), column.getValue());
            for (String predicate : sample.subList(0, 6)) {
                all++;
                if (!superset.pushed(pushing, table(Policy.FAIL), predicate)) {
                    notPushed.add(predicate);
                }
            }
        }
        assertThat(all - notPushed.size())
                .as("pushed of %d predicates; not pushed: %s", all, notPushed)
                .isGreaterThan(all * 3 / 4);
    }

    /** The case: a name held as a sub-document or an array reads as JSON text, which is above ''. */
    @Test
    void aStringRangeSelectsDocumentsAndArraysReadAsText() throws SQLException {
        String sql = "SELECT id FROM " + DB + ".names WHERE name > ''";
        assertThat(superset.pushed(pushing, DB + ".names", "name > ''")).isTrue();
        Outcome pushedRows = superset.select(pushing, DB + ".names", "name > ''");
        Outcome hiveRows = superset.select(unpushed, DB + ".names", "name > ''");
        assertThat(hiveRows.keys()).as(sql).containsExactly("1", "2", "3", "4", "5", "6", "7");
        assertThat(pushedRows).isEqualTo(hiveRows);
        // '[' sorts below 'a', '{' above it
        assertThat(superset.select(pushing, DB + ".names", "name < 'a'").keys())
                .containsExactly("1", "2", "3", "4", "5", "7");
        assertThat(superset.select(pushing, DB + ".names", "name >= '{'").keys())
                .containsExactly("6");
    }

    /**
     * Numbers, booleans and the other scalars a string column reads as their JSON text (the driver wrote them): the text
     * is the value's inside a document read as text, and pushed text comparisons lose none of them.
     */
    @Test
    void scalarsReadAsTheirJsonTextAndPushedComparisonsKeepThem() throws SQLException {
        List<BsonValue> values = List.of(
                new BsonInt32(5),
                new BsonInt64(5),
                new BsonDouble(5.0),
                str("5"),
                BsonBoolean.TRUE,
                new BsonDouble(1.5),
                new BsonDouble(Double.NaN),
                decimal("5.00"),
                new BsonDateTime(0),
                new BsonTimestamp(1, 2),
                new BsonBinary(new byte[] {1, 2}),
                new BsonMinKey(),
                new BsonMaxKey(),
                new BsonInt32(-3),
                new BsonDouble(1e20),
                new BsonInt64(10_000_000_000L));
        try (MongoClient client = stack.mongoClient()) {
            MongoCollection<BsonDocument> scalars = client.getDatabase(DB).getCollection("scalars", BsonDocument.class);
            scalars.drop();
            List<BsonDocument> documents = new ArrayList<>();
            for (int n = 0; n < values.size(); n++) {
                if (StorableBson.storable(stack.mongo(), values.get(n))) {
                    documents.add(new BsonDocument("_id", new BsonInt32(n + 1)).append("s", values.get(n)));
                }
            }
            scalars.insertMany(documents);
        }
        String table = DB + ".scalars";
        hive.execute("CREATE EXTERNAL TABLE " + table + " (id int, s string, v varchar(2)) "
                + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' "
                + "WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\",\"v\":\"s\"}') "
                + "TBLPROPERTIES ('mongo.uri'='" + stack.mongo().databaseUri(DB, "scalars") + "')");
        assertThat(hive.query("SELECT id, s FROM " + table).stream()
                        .sorted(Comparator.comparingInt(row -> ((Number) row.get(0)).intValue()))
                        .map(row -> row.get(0) + "|" + row.get(1))
                        .toList())
                .containsExactlyElementsOf(Stream.of(
                                "1|5",
                                "2|5",
                                "3|5.0",
                                "4|5",
                                "5|true",
                                "6|1.5",
                                "7|{\"$numberDouble\": \"NaN\"}",
                                "8|{\"$numberDecimal\": \"5.00\"}",
                                "9|{\"$date\": \"1970-01-01T00:00:00Z\"}",
                                "10|{\"$timestamp\": {\"t\": 1, \"i\": 2}}",
                                "11|{\"$binary\": {\"base64\": \"AQI=\", \"subType\": \"00\"}}",
                                "12|{\"$minKey\": 1}",
                                "13|{\"$maxKey\": 1}",
                                "14|-3",
                                "15|1.0E+20",
                                "16|10000000000")
                        .filter(row -> StorableBson.storable(
                                stack.mongo(), values.get(Integer.parseInt(row.substring(0, row.indexOf('|'))) - 1)))
                        .toList());
        List<String> predicates = List.of(
                "s = '5'",
                "s <> '5'",
                "s IN ('5', 'true', '1.5')",
                "s NOT IN ('5', '5.0')",
                "s < '5'",
                "s >= '5.0'",
                "s BETWEEN '-' AND '6'",
                "s > '{'",
                "s < 'a'",
                "NOT (s = '1.0E+20')",
                "v = '5.'",
                "v < '1.'",
                "s IS NOT NULL");
        assertThat(superset.select(pushing, table, "s = '5'").keys()).containsExactly("1", "2", "4");
        for (String predicate : predicates) {
            assertThat(superset.pushed(pushing, table, predicate)).as(predicate).isTrue();
            assertThat(superset.select(pushing, table, predicate))
                    .as(predicate)
                    .isEqualTo(superset.select(unpushed, table, predicate));
        }
    }

    private static List<BsonValue> list(BsonValue... values) {
        List<BsonValue> list = new ArrayList<>();
        for (BsonValue value : values) {
            list.add(value); // MISSING is null
        }
        return list;
    }

    private static BsonString str(String value) {
        return new BsonString(value);
    }

    private static BsonDecimal128 decimal(String value) {
        return new BsonDecimal128(Decimal128.parse(value));
    }

    private static BsonDateTime date(String instant) {
        return new BsonDateTime(Instant.parse(instant).toEpochMilli());
    }
}
