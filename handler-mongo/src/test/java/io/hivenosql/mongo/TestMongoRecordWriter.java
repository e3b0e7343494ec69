package io.hivenosql.mongo;

import static io.hivenosql.mongo.TestingMongoWriteTables.CONNECTOR;
import static io.hivenosql.mongo.TestingMongoWriteTables.documents;
import static io.hivenosql.mongo.TestingMongoWriteTables.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The writer against the test server: the three modes, batching, NULLs, failures and abort. */
class TestMongoRecordWriter {
    private static final String DATABASE = "mwrite_writer";

    private static TestingMongoServer server;
    private static MongoClient client;

    @BeforeAll
    static void setUp() {
        server = TestingMongoServer.shared();
        client = TestingMongoWriteTables.client(server);
        client.getDatabase(DATABASE).drop();
    }

    @AfterAll
    static void tearDown() {
        if (client != null) {
            client.getDatabase(DATABASE).drop();
            client.close();
        }
        MongoClients.closeIdle();
    }

    /** {@code id int -> _id, name string, qty bigint}, mode and batch size as given. */
    private static TestingMongoWriteTables people(String collection, String mode) {
        return TestingMongoWriteTables.table(server, DATABASE, collection)
                .column("id", "int")
                .column("name", "string")
                .column("qty", "bigint")
                .mapping("id", "_id")
                .property("mongo.write.mode", mode);
    }

    private static MongoCollection<BsonDocument> collection(String name) {
        return TestingMongoWriteTables.collection(client, DATABASE, name);
    }

