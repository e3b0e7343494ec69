package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.mongo.MongoDialect.Missing;
import io.hivenosql.mongo.bson.DocumentLayout;
import io.hivenosql.mongo.bson.MongoObjectIdFormat;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonMinKey;
import org.bson.BsonString;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;

/**
 * What a server's dialect holds, from {@code buildInfo}, and how pushed filters change for a server that holds no NaN,
 * decimal128, MinKey or MaxKey (FerretDB 1.x): pure, no server (TestMongoPushdown and TestMongoFerretDbPushdown check
 * the matches).
 */
class TestMongoDialect {
    private static final List<String> EVERY_ALIAS = List.of(
            "double",
            "string",
            "object",
            "array",
            "binData",
            "undefined",
            "objectId",
            "bool",
            "date",
            "null",
            "regex",
            "dbPointer",
            "javascript",
            "symbol",
            "javascriptWithScope",
            "int",
            "timestamp",
            "long",
            "decimal",
            "minKey",
            "maxKey",
            "number");

    private static final DocumentLayout LAYOUT = layout();

    private static DocumentLayout layout() {
        List<ColumnMapping> columns = new ArrayList<>();
        String[][] spec = {
            {"id", "int", "_id"}, {"d", "double", "d"}, {"dec", "decimal(5,2)", "dec"}, {"s", "string", "s"},
        };
        for (String[] column : spec) {
            columns.add(new ColumnMapping(column[0], DataTypes.parse(column[1]), column[2], ColumnRole.FIELD));
        }
        return new DocumentLayout("db.t", new TableMapping(columns), 0, Set.of(), MongoObjectIdFormat.STRING, false);
    }

    @Test
    void buildInfoTellsFerretDbOneFromMongoDb() {
        MongoDialect ferret = MongoDialect.fromBuildInfo(
                BsonDocument.parse("{version: '7.0.42', gitVersion: 'x', ferretdbVersion: 'v1.24.2', ok: 1.0}"));
        assertThat(ferret.server()).isEqualTo("FerretDB v1.24.2");
        assertThat(ferret.missing()).isEqualTo(MongoDialect.FERRETDB_1.missing());
        assertThat(ferret.full()).isFalse();
        assertThat(MongoDialect.fromBuildInfo(BsonDocument.parse("{version: '7.0.4', ok: 1.0}")))
                .isEqualTo(MongoDialect.MONGODB);
        assertThat(ferret.describe()).startsWith(" (for FerretDB v1.24.2, which holds no NAN, INFINITY, DECIMAL128");
        assertThat(MongoDialect.MONGODB.describe()).isEmpty();
        // FerretDB 2 (on DocumentDB) stores every BSON type
        assertThat(MongoDialect.fromBuildInfo(BsonDocument.parse("{version: '7.0.77', ferretdbVersion: 'v2.1.0'}"))
                        .full())
                .isTrue();
    }

    @Test
    void ferretDbKnowsTheAliasesOfTheTypesItHolds() {
        // measured on FerretDB 1.24.2: BadValue "Unknown type name alias: ..." for exactly these
        assertThat(EVERY_ALIAS.stream().filter(alias -> !MongoDialect.FERRETDB_1.knowsAlias(alias)))
                .containsExactlyInAnyOrder(
                        "undefined",
                        "dbPointer",
                        "javascript",
                        "symbol",
                        "javascriptWithScope",
                        "decimal",
                        "minKey",
                        "maxKey");
        assertThat(EVERY_ALIAS).allMatch(MongoDialect.MONGODB::knowsAlias);
    }

    @Test
    void findsTheFirstValueTheServerCannotHold() {
        BsonDocument document = new BsonDocument("_id", new BsonInt32(1))
                .append(
                        "a",
                        new BsonDocument("b", new BsonArray(List.of(new BsonDouble(1), new BsonDouble(Double.NaN)))))
                .append("c", new BsonDecimal128(Decimal128.parse("1.5")));
        MongoDialect.Unheld unheld =
                MongoDialect.FERRETDB_1.firstUnheld(document, "").orElseThrow();
        assertThat(unheld.path()).isEqualTo("a.b.1");
        assertThat(unheld.kind()).isEqualTo(Missing.NAN);
        assertThat(MongoDialect.MONGODB.firstUnheld(document, "")).isEmpty();
        assertThat(MongoDialect.FERRETDB_1
                        .firstUnheld(new BsonMinKey(), "k")
                        .orElseThrow()
                        .kind())
                .isEqualTo(Missing.MIN_KEY);
        // infinities may be sent in a filter, not stored
        BsonDocument filter = new BsonDocument("d", new BsonDocument("$gte", new BsonDouble(Double.NEGATIVE_INFINITY)));
        assertThat(MongoDialect.FERRETDB_1.firstRefusedInFilter(filter)).isEmpty();
        assertThat(MongoDialect.FERRETDB_1.firstUnheld(filter, "")).isPresent();
    }

