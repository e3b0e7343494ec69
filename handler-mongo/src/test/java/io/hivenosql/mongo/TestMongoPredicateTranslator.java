package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.mongo.bson.DocumentLayout;
import io.hivenosql.mongo.bson.MongoObjectIdFormat;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** The filter documents of every pushed form, and what is refused. The server-backed proof is TestMongoPushdown. */
class TestMongoPredicateTranslator {
    private static final String NOT_ARRAY = "$not: {$type: 'array'}";
    private static final String OID = "65f0a1b2c3d4e5f6a7b8c9d0";

    private static final DocumentLayout LAYOUT = layout();

    private static DocumentLayout layout() {
        List<ColumnMapping> columns = new ArrayList<>();
        String[][] spec = {
            {"id", "string", "_id"},
            {"i", "int", "i"},
            {"t", "tinyint", "t"},
            {"b", "bigint", "b"},
            {"bo", "boolean", "bo"},
            {"d", "double", "d"},
            {"dec", "decimal(5,2)", "dec"},
            {"s", "string", "s"},
            {"v", "varchar(3)", "v"},
            {"dt", "date", "dt"},
            {"ts", "timestamp", "ts"},
            {"city", "string", "address.city"},
            {"ref", "string", "ref"},
            {"f", "float", "f"},
            {"c", "char(3)", "c"},
            {"bin", "binary", "bin"},
            {"st", "struct<a:int>", "st"},
            {"m", "map<string,int>", "m"},
            {"a", "array<int>", "a"},
            {"v30", "varchar(30)", "v30"},
        };
        for (String[] column : spec) {
            columns.add(new ColumnMapping(column[0], DataTypes.parse(column[1]), column[2], ColumnRole.FIELD));
        }
        return new DocumentLayout(
                "db.t", new TableMapping(columns), 0, Set.of(0, 12), MongoObjectIdFormat.STRING, false);
    }

    private static MongoPredicateTranslator translator(BadRecordPolicy policy) {
        return new MongoPredicateTranslator("db.t", LAYOUT, policy);
    }

    private static final MongoPredicateTranslator STRICT = translator(BadRecordPolicy.FAIL);

    private static Filter compare(String column, CompareOp op, Object value) {
        return new Filter.Compare(column, op, value);
    }

    private static Filter not(Filter filter) {
        return new Filter.Not(filter);
    }

    private static void assertPushed(Filter filter, String expectedJson) {
        assertPushed(STRICT, filter, expectedJson);
    }

    private static void assertPushed(MongoPredicateTranslator translator, Filter filter, String expectedJson) {
        assertThat(translator.canPush(filter)).as("canPush(%s)", filter).isTrue();
        BsonDocument actual = translator.toBson(filter);
        assertThat(actual.toJson())
                .as("%s", filter)
                .isEqualTo(BsonDocument.parse(expectedJson).toJson());
        assertThat(actual).isEqualTo(BsonDocument.parse(expectedJson)); // BSON types too, not just the text
    }

    private static void assertExact(Filter filter) {
        assertThat(STRICT.exact(filter)).as("exact(%s)", filter).isTrue();
    }

    /** Pushed as a superset: Hive keeps the predicate. */
    private static void assertInexact(Filter filter) {
        assertThat(STRICT.canPush(filter)).as("canPush(%s)", filter).isTrue();
        assertThat(STRICT.exact(filter)).as("exact(%s)", filter).isFalse();
        assertThat(STRICT.exact(new Filter.Not(filter)))
                .as("exact(NOT %s)", filter)
                .isFalse();
    }

    private static void assertRefused(Filter filter) {
        assertRefused(STRICT, filter);
    }

    private static void assertRefused(MongoPredicateTranslator translator, Filter filter) {
        assertThat(translator.canPush(filter)).as("canPush(%s)", filter).isFalse();
        assertThat(translator.translate(filter)).isEmpty();
        assertThatThrownBy(() -> translator.toBson(filter))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("db.t")
                .hasMessageContaining("cannot be pushed to MongoDB");
    }

    @Test
    void listsArePushedWhileTheyFitOneQuery() {
        List<Object> keys = new ArrayList<>();
        for (long key = 0; key < MongoFieldFilter.MAX_IN_VALUES; key++) {
            keys.add(key);
        }
        assertThat(STRICT.canPush(new Filter.In("b", keys))).isTrue();
        keys.add((long) MongoFieldFilter.MAX_IN_VALUES);
        assertThat(STRICT.canPush(new Filter.In("b", keys)))
                .as("one value too many")
                .isFalse();
        // 40,000 strings of 300 characters: some 12 MB of filter, within the count but not within a query
        List<Object> texts = new ArrayList<>();
        for (int i = 0; i < 40_000; i++) {
            texts.add(String.format("%0300d", i));
        }
        assertThat(STRICT.canPush(new Filter.In("s", texts))).isFalse();
        assertThat(STRICT.canPush(new Filter.In("s", texts.subList(0, 20_000))))
                .as("some 6 MB")
                .isTrue();
    }

