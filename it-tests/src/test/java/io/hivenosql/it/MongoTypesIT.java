package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonType;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every BSON type read into its Hive type through HiveServer2, exactly (missing fields, BSON null and undefined
 * included), from documents the MongoDB driver wrote: numbers, Decimal128, strings, booleans, dates, timestamps,
 * ObjectIds as strings and as mongo-hadoop's struct, binary, documents as structs and maps, arrays of scalars, of
 * documents and of arrays, dotted paths; the wider Hive types a BSON type also reads as; Hive rows of every Hive type
 * written and checked through the driver (BSON types and values); and a field of mixed types under each bad-record
 * policy, and read as text into a string column.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MongoTypesIT {
    private static final String DB = "it_mongo_types";
    private static final String MONGO_DB = "it_mongo_types";
    private static final String HANDLER = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler'";

    private static final ObjectId FULL = new ObjectId("65b000000000000000000001");
    private static final ObjectId EMPTY = new ObjectId("65b000000000000000000002");
    private static final ObjectId EDGES = new ObjectId("65b000000000000000000003");
    private static final ObjectId REFERENCE = new ObjectId("5f0c1d2e3f405162738495a6");
    private static final UUID UUID_VALUE = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");

    /** The Hive columns of {@code all_types}; those not named in {@link #MAPPING} read the field of their own name. */
    private static final String HIVE_COLUMNS = "id string, i32 int, i64 bigint, dbl double, d128 decimal(10,4), "
            + "str string, bool boolean, dt timestamp, dt_day date, ts timestamp, oid string, "
            + "oid_struct struct<oid:string,bsontype:int>, bin binary, uuid binary, "
            + "doc struct<street:string,zip:int,geo:struct<lat:double,lon:double>>, doc_json string, city string, "
            + "lat double, deep string, attrs map<string,int>, attrs_struct struct<x:int,y:int>, tags array<string>, "
            + "items array<struct<sku:string,qty:int>>, matrix array<array<int>>, nothing string, missing string, "
            + "js string, whole int, dec_int bigint, keys map<int,string>";

    private static final String MAPPING = "{\"id\":\"_id\",\"dt_day\":\"dt\",\"oid_struct\":\"oid\","
            + "\"doc_json\":\"doc\",\"city\":\"doc.street\",\"lat\":\"doc.geo.lat\",\"deep\":\"meta.a.b\","
            + "\"attrs_struct\":\"attrs\",\"missing\":\"no_such_field\"}";

    private HiveInstance hive;
    private HiveStack.Resources stack;

    @BeforeAll
    void createCollectionsAndTables(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        this.hive = stack.hive();
        try (MongoClient client = stack.mongoClient()) {
            MongoDatabase database = client.getDatabase(MONGO_DB);
            database.drop();
            database.getCollection("all_types", BsonDocument.class).insertMany(List.of(full(), empty(), edges()));
            database.getCollection("mixed", BsonDocument.class)
                    .insertMany(List.of(
                            new BsonDocument("_id", new BsonInt64(1)).append("v", new BsonInt32(10)),
                            new BsonDocument("_id", new BsonInt64(2)).append("v", new BsonString("eleven")),
                            new BsonDocument("_id", new BsonInt64(3)).append("v", new BsonDouble(12.5)),
                            new BsonDocument("_id", new BsonInt64(4)),
                            new BsonDocument("_id", new BsonInt64(5)).append("v", new BsonDouble(13.0))));
        }
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".all_types (" + HIVE_COLUMNS + ") " + HANDLER
                + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='" + MAPPING + "') TBLPROPERTIES ('mongo.uri'='"
                + uri("all_types") + "')");
    }

    private String uri(String collection) {
        return stack.mongo().databaseUri(MONGO_DB, collection);
    }

    private static BsonDateTime date(String instant) {
        return new BsonDateTime(Instant.parse(instant).toEpochMilli());
    }

    private static BsonArray array(BsonValue... values) {
        return new BsonArray(List.of(values));
    }

    /** A value of every BSON type the handler reads. */
    private static BsonDocument full() {
        return new BsonDocument("_id", new BsonObjectId(FULL))
                .append("i32", new BsonInt32(Integer.MIN_VALUE))
                .append("i64", new BsonInt64(Long.MAX_VALUE))
                .append("dbl", new BsonDouble(-2.25))
                .append("d128", new BsonDecimal128(Decimal128.parse("12345.6789")))
                .append("str", new BsonString("text ü €"))
                .append("bool", BsonBoolean.TRUE)
                .append("dt", date("2024-02-29T23:59:59.999Z"))
                .append("ts", new BsonTimestamp(1_700_000_000, 7))
                .append("oid", new BsonObjectId(REFERENCE))
                .append("bin", new BsonBinary(new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE}))
                .append("uuid", new BsonBinary(UUID_VALUE))
                .append(
                        "doc",
                        new BsonDocument("street", new BsonString("Main St"))
                                .append("zip", new BsonInt32(12345))
                                .append(
                                        "geo",
                                        new BsonDocument("lat", new BsonDouble(59.5))
                                                .append("lon", new BsonDouble(10.75))))
                .append("meta", new BsonDocument("a", new BsonDocument("b", new BsonString("deep"))))
                .append("attrs", new BsonDocument("y", new BsonInt32(2)).append("x", new BsonInt32(1)))
                .append("tags", array(new BsonString("a"), new BsonString("b"), new BsonString("a")))
                .append(
                        "items",
                        array(
                                new BsonDocument("sku", new BsonString("s1")).append("qty", new BsonInt32(2)),
                                new BsonDocument("qty", new BsonInt64(5))
                                        .append("sku", new BsonString("s2"))
                                        .append("extra", BsonBoolean.TRUE)))
                .append("matrix", array(array(new BsonInt32(1), new BsonInt32(2)), array(new BsonInt32(3)), array()))
                .append("nothing", BsonNull.VALUE)
                .append("js", new BsonJavaScript("function() { return 1; }"))
                .append("whole", new BsonDouble(5.0))
                .append("dec_int", new BsonDecimal128(Decimal128.parse("7")))
                .append("keys", new BsonDocument("1", new BsonString("one")).append("20", new BsonString("twenty")));
    }

    /** Only an {@code _id}: every column NULL. */
    private static BsonDocument empty() {
        return new BsonDocument("_id", new BsonObjectId(EMPTY));
    }

    /** Nulls, undefined, empty containers, dates before 1970, a parent that is no document, zero-length values. */
    private static BsonDocument edges() {
        return new BsonDocument("_id", new BsonObjectId(EDGES))
                .append("i32", BsonNull.VALUE)
                .append("i64", new BsonInt32(-1))
                .append("dbl", new BsonInt64(3))
                .append("d128", new BsonInt32(-5))
                .append("str", new BsonString(""))
                .append("bool", BsonBoolean.FALSE)
                .append("dt", date("1969-07-20T20:17:40Z"))
                .append("ts", new BsonUndefined())
                .append("bin", new BsonBinary(new byte[0]))
                .append("uuid", new BsonBinary(BsonBinarySubType.USER_DEFINED, new byte[] {1, 2}))
                .append("doc", new BsonDocument("street", new BsonString("Side St")).append("geo", BsonNull.VALUE))
                .append("meta", new BsonDocument("a", new BsonInt32(42)))
                .append("attrs", new BsonDocument())
                .append("tags", array())
                .append("items", array(new BsonDocument()))
                .append("matrix", array(array()))
                .append("nothing", new BsonUndefined())
                .append("whole", new BsonInt64(-3))
                .append("dec_int", new BsonDouble(-8.0))
                .append("keys", new BsonDocument());
    }

    /** The rows of a query sorted as text: simple SELECTs run as fetch tasks (no job), ORDER BY would start one. */
    private List<String> sortedRows(String sql) throws SQLException {
        return Rows.of(hive, sql).stream().sorted().toList();
    }

    @Test
    void scalarBsonTypesReadAsTheirHiveTypesExactly() throws Exception {
        assertThat(sortedRows("SELECT id, i32, i64, dbl, d128, str, bool, dt, dt_day, ts, oid, hex(bin), hex(uuid), "
                        + "whole, dec_int, nothing, missing FROM " + DB + ".all_types"))
                .containsExactly(
                        FULL.toHexString() + "|-2147483648|9223372036854775807|-2.25|12345.6789|text ü €|true|"
                                + "2024-02-29 23:59:59.999|2024-02-29|2023-11-14 22:13:20.0|"
                                + REFERENCE.toHexString() + "|CAFEBABE|123E4567E89B12D3A456426614174000|5|7|"
                                + "NULL|NULL",
                        EMPTY.toHexString() + "|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|"
                                + "NULL|NULL",
                        EDGES.toHexString() + "|NULL|-1|3.0|-5.0000||false|1969-07-20 20:17:40.0|1969-07-20|NULL|NULL||"
                                + "0102|-3|-8|NULL|NULL");
        // JavaScript code is no text: a pushed string comparison selects the values a string column reads by their BSON
        // type, and the test server knows no type alias of code
        assertThatThrownBy(() -> hive.query("SELECT js FROM " + DB + ".all_types"))
                .hasMessageContaining("HNS-121")
                .hasMessageContaining("column 'js'")
                .hasMessageContaining("is a BSON JavaScript");
    }

    @Test
    void documentsAndArraysReadAsStructsMapsAndArrays() throws Exception {
        assertThat(sortedRows("SELECT id, oid_struct, doc, city, lat, deep, attrs, attrs_struct, tags, items, matrix, "
                        + "keys FROM " + DB + ".all_types"))
                .containsExactly(
                        FULL.toHexString() + "|{\"oid\":\"" + REFERENCE.toHexString() + "\",\"bsontype\":8}|"
                                + "{\"street\":\"Main St\",\"zip\":12345,\"geo\":{\"lat\":59.5,\"lon\":10.75}}|"
                                + "Main St|59.5|deep|{\"y\":2,\"x\":1}|{\"x\":1,\"y\":2}|[\"a\",\"b\",\"a\"]|"
                                + "[{\"sku\":\"s1\",\"qty\":2},{\"sku\":\"s2\",\"qty\":5}]|[[1,2],[3],[]]|"
                                + "{1:\"one\",20:\"twenty\"}",
                        EMPTY.toHexString() + "|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL",
                        EDGES.toHexString() + "|NULL|{\"street\":\"Side St\",\"zip\":null,\"geo\":null}|Side St|NULL|"
                                + "NULL|{}|{\"x\":null,\"y\":null}|[]|[{\"sku\":null,\"qty\":null}]|[[]]|{}");
        // element and field access on the Hive types
        assertThat(Rows.of(
                        hive,
                        "SELECT doc.geo.lat, doc.zip, items[1].qty, matrix[0][1], attrs['y'], keys[20], size(tags), "
                                + "oid_struct.oid FROM " + DB + ".all_types WHERE id = '" + FULL.toHexString() + "'"))
                .containsExactly("59.5|12345|5|2|2|twenty|3|" + REFERENCE.toHexString());
    }

    @Test
    void documentsReadIntoAStringColumnAsRelaxedExtendedJson() throws Exception {
        assertThat(sortedRows("SELECT doc_json FROM " + DB + ".all_types"))
                .containsExactly(
                        "NULL",
                        "{\"street\": \"Main St\", \"zip\": 12345, \"geo\": {\"lat\": 59.5, \"lon\": 10.75}}",
                        "{\"street\": \"Side St\", \"geo\": null}");
    }

    @Test
    void aStructSubFieldIsReadAloneAndItsPredicateFindsTheDocument() throws Exception {
        // nested column pruning: only doc.geo.lat is fetched
        assertThat(sortedRows("SELECT id, doc.geo.lat FROM " + DB + ".all_types"))
                .containsExactly(
                        FULL.toHexString() + "|59.5", EMPTY.toHexString() + "|NULL", EDGES.toHexString() + "|NULL");
        assertThat(Rows.of(hive, "SELECT id FROM " + DB + ".all_types WHERE city = 'Main St'"))
                .containsExactly(FULL.toHexString());
        assertThat(Rows.of(hive, "SELECT id FROM " + DB + ".all_types WHERE doc.zip = 12345"))
                .containsExactly(FULL.toHexString());
    }

    @Test
    void widerAndAlternativeHiveTypesReadTheSameValues() throws Exception {
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".all_types_wide (id binary, i32 bigint, i64 decimal(19,0), "
                + "dbl decimal(6,2), d128 double, whole tinyint, str varchar(4), str_char char(6), dt date, "
                + "attrs map<string,bigint>, doc struct<STREET:string>, tags string) " + HANDLER
                + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\",\"str_char\":\"str\"}') "
                + "TBLPROPERTIES ('mongo.uri'='" + uri("all_types") + "', 'mongo.objectid.columns'='')");
        // (concat shows a char without its padding, as Hive compares chars)
        assertThat(sortedRows("SELECT hex(id), i32, i64, dbl, d128, whole, str, concat('[', str_char, ']'), dt, "
                        + "attrs, doc, tags FROM " + DB + ".all_types_wide"))
                .containsExactly(
                        FULL.toHexString().toUpperCase() + "|-2147483648|9223372036854775807|-2.25|12345.6789|5|text|"
                                + "[text ü]|2024-02-29|{\"y\":2,\"x\":1}|{\"street\":\"Main St\"}|"
                                + "[\"a\", \"b\", \"a\"]",
                        EMPTY.toHexString().toUpperCase() + "|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL",
                        EDGES.toHexString().toUpperCase() + "|NULL|-1|3.00|-5.0|-3||[]|1969-07-20|{}|"
                                + "{\"street\":\"Side St\"}|[]");
    }

    @Test
    void hiveRowsOfEveryTypeAreWrittenAsTheirBsonTypes() throws Exception {
        String written = DB + ".written";
        hive.execute("CREATE TABLE " + written + " (id string, c_boolean boolean, c_tinyint tinyint, "
                + "c_smallint smallint, c_int int, c_bigint bigint, c_float float, c_double double, "
                + "c_decimal decimal(38,10), c_string string, c_varchar varchar(10), c_char char(5), c_binary binary, "
                + "c_date date, c_timestamp timestamp, c_struct struct<a:int,b:string>, c_map map<string,double>, "
                + "c_array array<bigint>, c_nested array<struct<k:string,v:array<int>>>, ref string, city string, "
                + "zip int) " + HANDLER + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\","
                + "\"city\":\"address.city\",\"zip\":\"address.zip\"}') TBLPROPERTIES ('mongo.uri'='"
                + uri("written") + "', 'mongo.objectid.columns'='id,ref')");
        ObjectId id = new ObjectId("65c000000000000000000010");
        hive.execute("INSERT INTO " + written + " SELECT '" + id.toHexString() + "', true, cast(-1 AS tinyint), "
                + "cast(-2 AS smallint), 3, 4, cast(0.25 AS float), 1e100, "
                + "cast('-98765432109876543210.0123456789' AS decimal(38,10)), 'Grüße', 'vc', cast('ab' AS char(5)), "
                + "unhex('00FF10'), DATE '2000-01-01', cast('2024-05-06 07:08:09.012' AS timestamp), "
                + "named_struct('a', 1, 'b', 'one'), map('x', 1.5D, 'y', -2.0D), array(cast(1 AS bigint), 2), "
                + "array(named_struct('k', 'a', 'v', array(1, 2))), '" + REFERENCE.toHexString() + "', 'Oslo', 150");
        // NULLs are left out; a NULL _id is assigned by the server
        HiveStack.Resources.insertLeavingComplexNulls(hive, "INSERT INTO " + written + " (c_int) VALUES (9)");

        try (MongoClient client = stack.mongoClient()) {
            MongoCollection<BsonDocument> collection =
                    client.getDatabase(MONGO_DB).getCollection("written", BsonDocument.class);
            BsonDocument document = collection.find(Filters.eq("_id", id)).first();
            assertThat(document).isNotNull();
            assertThat(document.keySet())
                    .containsExactly(
                            "_id",
                            "c_boolean",
                            "c_tinyint",
                            "c_smallint",
                            "c_int",
                            "c_bigint",
                            "c_float",
                            "c_double",
                            "c_decimal",
                            "c_string",
                            "c_varchar",
                            "c_char",
                            "c_binary",
                            "c_date",
                            "c_timestamp",
                            "c_struct",
                            "c_map",
                            "c_array",
                            "c_nested",
                            "ref",
                            "address");
            assertThat(document.get("_id")).isEqualTo(new BsonObjectId(id));
            assertThat(document.get("c_boolean")).isEqualTo(BsonBoolean.TRUE);
            assertThat(document.get("c_tinyint")).isEqualTo(new BsonInt32(-1));
            assertThat(document.get("c_smallint")).isEqualTo(new BsonInt32(-2));
            assertThat(document.get("c_int")).isEqualTo(new BsonInt32(3));
            assertThat(document.get("c_bigint")).isEqualTo(new BsonInt64(4));
            assertThat(document.get("c_float")).isEqualTo(new BsonDouble(0.25));
            assertThat(document.get("c_double")).isEqualTo(new BsonDouble(1e100));
            assertThat(document.get("c_decimal").getBsonType()).isEqualTo(BsonType.DECIMAL128);
            assertThat(document.get("c_decimal").asDecimal128().getValue().bigDecimalValue())
                    .isEqualByComparingTo(new BigDecimal("-98765432109876543210.0123456789"));
            assertThat(document.get("c_string")).isEqualTo(new BsonString("Grüße"));
            assertThat(document.get("c_varchar")).isEqualTo(new BsonString("vc"));
            assertThat(document.get("c_char")).as("char without its padding").isEqualTo(new BsonString("ab"));
            assertThat(document.get("c_binary")).isEqualTo(new BsonBinary(new byte[] {0, (byte) 0xFF, 0x10}));
            assertThat(document.get("c_date")).isEqualTo(date("2000-01-01T00:00:00Z"));
            assertThat(document.get("c_timestamp")).isEqualTo(date("2024-05-06T07:08:09.012Z"));
            assertThat(document.get("c_struct"))
                    .isEqualTo(new BsonDocument("a", new BsonInt32(1)).append("b", new BsonString("one")));
            assertThat(document.get("c_map"))
                    .isEqualTo(new BsonDocument("x", new BsonDouble(1.5)).append("y", new BsonDouble(-2.0)));
            assertThat(document.get("c_array")).isEqualTo(array(new BsonInt64(1), new BsonInt64(2)));
            assertThat(document.get("c_nested"))
                    .isEqualTo(array(new BsonDocument("k", new BsonString("a"))
                            .append("v", array(new BsonInt32(1), new BsonInt32(2)))));
            assertThat(document.get("ref")).isEqualTo(new BsonObjectId(REFERENCE));
            assertThat(document.get("address"))
                    .as("dotted paths build one nested document")
                    .isEqualTo(new BsonDocument("city", new BsonString("Oslo")).append("zip", new BsonInt32(150)));

            BsonDocument nulls = collection.find(Filters.eq("c_int", 9)).first();
            assertThat(nulls).isNotNull();
            assertThat(nulls.keySet()).containsExactly("_id", "c_int");
            assertThat(nulls.get("_id").getBsonType()).isEqualTo(BsonType.OBJECT_ID);
        }
        // and back through Hive in the same forms
        assertThat(Rows.of(
                        hive,
                        "SELECT c_boolean, c_tinyint, c_smallint, c_int, c_bigint, c_float, c_double, c_decimal, "
                                + "c_string, c_varchar, concat('[', c_char, ']'), hex(c_binary), c_date, c_timestamp, "
                                + "c_struct, c_map, c_array, c_nested, ref, city, zip FROM " + written
                                + " WHERE id = '" + id.toHexString() + "'"))
                .containsExactly("true|-1|-2|3|4|0.25|1.0E100|-98765432109876543210.0123456789|Grüße|vc|[ab]|"
                        + "00FF10|2000-01-01|2024-05-06 07:08:09.012|{\"a\":1,\"b\":\"one\"}|{\"x\":1.5,\"y\":-2.0}|"
                        + "[1,2]|[{\"k\":\"a\",\"v\":[1,2]}]|" + REFERENCE.toHexString() + "|Oslo|150");
        assertThat(Rows.of(hive, "SELECT id IS NOT NULL, c_string, city FROM " + written + " WHERE c_int = 9"))
                .containsExactly("true|NULL|NULL");
    }

    @Test
    void objectIdStructColumnsAndWrittenNullsRoundTrip() throws Exception {
        String table = DB + ".written_struct";
        hive.execute("CREATE TABLE " + table + " (id struct<oid:string,bsontype:int>, owner string, note string) "
                + HANDLER + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ("
                + "'mongo.uri'='" + uri("written_struct") + "', 'mongo.objectid.format'='struct', "
                + "'mongo.objectid.columns'='id', 'mongo.write.nulls'='true')");
        ObjectId id = new ObjectId("65c000000000000000000020");
        hive.execute("INSERT INTO " + table + " SELECT named_struct('oid', '" + id.toHexString() + "', 'bsontype', 8), "
                + "'hive', cast(NULL AS string)");
        try (MongoClient client = stack.mongoClient()) {
            BsonDocument document = client.getDatabase(MONGO_DB)
                    .getCollection("written_struct", BsonDocument.class)
                    .find()
                    .first();
            assertThat(document)
                    .isEqualTo(new BsonDocument("_id", new BsonObjectId(id))
                            .append("owner", new BsonString("hive"))
                            .append("note", BsonNull.VALUE));
        }
        assertThat(Rows.of(hive, "SELECT id.oid, id.bsontype, owner, note FROM " + table))
                .containsExactly(id.toHexString() + "|8|hive|NULL");
    }

    @Test
    void aValueThatIsNoObjectIdIsNotWrittenToAnObjectIdColumn() throws Exception {
        String table = DB + ".written_bad_oid";
        hive.execute("CREATE TABLE " + table + " (id string, name string) " + HANDLER
                + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ("
                + "'mongo.uri'='" + uri("written_bad_oid") + "')");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + table + " VALUES ('order-17', 'not hex')"))
                .hasStackTraceContaining("written_bad_oid")
                .hasStackTraceContaining("order-17")
                .hasStackTraceContaining("mongo.objectid.columns");
        try (MongoClient client = stack.mongoClient()) {
            assertThat(client.getDatabase(MONGO_DB)
                            .getCollection("written_bad_oid")
                            .countDocuments())
                    .isZero();
        }
    }

    private String mixed(String policy) throws SQLException {
        String table = DB + ".mixed_" + policy;
        hive.execute("CREATE EXTERNAL TABLE " + table + " (id bigint, v int) " + HANDLER
                + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ("
                + "'mongo.uri'='" + uri("mixed") + "', 'nosql.bad-record.policy'='" + policy + "')");
        return table;
    }

    @Test
    void mixedTypesFailTheQueryNamingTableColumnIdAndValue() throws Exception {
        String table = mixed("fail");
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + table + " WHERE id = 2"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("mixed_fail")
                .hasStackTraceContaining("'v'")
                .hasStackTraceContaining("key '2'")
                .hasStackTraceContaining("eleven")
                .hasStackTraceContaining("nosql.bad-record.policy");
        assertThatThrownBy(() -> hive.query("SELECT v FROM " + table + " WHERE id = 3"))
                .hasStackTraceContaining("key '3'")
                .hasStackTraceContaining("12.5");
        // a Tez job fails too
        assertThatThrownBy(() -> hive.query("SELECT sum(v) FROM " + table))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("mixed_fail");
        // only the columns read are converted
        assertThat(sortedRows("SELECT id FROM " + table)).containsExactly("1", "2", "3", "4", "5");
    }

    /** A string column (what schema inference gives a field of mixed types) reads every value, numbers as JSON text. */
    @Test
    void mixedTypesReadAsTextIntoAStringColumn() throws Exception {
        String table = DB + ".mixed_text";
        hive.execute("CREATE EXTERNAL TABLE " + table + " (id bigint, v string) " + HANDLER
                + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ("
                + "'mongo.uri'='" + uri("mixed") + "')");
        assertThat(sortedRows("SELECT * FROM " + table))
                .containsExactly("1|10", "2|eleven", "3|12.5", "4|NULL", "5|13.0");
        assertThat(sortedRows("SELECT id FROM " + table + " WHERE v = '10' OR v >= '13'"))
                .containsExactly("1", "2", "5"); // "eleven" is above "13"
    }

    @Test
    void mixedTypesReadAsNullUnderTheNullPolicy() throws Exception {
        assertThat(sortedRows("SELECT * FROM " + mixed("null")))
                .containsExactly("1|10", "2|NULL", "3|NULL", "4|NULL", "5|13");
    }

    @Test
    void mixedTypesSkipTheDocumentUnderTheSkipPolicy() throws Exception {
        String table = mixed("skip");
        assertThat(sortedRows("SELECT * FROM " + table)).containsExactly("1|10", "4|NULL", "5|13");
        // a Tez job skips them too
        assertThat(Rows.of(hive, "SELECT count(*), count(v), sum(v) FROM " + table))
                .containsExactly("3|2|23");
    }
}
