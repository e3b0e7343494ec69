package io.hivenosql.sandbox.mongo.server;

import de.bwaldvogel.mongo.backend.Cursor;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.BsonConstants;
import de.bwaldvogel.mongo.wire.bson.BsonEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;

/**
 * The documents of a query or aggregate that are still to be sent, handed out in batches as mongod does: at most the
 * batch size asked for, and never more than {@value #MAX_BATCH_BYTES} bytes of BSON (a whole-document cut: a batch stops
 * before the document that would pass the limit, but always holds at least one document, however large). mongo-java-
 * server's own cursor ({@code InMemoryCursor}) knows the count alone, and refuses a batch size of 0, which a {@code
 * getMore} without {@code batchSize} means ("as many as fit").
 *
 * <p>Sizes are the documents' BSON encoding, by mongo-java-server's own encoder (the one that writes the reply). The
 * documents are the server's, already computed (the memory backend has no lazy cursor); the cursor lets go of each one
 * once it is sent.
 */
final class BatchedCursor implements Cursor {
    /** The most bytes of documents in one reply: a BSON document's limit, 16 MiB, as in mongod. */
    static final int MAX_BATCH_BYTES = BsonConstants.MAX_BSON_OBJECT_SIZE;

    private final long id;
    /** The documents to send; a slot is cleared once its document is sent, so the memory goes with it. */
    private final Document[] documents;

    private final int maxBatchBytes;
    private int position;
    /** When a batch was last taken ({@link System#nanoTime}), for the idle-cursor timeout. */
    private long lastUsed = System.nanoTime();

    BatchedCursor(long id, List<Document> documents) {
        this(id, documents, MAX_BATCH_BYTES);
    }

    /** A cursor whose batches stop at {@code maxBatchBytes} (for tests of the cut; the server uses 16 MiB). */
    BatchedCursor(long id, List<Document> documents, int maxBatchBytes) {
        if (maxBatchBytes <= 0) {
            throw new IllegalArgumentException("maxBatchBytes must be positive: " + maxBatchBytes);
        }
        this.id = id;
        this.documents = documents.toArray(new Document[0]);
        this.maxBatchBytes = maxBatchBytes;
    }

    @Override
    public long getId() {
        return id;
    }

    @Override
    public synchronized boolean isEmpty() {
        return position >= documents.length;
    }

    /** How many documents are still to be sent. */
    synchronized int remaining() {
        return documents.length - position;
    }

    /**
     * The next batch of a {@code getMore}: at most {@code numberToReturn} documents, or as many as fit under the byte
     * limit when it is 0 or less (a {@code getMore} without a batch size).
     */
    @Override
    public List<Document> takeDocuments(int numberToReturn) {
        return nextBatch(numberToReturn <= 0 ? Integer.MAX_VALUE : numberToReturn);
    }

    /**
     * The next batch: at most {@code maxCount} documents (0: none, an empty first batch) and at most the byte limit,
     * with at least one document when {@code maxCount} is positive and any remain.
     */
    synchronized List<Document> nextBatch(int maxCount) {
        if (maxCount < 0) {
            throw new IllegalArgumentException("maxCount must not be negative: " + maxCount);
        }
        lastUsed = System.nanoTime();
        List<Document> batch = new ArrayList<>(Math.min(maxCount, Math.min(remaining(), 1024)));
        ByteBuf buffer = Unpooled.buffer();
        try {
            long bytes = 0;
            while (batch.size() < maxCount && !isEmpty()) {
                Document next = documents[position];
                int size = bsonSize(next, buffer);
                if (!batch.isEmpty() && bytes + size > maxBatchBytes) {
                    break;
                }
                batch.add(next);
                bytes += size;
                documents[position++] = null;
            }
        } finally {
            buffer.release();
        }
        return batch;
    }

    /** Whether no batch was taken for longer than {@code timeoutNanos} at {@code nowNanos} ({@link System#nanoTime}). */
    synchronized boolean idleLongerThan(long timeoutNanos, long nowNanos) {
        return nowNanos - lastUsed > timeoutNanos;
    }

    /** The size of {@code document}'s BSON encoding, encoded into {@code buffer} (cleared first). */
    static int bsonSize(Document document, ByteBuf buffer) {
        buffer.clear();
        BsonEncoder.encodeDocument(document, buffer);
        return buffer.readableBytes();
    }

    @Override
    public String toString() {
        return "BatchedCursor(id: " + id + ", remaining: " + remaining() + ")";
    }
}
