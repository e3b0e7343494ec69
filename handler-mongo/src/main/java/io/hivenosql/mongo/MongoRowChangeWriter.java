package io.hivenosql.mongo;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertOneModel;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.WriteModel;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.write.AsyncBatchWriter;
import io.hivenosql.mongo.bson.BsonRowEncoder;
import io.hivenosql.mongo.bson.BsonRowUpdate;
import io.hivenosql.mongo.bson.BsonText;
import io.hivenosql.mongo.bson.DocumentLayout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.bson.BsonArray;
import org.bson.BsonDocument;

/**
 * Applies the net changes of a DELETE, UPDATE or MERGE to a collection, in HiveServer2 when the statement commits
 * ({@link io.hivenosql.api.dml.StatementCommit}): a sink of keys to delete, or of rows to upsert. Rows are taken in
 * batches of {@code mongo.write.batch-size}; each batch first finds the documents of its keys ({@link MongoRowChanges}:
 * the documents whose {@code _id} reads as the key, whatever BSON type it is stored as), then writes by their stored
 * {@code _id}s:
 *
 * <ul>
 *   <li>deletes: one {@code deleteMany({_id: {$in: [the found _ids]}})}; a key without a document is no error.
 *   <li>upserts, as unordered bulk writes: a found document gets {@code updateOne({_id}, {$set, $unset})} of the
 *       columns whose value changed ({@link BsonRowUpdate}: fields the table does not map stay; NULL reads back as
 *       NULL); a key without a document gets the document an INSERT writes ({@code insertOne}, whatever
 *       {@code mongo.write.mode} says), which fails if a document with that {@code _id} exists outside
 *       {@code mongo.input.query} or appeared meanwhile.
 * </ul>
 *
 * A key that finds several documents fails the batch before it writes anything ({@link MongoRowChanges#checkOneEach});
 * so does a NULL key. Documents are checked for values the server cannot hold, as the INSERT writer checks them
 * ({@link MongoRecordWriter#checkHeld}). The first failure fails the statement (WRITE_FAILED, naming the table, the
 * collection and the {@code _id}s); the batches before it stay applied: MongoDB applies them without a transaction.
 * Batches are sent on the calling thread, one at a time.
 */
final class MongoRowChangeWriter extends AsyncBatchWriter<MongoRowChangeWriter.Batch> {
    private static final BulkWriteOptions UNORDERED = new BulkWriteOptions().ordered(false);
    private static final int SHOWN = 5;

    private final MongoTable table;
    private final MongoClients.Lease lease;
    private final MongoCollection<BsonDocument> collection;
    private final boolean deletes;
    private final int batchSize;
    private final BsonRowEncoder encoder;
    private final BsonRowUpdate update;

    private List<Object[]> buffer;
    private long batches;
    private MongoDialect dialect;

    /** The rows (keys, or whole rows) of one batch, and its number in this sink (for messages). */
    record Batch(List<Object[]> rows, long number) {}

    /**
     * A sink of the table on a lease it owns until it is closed.
     *
     * @param deletes true: each row is a key (the {@code _id} column's value) whose document is deleted; false: each
     *     row is a whole row, upserted
     */
    MongoRowChangeWriter(MongoTable table, MongoClients.Lease lease, boolean deletes) {
        super(table.name(), "MongoDB", 1);
        this.table = table;
        this.lease = lease;
        this.collection = lease.collection();
        this.deletes = deletes;
        this.batchSize = table.writeBatchSize();
        this.encoder = new BsonRowEncoder(table.layout());
        this.update = deletes ? null : new BsonRowUpdate(table.layout());
        this.buffer = new ArrayList<>(Math.min(batchSize, 1024));
    }

    @Override
    protected void add(Object[] row, long number) throws IOException {
        int expected = deletes ? 1 : table.mapping().size();
        if (row.length != expected) {
            throw new IllegalArgumentException("a " + (deletes ? "key" : "row") + " of table " + table.name() + " has "
                    + row.length + " values, expected " + expected);
        }
        if (key(row) == null) {
            String column = table.mapping().column(table.idColumn()).name();
            throw new HandlerException(
                    HandlerErrorCode.NULL_KEY,
                    deletes
                            ? "table " + table.name() + ": a row the statement deletes has a NULL " + column
                                    + " (_id): "
                                    + "its document's _id is null or a value the column cannot read, so it cannot be "
                                    + "found by its key; delete such documents with the MongoDB shell"
                            : "table " + table.name() + ": a row the statement writes has a NULL " + column + " (_id), "
                                    + "which identifies its document; give every row an " + column
                                    + " (e.g. in a MERGE's INSERT VALUES)");
        }
        buffer.add(row);
        if (buffer.size() >= batchSize) {
            sendBuffered();
        }
    }

    private Object key(Object[] row) {
        return deletes ? row[0] : row[table.idColumn()];
    }

    @Override
    protected void sendBuffered() throws IOException {
        if (buffer.isEmpty()) {
            return;
        }
        List<Object[]> rows = buffer;
        buffer = new ArrayList<>(Math.min(batchSize, 1024));
        send(new Batch(rows, ++batches));
    }

    @Override
    protected int discardBuffered() {
        int dropped = buffer.size();
        buffer.clear();
        return dropped;
    }

    /** Applies the batch on the calling thread; a failure is thrown. */
    @Override
    protected CompletionStage<?> sendAsync(Batch batch) {
        if (dialect == null) {
            dialect = MongoDialect.of(lease);
        }
        Set<Object> distinct = new LinkedHashSet<>();
        for (Object[] row : batch.rows()) {
            distinct.add(key(row));
        }
        List<Object> keys = new ArrayList<>(distinct);
        Map<Object, List<BsonDocument>> found = MongoRowChanges.find(table, collection, dialect, keys, !deletes);
        MongoRowChanges.checkOneEach(table, found, deletes ? "delete" : "update");
        if (deletes) {
            delete(found);
        } else {
            upsert(batch, found);
        }
        return CompletableFuture.completedFuture(null);
    }

