package io.hivenosql.mongo;

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
import org.apache.hadoop.conf.Configuration;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The staged insert against the MongoDB-protocol test server, as Hive on Tez drives it: HiveServer2 begins the query's
 * insert, task attempts (each a writer opened with the task's configuration) stage, fail or succeed, and HiveServer2
 * commits; the collection then holds the rows of one attempt of each task.
 */
class TestMongoStagedInsert {
    private static final String DATABASE = "mwrite_staged";

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

    /** {@code v bigint}, and {@code id int -> _id} when {@code keyed}; batches of 3. */
    private static TestingMongoWriteTables table(String collection, boolean keyed) {
        TestingMongoWriteTables table =
                TestingMongoWriteTables.table(server, DATABASE, collection).property("mongo.write.batch-size", "3");
        if (keyed) {
            table.column("id", "int").mapping("id", "_id");
        }
        return table.column("v", "bigint");
    }

    /** HiveServer2's configuration while the query runs on Tez. */
    private static Configuration server(String queryId) {
        Configuration conf = new Configuration(false);
        conf.set("hive.query.id", queryId);
        conf.set("hive.execution.engine", "tez");
        return conf;
    }

    /** A task attempt's configuration, as Hive's Tez processor sets it. */
    private static Configuration task(String queryId, int vertex, int task, int attempt) {
        Configuration conf = server(queryId);
        conf.set("mapreduce.task.attempt.id", String.format("attempt_1764126000000_0001_m_%06d_%d", task, attempt));
        conf.setInt("hive.tez.vertex.index", vertex);
        conf.setInt("hive.tez.task.index", task);
        conf.setInt("hive.tez.task.attempt.number", attempt);
        return conf;
    }

    private static RecordSink open(TestingMongoWriteTables table, Configuration conf) throws IOException {
        return TestingMongoWriteTables.CONNECTOR.openWriter(table.build(conf));
    }

    private static void write(RecordSink sink, boolean keyed, int from, int to) throws IOException {
        for (int i = from; i < to; i++) {
            sink.write(keyed ? new Object[] {i, (long) i} : new Object[] {(long) i});
        }
    }

    private static MongoCollection<BsonDocument> collection(String name) {
        return TestingMongoWriteTables.collection(client, DATABASE, name);
    }

    private static List<Long> values(String name) {
        List<Long> values = new ArrayList<>();
        for (BsonDocument document : collection(name).find()) {
            values.add(document.getInt64("v").getValue());
        }
        return values.stream().sorted().toList();
    }

    private static List<String> stagingCollections() {
        return client.getDatabase(DATABASE).listCollectionNames().into(new ArrayList<>()).stream()
                .filter(MongoStageNames::isStaging)
                .toList();
    }

    private static List<Long> range(int from, int to) {
        List<Long> values = new ArrayList<>();
        for (long i = from; i < to; i++) {
            values.add(i);
        }
        return values;
    }

    @Test
    void failedKilledAndSpeculativeAttemptsLeaveOneCopyOfEachTasksRows() throws IOException {
        String query = "hive_20261126031500_retries";
        TestingMongoWriteTables table = table("retries", false);
        TableContext hs2 = table.build(server(query));
        TestingMongoWriteTables.CONNECTOR.beginInsert(hs2, query);

        // task 0: attempt 0 fails after 7 rows reached the server, attempt 1 succeeds, attempt 2 (speculative) too
        RecordSink failed = open(table, task(query, 1, 0, 0));
        write(failed, false, 0, 7);
        failed.flush();
        failed.abort();
        try (RecordSink retry = open(table, task(query, 1, 0, 1))) {
            write(retry, false, 0, 10);
        }
        try (RecordSink speculative = open(table, task(query, 1, 0, 2))) {
            write(speculative, false, 0, 10);
        }
        // task 1: attempt 0 dies without closing (its container was killed), attempt 1 succeeds
        RecordSink killed = open(table, task(query, 1, 1, 0));
        write(killed, false, 10, 15);
        killed.flush();
        try (RecordSink retry = open(table, task(query, 1, 1, 1))) {
            write(retry, false, 10, 20);
        }
        // the first task of another vertex has the same task index (a UNION ALL's second input)
        try (RecordSink other = open(table, task(query, 3, 0, 0))) {
            write(other, false, 20, 25);
        }

        assertThat(collection("retries").countDocuments()).isZero();
        // the killed attempt, the committed attempts of tasks 0 and 1, and the other vertex's task
        assertThat(stagingCollections()).hasSize(4);
        TestingMongoWriteTables.CONNECTOR.commitInsert(hs2, query);

        assertThat(values("retries")).isEqualTo(range(0, 25));
        assertThat(stagingCollections()).isEmpty();
        assertThat(collection(MongoStageNames.REGISTRY).countDocuments()).isZero();
        killed.abort();
    }

    @Test
    void aDuplicateIdAtPublishFailsNamingTableCollectionAndId() throws IOException {
        String query = "hive_20261126031500_duplicate";
        TestingMongoWriteTables table = table("keyed", true);
        collection("keyed").insertOne(new BsonDocument("_id", new BsonInt32(4)).append("v", new BsonInt32(-1)));
        TableContext hs2 = table.build(server(query));
        TestingMongoWriteTables.CONNECTOR.beginInsert(hs2, query);
        try (RecordSink sink = open(table, task(query, 1, 0, 0))) {
            write(sink, true, 0, 6);
        }

        assertThatThrownBy(() -> TestingMongoWriteTables.CONNECTOR.commitInsert(hs2, query))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining(HandlerErrorCode.WRITE_FAILED.tag())
                .hasMessageContaining("table " + DATABASE + ".keyed")
                .hasMessageContaining("staged in " + DATABASE + ".__hivenosql_stage.hive_20261126031500_duplicate.")
                .hasMessageContaining("into MongoDB collection " + DATABASE + ".keyed")
                .hasMessageContaining("{\"_id\": 4} is already in the collection: code 11000, ")
                .hasMessageContaining("E11000")
                .hasMessageContaining("mongo.write.mode=upsert");
        TestingMongoWriteTables.CONNECTOR.rollbackInsert(hs2, query);
        assertThat(stagingCollections()).isEmpty();
        assertThat(collection(MongoStageNames.REGISTRY).countDocuments()).isZero();
    }

    @Test
    void withoutARegisteredQueryOrWithStagingOffTasksInsertDirectly() throws IOException {
        String query = "hive_20261126031500_direct";
        // no beginInsert: a query HiveServer2 does not commit (MapReduce, CTAS)
        try (RecordSink sink = open(table("unregistered", false), task(query, 1, 0, 0))) {
            write(sink, false, 0, 4);
        }
        assertThat(values("unregistered")).isEqualTo(range(0, 4));

        TestingMongoWriteTables off = table("off", false).property("mongo.write.staging", "false");
        TestingMongoWriteTables.CONNECTOR.beginInsert(off.build(server(query)), query);
        try (RecordSink sink = open(off, task(query, 1, 0, 0))) {
            write(sink, false, 0, 4);
        }
        assertThat(values("off")).isEqualTo(range(0, 4));
        assertThat(stagingCollections()).isEmpty();
    }

    @Test
    void aStagingCollectionChangedBehindTheQueryFailsThePublication() throws IOException {
        String query = "hive_20261126031500_tampered";
        TestingMongoWriteTables table = table("tampered", false);
        TableContext hs2 = table.build(server(query));
        TestingMongoWriteTables.CONNECTOR.beginInsert(hs2, query);
        try (RecordSink sink = open(table, task(query, 1, 0, 0))) {
            write(sink, false, 0, 5);
        }
        String staging = stagingCollections().get(0);
        collection(staging).deleteOne(new BsonDocument());

        assertThatThrownBy(() -> TestingMongoWriteTables.CONNECTOR.commitInsert(hs2, query))
                .hasMessageContaining(HandlerErrorCode.WRITE_FAILED.tag())
                .hasMessageContaining("holds 4 documents")
                .hasMessageContaining("committed 5 rows");
        assertThat(collection("tampered").countDocuments()).isZero();
        TestingMongoWriteTables.CONNECTOR.rollbackInsert(hs2, query);
        assertThat(stagingCollections()).isEmpty();
    }

    @Test
    void theCopyThroughTheClientForServersWithoutMergeCopiesInBatchesAndNamesADuplicateId() throws IOException {
        TableContext context = table("copied", true).build();
        MongoTable table = MongoTable.of(context);
        List<BsonDocument> staged = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            staged.add(new BsonDocument("_id", new BsonInt32(i)).append("v", new org.bson.BsonInt64(i)));
        }
        collection("copied_stage").insertMany(staged);
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            assertThat(MongoStagePublisher.copy(table, lease, "copied_stage")).isEqualTo(7);
            assertThat(values("copied")).isEqualTo(range(0, 7));

            collection("copied").deleteMany(new BsonDocument("_id", new BsonDocument("$ne", new BsonInt32(5))));
            assertThatThrownBy(() -> MongoStagePublisher.copy(table, lease, "copied_stage"))
                    .isInstanceOf(HandlerException.class)
                    .hasMessageContaining(HandlerErrorCode.WRITE_FAILED.tag())
                    .hasMessageContaining("{\"_id\": 5}")
                    .hasMessageContaining(DATABASE + ".copied_stage")
                    .hasMessageContaining("table " + DATABASE + ".copied");
        }
        // ordered batches of 3: the batches before the duplicate's were copied
        assertThat(values("copied")).isEqualTo(range(0, 6));
    }

    @Test
    void theDuplicateIdComesFromTheServersKeyValueOrItsMessage() {
        assertThat(MongoStagePublisher.duplicateId(
                        BsonDocument.parse("{\"keyValue\": {\"_id\": {\"$oid\": \"65b000000000000000000001\"}}}"),
                        "E11000 duplicate key error"))
                .isEqualTo("{\"_id\": {\"$oid\": \"65b000000000000000000001\"}}");
        assertThat(MongoStagePublisher.duplicateId(
                        new BsonDocument(),
                        "PlanExecutor error during aggregation :: caused by :: E11000 duplicate key error collection: "
                                + "db.c index: _id_ dup key: { _id: \"a b\" }"))
                .isEqualTo("{\"_id\": \"a b\"}");
        assertThat(MongoStagePublisher.duplicateId(new BsonDocument(), "E11000 duplicate key error, dup key: garbled"))
                .isEqualTo("an _id of the staged documents (see the server's message)");
        assertThat(MongoStagePublisher.duplicateId(null, null))
                .isEqualTo("an _id of the staged documents (see the server's message)");
    }
}
