package io.hivenosql.sandbox.mongo.server;

import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The memory backend (with the handshake of {@link HandshakeBackend} and the stages of {@link SamplingStagesBackend}),
 * sending the results of {@code aggregate} and {@code find} in cursor batches as mongod does. mongo-java-server answers
 * an aggregate with every result document in {@code cursor.firstBatch} and cursor id 0, and a find without a batch size
 * the same way: the whole result in one reply, which clients refuse past the protocol's 48 MB ({@code
 * maxMessageSizeBytes}). The MongoDB Spark connector reading TPC-H lineitem (a partition an aggregate) failed so on the
 * test double, where a real mongod serves it in batches. Here:
 *
 * <ul>
 *   <li>{@code aggregate}: the first batch holds {@code cursor.batchSize} documents (mongod's 101 when the client gives
 *       none; 0 is an empty first batch), the rest waits in a cursor of the backend's registry. A {@code $changeStream}
 *       pipeline (a cursor of its own on the oplog) and an answer without a first batch are passed on as they are.
 *   <li>{@code find}: the batch size counts as mongo-java-server takes it (none or 0: no count limit), the rest waits
 *       likewise; {@code singleBatch} closes the cursor after the first batch, as in mongod.
 *   <li>Every batch, first or {@code getMore}'s, stops before the document that would take it past 16 MiB of BSON, with
 *       at least one document ({@link BatchedCursor}); a {@code getMore} gives at most its {@code batchSize}
 *       documents, as many as fit when it has none or 0 (mongo-java-server's own cursor refuses 0).
 * </ul>
 *
 * These cursors are the registry's like any other: {@code killCursors} (a client closing a cursor early) frees them,
 * and {@code serverStatus} counts them in {@code metrics.cursor.open.total}. One idle for 10 minutes is closed, as in
 * mongod ({@link IdleCursorTimeout}).
 */
class CursorBatchesBackend extends SamplingStagesBackend {
    /** mongod's first batch when the client names no batch size. */
    static final int DEFAULT_FIRST_BATCH = 101;

    private static final String BATCH_SIZE = "batchSize";
    /** mongod's code for a field value outside its range (an IDL validator). */
    private static final int BAD_VALUE_CODE = 51024;

    private final IdleCursorTimeout idleCursors = new IdleCursorTimeout(getCursorRegistry(), IdleCursorTimeout.TIMEOUT);

    @Override
    public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
        if (command.equalsIgnoreCase("aggregate") && !isChangeStream(query)) {
            Document cursor = query.get("cursor") instanceof Document document ? document : null;
            int firstBatch = cursor == null ? DEFAULT_FIRST_BATCH : batchSize(cursor, DEFAULT_FIRST_BATCH);
            // mongo-java-server ignores the batch size, and logs a warning for every aggregate that gives one
            Document forwarded = cursor == null ? query : with(query, "cursor", without(cursor, BATCH_SIZE));
            return batched(super.handleCommand(channel, databaseName, command, forwarded), firstBatch, false);
        }
        if (command.equalsIgnoreCase("find")) {
            int firstBatch = batchSize(query, 0);
            // without its batch size, mongo-java-server answers the whole result at once (no cursor of its own)
            Document forwarded = without(query, BATCH_SIZE);
            return batched(
                    super.handleCommand(channel, databaseName, command, forwarded),
                    firstBatch == 0 ? Integer.MAX_VALUE : firstBatch,
                    isTrue(query.get("singleBatch")));
        }
        return super.handleCommand(channel, databaseName, command, query);
    }

    /** A {@code getMore}: refuses a negative batch size, as mongod does (the cursors themselves take 0 as no limit). */
    @Override
    protected Document handleGetMore(String databaseName, String command, Document query) {
        batchSize(query, 0);
        return super.handleGetMore(databaseName, command, query);
    }

    /**
     * {@code answer} with a first batch of at most {@code maxCount} documents (and the byte limit), the rest in a
     * registered cursor whose id replaces 0; unchanged when it is no cursor answer or already has a cursor.
     */
    private Document batched(Document answer, int maxCount, boolean singleBatch) {
        if (!(answer.get("cursor") instanceof Document cursor)
                || !(cursor.get("firstBatch") instanceof List<?> all)
                || !(cursor.get("id") instanceof Number id)
                || id.longValue() != 0) {
            return answer;
        }
        List<Document> documents = new ArrayList<>(all.size());
        for (Object document : all) {
            documents.add((Document) document);
        }
        CursorRegistry registry = getCursorRegistry();
        BatchedCursor batches = new BatchedCursor(registry.generateCursorId(), documents);
        cursor.put("firstBatch", batches.nextBatch(maxCount));
        if (!batches.isEmpty() && !singleBatch) {
            registry.add(batches);
            idleCursors.watch(batches);
            cursor.put("id", batches.getId());
        }
        return answer;
    }

    /** Closes the cursors idle for longer than 10 minutes at {@code nowNanos}; how many (the sweep's, for tests). */
    int closeIdleCursors(long nowNanos) {
        return idleCursors.closeIdle(nowNanos);
    }

    @Override
    public void close() {
        idleCursors.close();
        super.close();
    }

    private static boolean isChangeStream(Document query) {
        return query.get("pipeline") instanceof List<?> pipeline
                && !pipeline.isEmpty()
                && pipeline.get(0) instanceof Document first
                && first.containsKey("$changeStream");
    }

    /** The {@value #BATCH_SIZE} of {@code options}, {@code absent} when it has none; a negative one is refused. */
    private static int batchSize(Document options, int absent) {
        Object value = options.get(BATCH_SIZE);
        if (value == null) {
            return absent;
        }
        if (!(value instanceof Number number)) {
            throw new MongoServerError(
                    14, "TypeMismatch", "BSON field 'batchSize' is the wrong type '" + typeName(value) + "'");
        }
        long size = number.longValue();
        if (size < 0) {
            throw new MongoServerError(
                    BAD_VALUE_CODE, "BSON field 'batchSize' value must be >= 0, actual value '" + size + "'");
        }
        return (int) Math.min(size, Integer.MAX_VALUE);
    }

    private static String typeName(Object value) {
        return value.getClass().getSimpleName().toLowerCase(Locale.ROOT);
    }

    /** A copy of {@code document} with {@code key} set to {@code value}. */
    private static Document with(Document document, String key, Object value) {
        Document copy = new Document(document);
        copy.put(key, value);
        return copy;
    }

    /** A copy of {@code document} without {@code key}. */
    private static Document without(Document document, String key) {
        Document copy = new Document(document);
        copy.remove(key);
        return copy;
    }

    private static boolean isTrue(Object value) {
        return value instanceof Boolean flag ? flag : value instanceof Number number && number.doubleValue() != 0;
    }
}