    @Test
    void integerComparisonsStayWithinTheColumnTypesRange() {
        assertPushed(compare("i", CompareOp.EQ, 5), "{i: {$eq: 5, " + NOT_ARRAY + "}}");
        assertPushed(compare("i", CompareOp.LT, 5), "{i: {$gte: -2147483648, $lt: 5, " + NOT_ARRAY + "}}");
        assertPushed(compare("i", CompareOp.LE, 5), "{i: {$gte: -2147483648, $lte: 5, " + NOT_ARRAY + "}}");
        assertPushed(compare("i", CompareOp.GT, 5), "{i: {$gt: 5, $lte: 2147483647, " + NOT_ARRAY + "}}");
        assertPushed(compare("i", CompareOp.GE, 5), "{i: {$gte: 5, $lte: 2147483647, " + NOT_ARRAY + "}}");
        assertPushed(
                compare("i", CompareOp.NE, 5),
                "{i: {$gte: -2147483648, $lte: 2147483647, $nin: [5], " + NOT_ARRAY + "}}");
        assertPushed(new Filter.Between("i", 1, 9), "{i: {$gte: 1, $lte: 9, " + NOT_ARRAY + "}}");
        assertPushed(new Filter.In("i", List.of(1, 2, 3)), "{i: {$in: [1, 2, 3], " + NOT_ARRAY + "}}");
        assertPushed(new Filter.In("i", List.of(7)), "{i: {$eq: 7, " + NOT_ARRAY + "}}");
        assertPushed(compare("t", CompareOp.GT, (byte) 100), "{t: {$gt: 100, $lte: 127, " + NOT_ARRAY + "}}");
        assertPushed(
                compare("b", CompareOp.LT, 10L),
                "{b: {$gte: NumberLong('-9223372036854775808'), $lt: NumberLong(10), " + NOT_ARRAY + "}}");
        // a literal outside the column's range is Hive's business
        assertRefused(compare("t", CompareOp.EQ, 300));
        assertRefused(compare("i", CompareOp.EQ, "5"));
    }

    @Test
    void notIsPushedDownAsTheConditionWhereTheLeafIsFalse() {
        assertPushed(not(compare("i", CompareOp.LT, 5)), "{i: {$gte: 5, $lte: 2147483647, " + NOT_ARRAY + "}}");
        assertPushed(not(compare("i", CompareOp.GE, 5)), "{i: {$gte: -2147483648, $lt: 5, " + NOT_ARRAY + "}}");
        assertPushed(not(compare("i", CompareOp.LE, 5)), "{i: {$gt: 5, $lte: 2147483647, " + NOT_ARRAY + "}}");
        assertPushed(not(compare("i", CompareOp.GT, 5)), "{i: {$gte: -2147483648, $lte: 5, " + NOT_ARRAY + "}}");
        assertPushed(
                not(compare("i", CompareOp.EQ, 5)),
                "{i: {$gte: -2147483648, $lte: 2147483647, $nin: [5], " + NOT_ARRAY + "}}");
        assertPushed(not(compare("i", CompareOp.NE, 5)), "{i: {$eq: 5, " + NOT_ARRAY + "}}");
        assertPushed(not(not(compare("i", CompareOp.EQ, 5))), "{i: {$eq: 5, " + NOT_ARRAY + "}}");
        assertPushed(
                not(new Filter.In("i", List.of(1, 2))),
                "{i: {$gte: -2147483648, $lte: 2147483647, $nin: [1, 2], " + NOT_ARRAY + "}}");
        assertPushed(
                not(new Filter.Between("i", 1, 9)),
                "{$or: [{i: {$gte: -2147483648, $lt: 1, " + NOT_ARRAY + "}}, {i: {$gt: 9, $lte: 2147483647, "
                        + NOT_ARRAY + "}}]}");
        // De Morgan
        assertPushed(
                not(new Filter.And(List.of(compare("i", CompareOp.EQ, 1), compare("s", CompareOp.EQ, "x")))),
                "{$or: [{i: {$gte: -2147483648, $lte: 2147483647, $nin: [1], " + NOT_ARRAY + "}}, " + text("s", "['x']")
                        + "]}");
        assertPushed(
                not(new Filter.Or(List.of(compare("i", CompareOp.EQ, 1), compare("bo", CompareOp.EQ, true)))),
                "{$and: [{i: {$gte: -2147483648, $lte: 2147483647, $nin: [1], " + NOT_ARRAY + "}}, "
                        + "{bo: {$type: 'bool', $nin: [true], " + NOT_ARRAY + "}}]}");
    }

    /**
     * The alternatives matching the values a text column reads (strings, ObjectIds as hex, every other value but
     * JavaScript code, DBPointers and regular expressions as JSON), except those in {@code nin} (null: none).
     */
    private static String text(String field, String nin) {
        String except = nin == null ? "" : ", $nin: " + nin;
        return "{" + field + ": {$type: 'array'}}, {" + field + ": {$gte: ''" + except + "}}, {" + field
                + ": {$type: ['objectId', 'bool', 'int', 'long', 'double', 'object', 'decimal', 'date', 'timestamp', "
                + "'binData', 'minKey', 'maxKey']" + except + "}}";
    }

