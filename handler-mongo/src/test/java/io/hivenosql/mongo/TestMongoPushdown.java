package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.mongo.bson.BsonRowDecoder;
import io.hivenosql.mongo.bson.DocumentLayout;
import io.hivenosql.mongo.bson.MongoObjectIdFormat;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
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

/**
 * The proof that pushdown is exact: on the shared test server, for every pushed filter and every bad-record policy,
 * the documents the translated filter matches are exactly those where Hive's evaluation of the filter (SQL's
 * three-valued logic over the values {@link BsonRowDecoder} reads) is true. The documents hold every BSON number type,
 * NaN and infinities, nulls, missing fields, arrays, documents where scalars are expected, non-document parents of
 * dotted paths, and values of other types than the column's (bad records). String columns also hold documents, arrays,
 * ObjectIds, numbers, booleans, dates and every other scalar, which they read as JSON text and hex digits, and
 * JavaScript code, which they do not read as text: every comparison must match them as Hive compares what the column
 * reads ({@code s > ''} matches a document, {@code s = '5'} the number 5); where the pushed filter is no exact match
 * (numbers against text ranges) it must be a superset.
 */
class TestMongoPushdown {
    private static final String OID = "65f0a1b2c3d4e5f6a7b8c9d0";
    private static final String OID2 = "65f0a1b2c3d4e5f6a7b8c9d1";
    private static final BsonValue MISSING = null;
    private static final int DOCUMENTS = 210;

    static final DocumentLayout LAYOUT = layout();
    private static MongoClient client;

    private static DocumentLayout layout() {
        String[][] spec = {
            {"id", "int", "_id"},
            {"i", "int", "i"},
            {"d", "double", "d"},
            {"dec", "decimal(5,2)", "dec"},
            {"s", "string", "s"},
            {"v", "varchar(3)", "v"},
            {"bo", "boolean", "bo"},
            {"dt", "date", "dt"},
            {"ts", "timestamp", "ts"},
            {"city", "string", "address.city"},
            {"ref", "string", "ref"},
        };
        List<ColumnMapping> columns = new ArrayList<>();
        for (String[] column : spec) {
            columns.add(new ColumnMapping(column[0], DataTypes.parse(column[1]), column[2], ColumnRole.FIELD));
        }
        return new DocumentLayout("db.t", new TableMapping(columns), 0, Set.of(10), MongoObjectIdFormat.STRING, false);
    }

