package io.hivenosql.mongo;

import static io.hivenosql.mongo.TestingMongoWriteTables.CONNECTOR;
import static io.hivenosql.mongo.TestingMongoWriteTables.collection;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Creating, checking, emptying and dropping collections for the metastore hook, against the test server. */
class TestMongoSchemaChanges {
    private static final String DATABASE = "mwrite_collections";

    private static TestingMongoServer server;
    private static MongoClient client;
    private static MongoDatabase database;

    @BeforeAll
    static void setUp() {
        server = TestingMongoServer.shared();
        client = TestingMongoWriteTables.client(server);
        database = client.getDatabase(DATABASE);
        database.drop();
        // another collection in the database: existence checks must look at the table's collection only
        database.getCollection("bystander").insertOne(new org.bson.Document("_id", 1));
    }

    @AfterAll
    static void tearDown() {
        if (database != null) {
            database.drop();
        }
        if (client != null) {
            client.close();
        }
        MongoClients.closeIdle();
    }

    private static TestingMongoWriteTables orders(String collection) {
        return TestingMongoWriteTables.table(server, DATABASE, collection)
                .column("id", "bigint")
                .column("custkey", "bigint")
                .column("orderdate", "date")
                .column("comment", "string")
                .mapping("id", "_id", "custkey", "customer.key", "orderdate", "o_orderdate");
    }

    private static List<String> collectionNames() {
        return database.listCollectionNames().into(new ArrayList<>());
    }

    private static List<BsonDocument> indexes(String collection) {
        return collection(client, DATABASE, collection)
                .listIndexes(BsonDocument.class)
                .into(new ArrayList<>());
    }

    @Test
    void managedCreateMakesTheCollectionWithItsIndexes() throws IOException {
        TableContext table = orders("managed")
                .property("mongo.indexes", "unique custkey, orderdate:-1; comment")
                .build();
        assertThat(CONNECTOR.createTable(table, true)).isTrue();
        assertThat(collectionNames()).contains("managed");
        List<BsonDocument> indexes = indexes("managed");
        assertThat(indexes)
                .extracting(index -> index.getDocument("key"))
                .containsExactlyInAnyOrder(
                        BsonDocument.parse("{\"_id\": 1}"),
                        BsonDocument.parse("{\"customer.key\": 1, \"o_orderdate\": -1}"),
                        BsonDocument.parse("{\"comment\": 1}"));
        BsonDocument compound = indexes.stream()
                .filter(index -> index.getDocument("key").containsKey("customer.key"))
                .findFirst()
                .orElseThrow();
        assertThat(compound.getBoolean("unique", org.bson.BsonBoolean.FALSE).getValue())
                .isTrue();
        BsonDocument comment = indexes.stream()
                .filter(index -> index.getDocument("key").containsKey("comment"))
                .findFirst()
                .orElseThrow();
        assertThat(comment.getBoolean("unique", org.bson.BsonBoolean.FALSE).getValue())
                .isFalse();
        // the unique index is real: a second document with the same key is refused
        MongoCollection<BsonDocument> collection = collection(client, DATABASE, "managed");
        collection.insertOne(BsonDocument.parse("{\"_id\": 1, \"customer\": {\"key\": 7}, \"o_orderdate\": 1}"));
        assertThatThrownBy(() -> collection.insertOne(
                        BsonDocument.parse("{\"_id\": 2, \"customer\": {\"key\": 7}, \"o_orderdate\": 1}")))
                .hasMessageContaining("11000");
    }

    @Test
    void managedCreateWithoutIndexesMakesAnEmptyCollection() throws IOException {
        assertThat(CONNECTOR.createTable(orders("plain").build(), true)).isTrue();
        assertThat(collectionNames()).contains("plain");
        assertThat(indexes("plain")).hasSize(1);
        assertThat(collection(client, DATABASE, "plain").countDocuments()).isZero();
    }

