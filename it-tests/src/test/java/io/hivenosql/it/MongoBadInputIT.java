package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every bad input a user can give a MongoDB table, each reported with its HNS code and a message naming the table,
 * property, column and value: misspelt and missing properties, bad mappings and mapping files, a bad input query, a
 * password in the URI, stored values that do not convert (under each bad-record policy), rows that cannot be written
 * (NULL or duplicate _id, an ObjectId column holding no ObjectId), collections that exist when they must not and the
 * other way round, bad index and write-concern settings, and a server nobody listens on.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MongoBadInputIT {
    private static final String DB = "it_mongo_bad";
    private static final String HANDLER = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler'";

    private HiveInstance hive;
    private TestingMongoServer mongo;
    private MongoClient client;
    private MongoDatabase database;
    private Path scratch;

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        mongo = stack.mongo();
        client = stack.mongoClient();
        scratch = stack.scratch("mongo-bad");
        database = client.getDatabase(DB);
        database.drop();
        database.getCollection("people")
                .insertMany(List.of(
                        new Document("_id", 1).append("name", "ok").append("age", 41),
                        new Document("_id", 2).append("name", "typo").append("age", "forty-two"),
                        new Document("_id", 3).append("name", "huge").append("age", 99_999_999_999L),
                        new Document("_id", 4).append("name", "half").append("age", 4.5),
                        new Document("_id", 5).append("name", "whole").append("age", 5.0)));
        database.createCollection("existing");
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
        return "'mongo.uri'='" + mongo.databaseUri(DB, collection) + "'";
    }

    private void create(String table, String columns, String properties) throws SQLException {
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + table);
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + table + (columns.isEmpty() ? "" : " (" + columns + ")") + " "
                + HANDLER + " TBLPROPERTIES (" + properties + ")");
    }

    private List<String> collections() {
        return database.listCollectionNames().into(new ArrayList<>());
    }

    @Test
    void misspeltPropertySuggestsTheRightOne() {
        assertThatThrownBy(() -> create("typo", "id int, name string", uri("people") + ", 'mongo.read.batchsize'='10'"))
                .hasMessageContaining("HNS-103")
                .hasMessageContaining("it_mongo_bad.typo")
                .hasMessageContaining("did you mean 'mongo.read.batch-size'");
        // the URI itself misspelt: both the unknown key and the missing one are reported together
        assertThatThrownBy(() ->
                        create("typo", "id int, name string", "'mongo.urii'='" + mongo.databaseUri(DB, "people") + "'"))
                .hasMessageContaining("it_mongo_bad.typo")
                .hasMessageContaining("unknown property 'mongo.urii'; did you mean 'mongo.uri'?")
                .hasMessageContaining("missing required property 'mongo.uri'");
    }

    @Test
    void missingUriIsNamed() {
        assertThatThrownBy(() -> create("no_uri", "id int, name string", "'mongo.collection'='people'"))
                .hasMessageContaining("HNS-102 MISSING_TABLE_PROPERTY")
                .hasMessageContaining("it_mongo_bad.no_uri")
                .hasMessageContaining("missing required property 'mongo.uri'");
    }

    @Test
    void unreadableMappingFileIsNamed() {
        Path missing = scratch.resolve("does-not-exist.json");
        assertThatThrownBy(
                        () -> create("no_file", "", uri("people") + ", 'nosql.mapping.url'='" + missing.toUri() + "'"))
                .hasMessageContaining("HNS-112")
                .hasMessageContaining("does-not-exist.json");
    }

    @Test
    void invalidMappingFileNamesFileLineAndValue() throws Exception {
        Path file = scratch.resolve("broken.json");
        Files.writeString(
                file,
                """
                {
                  "columns": [
                    {"name": "id", "type": "int", "path": "_id"},
                    {"name": "name", "type": "strang"}
                  ]
                }
                """);
        assertThatThrownBy(
                        () -> create("broken_file", "", uri("people") + ", 'nosql.mapping.url'='" + file.toUri() + "'"))
                .hasMessageContaining("HNS-111")
                .hasMessageContaining("broken.json")
                .hasMessageContaining("line 4")
                .hasMessageContaining("strang");
    }

    @Test
    void mappingFileWorksWithoutAColumnList() throws Exception {
        Path file = scratch.resolve("people.json");
        Files.writeString(
                file,
                """
                {"columns": [
                  {"name": "id", "type": "int", "path": "_id"},
                  {"name": "who", "type": "string", "path": "name"}
                ]}
                """);
        create("from_file", "", uri("people") + ", 'nosql.mapping.url'='" + file.toUri() + "'");
        assertThat(Rows.describe(hive, DB + ".from_file")).containsExactly("id|int", "who|string");
        assertThat(Rows.of(hive, "SELECT who FROM " + DB + ".from_file WHERE id = 1"))
                .containsExactly("ok");
    }

    @Test
    void mappingNamingAMissingColumnIsRejected() {
        assertThatThrownBy(() -> create(
                        "inline_typo",
                        "id int, name string",
                        uri("people") + ", 'mongo.columns.mapping'='{\"id\":\"_id\",\"nmae\":\"name\"}'"))
                .hasMessageContaining("HNS-113")
                .hasMessageContaining("it_mongo_bad.inline_typo")
                .hasMessageContaining("nmae")
                .hasMessageContaining("mongo.columns.mapping");
    }

    @Test
    void invalidMappingJsonIsRejected() {
        assertThatThrownBy(() -> create(
                        "bad_json",
                        "id int, name string",
                        uri("people") + ", 'mongo.columns.mapping'='{\"id\": \"_id\",'"))
                .hasMessageContaining("HNS-111")
                .hasMessageContaining("it_mongo_bad.bad_json")
                .hasMessageContaining("mongo.columns.mapping")
                .hasMessageContaining("not a valid JSON object");
        assertThatThrownBy(() -> create(
                        "bad_path",
                        "id int, name string",
                        uri("people") + ", 'mongo.columns.mapping'='{\"id\": \"_id\", \"name\": \"a..b\"}'"))
                .hasMessageContaining("HNS-111")
                .hasMessageContaining("column name")
                .hasMessageContaining("'a..b' is not a MongoDB field path");
    }

    @Test
    void invalidInputQueryIsRejected() {
        assertThatThrownBy(() -> create(
                        "bad_query",
                        "id int, name string",
                        uri("people") + ", 'mongo.input.query'='{\"age\": {\"$gt\": }}'"))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("it_mongo_bad.bad_query")
                .hasMessageContaining("mongo.input.query")
                .hasMessageContaining("not a JSON query document");
    }

    @Test
    void passwordInTheUriIsRejectedWithoutEchoingIt() throws Exception {
        String secret = "hunter2-mongo-secret";
        assertThatThrownBy(() -> create(
                        "secret",
                        "id int, name string",
                        "'mongo.uri'='mongodb://hive:" + secret + "@" + mongo.host() + ":" + mongo.port() + "/" + DB
                                + ".people'"))
                .hasMessageContaining("HNS-131")
                .hasMessageContaining("it_mongo_bad.secret")
                .hasMessageContaining("'mongo.uri'")
                .hasMessageContaining("mongo.password.alias")
                // what Hive reports (the harness's own exception adds the statement text, which holds the secret)
                .satisfies(e -> assertThat(stackTrace(e.getCause())).doesNotContain(secret));
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'secret'")).isEmpty();
    }

    private String people(String policy) throws SQLException {
        String table = "people_" + policy;
        create(
                table,
                "id int, name string, age int",
                uri("people") + ", 'mongo.columns.mapping'='{\"id\":\"_id\"}', 'nosql.bad-record.policy'='" + policy
                        + "'");
        return DB + "." + table;
    }

    @Test
    void failPolicyNamesTableKeyColumnAndValue() throws Exception {
        String table = people("fail");
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + table + " WHERE id = 2"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("people_fail")
                .hasStackTraceContaining("key '2'")
                .hasStackTraceContaining("'age'")
                .hasStackTraceContaining("forty-two")
                .hasStackTraceContaining("nosql.bad-record.policy");
        assertThatThrownBy(() -> hive.query("SELECT age FROM " + table + " WHERE id = 3"))
                .hasStackTraceContaining("key '3'")
                .hasStackTraceContaining("99999999999");
        assertThatThrownBy(() -> hive.query("SELECT age FROM " + table + " WHERE id = 4"))
                .hasStackTraceContaining("key '4'")
                .hasStackTraceContaining("4.5");
        // a whole scan in a job fails too, when it reads the bad column
        assertThatThrownBy(() -> hive.query("SELECT sum(age) FROM " + table))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("people_fail")
                .hasStackTraceContaining("'age'");
        // but only then: the columns a query does not read are not converted
        assertThat(Rows.of(hive, "SELECT id, name FROM " + table + " ORDER BY id"))
                .containsExactly("1|ok", "2|typo", "3|huge", "4|half", "5|whole");
    }

    @Test
    void nullPolicyReadsBadValuesAsNull() throws Exception {
        assertThat(Rows.of(hive, "SELECT * FROM " + people("null") + " ORDER BY id"))
                .containsExactly("1|ok|41", "2|typo|NULL", "3|huge|NULL", "4|half|NULL", "5|whole|5");
    }

    @Test
    void skipPolicyDropsBadRecords() throws Exception {
        String table = people("skip");
        assertThat(Rows.of(hive, "SELECT * FROM " + table + " ORDER BY id")).containsExactly("1|ok|41", "5|whole|5");
        assertThat(Rows.single(hive, "SELECT count(age) FROM " + table)).isEqualTo(2L);
    }

    @Test
    void nullIdOnUpsertIsNamed() throws Exception {
        database.getCollection("upserts").drop();
        database.createCollection("upserts");
        create(
                "upserts",
                "id int, name string",
                uri("upserts") + ", 'mongo.columns.mapping'='{\"id\":\"_id\"}', 'mongo.write.mode'='upsert'");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".upserts SELECT 1, 'one' "
                        + "UNION ALL SELECT cast(NULL AS int), 'nobody'"))
                .hasStackTraceContaining("HNS-122")
                .hasStackTraceContaining("it_mongo_bad.upserts")
                .hasStackTraceContaining("column 'id' (_id) is NULL")
                .hasStackTraceContaining("mongo.write.mode=upsert");
        // in insert mode a NULL _id is left out and MongoDB assigns one
        create("inserts", "id string, name string", uri("upserts") + ", 'mongo.columns.mapping'='{\"id\":\"_id\"}'");
        hive.execute("INSERT INTO " + DB + ".inserts SELECT cast(NULL AS string), 'assigned'");
        assertThat(database.getCollection("upserts")
                        .find(new Document("name", "assigned"))
                        .first())
                .isNotNull()
                .satisfies(d -> assertThat(d.get("_id")).isInstanceOf(org.bson.types.ObjectId.class));
    }

    @Test
    void duplicateIdFailsTheInsertNamingIt() throws Exception {
        create(
                "people_w",
                "id int, name string, age int",
                uri("people") + ", 'mongo.columns.mapping'='{\"id\":\"_id\"}'");
        assertThatThrownBy(
                        () -> hive.execute("INSERT INTO " + DB + ".people_w VALUES (100, 'new', 1), (2, 'again', 2)"))
                .hasStackTraceContaining("HNS-203")
                .hasStackTraceContaining("it_mongo_bad.people_w")
                .hasStackTraceContaining(DB + ".people")
                .hasStackTraceContaining("{\"_id\": 2}")
                .hasStackTraceContaining("E11000")
                .hasStackTraceContaining("mongo.write.mode=upsert");
        Document stored =
                database.getCollection("people").find(new Document("_id", 2)).first();
        assertThat(stored).as("the stored document is untouched").isNotNull();
        assertThat(stored.getString("name")).isEqualTo("typo");
        database.getCollection("people").deleteOne(new Document("_id", 100));
    }

    @Test
    void objectIdColumnRefusesAValueThatIsNoObjectId() throws Exception {
        database.getCollection("oids").drop();
        database.createCollection("oids");
        create("oids", "id string, name string", uri("oids") + ", 'mongo.columns.mapping'='{\"id\":\"_id\"}'");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".oids VALUES ('not-an-object-id', 'x')"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("it_mongo_bad.oids")
                .hasStackTraceContaining("column id")
                .hasStackTraceContaining("not-an-object-id")
                .hasStackTraceContaining("mongo.objectid.columns");
        assertThat(database.getCollection("oids").countDocuments()).isZero();
        // with mongo.objectid.columns='' the same value is written as a string _id
        create(
                "oids_text",
                "id string, name string",
                uri("oids") + ", 'mongo.columns.mapping'='{\"id\":\"_id\"}', 'mongo.objectid.columns'=''");
        hive.execute("INSERT INTO " + DB + ".oids_text VALUES ('not-an-object-id', 'x')");
        assertThat(database.getCollection("oids").find().first())
                .isEqualTo(new Document("_id", "not-an-object-id").append("name", "x"));
    }

    @Test
    void managedTableOverAnExistingCollectionIsRefused() throws Exception {
        assertThatThrownBy(() -> hive.execute("CREATE TABLE " + DB + ".existing (id int, name string) " + HANDLER
                        + " TBLPROPERTIES (" + uri("existing") + ")"))
                .hasMessageContaining("HNS-141")
                .hasMessageContaining("it_mongo_bad.existing")
                .hasMessageContaining(DB + ".existing already exists")
                .hasMessageContaining("CREATE EXTERNAL TABLE");
        assertThat(collections()).contains("existing");
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'existing'")).isEmpty();
    }

    @Test
    void externalTableOverAMissingCollectionWarnsNamingSimilarOnesAndReadsAsEmpty() throws Exception {
        // accepted (mongo-hadoop's export pattern writes into a new collection), but a typo is easy to see: beeline
        // prints the warning from the statement's operation log at the default logging level
        String log = QueryLog.of(
                hive,
                List.of(),
                "CREATE EXTERNAL TABLE " + DB + ".peeple (id int, name string) " + HANDLER + " TBLPROPERTIES ("
                        + uri("peeple") + ")");
        assertThat(log)
                .contains("WARNING: table it_mongo_bad.peeple: MongoDB collection " + DB + ".peeple does not exist yet")
                .contains("reads as empty until an INSERT")
                .contains("Similarly named collections of database " + DB + ": people");
        assertThat(Rows.of(hive, "SELECT count(*) FROM " + DB + ".peeple")).containsExactly("0");
        assertThat(collections()).doesNotContain("peeple");
    }

    @Test
    void invalidIndexesAreRejectedBeforeAnythingIsCreated() {
        assertThatThrownBy(() -> hive.execute("CREATE TABLE " + DB + ".indexed (id int, name string) " + HANDLER
                        + " TBLPROPERTIES (" + uri("indexed") + ", 'mongo.indexes'='name:2')"))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("it_mongo_bad.indexed")
                .hasMessageContaining("mongo.indexes")
                .hasMessageContaining("name:2");
        assertThatThrownBy(() -> hive.execute("CREATE TABLE " + DB + ".indexed (id int, name string) " + HANDLER
                        + " TBLPROPERTIES (" + uri("indexed") + ", 'mongo.indexes'='unique nmae')"))
                .hasMessageContaining("HNS-113")
                .hasMessageContaining("mongo.indexes")
                .hasMessageContaining("names column 'nmae'");
        assertThat(collections()).doesNotContain("indexed");
    }

    @Test
    void unacknowledgedWriteConcernIsRefused() {
        assertThatThrownBy(() -> create("w0", "id int, name string", uri("people") + ", 'mongo.write-concern'='0'"))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("it_mongo_bad.w0")
                .hasMessageContaining("mongo.write-concern=0")
                .hasMessageContaining("unacknowledged");
        assertThatThrownBy(() -> create(
                        "w0_uri",
                        "id int, name string",
                        "'mongo.uri'='" + mongo.databaseUri(DB, "people")
                                + (mongo.uri().contains("?") ? "&" : "?") + "w=0'"))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("w=0 in mongo.uri");
        assertThatThrownBy(
                        () -> create("w_bad", "id int, name string", uri("people") + ", 'mongo.write-concern'='all'"))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("mongo.write-concern")
                .hasMessageContaining("'all'");
    }

    @Test
    void unreachableServerNamesHostAndPortAndFailsFast() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String address = "127.0.0.1:" + closedPort;
        long start = System.nanoTime();
        assertThatThrownBy(() -> create(
                        "nowhere",
                        "id int, name string",
                        "'mongo.uri'='mongodb://" + address + "/" + DB + ".people', 'mongo.timeout.ms'='2000'"))
                .hasMessageContaining("HNS-201 STORE_UNREACHABLE")
                .hasMessageContaining(address)
                .hasMessageContaining("it_mongo_bad.nowhere")
                .hasMessageContaining("mongo.uri");
        assertThat((System.nanoTime() - start) / 1_000_000_000.0).as("seconds").isLessThan(20);

        // a table whose server goes away: reads and writes fail the same way
        create(
                "gone",
                "id int, name string",
                uri("people") + ", 'mongo.columns.mapping'='{\"id\":\"_id\"}', 'mongo.timeout.ms'='2000'");
        hive.execute("ALTER TABLE " + DB + ".gone SET TBLPROPERTIES ('mongo.uri'='mongodb://" + address + "/" + DB
                + ".people')");
        start = System.nanoTime();
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + DB + ".gone"))
                .hasStackTraceContaining("HNS-201")
                .hasStackTraceContaining(address)
                .hasStackTraceContaining("it_mongo_bad.gone");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".gone VALUES (7, 'x')"))
                .hasStackTraceContaining("HNS-201")
                .hasStackTraceContaining(address);
        assertThat((System.nanoTime() - start) / 1_000_000_000.0).as("seconds").isLessThan(60);
    }

    private static String stackTrace(Throwable e) {
        StringWriter writer = new StringWriter();
        e.printStackTrace(new PrintWriter(writer));
        return writer.toString();
    }
}