    /** The values each field takes in turn (MISSING: no field); list lengths differ so that documents combine them. */
    private static Map<String, List<BsonValue>> fieldValues() {
        Map<String, List<BsonValue>> values = new LinkedHashMap<>();
        values.put(
                "i",
                list(
                        new BsonInt32(5),
                        new BsonInt64(5),
                        new BsonDouble(5.0),
                        decimal("5.00"),
                        new BsonInt32(7),
                        new BsonInt32(-3),
                        new BsonInt32(Integer.MAX_VALUE),
                        new BsonInt64(1L << 31),
                        new BsonDouble(5.5),
                        new BsonString("5"),
                        array(new BsonInt32(5), new BsonInt32(6)),
                        BsonNull.VALUE,
                        MISSING,
                        BsonBoolean.TRUE,
                        new BsonDouble(Double.NaN),
                        new BsonDouble(Double.POSITIVE_INFINITY),
                        new BsonInt32(Integer.MIN_VALUE)));
        values.put(
                "d",
                list(
                        new BsonDouble(1.5),
                        new BsonDouble(-0.0),
                        new BsonDouble(0.0),
                        new BsonDouble(Double.NaN),
                        new BsonDouble(Double.POSITIVE_INFINITY),
                        new BsonDouble(Double.NEGATIVE_INFINITY),
                        new BsonInt32(2),
                        new BsonInt64(2),
                        decimal("2.5"),
                        new BsonString("x"),
                        BsonNull.VALUE,
                        MISSING,
                        array(new BsonDouble(1.5))));
        values.put(
                "dec",
                list(
                        decimal("1.005"),
                        decimal("1.004"),
                        decimal("-1.005"),
                        decimal("1.01"),
                        new BsonInt32(1),
                        decimal("999.994"),
                        decimal("999.995"),
                        decimal("0.004"),
                        decimal("-0.005"),
                        new BsonDouble(2.5),
                        new BsonString("1"),
                        BsonNull.VALUE,
                        MISSING,
                        new BsonDouble(1.25),
                        new BsonInt64(-999),
                        // doubles (what a server without decimal128 holds), none halfway between two hundredths
                        new BsonDouble(1.0051),
                        new BsonDouble(-1.0049),
                        new BsonDouble(999.996)));
        values.put(
                "s",
                list(
                        new BsonString("a"),
                        new BsonString("abc"),
                        new BsonString("abd"),
                        new BsonString("b"),
                        new BsonString(""),
                        new BsonString("é"),
                        new BsonInt32(5),
                        BsonNull.VALUE,
                        MISSING,
                        BsonBoolean.TRUE,
                        new BsonString("B"),
                        // read as JSON text or hex digits: ranges must match them as their text compares
                        new BsonDocument("a", new BsonInt32(1)),
                        new BsonDocument(),
                        array(new BsonString("abc")),
                        array(),
                        new BsonObjectId(new ObjectId(OID)),
                        new BsonObjectId(new ObjectId("ffffffffffffffffffffffff")),
                        new BsonString("{\"a\": 1}"),
                        new BsonString("\uFFFD"),
                        new BsonString("\uD83D\uDE00"),
                        new BsonJavaScript("abc"),
                        // every other scalar reads as its JSON text: numbers ('-' or a digit first), booleans, and
                        // the types written with '{'
                        new BsonInt64(5),
                        new BsonInt32(-3),
                        new BsonInt64(-30_000_000_000L),
                        new BsonInt32(0),
                        new BsonInt32(10),
                        new BsonDouble(5.0),
                        new BsonDouble(1.5),
                        new BsonDouble(-0.0),
                        new BsonDouble(0.0),
                        new BsonDouble(1e20),
                        new BsonDouble(Double.NaN),
                        new BsonDouble(Double.NEGATIVE_INFINITY),
                        BsonBoolean.FALSE,
                        decimal("5"),
                        new BsonDateTime(0),
                        new BsonTimestamp(5, 1),
                        new BsonBinary(new byte[] {1, 2}),
                        new BsonRegularExpression("a.*", "i"),
                        new BsonMinKey(),
                        new BsonMaxKey(),
                        new BsonString("5"),
                        new BsonString("-3"),
                        new BsonString("true"),
                        new BsonString("1.5")));
        values.put(
                "v",
                list(
                        new BsonString("ab"),
                        new BsonString("abc"),
                        new BsonString("abcd"),
                        new BsonString("abd"),
                        new BsonString("abz"),
                        new BsonString("b"),
                        new BsonString(""),
                        BsonNull.VALUE,
                        MISSING,
                        new BsonInt32(3),
                        new BsonDateTime(0),
                        new BsonDocument("a", new BsonInt32(1)),
                        array(new BsonString("ab")),
                        new BsonObjectId(new ObjectId(OID)),
                        new BsonString("65f0"),
                        new BsonJavaScript("abc"),
                        new BsonInt32(12345),
                        new BsonInt32(-1),
                        new BsonInt64(123),
                        new BsonDouble(1.5),
                        new BsonDouble(-0.0),
                        new BsonDouble(Double.POSITIVE_INFINITY),
                        BsonBoolean.TRUE,
                        BsonBoolean.FALSE,
                        decimal("1"),
                        new BsonTimestamp(5, 1),
                        new BsonMaxKey()));
        values.put(
                "bo",
                list(
                        BsonBoolean.TRUE,
                        BsonBoolean.FALSE,
                        BsonNull.VALUE,
                        MISSING,
                        new BsonInt32(1),
                        new BsonString("true"),
                        array(BsonBoolean.TRUE)));
        values.put(
                "dt",
                list(
                        date("2024-03-10T00:00:00"),
                        date("2024-03-10T23:59:59.999"),
                        date("2024-03-11T00:00:00"),
                        date("2024-03-09T23:59:59.999"),
                        date("1960-01-01T12:00:00"),
                        BsonNull.VALUE,
                        MISSING,
                        new BsonString("2024-03-10"),
                        new BsonTimestamp(1710072000, 1)));
        values.put(
                "ts",
                list(
                        date("2024-03-10T12:00:00"),
                        date("2024-03-10T12:00:00.001"),
                        date("2024-03-10T12:00:00.999"),
                        date("2024-03-10T12:00:01"),
                        new BsonTimestamp(1710072000, 5),
                        new BsonTimestamp(1710072001, 1),
                        BsonNull.VALUE,
                        MISSING,
                        new BsonString("x"),
                        new BsonInt32(5)));
        values.put(
                "address",
                list(
                        new BsonDocument("city", new BsonString("Oslo")),
                        new BsonDocument("city", new BsonString("Bergen")),
                        new BsonDocument(),
                        BsonNull.VALUE,
                        new BsonInt32(5),
                        array(new BsonDocument("city", new BsonString("Oslo"))),
                        new BsonDocument("city", BsonBoolean.TRUE),
                        MISSING,
                        new BsonDocument("city", BsonNull.VALUE),
                        new BsonDocument("city", new BsonInt32(1)),
                        array()));
        values.put(
                "ref",
                list(
                        new BsonObjectId(new ObjectId(OID)),
                        new BsonString(OID),
                        new BsonObjectId(new ObjectId(OID2)),
                        new BsonString("natural"),
                        new BsonString(OID.toUpperCase()),
                        new BsonDocument("x", new BsonInt32(1)),
                        array(new BsonString(OID)),
                        BsonNull.VALUE,
                        MISSING,
                        new BsonInt32(1)));
        return values;
    }