    /** The alternatives matching the values of a text column whose JSON text starts with '{'. */
    private static String braces(String field) {
        return "{" + field + ": {$type: ['object', 'decimal', 'date', 'timestamp', 'binData', 'minKey', 'maxKey'], "
                + NOT_ARRAY + "}}, {" + field + ": {$in: [{$numberDouble: 'NaN'}, {$numberDouble: 'Infinity'}, "
                + "{$numberDouble: '-Infinity'}], " + NOT_ARRAY + "}}";
    }

    /** The alternative matching the finite numbers of a text column within the bounds (texts '-' or a digit first). */
    private static String numbers(String field, String lower, String upper) {
        return "{" + field + ": {$type: ['int', 'long', 'double'], " + lower + ", " + upper + ", " + NOT_ARRAY + "}}";
    }

    private static final String ABOVE_MINUS_INFINITY = "$gt: {$numberDouble: '-Infinity'}";
    private static final String BELOW_INFINITY = "$lt: {$numberDouble: 'Infinity'}";

    @Test
    void andAndOrNestFlat() {
        Filter a = compare("i", CompareOp.EQ, 1);
        Filter b = compare("bo", CompareOp.EQ, true);
        Filter c = compare("d", CompareOp.EQ, 2.5);
        assertPushed(
                new Filter.And(List.of(new Filter.And(List.of(a, b)), c)),
                "{$and: [{i: {$eq: 1, " + NOT_ARRAY + "}}, {bo: {$eq: true, " + NOT_ARRAY + "}}, {d: {$eq: 2.5, "
                        + NOT_ARRAY + "}}]}");
        assertPushed(
                new Filter.Or(List.of(a, new Filter.Or(List.of(b, c)))),
                "{$or: [{i: {$eq: 1, " + NOT_ARRAY + "}}, {bo: {$eq: true, " + NOT_ARRAY + "}}, {d: {$eq: 2.5, "
                        + NOT_ARRAY + "}}]}");
        // OR only when every child translates
        assertRefused(new Filter.Or(List.of(a, compare("f", CompareOp.EQ, 1.5f))));
        assertRefused(new Filter.And(List.of(a, compare("f", CompareOp.EQ, 1.5f))));
    }

    @Test
    void nullTestsMatchMissingNullAndNonDocumentParents() {
        // undefined reads as NULL, and MongoDB 8 no longer matches it with null
        assertPushed(new Filter.IsNull("i"), "{$or: [{i: {$eq: null, " + NOT_ARRAY + "}}, {i: {$type: 'undefined'}}]}");
        assertPushed(not(new Filter.IsNull("i")), "{i: {$gte: -2147483648, $lte: 2147483647, " + NOT_ARRAY + "}}");
        assertPushed(not(new Filter.IsNull("d")), "{d: {$type: 'number', " + NOT_ARRAY + "}}");
        // with the fail policy a date-time beyond years 1 to 9999 is matched, so that reading it fails the query
        assertPushed(not(new Filter.IsNull("ts")), "{ts: {$type: ['date', 'timestamp'], " + NOT_ARRAY + "}}");
        assertPushed(not(new Filter.IsNull("s")), "{$or: [" + text("s", null) + "]}");
        assertPushed(
                new Filter.IsNull("city"),
                "{$or: [{address: {$type: 'array'}}, {'address.city': {$eq: null, " + NOT_ARRAY + "}}, "
                        + "{'address.city': {$type: 'undefined'}}]}");
        assertPushed(
                compare("city", CompareOp.EQ, "Oslo"),
                "{address: {" + NOT_ARRAY + "}, 'address.city': {$eq: 'Oslo', " + NOT_ARRAY + "}}");
        assertPushed(not(new Filter.IsNull("id")), "{$or: [" + text("_id", null) + "]}");
        // any column type can be NULL, but only the pushed types are tested
        assertRefused(new Filter.IsNull("st"));
    }

