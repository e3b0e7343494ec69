package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.mongodb.client.MongoClient;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.TestingTcpRelay;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A split's cursor whose connection breaks in the middle of a {@code getMore}: the test server behind a
 * {@link TestingTcpRelay} that cuts every connection in the middle of a reply. The reader resumes after the last
 * {@code _id} it returned and returns every document once. The documents are inserted in a shuffled order, so that the
 * server's natural order is not the order of {@code _id}.
 */
class TestMongoCursorResume {
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final int DOCUMENTS = 1_500;
    private static final int BATCH = 100;

    /** The kinds of _id the test reads, each with the Hive type of its column and the value of document i. */
    enum IdKind {
        OBJECT_ID("string", i -> new ObjectId(new java.util.Date(1_700_000_000_000L + i * 1000L), 0)),
        INT("int", i -> i),
        STRING("string", i -> String.format("id-%05d", i)),
        /** Numbers, strings and ObjectIds: a resume in the strings meets the numbers again, which it drops. */
        MIXED("string", i -> switch (i % 3) {
            case 0 -> i;
            case 1 -> String.format("id-%05d", i);
            default -> OBJECT_ID.id.apply(i);
        });

        final String hiveType;
        final IntFunction<Object> id;

        IdKind(String hiveType, IntFunction<Object> id) {
            this.hiveType = hiveType;
            this.id = id;
        }

        /** The reader's key of document i: its _id as text (an ObjectId's hex digits). */
        String key(int i) {
            Object value = id.apply(i);
            return value instanceof ObjectId objectId ? objectId.toHexString() : value.toString();
        }
    }

    @BeforeEach
    void notExternal() {
        assumeFalse(
                TestingMongoServer.shared().isExternal(),
                "relays a connection to the test server, which needs no credentials");
    }

    @ParameterizedTest
    @EnumSource(IdKind.class)
    void connectionCutInTheMiddleOfASplitResumesAfterTheLastIdRead(IdKind kind) throws IOException {
        String database = insert(kind);
        try (TestingTcpRelay relay = relay()) {
            TableContext table = table(relay, database, kind, Map.of());
            // MIXED: in the strings, after the 500 numbers
            List<Object[]> rows = readCuttingAfter(table, MongoScan.of(new BsonDocument()), relay, 750);
            assertThat(relay.cuts()).isEqualTo(1);
            assertEveryDocumentOnce(rows, kind, 0, DOCUMENTS);
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = IdKind.class,
            names = {"OBJECT_ID", "INT", "STRING"}) // in _id order, the first 1,000 of v >= 200 are 200..1199
    void resumedCursorKeepsTheFilterAndWhatIsLeftOfTheLimit(IdKind kind) throws IOException {
        String database = insert(kind);
        try (TestingTcpRelay relay = relay()) {
            TableContext table = table(relay, database, kind, Map.of());
            // v >= 200 matches documents 200..1499, the limit keeps the first 1,000 of them in _id order
            MongoScan scan = new MongoScan(
                    BsonDocument.parse("{v: {$gte: 200}}"),
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    OptionalLong.of(1_000));
            List<Object[]> rows = readCuttingAfter(table, scan, relay, 500);
            assertThat(relay.cuts()).isEqualTo(1);
            assertEveryDocumentOnce(rows, kind, 200, 1_200);
        }
    }

    @Test
    void withoutResumeTheCutFailsTheSplitAsBefore() throws IOException {
        String database = insert(IdKind.INT);
        try (TestingTcpRelay relay = relay()) {
            TableContext table = table(relay, database, IdKind.INT, Map.of("mongo.read.resume-attempts", "0"));
            assertThatThrownBy(() -> readCuttingAfter(table, MongoScan.of(new BsonDocument()), relay, 500))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("HNS-201 STORE_UNREACHABLE")
                    .hasMessageContaining("reading split 2 of 5 (after ")
                    .hasMessageContaining("db.t")
                    .hasMessageNotContaining("resuming");
        }
    }

    @Test
    void resumeThatKeepsFailingStopsAfterItsAttempts() throws IOException {
        String database = insert(IdKind.INT);
        try (TestingTcpRelay relay = relay()) {
            // each attempt waits 300 ms for a server (the URI's serverSelectionTimeoutMS), 3 attempts
            TableContext table = table(
                    relay,
                    database,
                    IdKind.INT,
                    Map.of("mongo.read.resume-attempts", "3"),
                    "?serverSelectionTimeoutMS=300");
            try (MongoRecordReader reader = open(table, MongoScan.of(new BsonDocument()))) {
                List<Object[]> rows = read(reader, 500);
                relay.refuseConnections(true);
                relay.cutConnections();
                long start = System.nanoTime();
                assertThatThrownBy(() -> read(reader, DOCUMENTS))
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining("HNS-201 STORE_UNREACHABLE")
                        .hasMessageContaining("db.t")
                        .hasMessageContaining("reading split 2 of 5 (after 500 documents; resuming after _id "
                                + rows.get(rows.size() - 1)[0] + " failed: 3 attempt(s)")
                        .hasMessageContaining("mongo.read.resume-attempts=3");
                // 3 waits of 300 ms and pauses of 100 and 200 ms between them
                assertThat((System.nanoTime() - start) / 1e9).isLessThan(5);
                assertThat(reader.resumeCount()).isEqualTo(3);
            }
        }
    }

    @Test
    void resumeThatKeepsFailingStopsWithinTheTimeout() throws IOException {
        String database = insert(IdKind.STRING);
        try (TestingTcpRelay relay = relay()) {
            TableContext table = table(
                    relay,
                    database,
                    IdKind.STRING,
                    Map.of("mongo.read.resume-attempts", "100", "mongo.timeout.ms", "1500"));
            try (MongoRecordReader reader = open(table, MongoScan.of(new BsonDocument()))) {
                read(reader, BATCH); // the first batch: the next read needs the server
                relay.refuseConnections(true);
                relay.cutConnections();
                long start = System.nanoTime();
                assertThatThrownBy(() -> read(reader, DOCUMENTS))
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining("HNS-201 STORE_UNREACHABLE")
                        .hasMessageContaining("db.t")
                        .hasMessageContaining(
                                "reading split 2 of 5 (after 100 documents; resuming after _id 'id-00099' failed")
                        .hasMessageContaining("mongo.timeout.ms=1500");
                // the time bound, plus one server selection that began within it
                assertThat((System.nanoTime() - start) / 1e9).isLessThan(5);
                assertThat(reader.resumeCount()).isBetween(1L, 99L);
            }
        }
    }

    /** Reads {@code before} rows, arms a cut in the middle of the next reply, and reads the rest. */
    private static List<Object[]> readCuttingAfter(
            TableContext table, MongoScan scan, TestingTcpRelay relay, int before) throws IOException {
        try (MongoRecordReader reader = open(table, scan)) {
            List<Object[]> rows = new ArrayList<>(read(reader, before));
            // a batch of 100 documents is about 4 kB: the cut falls inside the next getMore's reply
            relay.cutAfterBytesToClients(1_500);
            rows.addAll(read(reader, Integer.MAX_VALUE));
            return rows;
        }
    }

    private static List<Object[]> read(MongoRecordReader reader, int most) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        while (rows.size() < most && reader.next()) {
            rows.add(new Object[] {reader.key(), reader.get(1)});
        }
        return rows;
    }