    @BeforeAll
    static void connect() {
        client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri());
    }

    @AfterAll
    static void disconnect() {
        client.getDatabase("pushdown").drop();
        client.close();
    }

    @Test
    void everyPushedFilterMatchesWhatHiveSelects() {
        MongoCollection<BsonDocument> collection =
                client.getDatabase("pushdown").getCollection("docs", BsonDocument.class);
        assertPushdown(collection, MongoDialect.MONGODB);
    }

    /**
     * The same for a server that holds no NaN, infinity, decimal128, MinKey, MaxKey, undefined, symbol, JavaScript or
     * DBPointer (FerretDB 1.x): its documents leave those values out, and no pushed filter names one of them or a
     * {@code $type} alias it does not know. The test server here stands in for FerretDB's matching (as MongoDB's);
     * TestMongoFerretDbPushdown runs the same on a real FerretDB.
     */
    @Test
    void everyPushedFilterForFerretDbMatchesWhatHiveSelects() {
        MongoCollection<BsonDocument> collection =
                client.getDatabase("pushdown").getCollection("docs_ferretdb", BsonDocument.class);
        assertPushdown(collection, MongoDialect.FERRETDB_1);
    }

    /**
     * The test documents, but for the values the dialect's server cannot hold (left out, as missing fields): a server
     * that holds none of them has no document with one.
     */
    static List<BsonDocument> documents(MongoDialect dialect) {
        Map<String, List<BsonValue>> values = fieldValues();
        List<BsonDocument> documents = new ArrayList<>();
        for (int n = 0; n < DOCUMENTS; n++) {
            BsonDocument document = new BsonDocument("_id", new BsonInt32(n));
            for (Map.Entry<String, List<BsonValue>> field : values.entrySet()) {
                BsonValue value = field.getValue().get(n % field.getValue().size());
                if (value != MISSING
                        && dialect.firstUnheld(value, field.getKey()).isEmpty()) {
                    document.append(field.getKey(), value);
                }
            }
            documents.add(document);
        }
        return documents;
    }

    /**
     * Fills the collection with the dialect's {@link #documents} and checks that for every policy and pushed filter
     * the server matches what Hive selects from the documents as the server returns them (exactly, or a superset when
     * the translator says the filter is not exact), and that no pushed filter names a value the server cannot hold or
     * a {@code $type} alias it does not know.
     */
    static void assertPushdown(MongoCollection<BsonDocument> collection, MongoDialect dialect) {
        collection.drop();
        collection.insertMany(documents(dialect));
        List<BsonDocument> documents = new ArrayList<>();
        collection.find().sort(new BsonDocument("_id", new BsonInt32(1))).into(documents);
        List<Filter> filters = filters();
        Map<BadRecordPolicy, Integer> pushed = new HashMap<>();
        Map<BsonDocument, Set<Integer>> answers = new HashMap<>();
        for (BadRecordPolicy policy : BadRecordPolicy.values()) {
            MongoPredicateTranslator translator = new MongoPredicateTranslator("db.t", LAYOUT, policy, dialect);
            for (Filter filter : filters) {
                if (!translator.canPush(filter)) {
                    continue;
                }
                pushed.merge(policy, 1, Integer::sum);
                BsonDocument query = translator.toBson(filter);
                assertThat(dialect.firstRefusedInFilter(query))
                        .as("policy %s, filter %s, pushed as %s", policy, filter, query.toJson())
                        .isEmpty();
                assertThat(typeAliases(query))
                        .as("policy %s, filter %s, pushed as %s", policy, filter, query.toJson())
                        .allMatch(dialect::knowsAlias);
                // policies often push the same query: each distinct one runs once (FerretDB's finds are scans)
                Set<Integer> matched = new TreeSet<>(answers.computeIfAbsent(query, pushedQuery -> {
                    Set<Integer> ids = new TreeSet<>();
                    for (BsonDocument document : collection.find(pushedQuery)) {
                        ids.add(document.getInt32("_id").getValue());
                    }
                    return ids;
                }));
                Set<Integer> rowMode = new TreeSet<>();
                Set<Integer> vectorized = new TreeSet<>();
                Set<Integer> failing = new TreeSet<>();
                for (BsonDocument document : documents) {
                    int id = document.getInt32("_id").getValue();
                    for (boolean vector : new boolean[] {false, true}) {
                        HiveEvaluation evaluation = new HiveEvaluation(LAYOUT, document, policy, vector);
                        Boolean result = evaluation.evaluate(filter);
                        if (evaluation.failed()) {
                            failing.add(id); // Hive would fail the query (policy fail): anything goes
                        } else if (Boolean.TRUE.equals(result) && !evaluation.skipped()) {
                            (vector ? vectorized : rowMode).add(id);
                        }
                    }
                }
                matched.removeAll(failing);
                if (translator.exact(filter)) {
                    assertThat(matched)
                            .as("policy %s, filter %s, pushed as %s", policy, filter, query.toJson())
                            .isEqualTo(rowMode)
                            .isEqualTo(vectorized);
                } else {
                    // a superset: Hive filters again
                    assertThat(matched)
                            .as("policy %s, filter %s (a superset), pushed as %s", policy, filter, query.toJson())
                            .containsAll(rowMode)
                            .containsAll(vectorized);
                }
            }
        }
        assertThat(pushed.get(BadRecordPolicy.FAIL)).isGreaterThan(filters.size() * 3 / 4);
        assertThat(pushed.get(BadRecordPolicy.NULL)).isGreaterThan(filters.size() / 2);
        assertThat(pushed.get(BadRecordPolicy.SKIP)).isGreaterThan(filters.size() / 2);
    }

    /** The {@code $type} aliases a filter names. */
    static List<String> typeAliases(BsonValue filter) {
        List<String> aliases = new ArrayList<>();
        if (filter.isDocument()) {
            for (Map.Entry<String, BsonValue> entry : filter.asDocument().entrySet()) {
                if (entry.getKey().equals("$type")) {
                    BsonValue type = entry.getValue();
                    (type.isArray() ? type.asArray().getValues() : List.of(type))
                            .forEach(alias -> aliases.add(alias.asString().getValue()));
                } else {
                    aliases.addAll(typeAliases(entry.getValue()));
                }
            }
        } else if (filter.isArray()) {
            filter.asArray().forEach(value -> aliases.addAll(typeAliases(value)));
        }
        return aliases;
    }

    /** Every operator on every column with interesting literals, their negations, and random AND/OR/NOT trees. */
    private static List<Filter> filters() {
        Map<String, List<Object>> literals = new LinkedHashMap<>();
        literals.put("i", List.of(5, -3, 7, Integer.MAX_VALUE, Integer.MIN_VALUE));
        literals.put("d", List.of(1.5, 0.0, -0.0, 2.0, 2.5));
        literals.put("dec", List.of(dec("1.01"), dec("1.00"), dec("-1.01"), dec("0.00"), dec("999.99"), dec("1.25")));
        literals.put(
                "s",
                List.of(
                        "abc",
                        "",
                        "b",
                        "é",
                        "B",
                        "Z",
                        "\\",
                        "|",
                        "{",
                        "[x",
                        OID,
                        "65f0",
                        "g",
                        "\uFFFD",
                        "\uD83D\uDE00",
                        // the texts of numbers and booleans, and bounds among them
                        "5",
                        "-3",
                        "0",
                        "-0",
                        "0.0",
                        "-0.0",
                        "1.5",
                        "5.0",
                        "1.0E+20",
                        "1e20",
                        "10",
                        "-30000000000",
                        "true",
                        "false",
                        "tru",
                        "-",
                        "/",
                        "."));
        literals.put(
                "v",
                List.of("ab", "abc", "abd", "", "b", "65f", "{a", "|", "123", "12", "-1", "1.5", "-0.", "tru", "fal"));
        literals.put("bo", List.of(true, false));
        literals.put("dt", List.of(day("2024-03-10"), day("2024-03-11"), day("1960-01-01"), day("2024-03-09")));
        literals.put(
                "ts",
                List.of(
                        time("2024-03-10T12:00:00"),
                        time("2024-03-10T12:00:00.001"),
                        time("2024-03-10T12:00:00.0005"),
                        time("2024-03-10T12:00:01"),
                        time("2024-03-10T12:00:00.9995")));
        literals.put("city", List.of("Oslo", "Bergen"));
        literals.put("ref", List.of(OID, OID2, "natural", OID.toUpperCase()));
        List<Filter> leaves = new ArrayList<>();
        for (Map.Entry<String, List<Object>> column : literals.entrySet()) {
            String name = column.getKey();
            List<Object> values = column.getValue();
            for (Object value : values) {
                for (CompareOp op : CompareOp.values()) {
                    leaves.add(new Filter.Compare(name, op, value));
                }
            }
            leaves.add(new Filter.In(name, values.subList(0, 2)));
            leaves.add(new Filter.In(name, values));
            leaves.add(new Filter.Between(name, values.get(0), values.get(values.size() - 1)));
            leaves.add(new Filter.Between(name, values.get(values.size() - 1), values.get(0)));
            leaves.add(new Filter.Between(name, values.get(1), values.get(0)));
            leaves.add(new Filter.IsNull(name));
        }
        List<Filter> filters = new ArrayList<>();
        for (Filter leaf : leaves) {
            filters.add(leaf);
            filters.add(new Filter.Not(leaf));
        }
        Random random = new Random(1234);
        for (int n = 0; n < 300; n++) {
            Filter a = maybeNot(random, leaves.get(random.nextInt(leaves.size())));
            Filter b = maybeNot(random, leaves.get(random.nextInt(leaves.size())));
            Filter combined = random.nextBoolean() ? new Filter.And(List.of(a, b)) : new Filter.Or(List.of(a, b));
            filters.add(maybeNot(random, combined));
        }
        return filters;
    }

    private static Filter maybeNot(Random random, Filter filter) {
        return random.nextInt(3) == 0 ? new Filter.Not(filter) : filter;
    }

    /**
     * Hive's evaluation of a filter on the values the reader gets from one document, under a bad-record policy, in row
     * mode (fetch tasks) or vectorized mode (Tez), which compare doubles differently.
     */
    private static final class HiveEvaluation {
        private final BsonRowDecoder decoder;
        private final TableMapping mapping;
        private final BadRecordPolicy policy;
        private final boolean vectorized;
        private boolean failed;
        private boolean skipped;

        HiveEvaluation(DocumentLayout layout, BsonDocument document, BadRecordPolicy policy, boolean vectorized) {
            this.decoder = new BsonRowDecoder(layout);
            this.decoder.reset(document);
            this.mapping = layout.mapping();
            this.policy = policy;
            this.vectorized = vectorized;
        }

        boolean failed() {
            return failed;
        }

        boolean skipped() {
            return skipped;
        }

        /** TRUE, FALSE or null (unknown). */
        Boolean evaluate(Filter filter) {
            if (filter instanceof Filter.And and) {
                Boolean result = Boolean.TRUE;
                for (Filter child : and.children()) {
                    Boolean value = evaluate(child);
                    if (Boolean.FALSE.equals(value)) {
                        result = Boolean.FALSE;
                    } else if (value == null && result != Boolean.FALSE) {
                        result = null;
                    }
                }
                return result;
            }
            if (filter instanceof Filter.Or or) {
                Boolean result = Boolean.FALSE;
                for (Filter child : or.children()) {
                    Boolean value = evaluate(child);
                    if (Boolean.TRUE.equals(value)) {
                        result = Boolean.TRUE;
                    } else if (value == null && result != Boolean.TRUE) {
                        result = null;
                    }
                }
                return result;
            }
            if (filter instanceof Filter.Not not) {
                Boolean value = evaluate(not.child());
                return value == null ? null : !value;
            }
            if (filter instanceof Filter.IsNull isNull) {
                return value(isNull.column()) == null;
            }
            if (filter instanceof Filter.Compare compare) {
                Object value = value(compare.column());
                return value == null ? null : compare(compare.op(), value, compare.value());
            }
            if (filter instanceof Filter.In in) {
                Object value = value(in.column());
                if (value == null) {
                    return null;
                }
                // Hive's IN hashes the values: doubles are equal by their bits (0.0 and -0.0 differ, NaN is in nothing)
                return in.values().stream()
                        .anyMatch(v -> value instanceof Double d
                                ? d.equals(v) && !d.isNaN()
                                : compare(CompareOp.EQ, value, v));
            }
            Filter.Between between = (Filter.Between) filter;
            Object value = value(between.column());
            if (value == null) {
                return null;
            }
            return compare(CompareOp.GE, value, between.low()) && compare(CompareOp.LE, value, between.high());
        }

        private Object value(String column) {
            try {
                return decoder.get(mapping.indexOf(column));
            } catch (ValueConversionException e) {
                switch (policy) {
                    case FAIL -> failed = true;
                    case SKIP -> skipped = true;
                    case NULL -> {}
                }
                return null;
            }
        }

        /**
         * Hive's comparison: strings by code point; doubles in row mode with Double.compare but 0.0 equal to -0.0 (NaN
         * is above every number and equal to itself: ObjectInspectorUtils.compare), in vectorized mode with Java's
         * operators (NaN compares false, {@code <>} true).
         */
        boolean compare(CompareOp op, Object value, Object literal) {
            if (value instanceof Double d && !vectorized) {
                double l = (Double) literal;
                int order = d == 0.0 && l == 0.0 ? 0 : Double.compare(d, l);
                return switch (op) {
                    case EQ -> order == 0;
                    case NE -> order != 0;
                    case LT -> order < 0;
                    case LE -> order <= 0;
                    case GT -> order > 0;
                    case GE -> order >= 0;
                };
            }
            if (value instanceof Double d) {
                double l = (Double) literal;
                return switch (op) {
                    case EQ -> d == l;
                    case NE -> d != l;
                    case LT -> d < l;
                    case LE -> d <= l;
                    case GT -> d > l;
                    case GE -> d >= l;
                };
            }
            int order;
            if (value instanceof Number n && !(value instanceof BigDecimal)) {
                order = Long.compare(n.longValue(), ((Number) literal).longValue());
            } else if (value instanceof String s) {
                order = compareCodePoints(s, (String) literal);
            } else {
                @SuppressWarnings("unchecked")
                Comparable<Object> comparable = (Comparable<Object>) value;
                order = comparable.compareTo(literal);
            }
            return switch (op) {
                case EQ -> order == 0;
                case NE -> order != 0;
                case LT -> order < 0;
                case LE -> order <= 0;
                case GT -> order > 0;
                case GE -> order >= 0;
            };
        }

        private static int compareCodePoints(String a, String b) {
            int[] x = a.codePoints().toArray();
            int[] y = b.codePoints().toArray();
            for (int i = 0; i < Math.min(x.length, y.length); i++) {
                if (x[i] != y[i]) {
                    return Integer.compare(x[i], y[i]);
                }
            }
            return Integer.compare(x.length, y.length);
        }
    }

    private static List<BsonValue> list(BsonValue... values) {
        List<BsonValue> list = new ArrayList<>();
        for (BsonValue value : values) {
            list.add(value); // may be MISSING (null): List.of refuses nulls
        }
        return list;
    }

    private static BsonArray array(BsonValue... values) {
        return new BsonArray(List.of(values));
    }

    private static BsonDecimal128 decimal(String value) {
        return new BsonDecimal128(Decimal128.parse(value));
    }

    private static BsonDateTime date(String utc) {
        return new BsonDateTime(
                LocalDateTime.parse(utc).toInstant(ZoneOffset.UTC).toEpochMilli());
    }

    private static BigDecimal dec(String value) {
        return new BigDecimal(value);
    }

    private static LocalDate day(String value) {
        return LocalDate.parse(value);
    }

    private static LocalDateTime time(String value) {
        return LocalDateTime.parse(value);
    }
}