    private static List<Object[]> rows(int from, int to) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = from; i < to; i++) {
            rows.add(new Object[] {i, "name " + i, (long) i * 10});
        }
        return rows;
    }

    private static BsonDocument doc(String json) {
        return BsonDocument.parse(json);
    }

    @Test
    void insertWritesEveryRowInBatchesOf1000() throws IOException {
        TableContext table = people("batches", "insert").build();
        long written;
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            for (Object[] row : rows(0, 2500)) {
                sink.write(row);
            }
            sink.flush();
            written = sink.written();
        }
        assertThat(written).isEqualTo(2500);
        MongoCollection<BsonDocument> collection = collection("batches");
        assertThat(collection.countDocuments()).isEqualTo(2500);
        assertThat(collection.find(new BsonDocument("_id", new BsonInt32(1234))).first())
                .isEqualTo(doc("{\"_id\": 1234, \"name\": \"name 1234\", \"qty\": {\"$numberLong\": \"12340\"}}"));
    }

    @Test
    void batchesOfOneDocument() throws IOException {
        TableContext table =
                people("ones", "insert").property("mongo.write.batch-size", "1").build();
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            for (Object[] row : rows(0, 7)) {
                sink.write(row);
            }
            sink.flush();
            assertThat(sink.written()).isEqualTo(7);
        }
        assertThat(documents(collection("ones")))
                .extracting(document -> document.getInt32("_id").getValue())
                .containsExactly(0, 1, 2, 3, 4, 5, 6);
    }

    @Test
    void writtenCountsAcknowledgedRowsOnly() throws IOException {
        TableContext table = people("acknowledged", "insert")
                .property("mongo.write.batch-size", "4")
                .build();
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            for (Object[] row : rows(0, 3)) {
                sink.write(row);
            }
            assertThat(sink.written()).as("buffered, not sent").isZero();
            sink.flush();
            assertThat(sink.written()).isEqualTo(3);
            for (Object[] row : rows(3, 10)) {
                sink.write(row);
            }
            sink.flush();
            assertThat(sink.written()).isEqualTo(10);
            sink.flush();
            assertThat(sink.written()).isEqualTo(10);
        }
        assertThat(collection("acknowledged").countDocuments()).isEqualTo(10);
    }

    @Test
    void insertWithNullsLeftOutOrWritten() throws IOException {
        write(people("nulls_out", "insert").build(), List.<Object[]>of(new Object[] {1, null, 5L}));
        assertThat(documents(collection("nulls_out")))
                .containsExactly(doc("{\"_id\": 1, \"qty\": {\"$numberLong\": \"5\"}}"));

        write(
                people("nulls_in", "insert")
                        .property("mongo.write.nulls", "true")
                        .build(),
                List.<Object[]>of(new Object[] {1, null, 5L}));
        assertThat(documents(collection("nulls_in")))
                .containsExactly(doc("{\"_id\": 1, \"name\": null, \"qty\": {\"$numberLong\": \"5\"}}"));
    }

    @Test
    void insertWithoutIdLetsTheDriverAssignObjectIds() throws IOException {
        TableContext table = TestingMongoWriteTables.table(server, DATABASE, "assigned")
                .column("id", "string")
                .column("name", "string")
                .mapping("id", "_id")
                .property("mongo.write.nulls", "true")
                .build();
        String hex = new ObjectId().toHexString();
        write(table, List.of(new Object[] {null, "a"}, new Object[] {hex, "b"}, new Object[] {null, "c"}));
        List<BsonDocument> documents = documents(collection("assigned"));
        assertThat(documents).hasSize(3);
        // never _id: null, even with mongo.write.nulls; the string column holds ObjectIds by default
        assertThat(documents)
                .allSatisfy(document -> assertThat(document.get("_id")).isInstanceOf(BsonObjectId.class));
        assertThat(documents)
                .filteredOn(document -> document.getString("name").getValue().equals("b"))
                .singleElement()
                .satisfies(document -> assertThat(
                                document.getObjectId("_id").getValue().toHexString())
                        .isEqualTo(hex));
    }

    @Test
    void upsertSetsMappedFieldsAndKeepsTheOthers() throws IOException {
        MongoCollection<BsonDocument> collection = collection("upserted");
        collection.insertOne(
                doc("{\"_id\": 1, \"name\": \"old\", \"qty\": {\"$numberLong\": \"1\"}, \"extra\": \"keep\"}"));
        collection.insertOne(doc("{\"_id\": 2, \"name\": \"old\", \"qty\": {\"$numberLong\": \"2\"}}"));
        collection.insertOne(doc("{\"_id\": 4, \"name\": \"old\", \"extra\": 4}"));
        write(
                people("upserted", "upsert").build(),
                List.of(new Object[] {1, "new", null}, new Object[] {3, "created", 30L}, new Object[] {4, null, null}));
        assertThat(documents(collection))
                .containsExactly(
                        // NULL qty left alone, unmapped extra kept
                        doc("{\"_id\": 1, \"name\": \"new\", \"qty\": {\"$numberLong\": \"1\"}, \"extra\": \"keep\"}"),
                        doc("{\"_id\": 2, \"name\": \"old\", \"qty\": {\"$numberLong\": \"2\"}}"),
                        doc("{\"_id\": 3, \"name\": \"created\", \"qty\": {\"$numberLong\": \"30\"}}"),
                        // nothing to set: the document stays as it is
                        doc("{\"_id\": 4, \"name\": \"old\", \"extra\": 4}"));

        write(
                people("upserted", "upsert")
                        .property("mongo.write.nulls", "true")
                        .build(),
                List.of(new Object[] {1, "newer", null}, new Object[] {5, null, null}));
        assertThat(collection.find(new BsonDocument("_id", new BsonInt32(1))).first())
                .isEqualTo(doc("{\"_id\": 1, \"name\": \"newer\", \"qty\": null, \"extra\": \"keep\"}"));
        assertThat(collection.find(new BsonDocument("_id", new BsonInt32(5))).first())
                .isEqualTo(doc("{\"_id\": 5, \"name\": null, \"qty\": null}"));
    }

    @Test
    void upsertOfOnlyAnIdCreatesTheDocument() throws IOException {
        write(people("only_id", "upsert").build(), List.<Object[]>of(new Object[] {9, null, null}));
        assertThat(documents(collection("only_id"))).containsExactly(doc("{\"_id\": 9}"));
    }

    @Test
    void upsertSetsNestedPathsWithoutTouchingSiblings() throws IOException {
        MongoCollection<BsonDocument> collection = collection("nested");
        collection.insertOne(
                doc("{\"_id\": 1, \"address\": {\"city\": \"Old\", \"zip\": \"1\", \"street\": \"kept\"}}"));
        TableContext table = TestingMongoWriteTables.table(server, DATABASE, "nested")
                .column("id", "int")
                .column("city", "string")
                .column("zip", "string")
                .mapping("id", "_id", "city", "address.city", "zip", "address.zip")
                .property("mongo.write.mode", "upsert")
                .build();
        write(table, List.of(new Object[] {1, "Paris", "75001"}, new Object[] {2, "Rome", null}));
        assertThat(documents(collection))
                .containsExactly(
                        doc(
                                "{\"_id\": 1, \"address\": {\"city\": \"Paris\", \"zip\": \"75001\", \"street\": \"kept\"}}"),
                        doc("{\"_id\": 2, \"address\": {\"city\": \"Rome\"}}"));
    }

    @Test
    void replaceMakesTheDocumentExactlyTheRow() throws IOException {
        MongoCollection<BsonDocument> collection = collection("replaced");
        collection.insertOne(
                doc("{\"_id\": 1, \"name\": \"old\", \"qty\": {\"$numberLong\": \"1\"}, \"extra\": \"gone\"}"));
        collection.insertOne(doc("{\"_id\": 2, \"name\": \"untouched\"}"));
        write(
                people("replaced", "replace").build(),
                List.of(new Object[] {1, "new", null}, new Object[] {3, "created", 30L}));
        assertThat(documents(collection))
                .containsExactly(
                        doc("{\"_id\": 1, \"name\": \"new\"}"),
                        doc("{\"_id\": 2, \"name\": \"untouched\"}"),
                        doc("{\"_id\": 3, \"name\": \"created\", \"qty\": {\"$numberLong\": \"30\"}}"));

        write(
                people("replaced", "replace")
                        .property("mongo.write.nulls", "true")
                        .build(),
                List.<Object[]>of(new Object[] {1, "newer", null}));
        assertThat(collection.find(new BsonDocument("_id", new BsonInt32(1))).first())
                .isEqualTo(doc("{\"_id\": 1, \"name\": \"newer\", \"qty\": null}"));
    }

    @Test
    void nullIdFailsUpsertAndReplaceNamingTheColumn() throws IOException {
        for (String mode : List.of("upsert", "replace")) {
            String name = "null_id_" + mode;
            try (RecordSink sink = CONNECTOR.openWriter(people(name, mode).build())) {
                sink.write(new Object[] {1, "a", 1L});
                assertThatThrownBy(() -> sink.write(new Object[] {null, "b", 2L}))
                        .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                                .isEqualTo(HandlerErrorCode.NULL_KEY))
                        .hasMessageStartingWith("HNS-122 NULL_KEY")
                        .hasMessageContaining("table " + DATABASE + "." + name)
                        .hasMessageContaining("column 'id' (_id) is NULL")
                        .hasMessageContaining("mongo.write.mode=" + mode)
                        .hasMessageContaining("WHERE id IS NOT NULL");
                sink.abort();
            }
            assertThat(collection(name).countDocuments()).as(mode).isZero();
        }
    }

    @Test
    void duplicateIdFailsAnInsertNamingTheId() throws IOException {
        MongoCollection<BsonDocument> collection = collection("duplicates");
        collection.insertOne(doc("{\"_id\": 7, \"name\": \"first\"}"));
        collection.insertOne(doc("{\"_id\": 9, \"name\": \"first\"}"));
        RecordSink sink = CONNECTOR.openWriter(people("duplicates", "insert")
                .property("mongo.write.batch-size", "10")
                .build());
        for (Object[] row : rows(5, 11)) {
            sink.write(row);
        }
        assertThatThrownBy(sink::close)
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("HNS-203 WRITE_FAILED")
                .hasMessageContaining("table " + DATABASE + ".duplicates")
                .hasMessageContaining("collection " + DATABASE + ".duplicates")
                .hasMessageContaining("2 of 6 documents were rejected")
                .hasMessageContaining("{\"_id\": 7}: code 11000")
                .hasMessageContaining("{\"_id\": 9}: code 11000")
                .hasMessageContaining("mongo.write.mode=upsert or replace")
                .hasCauseInstanceOf(HandlerException.class);
        // unordered: the other documents of the batch were written, and counted
        assertThat(sink.written()).isEqualTo(4);
        assertThat(collection.countDocuments()).isEqualTo(6);
        assertThat(collection.find(new BsonDocument("_id", new BsonInt32(7))).first())
                .isEqualTo(doc("{\"_id\": 7, \"name\": \"first\"}"));
        // closed: a second close does nothing
        sink.close();
    }

    @Test
    void aFailureThrownInTryWithResourcesIsNotHiddenByTheClose() throws IOException {
        collection("twr_duplicates").insertOne(doc("{\"_id\": 1}"));
        TableContext table = people("twr_duplicates", "insert")
                .property("mongo.write.batch-size", "1")
                .build();
        // the body gets the failure from write, and close throws it again: the close's one must be suppressed into
        // it (adding an exception to itself fails with "Self-suppression not permitted", hiding HNS-203)
        assertThatThrownBy(() -> {
                    try (RecordSink sink = CONNECTOR.openWriter(table)) {
                        sink.write(new Object[] {1, "duplicate", 1L});
                        sink.write(new Object[] {2, "later", 2L});
                    }
                })
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("HNS-203 WRITE_FAILED")
                .hasMessageContaining("{\"_id\": 1}: code 11000")
                .satisfies(e -> assertThat(e.getSuppressed())
                        .singleElement()
                        .satisfies(suppressed -> assertThat(suppressed)
                                .isInstanceOf(IOException.class)
                                .hasMessageStartingWith("HNS-203 WRITE_FAILED"))
                        .isNotSameAs(e));
    }

    @Test
    void upsertOfAStructKeepsTheSubFieldsItsTypeDoesNotDeclare() throws IOException {
        MongoCollection<BsonDocument> collection = collection("struct_upsert");
        collection.insertOne(doc("{\"_id\": 1, \"address\": {\"city\": \"Old\", \"zip\": \"1\", \"street\": \"kept\", "
                + "\"geo\": {\"lat\": 1.0, \"lng\": 2.0, \"alt\": 3.0}}}"));
        TableContext table = TestingMongoWriteTables.table(server, DATABASE, "struct_upsert")
                .column("id", "int")
                .column("address", "struct<city:string,zip:string,geo:struct<lat:double,lng:double>>")
                .mapping("id", "_id")
                .property("mongo.write.mode", "upsert")
                .build();
        write(
                table,
                List.of(
                        new Object[] {1, java.util.Arrays.asList("Paris", null, java.util.Arrays.asList(48.9, 2.35))},
                        new Object[] {2, java.util.Arrays.asList("Rome", "00100", null)}));
        assertThat(documents(collection))
                .containsExactly(
                        // street and geo.alt are not in the struct type, zip is NULL: all three stay
                        doc("{\"_id\": 1, \"address\": {\"city\": \"Paris\", \"zip\": \"1\", \"street\": \"kept\", "
                                + "\"geo\": {\"lat\": 48.9, \"lng\": 2.35, \"alt\": 3.0}}}"),
                        doc("{\"_id\": 2, \"address\": {\"city\": \"Rome\", \"zip\": \"00100\"}}"));
    }

    @Test
    void manyFailuresShowTheFirstFew() throws IOException {
        MongoCollection<BsonDocument> collection = collection("many_duplicates");
        for (int i = 0; i < 8; i++) {
            collection.insertOne(new BsonDocument("_id", new BsonInt32(i)));
        }
        RecordSink sink =
                CONNECTOR.openWriter(people("many_duplicates", "insert").build());
        for (Object[] row : rows(0, 10)) {
            sink.write(row);
        }
        assertThatThrownBy(sink::flush)
                .hasMessageStartingWith("HNS-203 WRITE_FAILED")
                .hasMessageContaining("8 of 10 documents were rejected; the first 5: {\"_id\": 0}: code 11000")
                .hasMessageContaining("{\"_id\": 4}: code 11000")
                .hasMessageNotContaining("{\"_id\": 5}");
        sink.abort();
        assertThat(sink.written()).isEqualTo(2);
        assertThat(collection.countDocuments()).isEqualTo(10);
    }

    @Test
    void theFirstFailureStopsEveryLaterBatch() throws IOException {
        MongoCollection<BsonDocument> collection = collection("stopped");
        collection.insertOne(doc("{\"_id\": 1}"));
        RecordSink sink = CONNECTOR.openWriter(people("stopped", "insert")
                .property("mongo.write.batch-size", "1")
                .build());
        sink.write(new Object[] {1, "duplicate", 1L});
        // the next batch waits for the failed one and is never sent
        assertThatThrownBy(() -> sink.write(new Object[] {2, "later", 2L}))
                .hasMessageStartingWith("HNS-203 WRITE_FAILED")
                .hasMessageContaining("{\"_id\": 1}: code 11000");
        assertThatThrownBy(() -> sink.write(new Object[] {3, "later", 3L})).hasMessageStartingWith("HNS-203");
        assertThatThrownBy(sink::flush).hasMessageStartingWith("HNS-203");
        sink.abort();
        assertThat(documents(collection)).containsExactly(doc("{\"_id\": 1}"));
        assertThat(sink.written()).isZero();
    }

    @Test
    void abortSendsNothingBuffered() throws IOException {
        RecordSink sink = CONNECTOR.openWriter(people("aborted", "insert").build());
        for (Object[] row : rows(0, 999)) {
            sink.write(row);
        }
        sink.abort();
        assertThat(collection("aborted").countDocuments()).isZero();
        assertThat(sink.written()).isZero();
        // a closed writer sends nothing either
        sink.close();
        assertThat(collection("aborted").countDocuments()).isZero();
        assertThatThrownBy(() -> sink.write(new Object[] {1, "x", 1L})).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void abortWaitsForTheBatchInFlightAndDropsTheRest() throws IOException {
        RecordSink sink = CONNECTOR.openWriter(people("aborted_late", "insert")
                .property("mongo.write.batch-size", "5")
                .build());
        for (Object[] row : rows(0, 12)) {
            sink.write(row);
        }
        sink.abort();
        // batches 0-4 and 5-9 were handed over (the second waited for the first); 10 and 11 were only buffered
        assertThat(collection("aborted_late").countDocuments()).isEqualTo(10);
        assertThat(sink.written()).isEqualTo(10);
    }

    @Test
    void overlappingPathsFailAtOpenNamingBothColumns() {
        TableContext table = TestingMongoWriteTables.table(server, DATABASE, "overlap")
                .column("id", "int")
                .column("address", "struct<city:string>")
                .column("city", "string")
                .mapping("id", "_id", "city", "address.city")
                .build();
        assertThatThrownBy(() -> CONNECTOR.openWriter(table))
                .hasMessageContaining("address")
                .hasMessageContaining("city");
    }

    @Test
    void anUnreachableServerFailsTheClose() throws IOException {
        TableContext table = TestingMongoWriteTables.table("mongodb://127.0.0.1:1/x.y", DATABASE, "nowhere")
                .column("id", "int")
                .column("name", "string")
                .mapping("id", "_id")
                .property("mongo.timeout.ms", "500")
                .build();
        RecordSink sink = CONNECTOR.openWriter(table);
        sink.write(new Object[] {1, "a"});
        assertThatThrownBy(sink::close)
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("HNS-201 STORE_UNREACHABLE")
                .hasMessageContaining("127.0.0.1:1")
                .hasMessageContaining("writing batch 1 (1 documents)");
        assertThat(sink.written()).isZero();
    }

    @Test
    void longIdsAndObjectIdsAreWrittenWithTheirBsonTypes() throws IOException {
        TableContext table = TestingMongoWriteTables.table(server, DATABASE, "typed_ids")
                .column("id", "bigint")
                .column("ref", "string")
                .mapping("id", "_id")
                .property("mongo.objectid.columns", "ref")
                .property("mongo.write.mode", "replace")
                .build();
        ObjectId ref = new ObjectId();
        write(table, List.<Object[]>of(new Object[] {42L, ref.toHexString()}));
        assertThat(documents(collection("typed_ids")))
                .containsExactly(new BsonDocument("_id", new BsonInt64(42)).append("ref", new BsonObjectId(ref)));
        // the filter matches the stored id: a second write replaces, it does not add
        write(table, List.<Object[]>of(new Object[] {42L, null}));
        assertThat(documents(collection("typed_ids"))).containsExactly(new BsonDocument("_id", new BsonInt64(42)));
        assertThat(collection("typed_ids").countDocuments(new BsonDocument("ref", new BsonString("x"))))
                .isZero();
    }
}