    /** The rows are documents from..to-1, each once: count, distinct ids, the ids themselves and the sum of v. */
    private static void assertEveryDocumentOnce(List<Object[]> rows, IdKind kind, int from, int to) {
        assertThat(rows).hasSize(to - from);
        Set<Object> ids = new HashSet<>();
        long sum = 0;
        for (Object[] row : rows) {
            ids.add(row[0]);
            sum += (Integer) row[1];
        }
        assertThat(ids).hasSize(to - from);
        Set<Object> expected = new HashSet<>();
        long expectedSum = 0;
        for (int i = from; i < to; i++) {
            expected.add(kind.key(i));
            expectedSum += i;
        }
        assertThat(ids).isEqualTo(expected);
        assertThat(sum).isEqualTo(expectedSum);
    }

    /** A fresh database whose collection holds documents {_id: kind's id of i, v: i}, inserted in a shuffled order. */
    private static String insert(IdKind kind) {
        String database = "mresume" + COUNTER.incrementAndGet();
        List<Document> documents = new ArrayList<>();
        for (int i = 0; i < DOCUMENTS; i++) {
            documents.add(new Document("_id", kind.id.apply(i)).append("v", i));
        }
        Collections.shuffle(documents, new Random(1234));
        try (MongoClient client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri())) {
            client.getDatabase(database).getCollection("t").insertMany(documents);
        }
        return database;
    }

    private static TestingTcpRelay relay() {
        return TestingTcpRelay.start(
                TestingMongoServer.shared().host(), TestingMongoServer.shared().port());
    }

    private static TableContext table(TestingTcpRelay relay, String database, IdKind kind, Map<String, String> extra) {
        return table(relay, database, kind, extra, "");
    }

    private static TableContext table(
            TestingTcpRelay relay, String database, IdKind kind, Map<String, String> extra, String options) {
        Map<String, String> properties = new LinkedHashMap<>(extra);
        properties.put("mongo.uri", "mongodb://" + relay.address() + "/" + database + ".t" + options);
        properties.put("mongo.columns.mapping", "{\"id\":\"_id\"}");
        properties.put("mongo.read.batch-size", Integer.toString(BATCH));
        if (kind == IdKind.INT || kind == IdKind.STRING) {
            properties.put("mongo.objectid.columns", "");
        }
        return TableContexts.create(
                new MongoConnector(),
                "db.t",
                properties,
                List.of(HiveColumn.of("id", kind.hiveType), HiveColumn.of("v", "int")),
                null);
    }

    private static MongoRecordReader open(TableContext context, MongoScan scan) throws IOException {
        ReadRequest request = new ReadRequest(context, List.of(0, 1), Optional.empty(), OptionalLong.empty(), Set.of());
        return MongoRecordReader.open(
                MongoTable.of(context), MongoClients.acquire(context), request, scan, "split 2 of 5");
    }
}