    @Test
    void textFiltersForFerretDbNameNoValueItCannotHold() {
        MongoPredicateTranslator mongo = translator(BadRecordPolicy.FAIL, MongoDialect.MONGODB);
        MongoPredicateTranslator ferret = translator(BadRecordPolicy.FAIL, MongoDialect.FERRETDB_1);
        Filter filter = new Filter.Compare("s", CompareOp.GE, "E");
        String forMongo = mongo.toBson(filter).toJson();
        assertThat(forMongo).contains("NaN").contains("\"decimal\"").contains("\"minKey\"");
        BsonDocument forFerret = ferret.toBson(filter);
        assertThat(MongoDialect.FERRETDB_1.firstRefusedInFilter(forFerret)).isEmpty();
        assertThat(forFerret.toJson())
                .doesNotContain("NaN")
                .doesNotContain("Infinity")
                .doesNotContain("\"decimal\"")
                .doesNotContain("\"minKey\"")
                .doesNotContain("\"maxKey\"")
                .contains("\"object\"");
        assertThat(ferret.exact(filter)).isEqualTo(mongo.exact(filter));
        // IS NULL names no undefined, which FerretDB's $type does not know
        assertThat(ferret.toBson(new Filter.IsNull("s")).toJson()).doesNotContain("undefined");
        assertThat(mongo.toBson(new Filter.IsNull("s")).toJson()).contains("undefined");
    }

    @Test
    void doubleNegationsForFerretDbMatchNoNaN() {
        Filter filter = new Filter.Not(new Filter.Compare("d", CompareOp.LT, 1.5));
        assertThat(translator(BadRecordPolicy.FAIL, MongoDialect.MONGODB)
                        .toBson(filter)
                        .toJson())
                .contains("NaN");
        assertThat(translator(BadRecordPolicy.FAIL, MongoDialect.FERRETDB_1)
                        .toBson(filter)
                        .toJson())
                .doesNotContain("NaN");
    }

    @Test
    void decimalBoundsForFerretDbAreDoublesAndNotExact() {
        Filter filter = new Filter.Compare("dec", CompareOp.EQ, new BigDecimal("1.01"));
        MongoPredicateTranslator mongo = translator(BadRecordPolicy.FAIL, MongoDialect.MONGODB);
        MongoPredicateTranslator ferret = translator(BadRecordPolicy.FAIL, MongoDialect.FERRETDB_1);
        assertThat(mongo.toBson(filter).toJson()).contains("$numberDecimal");
        assertThat(mongo.exact(filter)).isTrue();
        BsonDocument bounds = ferret.toBson(filter).getDocument("dec");
        assertThat(bounds.toJson()).doesNotContain("$numberDecimal");
        // the doubles at or beyond [1.005, 1.015), both included: a superset, which Hive filters again
        assertThat(new BigDecimal(bounds.getDouble("$gte").getValue())).isLessThanOrEqualTo(new BigDecimal("1.005"));
        assertThat(new BigDecimal(bounds.getDouble("$lte").getValue())).isGreaterThanOrEqualTo(new BigDecimal("1.015"));
        assertThat(ferret.canPush(filter)).isTrue();
        assertThat(ferret.exact(filter)).isFalse();
        Filter notNull = new Filter.Not(new Filter.IsNull("dec"));
        assertThat(ferret.exact(notNull)).isFalse();
        assertThat(ferret.exact(new Filter.Not(filter))).isFalse();
        // IS NULL where unreadable values read as NULL is the complement of the readable ones: not from a superset
        assertThat(translator(BadRecordPolicy.NULL, MongoDialect.FERRETDB_1).canPush(new Filter.IsNull("dec")))
                .isFalse();
        assertThat(translator(BadRecordPolicy.NULL, MongoDialect.MONGODB).canPush(new Filter.IsNull("dec")))
                .isTrue();
        assertThat(translator(BadRecordPolicy.FAIL, MongoDialect.FERRETDB_1).exact(new Filter.IsNull("dec")))
                .isTrue();
    }