    @Test
    void nullPolicyTreatsUnreadableValuesAsNull() {
        MongoPredicateTranslator lenient = translator(BadRecordPolicy.NULL);
        assertPushed(lenient, new Filter.IsNull("bo"), "{$nor: [{bo: {$type: 'bool', " + NOT_ARRAY + "}}]}");
        assertPushed(lenient, not(new Filter.IsNull("bo")), "{bo: {$type: 'bool', " + NOT_ARRAY + "}}");
        assertPushed(
                lenient,
                new Filter.IsNull("city"),
                "{$nor: [{address: {" + NOT_ARRAY + "}, $or: [" + text("'address.city'", null) + "]}]}");
        // a fractional double within an integer range would read as a bad record, so only = and IN are pushed
        assertPushed(lenient, compare("i", CompareOp.EQ, 5), "{i: {$eq: 5, " + NOT_ARRAY + "}}");
        assertPushed(lenient, new Filter.In("i", List.of(5, 6)), "{i: {$in: [5, 6], " + NOT_ARRAY + "}}");
        assertRefused(lenient, compare("i", CompareOp.GT, 5));
        assertRefused(lenient, compare("i", CompareOp.NE, 5));
        assertRefused(lenient, new Filter.IsNull("i"));
        assertRefused(lenient, not(new Filter.IsNull("i")));
        // Hive's row mode puts NaN above every number, its vectorized mode compares it false: NaN is matched and Hive
        // filters again
        assertPushed(
                lenient,
                compare("d", CompareOp.GT, 5.0),
                "{$or: [{d: {$gt: 5.0, $lte: Infinity, " + NOT_ARRAY + "}}, {d: {$eq: NaN, " + NOT_ARRAY + "}}]}");
        assertThat(lenient.exact(compare("d", CompareOp.GT, 5.0))).isFalse();
        assertThat(lenient.exact(not(compare("d", CompareOp.GE, 5.0)))).isFalse();
        assertThat(lenient.exact(compare("d", CompareOp.LT, 5.0))).isTrue();
        assertThat(lenient.exact(compare("i", CompareOp.EQ, 5))).isTrue();
        // Hive's IN hashes doubles, so that -0.0 is not IN (0.0): not pushed
        assertRefused(lenient, new Filter.In("d", List.of(0.0, 1.5)));
        assertRefused(lenient, not(new Filter.In("d", List.of(-0.0))));
        assertPushed(lenient, new Filter.In("d", List.of(1.5, 2.5)), "{d: {$in: [1.5, 2.5], " + NOT_ARRAY + "}}");
        // a date-time beyond years 1 to 9999 reads as NULL: IS NULL matches it, IS NOT NULL does not
        String dates = "{dt: {$gte: {$date: {$numberLong: '-62135596800000'}}, $lt: {$date: {$numberLong: "
                + "'253402300800000'}}, " + NOT_ARRAY + "}}";
        assertPushed(lenient, not(new Filter.IsNull("dt")), dates);
        assertPushed(lenient, new Filter.IsNull("dt"), "{$nor: [" + dates + "]}");
        assertPushed(lenient, not(new Filter.IsNull("ts")), "{$or: [" + ANY_TIMESTAMP + "]}");
        assertPushed(
                lenient,
                compare("dt", CompareOp.NE, LocalDate.parse("2024-03-10")),
                "{$and: [" + dates + ", {$nor: [{dt: {$gte: {$date: '2024-03-10T00:00:00Z'}, $lt: {$date: "
                        + "'2024-03-11T00:00:00Z'}, " + NOT_ARRAY + "}}]}]}");

        MongoPredicateTranslator skip = translator(BadRecordPolicy.SKIP);
        assertPushed(
                skip,
                new Filter.IsNull("i"),
                "{$or: [{i: {$eq: null, " + NOT_ARRAY + "}}, {i: {$type: 'undefined'}}]}");
        assertRefused(skip, compare("i", CompareOp.LT, 5));
        // Hive skips a record with a bad bo, which the d branch of an OR would match
        Filter bo = compare("bo", CompareOp.EQ, true);
        Filter d = compare("d", CompareOp.EQ, 1.5);
        assertRefused(skip, new Filter.Or(List.of(bo, d)));
        assertRefused(skip, not(new Filter.And(List.of(bo, d))));
        assertThat(skip.canPush(new Filter.And(List.of(bo, d)))).isTrue();
        assertThat(skip.canPush(new Filter.Or(List.of(bo, new Filter.IsNull("bo")))))
                .isTrue();
        assertThat(skip.canPush(new Filter.Or(
                        List.of(new Filter.And(List.of(bo, d)), new Filter.And(List.of(not(bo), not(d)))))))
                .isTrue();
        assertThat(lenient.canPush(new Filter.Or(List.of(bo, d)))).isTrue();
    }

    @Test
    void doublesNeverMatchNaNUnlessNegated() {
        assertPushed(compare("d", CompareOp.LT, 1.5), "{d: {$gte: -Infinity, $lt: 1.5, " + NOT_ARRAY + "}}");
        assertPushed(compare("d", CompareOp.EQ, -0.0), "{d: {$eq: -0.0, " + NOT_ARRAY + "}}");
        assertPushed(
                not(compare("d", CompareOp.LT, 1.5)),
                "{$or: [{d: {$gte: 1.5, $lte: Infinity, " + NOT_ARRAY + "}}, {d: {$eq: NaN, " + NOT_ARRAY + "}}]}");
        assertPushed(compare("d", CompareOp.NE, 1.5), "{d: {$type: 'number', $nin: [1.5], " + NOT_ARRAY + "}}");
        assertPushed(
                not(new Filter.Between("d", 1.0, 2.0)),
                "{$or: [{d: {$gte: -Infinity, $lt: 1.0, " + NOT_ARRAY + "}}, {d: {$gt: 2.0, $lte: Infinity, "
                        + NOT_ARRAY + "}}, {d: {$eq: NaN, " + NOT_ARRAY + "}}]}");
        assertRefused(compare("d", CompareOp.EQ, Double.NaN));
        assertRefused(compare("d", CompareOp.LT, Double.POSITIVE_INFINITY));
        assertRefused(compare("f", CompareOp.EQ, 1.5f));
    }

