package io.hivenosql.mongo;

import static io.hivenosql.mongo.TestingMongoWriteTables.CONNECTOR;
import static io.hivenosql.mongo.TestingMongoWriteTables.documents;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The sinks of DELETE, UPDATE and MERGE against a MongoDB-protocol server: how keys find their documents whatever their
 * stored _id type, what is deleted or written and what is left alone. Each subclass names its server.
 */
abstract class BaseMongoRowChangesTest {
    static final String DATABASE = "mwrite_dml";
    private static final String HEX = "65a1b2c3d4e5f60718293a4b";

    private MongoClient client;

    /** The server the tests run against; the subclass starts and stops it. */
    abstract TestingMongoServer server();

    @BeforeEach
    void connect() {
        client = TestingMongoWriteTables.client(server());
    }

    @AfterEach
    void disconnect() {
        if (client != null) {
            client.close();
        }
        MongoClients.closeIdle();
    }

    private MongoCollection<BsonDocument> collection(String name) {
        return TestingMongoWriteTables.collection(client, DATABASE, name);
    }

    /** {@code id string -> _id (no ObjectId column), name, qty bigint, address struct<city,zip>}. */
    TestingMongoWriteTables people(String collection) {
        return TestingMongoWriteTables.table(server(), DATABASE, collection)
                .column("id", "string")
                .column("name", "string")
                .column("qty", "bigint")
                .column("address", "struct<city:string,zip:string>")
                .mapping("id", "_id")
                .property("mongo.objectid.columns", "");
    }

    /** Documents of mixed _id types, _ids that look like operators and paths, unmapped and nested fields. */
    private List<BsonDocument> seed(String collection) {
        List<BsonDocument> documents = List.of(
                doc("{_id: {$oid: '" + HEX + "'}, name: 'oid', extra: [1, 2]}"),
                doc("{_id: 7, name: 'int', qty: 70}"),
                doc("{_id: {$numberLong: '8'}, name: 'long'}"),
                doc("{_id: 'k*', name: 'glob'}"),
                doc("{_id: '{\"$gt\": \"\"}', name: 'gt'}"),
                doc("{_id: '$where', name: 'where'}"),
                doc("{_id: 'a.b', name: 'dotted', address: {city: 'Rome', zip: '001', floor: 3}}"),
                doc("{_id: {a: 1}, name: 'document'}"),
                doc("{_id: 'plain', name: 'plain'}"));
        collection(collection).drop();
        collection(collection).insertMany(documents);
        return documents;
    }

    private static BsonDocument doc(String json) {
        return BsonDocument.parse(json);
    }

    static long apply(RecordSink sink, List<Object[]> rows) throws IOException {
        try (sink) {
            for (Object[] row : rows) {
                sink.write(row);
            }
            sink.flush();
            return sink.written();
        }
    }

    static List<Object[]> keys(Object... keys) {
        List<Object[]> rows = new ArrayList<>();
        for (Object key : keys) {
            rows.add(new Object[] {key});
        }
        return rows;
    }

    @Test
    void keysDeleteTheirDocumentsWhateverTheStoredIdTypeAndNothingElse() throws IOException {
        List<BsonDocument> before = seed("deletes");
        TableContext table =
                people("deletes").property("mongo.write.batch-size", "2").build();
        // a string column reads the ObjectId as hex, the int32 and int64 as text, the document as JSON text
        long written = apply(
                CONNECTOR.openDeleter(table),
                keys(HEX, "7", "8", "k*", "{\"$gt\": \"\"}", "$where", "{\"a\": 1}", "absent"));
        assertThat(written).isEqualTo(8);
        assertThat(documents(collection("deletes"))).containsExactlyInAnyOrder(before.get(6), before.get(8));
    }

    @Test
    void anObjectIdColumnFindsStringIdsToo() throws IOException {
        seed("oids");
        TableContext table =
                people("oids").property("mongo.objectid.columns", null).build();
        apply(CONNECTOR.openDeleter(table), keys(HEX, "k*"));
        assertThat(collection("oids").countDocuments(doc("{_id: {$in: [{$oid: '" + HEX + "'}, 'k*']}}")))
                .isZero();
        assertThat(collection("oids").countDocuments()).isEqualTo(7);
    }

