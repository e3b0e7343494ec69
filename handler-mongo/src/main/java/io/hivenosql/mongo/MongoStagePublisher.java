package io.hivenosql.mongo;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.bulk.BulkWriteError;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.InsertManyOptions;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies one staging collection into the table's collection: on the server with {@code $merge} (MongoDB 4.2 and
 * later; {@code whenMatched: fail}, {@code whenNotMatched: insert}), else, where the server does not know the stage,
 * through HiveServer2 in ordered batches of {@code mongo.write.batch-size}. Either way a document whose {@code _id} the
 * collection already holds fails the publication (WRITE_FAILED, naming it); the documents copied before it stay.
 */
final class MongoStagePublisher {
    private static final Logger log = LoggerFactory.getLogger(MongoStagePublisher.class);
    private static final int DUPLICATE_KEY = 11000;
    /** What MongoDB's duplicate key message shows the key after. */
    private static final String DUP_KEY = "dup key:";
    /** Codes of a server that does not run {@code $merge}: unknown stage, not supported, not implemented. */
    private static final Set<Integer> NO_MERGE = Set.of(40324, 115, 238, 16436);

    private MongoStagePublisher() {}

    /**
     * Copies {@code staging} into the table's collection; returns the number of documents it held.
     *
     * @param expected the number of rows the attempt acknowledged when it committed: a staging collection that holds
     *     another number fails the publication rather than publish part of a task's rows
     */
    static long publish(MongoTable table, MongoClients.Lease lease, String staging, long expected) {
        MongoCollection<BsonDocument> source = lease.collection(staging);
        long rows = source.countDocuments();
        if (rows != expected) {
            throw new HandlerException(
                    HandlerErrorCode.WRITE_FAILED,
                    "table " + table.name() + ": the staging collection " + table.database() + "." + staging
                            + " holds " + rows + " documents, but the task attempt that wrote it committed " + expected
                            + " rows; nothing more is published into " + table.namespace() + " and the query fails. "
                            + "Was the staging collection changed or dropped while the query ran?");
        }
        if (rows == 0) {
            return 0;
        }
        try {
            source.aggregate(List.of(merge(table.collection()))).toCollection();
            return rows;
        } catch (MongoCommandException e) {
            if (e.getErrorCode() == DUPLICATE_KEY) {
                throw duplicate(table, staging, duplicateId(e.getResponse(), e.getErrorMessage()), e.getErrorMessage());
            }
            if (!NO_MERGE.contains(e.getErrorCode()) && !e.getErrorMessage().contains("$merge")) {
                throw e;
            }
            log.info(
                    "table {}: the server does not run $merge ({}); copying {} through the client",
                    table.name(),
                    e.getErrorMessage(),
                    staging);
        }
        return copy(table, lease, staging);
    }

    static BsonDocument merge(String into) {
        return new BsonDocument(
                "$merge",
                BsonDocument.parse("{\"on\": \"_id\", \"whenMatched\": \"fail\", \"whenNotMatched\": \"insert\"}")
                        .append("into", new BsonString(into)));
    }

    /** The copy through the client, for servers without {@code $merge}; returns the number of documents copied. */
    static long copy(MongoTable table, MongoClients.Lease lease, String staging) {
        MongoCollection<BsonDocument> source = lease.collection(staging);
        MongoCollection<BsonDocument> target = lease.collection();
        int batchSize = table.writeBatchSize();
        long copied = 0;
        try (MongoCursor<BsonDocument> documents =
                source.find().batchSize(batchSize).iterator()) {
            List<BsonDocument> batch = new ArrayList<>(batchSize);
            while (documents.hasNext()) {
                batch.add(documents.next());
                if (batch.size() == batchSize || !documents.hasNext()) {
                    insert(table, target, batch, staging);
                    copied += batch.size();
                    batch = new ArrayList<>(batchSize);
                }
            }
        }
        return copied;
    }

    private static void insert(
            MongoTable table, MongoCollection<BsonDocument> target, List<BsonDocument> batch, String staging) {
        try {
            target.insertMany(batch, new InsertManyOptions().ordered(true));
        } catch (MongoBulkWriteException e) {
            BulkWriteError first =
                    e.getWriteErrors().isEmpty() ? null : e.getWriteErrors().get(0);
            if (first != null && first.getCode() == DUPLICATE_KEY) {
                int index = first.getIndex();
                String id = index >= 0 && index < batch.size()
                        ? new BsonDocument("_id", batch.get(index).get("_id")).toJson()
                        : "(document " + index + " of a batch)";
                throw duplicate(table, staging, id, first.getMessage());
            }
            throw e;
        }
    }

    /**
     * The {@code _id} a failed {@code $merge} met again, as {@code {"_id": ...}}: the server's {@code keyValue} (MongoDB
     * 4.2 and later), else what its message shows after {@code dup key:} (a server that sends no {@code keyValue}),
     * else a pointer to the server's message. The staged documents cannot tell: {@code $merge} may have inserted
     * some of them before it met the duplicate.
     */
    static String duplicateId(BsonDocument response, String message) {
        if (response != null && response.get("keyValue") instanceof BsonDocument key && key.containsKey("_id")) {
            return new BsonDocument("_id", key.get("_id")).toJson();
        }
        int at = message == null ? -1 : message.indexOf(DUP_KEY);
        if (at >= 0) {
            String shown = message.substring(at + DUP_KEY.length()).trim();
            int end = shown.lastIndexOf('}');
            try {
                BsonDocument key = BsonDocument.parse(end < 0 ? shown : shown.substring(0, end + 1));
                if (key.containsKey("_id")) {
                    return new BsonDocument("_id", key.get("_id")).toJson();
                }
            } catch (RuntimeException e) {
                // not a document: point to the server's message
            }
        }
        return "an _id of the staged documents (see the server's message)";
    }

    private static HandlerException duplicate(MongoTable table, String staging, String id, String serverMessage) {
        String detail = serverMessage == null ? "" : serverMessage;
        String shown = detail.length() > 300 ? detail.substring(0, 300) + "..." : detail;
        return new HandlerException(
                HandlerErrorCode.WRITE_FAILED,
                "publishing the rows of table " + table.name() + " staged in " + table.database() + "." + staging
                        + " into MongoDB collection " + table.namespace() + " at "
                        + table.uri().redacted()
                        + " failed: " + id + " is already in the collection: code " + DUPLICATE_KEY + ", " + shown
                        + ". A duplicate _id fails an insert: use " + MongoTableProperties.WRITE_MODE.key()
                        + "=upsert or replace to overwrite existing documents. The query fails; the documents "
                        + "published before this one stay in the collection, the staged ones are dropped");
    }
}