    @Test
    void decimalsMatchTheValuesThatRoundToTheirScale() {
        // read values are rounded HALF_UP to 2 digits: 1.005 reads 1.01, -1.005 reads -1.01
        assertPushed(
                compare("dec", CompareOp.EQ, new BigDecimal("1.01")),
                "{dec: {$gte: NumberDecimal('1.005'), $lt: NumberDecimal('1.015'), " + NOT_ARRAY + "}}");
        assertPushed(
                compare("dec", CompareOp.EQ, new BigDecimal("-1.01")),
                "{dec: {$gt: NumberDecimal('-1.015'), $lte: NumberDecimal('-1.005'), " + NOT_ARRAY + "}}");
        assertPushed(
                compare("dec", CompareOp.EQ, new BigDecimal("0.00")),
                "{dec: {$gt: NumberDecimal('-0.005'), $lt: NumberDecimal('0.005'), " + NOT_ARRAY + "}}");
        assertPushed(
                compare("dec", CompareOp.GT, new BigDecimal("1.00")),
                "{dec: {$gte: NumberDecimal('1.005'), $lt: NumberDecimal('999.995'), " + NOT_ARRAY + "}}");
        assertPushed(
                compare("dec", CompareOp.LT, new BigDecimal("1.5")),
                "{dec: {$gt: NumberDecimal('-999.995'), $lt: NumberDecimal('1.495'), " + NOT_ARRAY + "}}");
        assertPushed(
                compare("dec", CompareOp.NE, new BigDecimal("1.00")),
                "{$and: [{dec: {$gt: NumberDecimal('-999.995'), $lt: NumberDecimal('999.995'), " + NOT_ARRAY
                        + "}}, {$nor: [{dec: {$gte: NumberDecimal('0.995'), $lt: NumberDecimal('1.005'), " + NOT_ARRAY
                        + "}}]}]}");
        assertPushed(
                compare("dec", CompareOp.GT, new BigDecimal("999.99")),
                "{dec: {$in: []}}"); // nothing reads above the type's maximum
        assertRefused(compare("dec", CompareOp.EQ, new BigDecimal("1.001"))); // not of the column's scale
        assertRefused(compare("dec", CompareOp.EQ, new BigDecimal("1000")));
    }

    /** The first instant of year 1 and of year 10000, and the last millisecond before it. */
    private static final String YEAR_1 = "{$date: {$numberLong: '-62135596800000'}}";

    private static final String YEAR_10000 = "{$date: {$numberLong: '253402300800000'}}";
    private static final String LAST_MS = "{$date: '9999-12-31T23:59:59.999Z'}";
    /** Every value a timestamp column reads: date-times of years 1 to 9999, and BSON timestamps. */
    private static final String ANY_TIMESTAMP = "{ts: {$gte: " + YEAR_1 + ", $lte: " + LAST_MS + ", " + NOT_ARRAY
            + "}}, {ts: {$gte: {$timestamp: {t: 0, i: 0}}, $lte: {$timestamp: {t: 4294967295, i: 4294967295}}, "
            + NOT_ARRAY + "}}";

    @Test
    void datesMatchWholeUtcDays() {
        LocalDate day = LocalDate.parse("2024-03-10");
        String start = "{$date: '2024-03-10T00:00:00Z'}";
        String next = "{$date: '2024-03-11T00:00:00Z'}";
        assertPushed(
                compare("dt", CompareOp.EQ, day), "{dt: {$gte: " + start + ", $lt: " + next + ", " + NOT_ARRAY + "}}");
        // a date reads the years 1 to 9999 only: open ranges end there
        assertPushed(
                compare("dt", CompareOp.LT, day),
                "{dt: {$gte: " + YEAR_1 + ", $lt: " + start + ", " + NOT_ARRAY + "}}");
        assertPushed(
                compare("dt", CompareOp.LE, day), "{dt: {$gte: " + YEAR_1 + ", $lt: " + next + ", " + NOT_ARRAY + "}}");
        assertPushed(
                compare("dt", CompareOp.GT, day),
                "{dt: {$gte: " + next + ", $lt: " + YEAR_10000 + ", " + NOT_ARRAY + "}}");
        assertPushed(
                compare("dt", CompareOp.GE, day),
                "{dt: {$gte: " + start + ", $lt: " + YEAR_10000 + ", " + NOT_ARRAY + "}}");
        assertPushed(
                new Filter.Between("dt", day, day.plusDays(1)),
                "{dt: {$gte: " + start + ", $lt: {$date: '2024-03-12T00:00:00Z'}, " + NOT_ARRAY + "}}");
        assertPushed(
                new Filter.In("dt", List.of(day, day.plusDays(5))),
                "{$or: [{dt: {$gte: " + start + ", $lt: " + next + ", " + NOT_ARRAY + "}}, {dt: {$gte: "
                        + "{$date: '2024-03-15T00:00:00Z'}, $lt: {$date: '2024-03-16T00:00:00Z'}, " + NOT_ARRAY
                        + "}}]}");
        assertPushed(
                compare("dt", CompareOp.NE, day),
                "{$and: [{dt: {$type: 'date', " + NOT_ARRAY + "}}, {$nor: [{dt: " + "{$gte: " + start + ", $lt: " + next
                        + ", " + NOT_ARRAY + "}}]}]}");
    }

