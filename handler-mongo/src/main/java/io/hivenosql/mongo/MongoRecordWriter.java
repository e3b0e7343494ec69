package io.hivenosql.mongo;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.bulk.WriteConcernError;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.InsertOneModel;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.model.WriteModel;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.write.AsyncBatchWriter;
import io.hivenosql.mongo.bson.BsonRowEncoder;
import io.hivenosql.mongo.bson.DocumentLayout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * Writes rows as unordered bulk writes of {@code mongo.write.batch-size} documents, by {@code mongo.write.mode}:
 *
 * <ul>
 *   <li>insert: one insert per row; a NULL {@code _id} (or none mapped) is left out and the driver assigns an
 *       ObjectId; a duplicate {@code _id} fails.
 *   <li>upsert: {@code updateOne({_id}, {$set: the row's mapped fields}, upsert)}: fields the table does not map stay,
 *       NULL columns are left alone unless {@code mongo.write.nulls=true} (then set to null); a struct column sets its
 *       non-NULL fields one by one ({@code address.city}), so that sub-fields its type does not declare stay (a stored
 *       non-document at the struct's path, null included, fails that row: MongoDB cannot create a field in it).
 *   <li>replace: {@code replaceOne({_id}, the row's document, upsert)}: the document becomes exactly the row.
 * </ul>
 *
 * <p>Rows are encoded on the caller's thread while the previous batch is written by a background thread (one batch in
 * flight at a time), so encoding and the server's work overlap. The first failed write fails the task: it is thrown
 * (WRITE_FAILED, naming the table, the collection, how many documents of the batch failed and the first errors with
 * their {@code _id}) from the next {@link #write}, {@link #flush} or {@link #close}, and nothing is sent after it.
 * {@link #abort} drops the buffered rows unsent ({@link AsyncBatchWriter} keeps the batch in flight and the failure).
 *
 * <p>Before a batch is sent, its documents are checked for values the server cannot store ({@link MongoUnheldValues}:
 * on FerretDB 1.x a decimal column's decimal128, NaN and infinities), which fail the task naming the value.
 *
 * <p>An insert on Hive on Tez with {@code mongo.write.staging=true} writes into the attempt's staging collection
 * instead, registers it at a successful close and drops it at abort; the query's commit publishes it
 * ({@link MongoStagedInsert}).
 */
final class MongoRecordWriter extends AsyncBatchWriter<MongoRecordWriter.Batch> {
    /** Write errors of a failed batch shown in the message. */
    private static final int ERRORS_SHOWN = 5;

    private static final BulkWriteOptions UNORDERED = new BulkWriteOptions().ordered(false);
    private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);
    private static final ReplaceOptions REPLACE_UPSERT = new ReplaceOptions().upsert(true);

    private final MongoTable table;
    private final MongoClients.Lease lease;
    private final MongoCollection<BsonDocument> collection;
    /** The attempt's staging collection, when the insert is staged. */
    private final Optional<MongoStagedInsert.Attempt> staged;

    private final BsonRowEncoder encoder;
    private final MongoWriteMode mode;
    private final int batchSize;
    private final int idColumn;
    private final ExecutorService flusher;

    private List<WriteModel<BsonDocument>> batch;
    private long batches;
    /** The server's dialect, asked with the first batch (MongoWrites#openWriter contacts no server). */
    private volatile MongoDialect dialect;

    /** The documents of one bulk write, and its number in this writer (for messages). */
    record Batch(List<WriteModel<BsonDocument>> models, long number) {}

    /** A writer of the table on a lease it owns until it is closed (see {@link MongoWrites#openWriter}). */
    MongoRecordWriter(MongoTable table, MongoClients.Lease lease) {
        // one batch in flight: the driver's bulk write blocks the background thread
        super(table.name(), "MongoDB", 1);
        this.table = table;
        this.lease = lease;
        this.staged = MongoStagedInsert.forTask(table, lease);
        this.collection =
                staged.map(attempt -> lease.collection(attempt.staging())).orElseGet(lease::collection);
        this.encoder = new BsonRowEncoder(table.layout());
        this.mode = table.writeMode();
        this.batchSize = table.writeBatchSize();
        this.idColumn = table.idColumn();
        this.batch = new ArrayList<>(batchSize);
        this.flusher = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "hive-nosql-mongo-writer " + table.name());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    protected void add(Object[] row, long number) throws IOException {
        batch.add(model(row, number));
        if (batch.size() >= batchSize) {
            sendBuffered();
        }
    }

    private WriteModel<BsonDocument> model(Object[] row, long number) {
        if (mode == MongoWriteMode.INSERT) {
            // a NULL _id is left out (even with mongo.write.nulls): the driver assigns an ObjectId
            return new InsertOneModel<>(encoder.encode(row));
        }
        if (row[idColumn] == null) {
            String column = table.mapping().column(idColumn).name();
            throw new HandlerException(
                    HandlerErrorCode.NULL_KEY,
                    "table " + table.name() + ", row " + number + " of this task: column '" + column
                            + "' (_id) is NULL, "
                            + "and " + MongoTableProperties.WRITE_MODE.key() + "=" + name(mode) + " writes by _id; "
                            + "filter such rows out with WHERE " + column + " IS NOT NULL, or use "
                            + MongoTableProperties.WRITE_MODE.key() + "=insert to let MongoDB assign ids");
        }
        BsonDocument filter = new BsonDocument(DocumentLayout.ID_FIELD, encoder.id(row));
        if (mode == MongoWriteMode.REPLACE) {
            return new ReplaceOneModel<>(filter, encoder.encode(row), REPLACE_UPSERT);
        }
        BsonDocument set = encoder.encodeSet(row);
        // nothing to set (every other column NULL): only make sure the document exists
        BsonDocument update =
                set.isEmpty() ? new BsonDocument("$setOnInsert", filter.clone()) : new BsonDocument("$set", set);
        return new UpdateOneModel<>(filter, update, UPSERT);
    }

    /** Hands the buffered batch to the background thread once the previous one is acknowledged. */
    @Override
    protected void sendBuffered() throws IOException {
        if (batch.isEmpty()) {
            return;
        }
        List<WriteModel<BsonDocument>> models = batch;
        batch = new ArrayList<>(batchSize);
        send(new Batch(models, ++batches));
    }

    @Override
    protected int discardBuffered() {
        int dropped = batch.size();
        batch.clear();
        return dropped;
    }

    @Override
    protected CompletionStage<?> sendAsync(Batch batch) {
        return CompletableFuture.runAsync(
                () -> {
                    if (dialect == null) {
                        dialect = MongoDialect.of(lease);
                    }
                    checkHeld(table, dialect, batch.models());
                    for (List<WriteModel<BsonDocument>> command : commands(dialect, batch.models())) {
                        collection.bulkWrite(command, UNORDERED);
                    }
                },
                flusher);
    }

    /**
     * The batch as the commands to send: one, unless it updates or replaces documents on a server that takes only a few
     * such statements a command ({@link MongoDialect#updatesPerCommand}, FerretDB 1.x).
     */
    static List<List<WriteModel<BsonDocument>>> commands(MongoDialect dialect, List<WriteModel<BsonDocument>> models) {
        int limit = dialect.updatesPerCommand();
        if (models.size() <= limit || models.stream().allMatch(model -> model instanceof InsertOneModel)) {
            return List.of(models);
        }
        List<List<WriteModel<BsonDocument>>> commands = new ArrayList<>();
        for (int from = 0; from < models.size(); from += limit) {
            commands.add(models.subList(from, Math.min(models.size(), from + limit)));
        }
        return commands;
    }

    /**
     * Fails a batch before it is sent when a document holds a value its server cannot store, naming the value
     * ({@link MongoUnheldValues}): FerretDB 1.x would drop the connection of a NaN or decimal128. The writer asks for
     * the server's dialect with its first batch, on the background thread, as the first write would contact it.
     */
    static void checkHeld(MongoTable table, MongoDialect dialect, List<WriteModel<BsonDocument>> models) {
        if (dialect.full()) {
            return;
        }
        for (WriteModel<BsonDocument> model : models) {
            if (model instanceof InsertOneModel<BsonDocument> insert) {
                BsonDocument document = insert.getDocument();
                MongoUnheldValues.check(table, dialect, document, document.get(DocumentLayout.ID_FIELD));
            } else if (model instanceof ReplaceOneModel<BsonDocument> replace) {
                BsonValue id = ((BsonDocument) replace.getFilter()).get(DocumentLayout.ID_FIELD);
                MongoUnheldValues.check(table, dialect, (BsonDocument) replace.getFilter(), id);
                MongoUnheldValues.check(table, dialect, replace.getReplacement(), id);
            } else if (model instanceof UpdateOneModel<BsonDocument> update) {
                BsonValue id = ((BsonDocument) update.getFilter()).get(DocumentLayout.ID_FIELD);
                MongoUnheldValues.check(table, dialect, (BsonDocument) update.getFilter(), id);
                for (BsonValue operand : ((BsonDocument) update.getUpdate()).values()) {
                    // $set, $setOnInsert and $unset: documents keyed by dotted paths
                    MongoUnheldValues.check(table, dialect, operand.asDocument(), id);
                }
            }
        }
    }

    @Override
    protected int rows(Batch batch) {
        return batch.models().size();
    }

    @Override
    protected long writtenDespite(Batch batch, Throwable cause) {
        // unordered: every document without an error was written
        return cause instanceof MongoBulkWriteException e && e.getWriteConcernError() == null
                ? batch.models().size() - e.getWriteErrors().size()
                : 0;
    }

    @Override
    protected HandlerException writeFailed(Batch batch, Throwable cause) {
        if (cause instanceof MongoBulkWriteException e) {
            return bulkWriteFailed(batch.models(), batch.number(), e);
        }
        String doing = "writing batch " + batch.number() + " (" + batch.models().size() + " documents)";
        return cause instanceof RuntimeException e
                ? MongoErrors.storeError(table, doing, e, HandlerErrorCode.WRITE_FAILED)
                : new HandlerException(
                        HandlerErrorCode.WRITE_FAILED,
                        "table " + table.name() + ": " + doing + " to " + table.namespace() + " failed",
                        cause);
    }

    private HandlerException bulkWriteFailed(
            List<WriteModel<BsonDocument>> models, long number, MongoBulkWriteException e) {
        List<BulkWriteError> errors = e.getWriteErrors();
        StringBuilder message = new StringBuilder()
                .append("writing batch ")
                .append(number)
                .append(" of table ")
                .append(table.name())
                .append(" to MongoDB collection ")
                .append(table.namespace())
                .append(" at ")
                .append(table.uri().redacted())
                .append(" (")
                .append(MongoTableProperties.WRITE_MODE.key())
                .append('=')
                .append(name(mode))
                .append(") failed: ");
        if (!errors.isEmpty()) {
            message.append(errors.size())
                    .append(" of ")
                    .append(models.size())
                    .append(" documents were rejected; ")
                    .append(errors.size() > ERRORS_SHOWN ? "the first " + ERRORS_SHOWN : "errors")
                    .append(": ");
            StringJoiner shown = new StringJoiner("; ");
            for (BulkWriteError error : errors.subList(0, Math.min(ERRORS_SHOWN, errors.size()))) {
                shown.add(idText(models, error.getIndex()) + ": code " + error.getCode() + ", "
                        + shorten(error.getMessage()));
            }
            message.append(shown);
        }
        WriteConcernError concern = e.getWriteConcernError();
        if (concern != null) {
            message.append(errors.isEmpty() ? "" : "; ")
                    .append("the write concern was not satisfied for the batch of ")
                    .append(models.size())
                    .append(" documents: code ")
                    .append(concern.getCode())
                    .append(", ")
                    .append(shorten(concern.getMessage()))
                    .append(" (see ")
                    .append(MongoTableProperties.WRITE_CONCERN.key())
                    .append(')');
        }
        if (mode == MongoWriteMode.INSERT && errors.stream().anyMatch(error -> error.getCode() == 11000)) {
            message.append(". A duplicate _id fails an insert: use ")
                    .append(MongoTableProperties.WRITE_MODE.key())
                    .append("=upsert or replace to overwrite existing documents");
        }
        message.append(". The task fails so that no write is lost silently");
        return new HandlerException(HandlerErrorCode.WRITE_FAILED, message.toString(), e);
    }

    /** {@code {"_id": ...}} of the document at {@code index} of a batch, as Extended JSON, for messages. */
    static String idText(List<WriteModel<BsonDocument>> models, int index) {
        if (index < 0 || index >= models.size()) {
            return "(document " + index + " of the batch)";
        }
        WriteModel<BsonDocument> model = models.get(index);
        BsonDocument document = null;
        if (model instanceof InsertOneModel<BsonDocument> insert) {
            document = insert.getDocument();
        } else if (model instanceof ReplaceOneModel<BsonDocument> replace) {
            document = replace.getReplacement();
        } else if (model instanceof UpdateOneModel<BsonDocument> update
                && update.getFilter() instanceof BsonDocument f) {
            document = f;
        }
        BsonValue id = document == null ? null : document.get(DocumentLayout.ID_FIELD);
        return id == null
                ? "(document " + index + " of the batch)"
                : shorten(new BsonDocument(DocumentLayout.ID_FIELD, id).toJson());
    }

    static String shorten(String text) {
        if (text == null) {
            return "";
        }
        return text.length() > 300 ? text.substring(0, 300) + "...(" + text.length() + " chars)" : text;
    }

    private static String name(MongoWriteMode mode) {
        return mode.name().toLowerCase(Locale.ROOT);
    }

    @Override
    protected void commit(long written) throws IOException {
        if (staged.isPresent()) {
            // a registration whose acknowledgement was lost may still count: keep the rows it points to
            staged.get().commit(lease, written);
        }
    }

    @Override
    protected void abandon() {
        staged.ifPresent(attempt -> attempt.abort(lease));
    }

    @Override
    protected void release() {
        flusher.shutdown();
        lease.close();
    }
}