    @Test
    void aKeyThatReadsFromTwoDocumentsChangesNothing() {
        collection("twins").drop();
        collection("twins").insertMany(List.of(doc("{_id: 7}"), doc("{_id: '7'}"), doc("{_id: 'x'}")));
        TableContext table = people("twins").build();
        assertThatThrownBy(() -> apply(CONNECTOR.openDeleter(table), keys("x", "7")))
                .hasMessageContaining(HandlerErrorCode.WRITE_FAILED.name())
                .hasMessageContaining("table " + DATABASE + ".twins: 2 documents of " + DATABASE + ".twins")
                .hasMessageContaining("reads as id='7'")
                .hasMessageContaining("7 (int32), \"7\" (string)");
        assertThat(collection("twins").countDocuments()).isEqualTo(3);
    }

    @Test
    void aNullKeyFails() {
        TableContext table = people("nulls").build();
        assertThatThrownBy(() -> apply(CONNECTOR.openDeleter(table), keys((Object) null)))
                .hasMessageContaining(HandlerErrorCode.NULL_KEY.name())
                .hasMessageContaining("a NULL id (_id)");
        assertThatThrownBy(() -> apply(CONNECTOR.openUpserter(table), List.<Object[]>of(new Object[4])))
                .hasMessageContaining(HandlerErrorCode.NULL_KEY.name())
                .hasMessageContaining("table " + DATABASE + ".nulls");
    }

    @Test
    void upsertsUpdateTheFoundDocumentInPlaceAndInsertMissingOnes() throws IOException {
        List<BsonDocument> before = seed("upserts");
        TableContext table =
                people("upserts").property("mongo.write.mode", "insert").build();
        long written = apply(
                CONNECTOR.openUpserter(table),
                List.of(
                        // the int32 7: its _id stays an int32, its NULL qty is removed, extra fields stay
                        new Object[] {"7", "seven", null, null},
                        new Object[] {"a.b", "dotted", null, Arrays.asList("Milan", null)},
                        new Object[] {"plain", "plain", null, null},
                        new Object[] {"new", "created", 5L, Arrays.asList(null, "002")}));
        assertThat(written).isEqualTo(4);
        MongoCollection<BsonDocument> collection = collection("upserts");
        assertThat(collection.find(doc("{_id: 7}")).first()).isEqualTo(doc("{_id: 7, name: 'seven'}"));
        assertThat(collection.find(doc("{_id: 'a.b'}")).first())
                .isEqualTo(doc("{_id: 'a.b', name: 'dotted', address: {city: 'Milan', floor: 3}}"));
        assertThat(collection.find(doc("{_id: 'new'}")).first())
                .isEqualTo(doc("{_id: 'new', name: 'created', qty: {$numberLong: '5'}, address: {zip: '002'}}"));
        List<BsonDocument> untouched = new ArrayList<>(before);
        untouched.remove(6);
        untouched.remove(1);
        assertThat(documents(collection)).hasSize(before.size() + 1).containsAll(untouched);
    }

    @Test
    void upsertsWriteTheSpellingTheCollectionUses() throws IOException {
        collection("camel").drop();
        collection("camel").insertOne(doc("{_id: 1, firstName: 'Ada', homeAddress: {zipCode: '001', street: 's'}}"));
        TableContext table = TestingMongoWriteTables.table(server(), DATABASE, "camel")
                .column("id", "int")
                .column("firstname", "string")
                .column("homeaddress", "struct<zipcode:string>")
                .mapping("id", "_id")
                .build();
        apply(CONNECTOR.openUpserter(table), List.<Object[]>of(new Object[] {1, "Grace", List.of("002")}));
        assertThat(collection("camel").find().first())
                .isEqualTo(doc("{_id: 1, firstName: 'Grace', homeAddress: {zipCode: '002', street: 's'}}"));
    }

    @Test
    void aRowWhoseIdExistsOutsideTheInputQueryFails() {
        collection("scoped").drop();
        collection("scoped").insertOne(doc("{_id: 'x', kind: 'other', name: 'hidden'}"));
        TableContext table = people("scoped")
                .property("mongo.input.query", "{\"kind\": \"mine\"}")
                .build();
        assertThatThrownBy(() -> apply(
                        CONNECTOR.openUpserter(table), List.<Object[]>of(new Object[] {"x", "mine?", null, null})))
                .hasMessageContaining(HandlerErrorCode.WRITE_FAILED.name())
                .hasMessageContaining("{\"_id\": \"x\"}: code 11000")
                .hasMessageContaining("outside mongo.input.query");
        assertThat(collection("scoped").find().first()).isEqualTo(doc("{_id: 'x', kind: 'other', name: 'hidden'}"));
    }
}
