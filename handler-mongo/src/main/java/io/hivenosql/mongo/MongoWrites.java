package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.mongo.bson.BsonRowEncoder;
import java.io.IOException;

/**
 * The write side of {@link MongoConnector}: a task's writer ({@link MongoRecordWriter}) on a client lease it owns until
 * it is closed, the staged insert of a query ({@link MongoStagedInsert}, {@code mongo.write.staging}), and the sinks
 * that apply a DELETE, UPDATE or MERGE when it commits ({@link MongoRowChangeWriter}).
 */
final class MongoWrites {
    private MongoWrites() {}

    /**
     * Opens a writer. Contacts no server: the first batch reports an unreachable one.
     *
     * @throws io.hivenosql.api.error.HandlerException naming both columns when two columns' paths overlap ({@code a}
     *     and {@code a.b})
     */
    static RecordSink openWriter(TableContext context) {
        requireNonNull(context, "context is null");
        MongoTable table = MongoTable.of(context);
        BsonRowEncoder.checkPaths(table.layout());
        MongoClients.Lease lease = MongoClients.acquire(context);
        try {
            return new MongoRecordWriter(table, lease);
        } catch (RuntimeException | Error e) {
            lease.close();
            throw e;
        }
    }

    /**
     * The sink of the keys a DELETE, UPDATE or MERGE deletes ({@link MongoRowChangeWriter}). Contacts no server: the
     * first batch reports an unreachable one.
     */
    static RecordSink openDeleter(TableContext context) {
        return openRowChanges(context, true);
    }

    /**
     * The sink of the rows a DELETE, UPDATE or MERGE upserts ({@link MongoRowChangeWriter}), writing the fields as the
     * collection spells them: reads the collection's first documents ({@link MongoSpellings}) unless the table knows.
     */
    static RecordSink openUpserter(TableContext context) {
        return openRowChanges(MongoSpellings.resolve(context), false);
    }

    private static RecordSink openRowChanges(TableContext context, boolean deletes) {
        requireNonNull(context, "context is null");
        MongoTable table = MongoTable.of(context);
        MongoRowChanges.refused(table).ifPresent(reason -> {
            throw new HandlerException(
                    HandlerErrorCode.UNSUPPORTED_OPERATION,
                    "DELETE, UPDATE and MERGE cannot change table " + table.name() + ": " + reason);
        });
        MongoClients.Lease lease = MongoClients.acquire(context);
        try {
            return new MongoRowChangeWriter(table, lease, deletes);
        } catch (RuntimeException | Error e) {
            lease.close();
            throw e;
        }
    }

    static void beginInsert(TableContext context, String queryId) throws IOException {
        MongoStagedInsert.begin(context, queryId);
    }

    static void commitInsert(TableContext context, String queryId) throws IOException {
        MongoStagedInsert.commit(context, queryId);
    }

    static void rollbackInsert(TableContext context, String queryId) throws IOException {
        MongoStagedInsert.rollback(context, queryId);
    }
}