    private void delete(Map<Object, List<BsonDocument>> found) {
        BsonArray ids = new BsonArray();
        for (List<BsonDocument> documents : found.values()) {
            documents.forEach(document -> ids.add(document.get(DocumentLayout.ID_FIELD)));
        }
        if (ids.isEmpty()) {
            return;
        }
        try {
            collection.deleteMany(new BsonDocument(DocumentLayout.ID_FIELD, new BsonDocument("$in", ids)));
        } catch (RuntimeException e) {
            StringJoiner shown = new StringJoiner(", ");
            ids.subList(0, Math.min(SHOWN, ids.size())).forEach(id -> shown.add(BsonText.json(id)));
            throw MongoErrors.storeError(
                    table,
                    "deleting the " + ids.size() + " documents with _id " + shown + (ids.size() > SHOWN ? ", ..." : ""),
                    e,
                    HandlerErrorCode.WRITE_FAILED);
        }
    }

    private void upsert(Batch batch, Map<Object, List<BsonDocument>> found) {
        List<WriteModel<BsonDocument>> models = new ArrayList<>();
        long updates = 0;
        for (Object[] row : batch.rows()) {
            List<BsonDocument> documents = found.get(MongoRowChanges.matchKey(key(row)));
            if (documents == null) {
                models.add(new InsertOneModel<>(encoder.encode(row)));
                continue;
            }
            BsonDocument stored = documents.get(0);
            BsonDocument change = update.update(stored, row);
            if (!change.isEmpty()) {
                models.add(new UpdateOneModel<>(
                        new BsonDocument(DocumentLayout.ID_FIELD, stored.get(DocumentLayout.ID_FIELD)), change));
                updates++;
            }
        }
        if (models.isEmpty()) {
            return;
        }
        MongoRecordWriter.checkHeld(table, dialect, models);
        long matched = 0;
        for (List<WriteModel<BsonDocument>> command : MongoRecordWriter.commands(dialect, models)) {
            try {
                matched += collection.bulkWrite(command, UNORDERED).getMatchedCount();
            } catch (MongoBulkWriteException e) {
                throw rejected(command, e);
            }
        }
        if (matched < updates) {
            throw new HandlerException(
                    HandlerErrorCode.WRITE_FAILED,
                    "table " + table.name() + ": " + (updates - matched) + " of the " + updates + " documents of "
                            + table.namespace() + " that batch " + batch.number() + " updates were gone when it "
                            + "wrote them (deleted while the statement committed): their rows were not written");
        }
    }

    @Override
    protected int rows(Batch batch) {
        return batch.rows().size();
    }

    @Override
    protected HandlerException writeFailed(Batch batch, Throwable cause) {
        if (cause instanceof HandlerException handler) {
            return handler;
        }
        String doing = (deletes ? "deleting the documents of " : "updating the documents of ") + ids(batch)
                + " (batch " + batch.number() + " of the statement's " + (deletes ? "deletes" : "upserts") + ", "
                + batch.rows().size() + " keys)";
        if (cause instanceof RuntimeException e) {
            return MongoErrors.storeError(table, doing, e, HandlerErrorCode.WRITE_FAILED);
        }
        return new HandlerException(
                HandlerErrorCode.WRITE_FAILED,
                "table " + table.name() + ": " + doing + " in " + table.namespace() + " failed",
                cause);
    }

    /** A bulk write of upserts that the server rejected in part: the first errors, each with its document's _id. */
    private HandlerException rejected(List<WriteModel<BsonDocument>> command, MongoBulkWriteException e) {
        List<BulkWriteError> errors = e.getWriteErrors();
        StringJoiner shown = new StringJoiner("; ");
        for (BulkWriteError error : errors.subList(0, Math.min(SHOWN, errors.size()))) {
            shown.add(MongoRecordWriter.idText(command, error.getIndex()) + ": code " + error.getCode() + ", "
                    + MongoRecordWriter.shorten(error.getMessage()));
        }
        boolean duplicate = errors.stream().anyMatch(error -> error.getCode() == 11000);
        return new HandlerException(
                HandlerErrorCode.WRITE_FAILED,
                "table " + table.name() + ": MongoDB at " + table.uri().redacted() + " rejected " + errors.size()
                        + " of the " + command.size() + " writes of the statement's upserts to " + table.namespace()
                        + (e.getWriteConcernError() == null
                                ? ""
                                : " (write concern: "
                                        + MongoRecordWriter.shorten(
                                                e.getWriteConcernError().getMessage()) + ")")
                        + ": " + shown
                        + (duplicate
                                ? ". A row that no document of the table has was inserted over a document with its "
                                        + "_id: one outside " + MongoTableProperties.INPUT_QUERY.key()
                                        + ", or one written meanwhile"
                                : "")
                        + ". The batches before it stay applied (no transaction)",
                e);
    }

    /** The keys of a batch as text, the first few, for messages. */
    private String ids(Batch batch) {
        StringJoiner ids =
                new StringJoiner(", ", table.mapping().column(table.idColumn()).name() + " ", "");
        for (Object[] row : batch.rows().subList(0, Math.min(SHOWN, batch.rows().size()))) {
            Object key = key(row);
            ids.add(key instanceof String ? "'" + key + "'" : String.valueOf(key));
        }
        return batch.rows().size() > SHOWN ? ids + ", ..." : ids.toString();
    }

    @Override
    protected void release() {
        lease.close();
    }
}