    @Test
    void doublesAroundADecimal() {
        BigDecimal tenth = new BigDecimal("0.1");
        assertThat(new BigDecimal(MongoFieldValues.doubleAtMost(tenth))).isLessThanOrEqualTo(tenth);
        assertThat(new BigDecimal(MongoFieldValues.doubleAtLeast(tenth))).isGreaterThanOrEqualTo(tenth);
        assertThat(MongoFieldValues.doubleAtMost(new BigDecimal("0.5"))).isEqualTo(0.5);
        assertThat(MongoFieldValues.doubleAtLeast(new BigDecimal("-0.5"))).isEqualTo(-0.5);
    }

    @Test
    void theCapabilitiesOfFerretDbHoldItsDialect() {
        BsonDocument buildInfo = BsonDocument.parse("{version: '7.0.42', ferretdbVersion: 'v1.24.2'}");
        assertThat(MongoServerCapabilities.fromBuildInfo(buildInfo)
                        .orElseThrow()
                        .dialect())
                .isEqualTo(MongoDialect.fromBuildInfo(buildInfo));
        assertThat(MongoServerCapabilities.full("MongoDB 7.0.4").dialect()).isEqualTo(MongoDialect.MONGODB);
    }

    /** The tasks translate the pushed filter for the dialect their split carries, and ask no server. */
    @Test
    void splitsCarryTheDialectToTheTasks() throws IOException {
        MongoServerCapabilities ferret = new MongoServerCapabilities(
                "FerretDB v1.24.2",
                false,
                false,
                MongoDialect.fromBuildInfo(BsonDocument.parse("{ferretdbVersion: 'v1.24.2'}")));
        MongoSplit split = MongoSplit.of(BsonDocument.parse("{_id: {$gte: 5}}")).forServer(ferret);
        MongoSplit decoded = MongoSplit.fromBytes(split.toBytes());
        assertThat(decoded).isEqualTo(split);
        assertThat(decoded.dialect()).isEqualTo(ferret.dialect());
        MongoSplit forMongo = MongoSplit.of(BsonDocument.parse("{_id: {$gte: 5}}"));
        assertThat(MongoSplit.fromBytes(forMongo.toBytes()).dialect()).isEqualTo(MongoDialect.MONGODB);

        // no server at this address: neither the table nor the scan contacts one
        TableContext table = TestingMongoWriteTables.table("mongodb://127.0.0.1:1/x.y", "x", "y")
                .column("id", "int")
                .column("name", "string")
                .mapping("id", "_id")
                .build();
        ReadRequest request = new ReadRequest(
                table, List.of(0, 1), Optional.of(new Filter.Compare("name", CompareOp.GE, "E")), OptionalLong.empty());
        String forFerret =
                MongoReads.scan(MongoTable.of(table), request, decoded).filter().toJson();
        assertThat(forFerret).doesNotContain("NaN").doesNotContain("\"decimal\"");
        assertThat(MongoReads.scan(MongoTable.of(table), request, forMongo)
                        .filter()
                        .toJson())
                .contains("NaN")
                .contains("\"decimal\"");
    }

    @Test
    void typeAliasesOfAFilter() {
        BsonDocument filter = new BsonDocument(
                "$or",
                new BsonArray(List.of(
                        new BsonDocument("s", new BsonDocument("$type", new BsonString("array"))),
                        new BsonDocument(
                                "s",
                                new BsonDocument(
                                        "$type",
                                        new BsonArray(List.of(new BsonString("date"), new BsonString("minKey"))))))));
        assertThat(TestMongoPushdown.typeAliases(filter)).containsExactly("array", "date", "minKey");
    }

    private static MongoPredicateTranslator translator(BadRecordPolicy policy, MongoDialect dialect) {
        return new MongoPredicateTranslator("db.t", LAYOUT, policy, dialect);
    }
}
