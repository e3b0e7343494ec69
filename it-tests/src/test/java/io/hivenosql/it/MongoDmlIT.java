package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * DELETE, UPDATE and MERGE on MongoDB tables through HiveServer2, on documents the driver wrote (camelCase fields,
 * _ids of several BSON types and _ids that look like operators or paths, fields the table does not map, nested
 * documents): exactly the documents the statement names change, each only in the fields whose value changed, and
 * every other document keeps its bytes.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MongoDmlIT {
    private static final String DB = "it_mongo_dml";
    private static final String HANDLER = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler'";
    private static final ObjectId ADA = new ObjectId("65c0ffee0000000000000001");
    private static final String GT = "{\"$gt\": \"\"}";
    /** A string column reads every _id type as text; mongo.objectid.columns='' writes new _ids as strings. */
    private static final String PEOPLE =
            "(id string, fullname string, age int, address struct<city:string,zip:string>)";

    private HiveStack.Resources stack;
    private HiveInstance hive;
    private MongoClient client;
    private MongoDatabase database;

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        client = stack.mongoClient();
        database = client.getDatabase(DB);
        database.drop();
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
    }

    @AfterAll
    void close() {
        if (client != null) {
            client.close();
        }
    }

    private String uri(String collection) {
        return "'mongo.uri'='" + stack.mongo().databaseUri(DB, collection) + "'";
    }

    /** Fills the collection with the people and creates table {@code name} over it. */
    private void people(String name) throws Exception {
        MongoCollection<Document> people = database.getCollection(name);
        people.drop();
        people.insertMany(List.of(
                new Document("_id", ADA)
                        .append("fullName", "Ada")
                        .append("age", 36)
                        .append("extra", "kept")
                        .append(
                                "address",
                                new Document("city", "London")
                                        .append("zip", "W1")
                                        .append("floor", 2)),
                new Document("_id", 7).append("fullName", "Bob").append("age", 40),
                new Document("_id", 8L)
                        .append("fullName", "Cy")
                        .append("age", 7)
                        .append("address", new Document("city", "Paris")),
                new Document("_id", "k*").append("fullName", "Glob").append("age", 1),
                new Document("_id", GT).append("fullName", "Gt").append("age", 2),
                new Document("_id", "$where").append("fullName", "Where").append("age", 3),
                new Document("_id", "a.b")
                        .append("fullName", "Dotted")
                        .append("age", 4)
                        .append("tags", List.of("t"))));
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + name);
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + name + " " + PEOPLE + " " + HANDLER + " TBLPROPERTIES ("
                + uri(name) + ", 'mongo.columns.mapping'='{\"id\":\"_id\"}', 'mongo.objectid.columns'='')");
    }

    /** The collection's documents as the server returns them, by _id. */
    private Map<BsonValue, RawBsonDocument> stored(String collection) {
        Map<BsonValue, RawBsonDocument> documents = new LinkedHashMap<>();
        for (RawBsonDocument document :
                database.getCollection(collection, RawBsonDocument.class).find()) {
            documents.put(document.get("_id"), document);
        }
        return documents;
    }

    private static byte[] bytes(RawBsonDocument document) {
        ByteBuffer buffer = document.getByteBuffer().asNIO();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }

    /** Every document of {@code before} but {@code changed} has the same bytes after. */
    private static void unchangedBut(
            Map<BsonValue, RawBsonDocument> before, Map<BsonValue, RawBsonDocument> after, Set<BsonValue> changed) {
        for (Map.Entry<BsonValue, RawBsonDocument> entry : before.entrySet()) {
            if (!changed.contains(entry.getKey())) {
                assertThat(after).containsKey(entry.getKey());
                assertThat(bytes(after.get(entry.getKey())))
                        .as("the bytes of the document with _id %s", entry.getKey())
                        .isEqualTo(bytes(entry.getValue()));
            }
        }
    }

    private List<String> select(String table) throws Exception {
        return Rows.of(hive, "SELECT id, fullname, age, address FROM " + DB + "." + table + " ORDER BY id");
    }

    @Test
    void deleteRemovesExactlyTheNamedDocuments() throws Exception {
        people("deletes");
        Map<BsonValue, RawBsonDocument> before = stored("deletes");
        String byKey = "DELETE FROM " + DB + ".deletes WHERE id = 'k*'";
        assertThat(QueryLog.explain(hive, byKey)).contains("filterExpr: (id = 'k*')");
        hive.execute(byKey);
        // values that look like operators, a path or a glob are values; the int64 8 reads as '8'
        hive.execute("DELETE FROM " + DB + ".deletes WHERE id IN ('" + GT + "', '$where', '8')");
        // a predicate on another column: the int32 7
        hive.execute("DELETE FROM " + DB + ".deletes WHERE age >= 40");
        Map<BsonValue, RawBsonDocument> after = stored("deletes");
        assertThat(after.keySet()).containsExactlyInAnyOrder(new BsonObjectId(ADA), new BsonString("a.b"));
        unchangedBut(
                before,
                after,
                Set.of(
                        new BsonString("k*"),
                        new BsonString(GT),
                        new BsonString("$where"),
                        new BsonInt64(8),
                        new BsonInt32(7)));
        assertThat(select("deletes"))
                .containsExactly(
                        "65c0ffee0000000000000001|Ada|36|{\"city\":\"London\",\"zip\":\"W1\"}", "a.b|Dotted|4|NULL");
    }

    @Test
    void updateWritesOnlyTheChangedFields() throws Exception {
        people("updates");
        Map<BsonValue, RawBsonDocument> before = stored("updates");
        hive.execute("UPDATE " + DB + ".updates SET age = age + 1 WHERE age > 5");
        hive.execute("UPDATE " + DB + ".updates SET fullname = NULL, address = named_struct('city', 'Rome', 'zip', "
                + "CAST(NULL AS STRING)) WHERE id IN ('65c0ffee0000000000000001', '8')");
        assertThat(select("updates"))
                .containsExactly(
                        "$where|Where|3|NULL",
                        "65c0ffee0000000000000001|NULL|37|{\"city\":\"Rome\",\"zip\":null}",
                        "7|Bob|41|NULL",
                        "8|NULL|8|{\"city\":\"Rome\",\"zip\":null}",
                        "a.b|Dotted|4|NULL",
                        "k*|Glob|1|NULL",
                        GT + "|Gt|2|NULL");
        Map<BsonValue, RawBsonDocument> after = stored("updates");
        BsonValue seven = new BsonInt32(7);
        BsonValue eight = new BsonInt64(8);
        unchangedBut(before, after, Set.of(new BsonObjectId(ADA), seven, eight));
        // the _ids keep their BSON types; the unmapped field and sub-field stay; NULL is no field
        assertThat((BsonDocument) after.get(new BsonObjectId(ADA)))
                .isEqualTo(BsonDocument.parse("{_id: {$oid: '" + ADA.toHexString() + "'}, age: 37, extra: 'kept', "
                        + "address: {city: 'Rome', floor: 2}}"));
        assertThat((BsonDocument) after.get(seven)).isEqualTo(BsonDocument.parse("{_id: 7, fullName: 'Bob', age: 41}"));
        assertThat((BsonDocument) after.get(eight))
                .isEqualTo(BsonDocument.parse("{_id: {$numberLong: '8'}, age: 8, address: {city: 'Rome'}}"));
        assertThat(List.copyOf(after.get(new BsonObjectId(ADA)).keySet()))
                .containsExactly("_id", "age", "extra", "address");
    }

    @Test
    void updateOfTheIdMovesTheRow() throws Exception {
        people("moves");
        Map<BsonValue, RawBsonDocument> before = stored("moves");
        hive.execute("UPDATE " + DB + ".moves SET id = 'moved' WHERE id = 'a.b'");
        Map<BsonValue, RawBsonDocument> after = stored("moves");
        // the old document is deleted; the new one holds the mapped fields only (its unmapped tags are not carried)
        assertThat(after).doesNotContainKey(new BsonString("a.b"));
        assertThat((BsonDocument) after.get(new BsonString("moved")))
                .isEqualTo(BsonDocument.parse("{_id: 'moved', fullName: 'Dotted', age: 4}"));
        unchangedBut(before, after, Set.of(new BsonString("a.b")));
        assertThat(after).hasSize(before.size());
    }

    @Test
    void mergeDeletesUpdatesAndInsertsAsTheStatementSays() throws Exception {
        people("merges");
        Map<BsonValue, RawBsonDocument> before = stored("merges");
        String merge = "MERGE INTO " + DB + ".merges t USING (%s) s ON t.id = s.id "
                + "WHEN MATCHED AND s.age = 0 THEN DELETE "
                + "WHEN MATCHED THEN UPDATE SET fullname = s.fullname, age = s.age "
                + "WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.fullname, s.age, s.address)";
        String address = "named_struct('city', 'Oslo', 'zip', CAST(NULL AS STRING))";
        // two source rows for one target row: Hive's cardinality check fails the statement before it commits
        assertThatThrownBy(() -> hive.execute(merge.formatted("SELECT '7' AS id, 'B1' AS fullname, 1 AS age, " + address
                        + " AS address UNION ALL SELECT '7', 'B2', 2, " + address)))
                .hasStackTraceContaining("Cardinality Violation");
        unchangedBut(before, stored("merges"), Set.of());
        hive.execute(merge.formatted("SELECT '7' AS id, 'Bobby' AS fullname, 41 AS age, " + address + " AS address "
                + "UNION ALL SELECT 'k*', 'Glob', 0, " + address + " UNION ALL SELECT 'new', 'Newton', 9, " + address
                + " UNION ALL SELECT '" + GT + "', 'Gt', 2, " + address));
        Map<BsonValue, RawBsonDocument> after = stored("merges");
        assertThat(after).doesNotContainKey(new BsonString("k*")).hasSize(before.size());
        assertThat((BsonDocument) after.get(new BsonInt32(7)))
                .isEqualTo(BsonDocument.parse("{_id: 7, fullName: 'Bobby', age: 41}"));
        assertThat((BsonDocument) after.get(new BsonString("new")))
                .isEqualTo(BsonDocument.parse("{_id: 'new', fullName: 'Newton', age: 9, address: {city: 'Oslo'}}"));
        // matched and updated to what it holds: untouched
        unchangedBut(before, after, Set.of(new BsonInt32(7), new BsonString("k*")));
    }

    @Test
    void nestedColumnsAreUpdatedAndReadBack() throws Exception {
        MongoCollection<Document> nested = database.getCollection("nested");
        nested.drop();
        nested.insertMany(List.of(
                new Document("_id", 1)
                        .append(
                                "homeAddress",
                                new Document("city", "Oslo")
                                        .append("zip", "0150")
                                        .append("floor", 3))
                        .append("tags", List.of("a", "b"))
                        .append("attrs", new Document("x", 1).append("y", 2))
                        .append("note", "unmapped"),
                new Document("_id", 2).append("homeAddress", null).append("tags", List.of())));
        hive.execute("DROP TABLE IF EXISTS " + DB + ".nested");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".nested (id int, homeaddress struct<city:string,zip:string>, "
                + "tags array<string>, attrs map<string,int>) " + HANDLER + " TBLPROPERTIES (" + uri("nested")
                + ", 'mongo.columns.mapping'='{\"id\":\"_id\"}')");
        hive.execute("UPDATE " + DB + ".nested SET homeaddress = named_struct('city', 'Bergen', 'zip', "
                + "CAST(NULL AS STRING)), tags = array('c'), attrs = map('z', 26)");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".nested ORDER BY id"))
                .containsExactly(
                        "1|{\"city\":\"Bergen\",\"zip\":null}|[\"c\"]|{\"z\":26}",
                        "2|{\"city\":\"Bergen\",\"zip\":null}|[\"c\"]|{\"z\":26}");
        Map<BsonValue, RawBsonDocument> after = stored("nested");
        // a document's undeclared sub-field stays; a null is replaced by the struct's document
        assertThat((BsonDocument) after.get(new BsonInt32(1)))
                .isEqualTo(BsonDocument.parse("{_id: 1, homeAddress: {city: 'Bergen', floor: 3}, tags: ['c'], "
                        + "attrs: {z: 26}, note: 'unmapped'}"));
        assertThat((BsonDocument) after.get(new BsonInt32(2)))
                .isEqualTo(BsonDocument.parse("{_id: 2, homeAddress: {city: 'Bergen'}, tags: ['c'], attrs: {z: 26}}"));
    }

    @Test
    void tablesOverAMappingFileOrInferredFromTheCollectionTakeUpdates() throws Exception {
        MongoCollection<Document> scores = database.getCollection("scores");
        scores.drop();
        scores.insertMany(List.of(
                new Document("_id", 1)
                        .append("playerName", "Ann")
                        .append("points", 10)
                        .append("meta", "m1"),
                new Document("_id", 2)
                        .append("playerName", "Ben")
                        .append("points", 20)
                        .append("meta", "m2")));
        Path mapping = Files.writeString(
                stack.scratch("mongo-dml").resolve("scores.json"),
                """
                {"columns": [{"name": "id", "type": "int", "path": "_id", "role": "key"},
                             {"name": "player", "type": "string", "path": "playerName"},
                             {"name": "points", "type": "bigint"}]}
                """);
        hive.execute("DROP TABLE IF EXISTS " + DB + ".scores");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".scores " + HANDLER + " TBLPROPERTIES (" + uri("scores")
                + ", 'nosql.mapping.url'='" + mapping.toUri() + "')");
        hive.execute("UPDATE " + DB + ".scores SET points = points * 2 WHERE player = 'Ann'");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".scores ORDER BY id"))
                .containsExactly("1|Ann|20", "2|Ben|20");
        Map<BsonValue, RawBsonDocument> scored = stored("scores");
        assertThat((BsonDocument) scored.get(new BsonInt32(1)))
                .isEqualTo(BsonDocument.parse("{_id: 1, playerName: 'Ann', points: {$numberLong: '20'}, meta: 'm1'}"));

        MongoCollection<Document> users = database.getCollection("users");
        users.drop();
        ObjectId first = new ObjectId("65c0ffee00000000000000a1");
        ObjectId second = new ObjectId("65c0ffee00000000000000a2");
        users.insertMany(List.of(
                new Document("_id", first).append("userName", "u1").append("visits", 3),
                new Document("_id", second).append("userName", "u2").append("visits", 5)));
        Map<BsonValue, RawBsonDocument> before = stored("users");
        hive.execute("DROP TABLE IF EXISTS " + DB + ".users");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".users " + HANDLER + " TBLPROPERTIES (" + uri("users") + ")");
        assertThat(Rows.describe(hive, DB + ".users")).containsExactly("id|string", "username|string", "visits|int");
        hive.execute("UPDATE " + DB + ".users SET visits = visits + 10 WHERE username = 'u1'");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".users ORDER BY id"))
                .containsExactly(first.toHexString() + "|u1|13", second.toHexString() + "|u2|5");
        Map<BsonValue, RawBsonDocument> after = stored("users");
        assertThat((BsonDocument) after.get(new BsonObjectId(first)))
                .isEqualTo(new BsonDocument("_id", new BsonObjectId(first))
                        .append("userName", new BsonString("u1"))
                        .append("visits", new BsonInt32(13)));
        unchangedBut(before, after, Set.of(new BsonObjectId(first)));
    }

    @Test
    void aTableWithoutAnIdColumnIsRefusedWhenTheStatementCompiles() throws Exception {
        people("refused");
        Map<BsonValue, RawBsonDocument> before = stored("refused");
        hive.execute("DROP TABLE IF EXISTS " + DB + ".no_id");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".no_id (fullname string, age int) " + HANDLER + " TBLPROPERTIES ("
                + uri("refused") + ")");
        assertThatThrownBy(() -> hive.execute("DELETE FROM " + DB + ".no_id WHERE age = 1"))
                .hasMessageContaining("Error while compiling statement")
                .hasMessageContaining("HNS-141")
                .hasMessageContaining("DELETE, UPDATE and MERGE cannot change table " + DB + ".no_id")
                .hasMessageContaining("no column is mapped to _id")
                .hasMessageContaining("mongo.columns.mapping");
        unchangedBut(before, stored("refused"), Set.of());
    }
}