    @Test
    void managedCreateRefusesAnExistingCollection() {
        MongoCollection<BsonDocument> existing = collection(client, DATABASE, "existing");
        existing.insertOne(BsonDocument.parse("{\"_id\": 1, \"keep\": true}"));
        TableContext table =
                orders("existing").property("mongo.indexes", "comment").build();
        assertThatThrownBy(() -> CONNECTOR.createTable(table, true))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.UNSUPPORTED_OPERATION))
                .hasMessageStartingWith("HNS-141")
                .hasMessageContaining("table " + DATABASE + ".existing")
                .hasMessageContaining(DATABASE + ".existing already exists")
                .hasMessageContaining("CREATE EXTERNAL TABLE");
        // untouched: no index added, the document still there
        assertThat(indexes("existing")).hasSize(1);
        assertThat(existing.countDocuments()).isEqualTo(1);
    }

    @Test
    void managedCreateWhoseIndexFailsLeavesNoCollection() {
        // the same keys twice with different options: the server refuses the second index
        TableContext table = orders("half_made")
                .property("mongo.indexes", "comment; unique comment")
                .build();
        assertThatThrownBy(() -> CONNECTOR.createTable(table, true))
                .isInstanceOf(HandlerException.class)
                .hasMessageStartingWith("HNS-101 INVALID_TABLE_PROPERTY")
                .hasMessageContaining("table " + DATABASE + ".half_made")
                .hasMessageContaining("entry 'unique comment' of mongo.indexes")
                .hasMessageContaining("dropped again");
        assertThat(collectionNames()).doesNotContain("half_made");
        // the table can be created once the property is fixed
        TableContext fixed =
                orders("half_made").property("mongo.indexes", "unique comment").build();
        try {
            assertThat(CONNECTOR.createTable(fixed, true)).isTrue();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertThat(indexes("half_made")).hasSize(2);
    }

    @Test
    void badIndexesFailBeforeAnyServerIsContacted() {
        // nothing listens on port 1: a server call would fail with HNS-201 instead
        TableContext syntax = TestingMongoWriteTables.table("mongodb://127.0.0.1:1/x.y", DATABASE, "nowhere")
                .column("id", "bigint")
                .property("mongo.timeout.ms", "500")
                .property("mongo.indexes", "id:up")
                .build();
        assertThatThrownBy(() -> CONNECTOR.createTable(syntax, true))
                .hasMessageStartingWith("HNS-101 INVALID_TABLE_PROPERTY")
                .hasMessageContaining("entry 'id:up'")
                .hasMessageContaining("Syntax: ");
        TableContext unknown = TestingMongoWriteTables.table("mongodb://127.0.0.1:1/x.y", DATABASE, "nowhere")
                .column("id", "bigint")
                .property("mongo.timeout.ms", "500")
                .property("mongo.indexes", "id; total")
                .build();
        assertThatThrownBy(() -> CONNECTOR.createTable(unknown, false))
                .hasMessageStartingWith("HNS-113 COLUMN_NOT_FOUND")
                .hasMessageContaining("'total'");
    }

    @Test
    void externalCreateOfAMissingCollectionIsAcceptedWithAWarning() throws IOException {
        // mongo-hadoop's export pattern: CREATE EXTERNAL TABLE over a collection that the first INSERT creates
        TableContext missing = orders("missing").build();
        List<String> warnings = new ArrayList<>();
        assertThat(CONNECTOR.createTable(missing, false, warnings::add)).isFalse();
        assertThat(warnings)
                .singleElement()
                .asString()
                .contains("table " + DATABASE + ".missing")
                .contains("collection " + DATABASE + ".missing does not exist yet")
                .contains("reads as empty until an INSERT")
                .contains("mongo.uri");
        assertThat(collectionNames())
                .as("MongoDB creates it on the first write")
                .doesNotContain("missing");

        collection(client, DATABASE, "present").insertOne(new BsonDocument("_id", new BsonInt32(1)));
        // indexes are Hive's only on collections it creates
        TableContext present =
                orders("present").property("mongo.indexes", "comment").build();
        List<String> none = new ArrayList<>();
        assertThat(CONNECTOR.createTable(present, false, none::add)).isFalse();
        assertThat(none).isEmpty();
        assertThat(indexes("present")).hasSize(1);
        assertThat(collection(client, DATABASE, "present").countDocuments()).isEqualTo(1);
    }

    @Test
    void theWarningOfAMissingCollectionListsSimilarlyNamedOnes() throws IOException {
        collection(client, DATABASE, "Not_There").insertOne(new BsonDocument("_id", new BsonInt32(1)));
        collection(client, DATABASE, "not_theer").insertOne(new BsonDocument("_id", new BsonInt32(1)));
        List<String> warnings = new ArrayList<>();
        CONNECTOR.createTable(orders("not_there").build(), false, warnings::add);
        assertThat(warnings)
                .singleElement()
                .asString()
                .contains("Similarly named collections of database " + DATABASE + ": Not_There, not_theer.")
                .doesNotContain("bystander");
        // a database without collections says so
        TableContext empty = TestingMongoWriteTables.table(server, DATABASE + "_empty", "none")
                .column("id", "bigint")
                .build();
        warnings.clear();
        CONNECTOR.createTable(empty, false, warnings::add);
        assertThat(warnings)
                .singleElement()
                .asString()
                .contains("Database " + DATABASE + "_empty has no collections yet");
        assertThat(MongoSchemaChanges.similarNames(
                        "orders", List.of("Orders", "order", "orders_2024", "customer", "ordres")))
                .containsExactly("Orders", "order", "ordres", "orders_2024");
    }

    @Test
    void userInformationInTheUriIsRefusedBeforeAnyServerIsContacted() {
        assertThatThrownBy(() -> TestingMongoWriteTables.table("mongodb://reader@127.0.0.1:1/x.y", DATABASE, "t")
                        .column("id", "bigint")
                        .build())
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_TABLE_PROPERTY))
                .hasMessageContaining("table " + DATABASE + ".t")
                .hasMessageContaining("'mongo.uri' names a user")
                .hasMessageContaining("put the user in mongo.user and the password alias in mongo.password.alias")
                .hasMessageNotContaining("reader");
        assertThatThrownBy(() -> TestingMongoWriteTables.table("mongodb://reader:s3cret@127.0.0.1:1/x.y", DATABASE, "t")
                        .column("id", "bigint")
                        .build())
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.PLAINTEXT_SECRET))
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void authSourceDefaultsToTheUrisOption() {
        TableContext fromUri = TestingMongoWriteTables.table(
                        "mongodb://127.0.0.1:1/x.y?AuthSource=people", DATABASE, "t")
                .column("id", "bigint")
                .property("mongo.user", "reader")
                .property("mongo.password.alias", "reader.password")
                .build();
        assertThat(MongoTable.of(fromUri).authSource()).isEqualTo("people");
        assertThat(MongoTable.of(fromUri).user()).contains("reader");
        TableContext overridden = TestingMongoWriteTables.table(
                        "mongodb://127.0.0.1:1/x.y?replicaSet=rs0&authSource=people", DATABASE, "t")
                .column("id", "bigint")
                .property("mongo.auth.source", "admin2")
                .build();
        assertThat(MongoTable.of(overridden).authSource()).isEqualTo("admin2");
        TableContext neither = TestingMongoWriteTables.table("mongodb://127.0.0.1:1/x.y", DATABASE, "t")
                .column("id", "bigint")
                .build();
        assertThat(MongoTable.of(neither).authSource()).isEqualTo("admin");
    }

    @Test
    void unreachableServerIsNamed() {
        TableContext table = TestingMongoWriteTables.table("mongodb://127.0.0.1:1/x.y", DATABASE, "nowhere")
                .column("id", "bigint")
                .property("mongo.timeout.ms", "500")
                .build();
        assertThatThrownBy(() -> CONNECTOR.createTable(table, false))
                .hasMessageStartingWith("HNS-201 STORE_UNREACHABLE")
                .hasMessageContaining("127.0.0.1:1")
                .hasMessageContaining("table " + DATABASE + ".nowhere");
    }

    @Test
    void truncateDeletesEveryDocumentAndKeepsTheCollectionAndIndexes() throws IOException {
        TableContext table =
                orders("truncated").property("mongo.indexes", "comment").build();
        CONNECTOR.createTable(table, true);
        MongoCollection<BsonDocument> collection = collection(client, DATABASE, "truncated");
        for (int i = 0; i < 10; i++) {
            collection.insertOne(new BsonDocument("_id", new BsonInt32(i)));
        }
        CONNECTOR.truncate(table);
        assertThat(collection.countDocuments()).isZero();
        assertThat(collectionNames()).contains("truncated");
        assertThat(indexes("truncated")).hasSize(2);
    }

    @Test
    void truncateWithAnInputQueryDeletesOnlyWhatTheTableShows() throws IOException {
        MongoCollection<BsonDocument> collection = collection(client, DATABASE, "filtered");
        for (int i = 0; i < 10; i++) {
            collection.insertOne(
                    new BsonDocument("_id", new BsonInt32(i)).append("status", new BsonString(i % 2 == 0 ? "A" : "B")));
        }
        TableContext table = orders("filtered")
                .property("mongo.input.query", "{\"status\": \"A\"}")
                .build();
        CONNECTOR.truncate(table);
        assertThat(collection.countDocuments()).isEqualTo(5);
        assertThat(collection.countDocuments(new BsonDocument("status", new BsonString("A"))))
                .isZero();
    }

    @Test
    void dropWithPurgeDropsTheCollectionOnly() throws IOException {
        collection(client, DATABASE, "purged").insertOne(new BsonDocument("_id", new BsonInt32(1)));
        collection(client, DATABASE, "kept").insertOne(new BsonDocument("_id", new BsonInt32(1)));
        CONNECTOR.dropTable(orders("kept").build(), false);
        assertThat(collectionNames()).contains("kept");
        assertThat(collection(client, DATABASE, "kept").countDocuments()).isEqualTo(1);

        CONNECTOR.dropTable(orders("purged").build(), true);
        assertThat(collectionNames()).doesNotContain("purged").contains("kept", "bystander");
        // dropping again (the collection is gone) is no error
        CONNECTOR.dropTable(orders("purged").build(), true);
    }
}
