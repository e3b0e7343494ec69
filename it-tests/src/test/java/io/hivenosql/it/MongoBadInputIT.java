package io.hivenosql.it;

import static io.hivenosql.it.Failures.stackTrace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Every bad input a user can give a MongoDB table, each reported with its HNS code and a message naming the table,
 * property, column and value: misspelt and missing properties, bad mappings and mapping files, a bad input query, a
 * password in the URI, stored values that do not convert (under each bad-record policy), rows that cannot be written
 * (NULL or duplicate _id, an ObjectId column holding no ObjectId), collections that exist when they must not and the
 * other way round, bad index and write-concern settings, and a server nobody listens on. What every store shares is
 * in {@link BaseStoreBadInputIT}; this class plants the documents and keeps what only MongoDB has.
 */
class MongoBadInputIT extends BaseStoreBadInputIT {
    private static final String DB = "it_mongo_bad";
    private static final String HANDLER = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler'";

    private TestingMongoServer mongo;
    private MongoClient client;
    private MongoDatabase database;

    @Override
    String database() {
        return DB;
    }

    @Override
    void plant() {
        mongo = stack.mongo();
        client = stack.mongoClient();
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

    @Override
    String handler() {
        return "io.hivenosql.mongo.MongoStorageHandler";
    }

    @Override
    String sourceProperties() {
        return uri("people");
    }

    @Override
    Misspelt misspeltProperty() {
        return new Misspelt("mongo.read.batchsize", "mongo.read.batch-size", "10");
    }

    @Override
    String mappingProperty() {
        return "mongo.columns.mapping";
    }

    @Override
    String mappingOfNmaeToName() {
        return "{\"id\":\"_id\",\"nmae\":\"name\"}";
    }

    @Override
    Required requiredProperty() {
        return new Required("mongo.uri", "mongo.urii", mongo.databaseUri(DB, "people"), "'mongo.collection'='people'");
    }

    @Override
    String policyTable(String policy) throws SQLException {
        String table = "people_" + policy;
        create(
                table,
                "id int, name string, age int",
                uri("people") + ", 'mongo.columns.mapping'='{\"id\":\"_id\"}', 'nosql.bad-record.policy'='" + policy
                        + "'");
        return DB + "." + table;
    }

    @Override
    List<BadValue> badValues() {
        return List.of(
                new BadValue(2, "key '2'", "age", "forty-two", List.of()),
                new BadValue(3, "key '3'", "age", "99999999999", List.of()),
                new BadValue(4, "key '4'", "age", "4.5", List.of()));
    }

    @Override
    List<String> scanFailureNames() {
        return List.of("'age'");
    }

    @Override
    String orderBy() {
        return " ORDER BY id";
    }

    @Override
    List<String> nullPolicyRows() {
        return List.of("1|ok|41", "2|typo|NULL", "3|huge|NULL", "4|half|NULL", "5|whole|5");
    }

    @Override
    List<String> skipPolicyRows() {
        return List.of("1|ok|41", "5|whole|5");
    }

    /** Only when it reads the bad column: the columns a query does not read are not converted. */
    @Override
    void assertReadableAfterAFailedScan(String failTable) throws Exception {
        assertThat(Rows.of(hive, "SELECT id, name FROM " + failTable + " ORDER BY id"))
                .containsExactly("1|ok", "2|typo", "3|huge", "4|half", "5|whole");
    }

    @Override
    void assertSkipped(String table) throws Exception {
        assertThat(Rows.single(hive, "SELECT count(age) FROM " + table)).isEqualTo(2L);
    }

    @Override
    String unreachableProperties(String address) {
        return "'mongo.uri'='mongodb://" + address + "/" + DB + ".people', 'mongo.timeout.ms'='2000'";
    }

    @Override
    String addressProperty() {
        return "mongo.uri";
    }

    @Override
    void assertUnreachable(String address) throws Exception {
        // a table whose server goes away: reads and writes fail the same way
        create(
                "gone",
                "id int, name string",
                uri("people") + ", 'mongo.columns.mapping'='{\"id\":\"_id\"}', 'mongo.timeout.ms'='2000'");
        hive.execute("ALTER TABLE " + DB + ".gone SET TBLPROPERTIES ('mongo.uri'='mongodb://" + address + "/" + DB
                + ".people')");
        long start = System.nanoTime();
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + DB + ".gone"))
                .hasStackTraceContaining("HNS-201")
                .hasStackTraceContaining(address)
                .hasStackTraceContaining("it_mongo_bad.gone");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".gone VALUES (7, 'x')"))
                .hasStackTraceContaining("HNS-201")
                .hasStackTraceContaining(address);
        assertThat((System.nanoTime() - start) / 1_000_000_000.0).as("seconds").isLessThan(60);
    }

    private List<String> collections() {
        return database.listCollectionNames().into(new ArrayList<>());
    }

    @Test
    void mappingFileWorksWithoutAColumnList() throws Exception {
        Path file = stack.scratch(DB).resolve("people.json");
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
}