    @Test
    void timestampsRoundFinerDigitsToTheStoredMilliseconds() {
        LocalDateTime exact = LocalDateTime.parse("2024-03-10T12:00:00.001");
        LocalDateTime finer = LocalDateTime.parse("2024-03-10T12:00:00.0005");
        String ms0 = "{$date: '2024-03-10T12:00:00Z'}";
        String ms1 = "{$date: '2024-03-10T12:00:00.001Z'}";
        assertPushed(compare("ts", CompareOp.EQ, exact), "{ts: {$eq: " + ms1 + ", " + NOT_ARRAY + "}}");
        assertPushed(compare("ts", CompareOp.EQ, finer), "{ts: {$in: []}}");
        assertPushed(
                compare("ts", CompareOp.GT, finer),
                "{$or: [{ts: {$gte: " + ms1 + ", $lte: " + LAST_MS + ", " + NOT_ARRAY
                        + "}}, {ts: {$gte: {$timestamp: {t: 1710072001, i: 0}}, $lte: {$timestamp: {t: 4294967295, i: "
                        + "4294967295}}, " + NOT_ARRAY + "}}]}");
        assertPushed(
                compare("ts", CompareOp.LE, finer),
                "{$or: [{ts: {$gte: " + YEAR_1 + ", $lte: " + ms0 + ", " + NOT_ARRAY
                        + "}}, {ts: {$gte: {$timestamp: {t: 0, i: 0}}, $lte: {$timestamp: {t: 1710072000, i: 4294967295}}, "
                        + NOT_ARRAY + "}}]}");
        // a whole second also matches the BSON timestamps of that second
        assertPushed(
                compare("ts", CompareOp.EQ, LocalDateTime.parse("2024-03-10T12:00:00")),
                "{$or: [{ts: {$eq: " + ms0 + ", " + NOT_ARRAY + "}}, {ts: {$gte: {$timestamp: {t: 1710072000, i: "
                        + "0}}, $lte: {$timestamp: {t: 1710072000, i: 4294967295}}, " + NOT_ARRAY + "}}]}");
        // NOT of a comparison that matches nothing: every timestamp
        assertPushed(
                not(compare("ts", CompareOp.EQ, finer)), "{ts: {$type: ['date', 'timestamp'], " + NOT_ARRAY + "}}");
    }

