package io.hivenosql.sandbox.mongo.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoChangeStreamCursor;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.changestream.ChangeStreamDocument;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandSucceededEvent;
import de.bwaldvogel.mongo.MongoServer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The test double's cursor batches, through the real driver against the server the launcher runs ({@link
 * MongoServerLauncher#backend()}) on a free port of 127.0.0.1, in this JVM.
 */
class TestCursorBatchesBackend {
    /** About 100 KB a document: 600 of them are 60 MB, past the 48 MB a single reply may hold. */
    private static final int LARGE_DOCUMENT_CHARS = 100_000;

    private static final int LARGE_DOCUMENTS = 600;
    private static final int SMALL_DOCUMENTS = 250;

    private static TestingDouble server;
    private static CursorBatchesBackend backend;
    private static MongoClient client;
    private static final Replies replies = new Replies();

    private MongoDatabase database;

    @BeforeAll
    static void start() {
        server = TestingDouble.start(replies);
        backend = server.backend;
        client = server.client;
        MongoDatabase large = client.getDatabase("large");
        MongoCollection<Document> documents = large.getCollection("documents");
        String padding = "x".repeat(LARGE_DOCUMENT_CHARS);
        for (int start = 0; start < LARGE_DOCUMENTS; start += 100) {
            documents.insertMany(IntStream.range(start, start + 100)
                    .mapToObj(i -> new Document("_id", i).append("padding", padding))
                    .toList());
        }
        client.getDatabase("small")
                .getCollection("documents")
                .insertMany(IntStream.range(0, SMALL_DOCUMENTS)
                        .mapToObj(i -> new Document("_id", i).append("k", i % 7))
                        .toList());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void forget() {
        replies.clear();
        database = client.getDatabase("small");
    }

    @Test
    void anAggregateOfSixtyMegabytesIsReadWholeAndInOrder() {
        List<Integer> ids = new ArrayList<>();
        client.getDatabase("large")
                .getCollection("documents")
                .aggregate(List.of(new Document("$match", new Document())))
                .forEach(document -> ids.add(document.getInteger("_id")));

        assertThat(ids).containsExactlyElementsOf(range(0, LARGE_DOCUMENTS));
        // the default first batch, then getMores without a batch size: each as many as fit under 16 MiB
        assertThat(replies.firstBatches()).containsExactly(101);
        List<Integer> next = replies.nextBatches();
        assertThat(next).hasSizeGreaterThan(1);
        assertThat(next.subList(0, next.size() - 1))
                .allSatisfy(count -> assertThat(count).isEqualTo(BatchedCursor.MAX_BATCH_BYTES / largeDocumentBytes()));
        assertThat(replies.largestBatchBytes()).isLessThanOrEqualTo(BatchedCursor.MAX_BATCH_BYTES);
        assertThat(openCursors()).isZero();
    }

    @Test
    void aFindOfSixtyMegabytesIsReadWholeInBatchesOfAtMostSixteenMebibytes() {
        List<Integer> ids = new ArrayList<>();
        client.getDatabase("large")
                .getCollection("documents")
                .find()
                .forEach(document -> ids.add(document.getInteger("_id")));

        assertThat(ids).containsExactlyElementsOf(range(0, LARGE_DOCUMENTS));
        int perBatch = BatchedCursor.MAX_BATCH_BYTES / largeDocumentBytes();
        assertThat(replies.firstBatches()).containsExactly(perBatch);
        assertThat(replies.nextBatches()).startsWith(perBatch, perBatch);
        assertThat(replies.largestBatchBytes()).isLessThanOrEqualTo(BatchedCursor.MAX_BATCH_BYTES);
    }

    @Test
    void batchSizesAreRespected() {
        List<Integer> ids = new ArrayList<>();
        database.getCollection("documents")
                .aggregate(List.of(new Document("$sort", new Document("_id", 1))))
                .batchSize(40)
                .forEach(document -> ids.add(document.getInteger("_id")));

        assertThat(ids).containsExactlyElementsOf(range(0, SMALL_DOCUMENTS));
        assertThat(replies.firstBatches()).containsExactly(40);
        assertThat(replies.nextBatches()).containsExactly(40, 40, 40, 40, 40, 10);
    }

    @Test
    void theDefaultFirstBatchIsMongodsHundredAndOne() {
        assertThat(database.getCollection("documents").aggregate(List.of()).into(new ArrayList<>()))
                .hasSize(SMALL_DOCUMENTS);
        assertThat(replies.firstBatches()).containsExactly(CursorBatchesBackend.DEFAULT_FIRST_BATCH);
        assertThat(replies.nextBatches()).containsExactly(SMALL_DOCUMENTS - CursorBatchesBackend.DEFAULT_FIRST_BATCH);
    }

    @Test
    void aFirstBatchOfZeroIsEmptyAndTheCursorServesTheRest() {
        Document answer = database.runCommand(new Document("aggregate", "documents")
                .append("pipeline", List.of())
                .append("cursor", new Document("batchSize", 0)));
        Document cursor = answer.get("cursor", Document.class);
        assertThat(cursor.getList("firstBatch", Document.class)).isEmpty();
        long id = cursor.getLong("id");
        assertThat(id).isNotZero();
        assertThat(openCursors()).isEqualTo(1);

        Document five = getMore(id, 5);
        assertThat(ids(five, "nextBatch")).containsExactlyElementsOf(range(0, 5));
        assertThat(five.get("cursor", Document.class).getLong("id")).isEqualTo(id);

        // no batch size: as many as fit, here all the rest; the exhausted cursor is gone
        Document rest = database.runCommand(new Document("getMore", id).append("collection", "documents"));
        assertThat(ids(rest, "nextBatch")).containsExactlyElementsOf(range(5, SMALL_DOCUMENTS));
        assertThat(rest.get("cursor", Document.class).getLong("id")).isZero();
        assertThat(openCursors()).isZero();
    }

    @Test
    void aMatchPipelineIsStillRight() {
        List<Document> matched = database.getCollection("documents")
                .aggregate(List.of(
                        new Document("$match", new Document("k", 3)),
                        new Document("$sort", new Document("_id", -1)),
                        new Document("$project", new Document("k", 0))))
                .batchSize(7)
                .into(new ArrayList<>());

        List<Integer> expected = new ArrayList<>(
                range(0, SMALL_DOCUMENTS).stream().filter(i -> i % 7 == 3).toList());
        Collections.reverse(expected);
        assertThat(matched).extracting(document -> document.get("_id")).containsExactlyElementsOf(expected);
        assertThat(matched).allSatisfy(document -> assertThat(document.keySet()).containsExactly("_id"));
        assertThat(replies.firstBatches()).containsExactly(7);
        assertThat(replies.nextBatches()).hasSize((expected.size() + 6) / 7 - 1);
    }

    @Test
    void closingACursorEarlyFreesIt() {
        assertThat(openCursors()).isZero();
        try (MongoCursor<Document> cursor = database.getCollection("documents")
                .aggregate(List.of())
                .batchSize(10)
                .iterator()) {
            for (int i = 0; i < 15; i++) {
                assertThat(cursor.next().getInteger("_id")).isEqualTo(i);
            }
            assertThat(openCursors()).isEqualTo(1);
        }
        assertThat(replies.commands()).contains("killCursors");
        assertThat(openCursors()).isZero();
    }

    @Test
    void aCursorIdleForTenMinutesIsClosedAsMongodClosesIt() {
        long before = System.nanoTime();
        try (MongoCursor<Document> cursor = database.getCollection("documents")
                .aggregate(List.of())
                .batchSize(10)
                .iterator()) {
            assertThat(cursor.next().getInteger("_id")).isZero();
            assertThat(openCursors()).isEqualTo(1);
            long used = System.nanoTime();

            // a minute idle is nothing; ten minutes and a second after its last batch at the latest, it is gone
            assertThat(backend.closeIdleCursors(before + TimeUnit.MINUTES.toNanos(1)))
                    .isZero();
            assertThat(openCursors()).isEqualTo(1);
            assertThat(backend.closeIdleCursors(used + TimeUnit.SECONDS.toNanos(601)))
                    .isEqualTo(1);
            assertThat(openCursors()).isZero();

            // the client finds out at its next getMore, as from mongod: CursorNotFound
            for (int i = 1; i < 10; i++) {
                cursor.next();
            }
            assertThatThrownBy(cursor::next)
                    .isInstanceOfSatisfying(MongoCommandException.class, e -> assertThat(e.getErrorCode())
                            .isEqualTo(43));
        }
    }

    @Test
    void killCursorsFreesACursorAndAGetMoreThenFails() {
        Document answer = database.runCommand(new Document("aggregate", "documents")
                .append("pipeline", List.of())
                .append("cursor", new Document("batchSize", 2)));
        long id = answer.get("cursor", Document.class).getLong("id");
        Document killed = database.runCommand(new Document("killCursors", "documents").append("cursors", List.of(id)));
        assertThat(killed.getList("cursorsKilled", Long.class)).containsExactly(id);
        assertThat(openCursors()).isZero();
        assertThatThrownBy(() -> getMore(id, 2))
                .isInstanceOf(MongoCommandException.class)
                .satisfies(e ->
                        assertThat(((MongoCommandException) e).getErrorCode()).isEqualTo(43));
    }

    @Test
    void aFindCursorServesAGetMoreWithoutBatchSize() {
        Document answer = database.runCommand(new Document("find", "documents").append("batchSize", 10));
        assertThat(ids(answer, "firstBatch")).containsExactlyElementsOf(range(0, 10));
        long id = answer.get("cursor", Document.class).getLong("id");
        // mongo-java-server's own cursor fails on this (a batch size of 0)
        Document rest = database.runCommand(new Document("getMore", id).append("collection", "documents"));
        assertThat(ids(rest, "nextBatch")).containsExactlyElementsOf(range(10, SMALL_DOCUMENTS));
        assertThat(rest.get("cursor", Document.class).getLong("id")).isZero();
    }

    @Test
    void aSingleBatchFindLeavesNoCursor() {
        Document answer = database.runCommand(
                new Document("find", "documents").append("batchSize", 3).append("singleBatch", true));
        assertThat(ids(answer, "firstBatch")).containsExactly(0, 1, 2);
        assertThat(answer.get("cursor", Document.class).getLong("id")).isZero();
        assertThat(openCursors()).isZero();
    }

    @Test
    void aNegativeBatchSizeIsRefused() {
        assertThatThrownBy(() -> database.runCommand(new Document("aggregate", "documents")
                        .append("pipeline", List.of())
                        .append("cursor", new Document("batchSize", -1))))
                .isInstanceOf(MongoCommandException.class)
                .hasMessageContaining("batchSize");
        long id = database.runCommand(new Document("aggregate", "documents")
                        .append("pipeline", List.of())
                        .append("cursor", new Document("batchSize", 1)))
                .get("cursor", Document.class)
                .getLong("id");
        assertThatThrownBy(() -> getMore(id, -1))
                .isInstanceOf(MongoCommandException.class)
                .hasMessageContaining("batchSize");
        database.runCommand(new Document("killCursors", "documents").append("cursors", List.of(id)));
    }

    @Test
    void aChangeStreamKeepsItsOwnCursor() {
        MongoServer withOplog = new MongoServer(MongoServerLauncher.backend());
        withOplog.enableOplog();
        withOplog.bind(MongoServerLauncher.HOST, 0);
        try (MongoClient oplogClient = MongoClients.create(
                "mongodb://127.0.0.1:" + withOplog.getLocalAddress().getPort())) {
            MongoCollection<Document> watched =
                    oplogClient.getDatabase("stream").getCollection("watched");
            watched.insertOne(new Document("_id", -1));
            try (MongoChangeStreamCursor<ChangeStreamDocument<Document>> changes =
                    watched.watch().batchSize(1).cursor()) {
                watched.insertMany(List.of(new Document("_id", 1), new Document("_id", 2)));
                assertThat(changes.next().getDocumentKey().getInt32("_id").getValue())
                        .isEqualTo(1);
                assertThat(changes.next().getDocumentKey().getInt32("_id").getValue())
                        .isEqualTo(2);
            }
        } finally {
            withOplog.shutdownNow();
        }
    }

    private Document getMore(long id, int batchSize) {
        return database.runCommand(
                new Document("getMore", id).append("collection", "documents").append("batchSize", batchSize));
    }

    private static List<Integer> ids(Document answer, String batch) {
        return answer.get("cursor", Document.class).getList(batch, Document.class).stream()
                .map(document -> document.getInteger("_id"))
                .toList();
    }

    private long openCursors() {
        Document status = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
        return status.get("metrics", Document.class)
                .get("cursor", Document.class)
                .get("open", Document.class)
                .getLong("total");
    }

    private static int largeDocumentBytes() {
        return bsonBytes(new BsonDocument("_id", new BsonInt32(0))
                .append("padding", new BsonString("x".repeat(LARGE_DOCUMENT_CHARS))));
    }

    private static int bsonBytes(BsonDocument document) {
        return new RawBsonDocument(document, new BsonDocumentCodec())
                .getByteBuffer()
                .remaining();
    }

    private static List<Integer> range(int from, int to) {
        return IntStream.range(from, to).boxed().toList();
    }

    /** The cursor replies the client received: the size of each first and next batch, in documents and bytes. */
    private static final class Replies implements CommandListener {
        private final List<String> commands = Collections.synchronizedList(new ArrayList<>());
        private final List<Integer> firstBatches = Collections.synchronizedList(new ArrayList<>());
        private final List<Integer> nextBatches = Collections.synchronizedList(new ArrayList<>());
        private final List<Integer> batchBytes = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void commandSucceeded(CommandSucceededEvent event) {
            commands.add(event.getCommandName());
            BsonDocument cursor = event.getResponse().getDocument("cursor", null);
            if (cursor == null) {
                return;
            }
            for (String key : List.of("firstBatch", "nextBatch")) {
                if (cursor.get(key) instanceof BsonArray batch) {
                    (key.equals("firstBatch") ? firstBatches : nextBatches).add(batch.size());
                    int bytes = 0;
                    for (BsonValue document : batch) {
                        bytes += bsonBytes(document.asDocument());
                    }
                    batchBytes.add(bytes);
                }
            }
        }

        void clear() {
            commands.clear();
            firstBatches.clear();
            nextBatches.clear();
            batchBytes.clear();
        }

        List<String> commands() {
            return List.copyOf(commands);
        }

        List<Integer> firstBatches() {
            return List.copyOf(firstBatches);
        }

        List<Integer> nextBatches() {
            return List.copyOf(nextBatches);
        }

        int largestBatchBytes() {
            return batchBytes.stream().mapToInt(Integer::intValue).max().orElse(0);
        }
    }
}
