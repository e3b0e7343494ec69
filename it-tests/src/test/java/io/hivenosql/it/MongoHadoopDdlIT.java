package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonType;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * mongo-hadoop's Hive DDL, exactly as its users wrote it with only the handler class changed, over a collection that
 * the MongoDB driver filled (ObjectId {@code _id}s, a field the mapping does not name, a document with missing fields):
 * SELECTs, {@code mongo.input.query}, and INSERT INTO from Hive read back with the driver.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MongoHadoopDdlIT {
    private static final String DB = "it_mongo_hadoop";
    /** The MongoDB database: unique to this class, so that tests running against one server do not meet. */
    private static final String MONGO_DB = "it_mongo_hadoop_test";

    private static final ObjectId ALICE = new ObjectId("65a1b2c3d4e5f60718293a01");
    private static final ObjectId BOB = new ObjectId("65a1b2c3d4e5f60718293a02");
    private static final ObjectId CAROL = new ObjectId("65a1b2c3d4e5f60718293a03");
    private static final ObjectId DAN = new ObjectId("65a1b2c3d4e5f60718293a04");

    private HiveInstance hive;
    private HiveStack.Resources stack;

    @BeforeAll
    void createCollectionAndTables(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        this.hive = stack.hive();
        try (MongoClient client = stack.mongoClient()) {
            client.getDatabase(MONGO_DB).drop();
            persons(client)
                    .insertMany(List.of(
                            new Document("_id", ALICE)
                                    .append("name", "Alice")
                                    .append("yob", 1990)
                                    .append("status", true),
                            // age is not in the mapping: the column reads the field of its own name
                            new Document("_id", BOB)
                                    .append("name", "Bob")
                                    .append("yob", 1985)
                                    .append("age", 39)
                                    .append("status", false),
                            // missing fields read as NULL
                            new Document("_id", CAROL).append("name", "Carol"),
                            // fields no column maps are ignored
                            new Document("_id", DAN)
                                    .append("name", "Dan")
                                    .append("yob", 2001)
                                    .append("status", true)
                                    .append("email", "dan@example.com")
                                    .append("address", new Document("city", "Oslo"))));
        }
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        hive.execute("USE " + DB);
        // the DDL, word for word but for the class name and the server's address
        hive.execute("CREATE EXTERNAL TABLE person (name string, yob int, age INT, status boolean) "
                + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' "
                + "WITH SERDEPROPERTIES('mongo.columns.mapping'='{\"name\":\"name\",\"yob\":\"yob\",\"status\":\"status\"}') "
                + "TBLPROPERTIES('mongo.uri'='" + stack.mongo().databaseUri(MONGO_DB, "persons") + "')");
    }

    private static MongoCollection<Document> persons(MongoClient client) {
        return client.getDatabase(MONGO_DB).getCollection("persons");
    }

    private List<String> sortedRows(String sql) throws SQLException {
        return Rows.of(hive, sql).stream().sorted().toList();
    }

    @Test
    void selectReadsEveryDocumentWithMissingFieldsAsNull() throws Exception {
        assertThat(sortedRows("SELECT * FROM " + DB + ".person WHERE name < 'E'"))
                .containsExactly(
                        "Alice|1990|NULL|true", "Bob|1985|39|false", "Carol|NULL|NULL|NULL", "Dan|2001|NULL|true");
        assertThat(Rows.describe(hive, DB + ".person"))
                .containsExactly("name|string", "yob|int", "age|int", "status|boolean");
    }

    @Test
    void filtersAggregatesAndOrderingWork() throws Exception {
        assertThat(Rows.of(
                        hive,
                        "SELECT name, 2024 - yob FROM " + DB + ".person WHERE status = true AND name < 'E' "
                                + "ORDER BY name"))
                .containsExactly("Alice|34", "Dan|23");
        assertThat(Rows.of(
                        hive,
                        "SELECT count(*), count(yob), count(age), min(yob), max(yob) FROM " + DB + ".person "
                                + "WHERE name < 'E'"))
                .containsExactly("4|3|1|1985|2001");
        assertThat(sortedRows("SELECT name FROM " + DB + ".person WHERE yob IS NULL AND name < 'E'"))
                .containsExactly("Carol");
    }

    @Test
    void theIdFieldMapsToAStringColumnAsHexAndToMongoHadoopsStruct() throws Exception {
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".person_ids (id string, name string) "
                + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' "
                + "WITH SERDEPROPERTIES('mongo.columns.mapping'='{\"id\":\"_id\",\"name\":\"name\"}') "
                + "TBLPROPERTIES('mongo.uri'='" + stack.mongo().databaseUri(MONGO_DB, "persons") + "')");
        assertThat(sortedRows("SELECT id, name FROM " + DB + ".person_ids WHERE name IN ('Alice', 'Carol')"))
                .containsExactly(ALICE.toHexString() + "|Alice", CAROL.toHexString() + "|Carol");
        // an ObjectId literal is pushed as an ObjectId and finds the document
        assertThat(Rows.of(hive, "SELECT name FROM " + DB + ".person_ids WHERE id = '" + BOB.toHexString() + "'"))
                .containsExactly("Bob");

        hive.execute("CREATE EXTERNAL TABLE " + DB + ".person_struct_ids (id struct<oid:string,bsontype:int>, "
                + "name string) STORED BY 'io.hivenosql.mongo.MongoStorageHandler' "
                + "WITH SERDEPROPERTIES('mongo.columns.mapping'='{\"id\":\"_id\",\"name\":\"name\"}') "
                + "TBLPROPERTIES('mongo.uri'='" + stack.mongo().databaseUri(MONGO_DB, "persons") + "', "
                + "'mongo.objectid.format'='struct')");
        assertThat(Rows.of(
                        hive,
                        "SELECT id.oid, id.bsontype, id FROM " + DB + ".person_struct_ids " + "WHERE name = 'Dan'"))
                .containsExactly(DAN.toHexString() + "|8|{\"oid\":\"" + DAN.toHexString() + "\",\"bsontype\":8}");
    }

    @Test
    void inputQueryRestrictsTheRowsTheTableShows() throws Exception {
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".active_person (name string, yob int, age INT, status boolean) "
                + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' "
                + "WITH SERDEPROPERTIES('mongo.columns.mapping'='{\"name\":\"name\",\"yob\":\"yob\",\"status\":\"status\"}') "
                + "TBLPROPERTIES('mongo.uri'='" + stack.mongo().databaseUri(MONGO_DB, "persons") + "', "
                + "'mongo.input.query'='{\"status\": true, \"yob\": {\"$lt\": 2000}}')");
        assertThat(sortedRows("SELECT * FROM " + DB + ".active_person")).containsExactly("Alice|1990|NULL|true");
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + DB + ".active_person"))
                .isEqualTo(1L);
        // the query is ANDed with what Hive pushes: nothing both matches
        assertThat(Rows.of(hive, "SELECT name FROM " + DB + ".active_person WHERE name = 'Dan'"))
                .isEmpty();
        // and with a Hive-side join
        assertThat(Rows.of(
                        hive,
                        "SELECT a.name, p.yob FROM " + DB + ".active_person a JOIN " + DB + ".person p "
                                + "ON a.name = p.name"))
                .containsExactly("Alice|1990");
    }

    @Test
    void insertIntoWritesDocumentsTheDriverReads() throws Exception {
        hive.execute("INSERT INTO " + DB + ".person VALUES ('Eve', 1999, 25, true), ('Frank', 1970, NULL, false)");
        hive.execute("INSERT INTO " + DB + ".person SELECT 'Grace', cast(NULL AS int), cast(NULL AS int), "
                + "cast(NULL AS boolean)");
        try (MongoClient client = stack.mongoClient()) {
            List<Document> written = persons(client)
                    .find(Filters.in("name", "Eve", "Frank", "Grace"))
                    .sort(Sorts.ascending("name"))
                    .into(new ArrayList<>());
            assertThat(written).hasSize(3);
            Document eve = written.get(0);
            assertThat(eve.get("_id")).as("an _id assigned by the server").isInstanceOf(ObjectId.class);
            assertThat(eve.keySet()).containsExactlyInAnyOrder("_id", "name", "yob", "age", "status");
            assertThat(eve.get("name")).isEqualTo("Eve");
            assertThat(eve.get("yob")).isEqualTo(1999);
            assertThat(eve.get("age")).isEqualTo(25);
            assertThat(eve.get("status")).isEqualTo(true);
            // NULLs are left out (mongo.write.nulls=false)
            assertThat(written.get(1).keySet()).containsExactlyInAnyOrder("_id", "name", "yob", "status");
            assertThat(written.get(1).get("status")).isEqualTo(false);
            assertThat(written.get(2).keySet()).containsExactlyInAnyOrder("_id", "name");
            // the BSON types, not just the values
            org.bson.BsonDocument raw = client.getDatabase(MONGO_DB)
                    .getCollection("persons", org.bson.BsonDocument.class)
                    .find(Filters.eq("name", "Eve"))
                    .first();
            assertThat(raw.get("yob").getBsonType()).isEqualTo(BsonType.INT32);
            assertThat(raw.get("status").getBsonType()).isEqualTo(BsonType.BOOLEAN);
            assertThat(raw.get("_id").getBsonType()).isEqualTo(BsonType.OBJECT_ID);
        }
        assertThat(sortedRows("SELECT * FROM " + DB + ".person WHERE name >= 'E'"))
                .containsExactly("Eve|1999|25|true", "Frank|1970|NULL|false", "Grace|NULL|NULL|NULL");
    }

    /**
     * mongo-hadoop's export pattern: an external table over a collection that does not exist yet, then INSERT into it
     * (MongoDB creates the collection on its first write). The CREATE warns, naming the collection; the table reads as
     * empty until written.
     */
    @Test
    void exportIntoANewCollectionThroughAnExternalTable() throws Exception {
        try (MongoClient client = stack.mongoClient()) {
            client.getDatabase(MONGO_DB).getCollection("person_export").drop();
        }
        String log = QueryLog.of(
                hive,
                List.of(),
                "CREATE EXTERNAL TABLE " + DB + ".person_export (name string, yob int, age INT, status boolean) "
                        + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' "
                        + "TBLPROPERTIES('mongo.uri'='" + stack.mongo().databaseUri(MONGO_DB, "person_export") + "')");
        assertThat(log)
                .contains("collection " + MONGO_DB + ".person_export does not exist yet")
                .contains("none named similarly");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".person_export")).isEmpty();
        hive.execute("INSERT INTO " + DB + ".person_export SELECT name, yob, age, status FROM " + DB + ".person "
                + "WHERE name IN ('Alice', 'Bob')");
        assertThat(sortedRows("SELECT * FROM " + DB + ".person_export"))
                .containsExactly("Alice|1990|NULL|true", "Bob|1985|39|false");
        try (MongoClient client = stack.mongoClient()) {
            assertThat(client.getDatabase(MONGO_DB).listCollectionNames().into(new ArrayList<>()))
                    .contains("person_export");
            assertThat(client.getDatabase(MONGO_DB)
                            .getCollection("person_export")
                            .countDocuments())
                    .isEqualTo(2);
        }
    }
}