    @Test
    void stringsMatchStringsAndTheObjectIdOfHexText() {
        assertPushed(compare("s", CompareOp.EQ, "x"), "{s: {$eq: 'x', " + NOT_ARRAY + "}}");
        assertPushed(
                compare("s", CompareOp.EQ, OID),
                "{s: {$in: ['" + OID + "', {$oid: '" + OID + "'}], " + NOT_ARRAY + "}}");
        assertPushed(
                compare("s", CompareOp.EQ, OID.toUpperCase()),
                "{s: {$eq: '" + OID.toUpperCase() + "', " + NOT_ARRAY + "}}");
        // the JSON text of a document, a decimal128, a date ('{...}') is above 'm', an array's ('[...]') below,
        // numbers'
        // ('-' or a digit first) too; 'true' is above, 'false' below; no ObjectId's hex text is above
        assertPushed(
                compare("s", CompareOp.GT, "m"),
                "{$or: [{s: {$gt: 'm', " + NOT_ARRAY + "}}, " + braces("s") + ", {s: {$eq: true, " + NOT_ARRAY
                        + "}}]}");
        assertExact(compare("s", CompareOp.GT, "m"));
        assertPushed(
                compare("s", CompareOp.GT, ""),
                "{$or: [{s: {$gt: '', " + NOT_ARRAY + "}}, {s: {$gte: {$oid: '000000000000000000000000'}, " + NOT_ARRAY
                        + "}}, " + braces("s") + ", {s: {$type: 'array'}}, {s: {$eq: false, " + NOT_ARRAY + "}}, "
                        + "{s: {$eq: true, " + NOT_ARRAY + "}}, " + numbers("s", ABOVE_MINUS_INFINITY, BELOW_INFINITY)
                        + "]}");
        assertExact(compare("s", CompareOp.GT, ""));
        assertPushed(
                new Filter.Between("s", "a", "m"),
                "{$or: [{s: {$gte: 'a', $lte: 'm', " + NOT_ARRAY + "}}, "
                        + "{s: {$gte: {$oid: 'a00000000000000000000000'}, " + NOT_ARRAY + "}}, {s: {$eq: false, "
                        + NOT_ARRAY + "}}]}");
        // numbers' texts do not order as numbers: every number whose text may be below '65f0', and Hive filters again
        assertPushed(
                compare("s", CompareOp.LT, "65f0"),
                "{$or: [{s: {$lt: '65f0', " + NOT_ARRAY + "}}, " + "{s: {$lt: {$oid: '65f000000000000000000000'}, "
                        + NOT_ARRAY + "}}, " + numbers("s", ABOVE_MINUS_INFINITY, BELOW_INFINITY) + "]}");
        assertInexact(compare("s", CompareOp.LT, "65f0"));
        // above '5' no negative number's text ('-' first): those from 0 up (-0.0, written '-0.0', is a zero)
        assertPushed(
                compare("s", CompareOp.GE, "5"),
                "{$or: [{s: {$gte: '5', " + NOT_ARRAY + "}}, {s: {$gte: {$oid: '500000000000000000000000'}, "
                        + NOT_ARRAY + "}}, " + braces("s") + ", {s: {$type: 'array'}}, {s: {$eq: false, " + NOT_ARRAY
                        + "}}, {s: {$eq: true, " + NOT_ARRAY + "}}, " + numbers("s", "$gte: 0.0", BELOW_INFINITY)
                        + "]}");
        assertInexact(compare("s", CompareOp.GE, "5"));
        assertPushed(
                compare("s", CompareOp.LE, OID),
                "{$or: [{s: {$lte: '" + OID + "', " + NOT_ARRAY + "}}, {s: {$lte: {$oid: '" + OID + "'}, " + NOT_ARRAY
                        + "}}, " + numbers("s", ABOVE_MINUS_INFINITY, BELOW_INFINITY) + "]}");
        assertPushed(
                compare("s", CompareOp.GE, "\\"),
                "{$or: [{s: {$gte: '\\\\', " + NOT_ARRAY + "}}, {s: {$gte: {$oid: 'a00000000000000000000000'}, "
                        + NOT_ARRAY + "}}, " + braces("s") + ", {s: {$eq: false, " + NOT_ARRAY + "}}, {s: {$eq: true, "
                        + NOT_ARRAY + "}}]}");
        assertPushed(not(new Filter.In("s", List.of("a", "b"))), "{$or: [" + text("s", "['a', 'b']") + "]}");
        assertExact(not(new Filter.In("s", List.of("a", "b"))));
        // a literal that is a number's or a boolean's text: those numbers and that boolean, exactly (int32 and int64
        // alike; the double whose text it is)
        assertPushed(
                compare("s", CompareOp.EQ, "5"),
                "{$or: [{s: {$eq: '5', " + NOT_ARRAY + "}}, {s: {$type: ['int', 'long'], $eq: NumberLong(5), "
                        + NOT_ARRAY + "}}]}");
        assertExact(compare("s", CompareOp.EQ, "5"));
        assertPushed(
                compare("s", CompareOp.EQ, "1.5"),
                "{$or: [{s: {$eq: '1.5', " + NOT_ARRAY + "}}, {s: {$type: 'double', $eq: 1.5, " + NOT_ARRAY + "}}]}");
        assertPushed(compare("s", CompareOp.EQ, "true"), "{s: {$in: ['true', true], " + NOT_ARRAY + "}}");
        assertPushed(compare("s", CompareOp.EQ, "05"), "{s: {$eq: '05', " + NOT_ARRAY + "}}"); // no number's text
        assertPushed(compare("s", CompareOp.EQ, "1e20"), "{s: {$eq: '1e20', " + NOT_ARRAY + "}}"); // 1.0E+20
        assertPushed(
                compare("s", CompareOp.NE, "5"),
                "{$and: [{$or: [" + text("s", null) + "]}, {$nor: [{$or: [{s: {$eq: '5', " + NOT_ARRAY + "}}, "
                        + "{s: {$type: ['int', 'long'], $eq: NumberLong(5), " + NOT_ARRAY + "}}]}]}]}");
        assertExact(compare("s", CompareOp.NE, "5"));
        // a zero double matches by value, 0.0 and -0.0 alike: a superset for '0.0', and NOT of it cannot exclude them
        assertInexact(compare("s", CompareOp.EQ, "0.0"));
        assertPushed(compare("s", CompareOp.NE, "-0.0"), "{$or: [" + text("s", "['-0.0']") + "]}");
        assertInexact(compare("s", CompareOp.NE, "-0.0"));
        // MongoDB orders strings by code point, Java (and the test server) by UTF-16 unit: they differ from U+D800 on
        assertRefused(compare("s", CompareOp.GT, "\uFFFD"));
        assertRefused(compare("s", CompareOp.LT, "a\uD83D\uDE00"));
        // a bound that starts like a document's or an array's JSON text (but for '{' alone, below every such text)
        assertPushed(
                compare("s", CompareOp.GT, "{"), "{$or: [{s: {$gt: '{', " + NOT_ARRAY + "}}, " + braces("s") + "]}");
        assertRefused(compare("s", CompareOp.GT, "{a"));
        assertRefused(compare("s", CompareOp.LT, "[1]"));
        // a document's or an array's JSON text could read as a literal that starts like it: not pushed
        assertRefused(compare("s", CompareOp.EQ, "{\"a\": 1}"));
        assertRefused(compare("s", CompareOp.NE, "[1, 2]"));
        assertRefused(new Filter.In("s", List.of("x", "[]")));
        assertRefused(compare("v30", CompareOp.EQ, "{}"));
        assertPushed(compare("v30", CompareOp.EQ, "{"), "{v30: {$eq: '{', " + NOT_ARRAY + "}}"); // no JSON text is '{'
        assertExact(compare("v30", CompareOp.EQ, "{"));
    }

    @Test
    void objectIdColumnsPushEqualitiesOnly() {
        assertPushed(compare("id", CompareOp.EQ, OID), "{_id: {$in: ['" + OID + "', {$oid: '" + OID + "'}]}}");
        assertPushed(compare("id", CompareOp.EQ, "natural"), "{_id: {$eq: 'natural'}}");
        assertPushed(
                compare("ref", CompareOp.NE, OID),
                "{$or: [" + text("ref", "['" + OID + "', {$oid: '" + OID + "'}]") + "]}");
        assertPushed(
                new Filter.In("id", List.of(OID, "x")), "{_id: {$in: ['" + OID + "', {$oid: '" + OID + "'}, 'x']}}");
        assertRefused(compare("id", CompareOp.GT, OID));
        assertRefused(new Filter.Between("ref", OID, OID));
    }

    @Test
    void varcharsMatchTheStringsTheyTruncate() {
        // varchar(3) reads 'abcdef' as 'abc'
        assertPushed(compare("v", CompareOp.EQ, "ab"), "{v: {$eq: 'ab', " + NOT_ARRAY + "}}");
        assertPushed(compare("v", CompareOp.EQ, "abg"), "{v: {$gte: 'abg', $lt: 'abh', " + NOT_ARRAY + "}}");
        // the texts of ObjectIds, documents and arrays are truncated too: ObjectIds whose hex text starts below 'abd'
        assertPushed(
                compare("v", CompareOp.LE, "abc"),
                "{$or: [{v: {$lt: 'abd', " + NOT_ARRAY + "}}, {v: {$lt: {$oid: 'abd000000000000000000000'}, "
                        + NOT_ARRAY + "}}, {v: {$type: 'array'}}, " + numbers("v", ABOVE_MINUS_INFINITY, BELOW_INFINITY)
                        + "]}");
        assertPushed(
                compare("v", CompareOp.GT, "abc"),
                "{$or: [{v: {$gte: 'abd', " + NOT_ARRAY + "}}, {v: {$gte: {$oid: 'abd000000000000000000000'}, "
                        + NOT_ARRAY + "}}, " + braces("v") + ", {v: {$eq: false, " + NOT_ARRAY + "}}, {v: {$eq: true, "
                        + NOT_ARRAY + "}}]}");
        assertPushed(
                compare("v", CompareOp.GT, "zz"), "{$or: [{v: {$gt: 'zz', " + NOT_ARRAY + "}}, " + braces("v") + "]}");
        // varchar(3) reads 12345 as '123' and true as 'tru': a literal of 3 code points is a range of texts
        assertInexact(compare("v", CompareOp.EQ, "123"));
        assertPushed(
                compare("v", CompareOp.EQ, "tru"),
                "{$or: [{v: {$gte: 'tru', $lt: 'trv', " + NOT_ARRAY + "}}, {v: {$eq: true, " + NOT_ARRAY + "}}]}");
        assertExact(compare("v", CompareOp.EQ, "tru"));
        assertRefused(compare("v", CompareOp.EQ, "abcd")); // longer than the column
        // varchar(3) reads an ObjectId as its first 3 hex digits: 'abc' is every ObjectId whose text starts so
        assertPushed(
                compare("v", CompareOp.EQ, "abc"),
                "{$or: [{v: {$gte: 'abc', $lt: 'abd', " + NOT_ARRAY + "}}, {v: {$gte: {$oid: "
                        + "'abc000000000000000000000'}, $lt: {$oid: 'abd000000000000000000000'}, " + NOT_ARRAY
                        + "}}]}");
        assertPushed(compare("v", CompareOp.EQ, "ABC"), "{v: {$gte: 'ABC', $lt: 'ABD', " + NOT_ARRAY + "}}");
        // varchar(30) reads an ObjectId as all its 24 hex digits, as a string column does
        assertPushed(
                compare("v30", CompareOp.EQ, OID),
                "{v30: {$in: ['" + OID + "', {$oid: '" + OID + "'}], " + NOT_ARRAY + "}}");
        assertPushed(
                compare("v30", CompareOp.NE, OID),
                "{$or: [" + text("v30", "['" + OID + "', {$oid: '" + OID + "'}]") + "]}");
        assertThat(MongoFieldValues.successor("a\uD7FF")).contains("a\uE000");
        assertThat(MongoFieldValues.successor("a" + Character.toString(0x10FFFF)))
                .isEmpty();
    }

    @Test
    void refusesWhatMongoDbCannotMatchExactly() {
        assertRefused(compare("f", CompareOp.LT, 1.5f));
        assertRefused(compare("c", CompareOp.EQ, "ab "));
        assertRefused(compare("bin", CompareOp.EQ, new byte[] {1}));
        assertRefused(new Filter.IsNull("m"));
        assertRefused(new Filter.IsNull("a"));
        assertRefused(compare("nosuchcolumn", CompareOp.EQ, 1));
        assertRefused(not(compare("f", CompareOp.EQ, 1.5f)));
        assertThat(STRICT.capabilities().select(List.of(compare("i", CompareOp.EQ, 1), compare("f", CompareOp.EQ, 1f))))
                .containsExactly(compare("i", CompareOp.EQ, 1));
    }

    @Test
    void booleansCompareWithinTheirBracket() {
        assertPushed(compare("bo", CompareOp.EQ, false), "{bo: {$eq: false, " + NOT_ARRAY + "}}");
        assertPushed(compare("bo", CompareOp.NE, false), "{bo: {$type: 'bool', $nin: [false], " + NOT_ARRAY + "}}");
        assertPushed(compare("bo", CompareOp.GT, false), "{bo: {$gt: false, " + NOT_ARRAY + "}}");
    }
}
