package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.MongoWriteException;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.ReplaceOptions;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.spi.QueryTask;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An insert that a retried task attempt cannot duplicate: Hive's file-sink protocol transposed to MongoDB. In
 * HiveServer2 {@link #begin} registers the query's insert into the collection (a new run id); each task attempt inserts
 * into a staging collection of its own ({@link #forTask}), and its successful close registers the attempt as its
 * task's output unless another attempt of the task did so first ({@link Attempt#commit}); a failed attempt drops its
 * staging collection. After the DAG succeeded, {@link #commit} copies the registered attempt of every task into the
 * collection ({@code $merge}, else through the client) and drops every staging collection of the run. Names: {@link
 * MongoStageNames}.
 */
final class MongoStagedInsert {
    private static final Logger log = LoggerFactory.getLogger(MongoStagedInsert.class);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int DUPLICATE_KEY = 11000;

    private MongoStagedInsert() {}

    /** One task attempt's staging collection. */
    record Attempt(MongoTable table, String queryId, String run, QueryTask task, int number, String staging) {
        Attempt {
            requireNonNull(table, "table is null");
            requireNonNull(queryId, "queryId is null");
            requireNonNull(run, "run is null");
            requireNonNull(task, "task is null");
            requireNonNull(staging, "staging is null");
        }

        /**
         * Registers this attempt as its task's output; when an earlier attempt of the task did so (a speculative or
         * retried attempt that also succeeded), drops this attempt's rows instead.
         */
        void commit(MongoClients.Lease lease, long rows) throws IOException {
            String id = MongoStageNames.taskId(table.collection(), queryId, run, task);
            BsonDocument marker = new BsonDocument("_id", new BsonString(id))
                    .append("kind", new BsonString("task"))
                    .append("query", new BsonString(queryId))
                    .append("collection", new BsonString(table.collection()))
                    .append("run", new BsonString(run))
                    .append("vertex", new BsonInt32(task.vertex()))
                    .append("task", new BsonInt32(task.task()))
                    .append("attempt", new BsonInt32(number))
                    .append("staging", new BsonString(staging))
                    .append("rows", new BsonInt64(rows))
                    .append("committed", new BsonDateTime(System.currentTimeMillis()));
            try {
                lease.collection(MongoStageNames.REGISTRY).insertOne(marker);
            } catch (MongoWriteException e) {
                if (e.getError().getCode() != DUPLICATE_KEY) {
                    throw MongoErrors.storeError(
                            table, "registering the staged rows of " + staging, e, HandlerErrorCode.WRITE_FAILED);
                }
                log.info(
                        "table {}: another attempt of task {} committed first; dropping {}",
                        table.name(),
                        task,
                        staging);
                abort(lease);
                return;
            } catch (RuntimeException e) {
                throw MongoErrors.storeError(
                        table, "registering the staged rows of " + staging, e, HandlerErrorCode.WRITE_FAILED);
            }
            log.info("table {}: attempt {} of task {} staged {} rows in {}", table.name(), number, task, rows, staging);
        }

        /** Drops this attempt's staging collection. */
        void abort(MongoClients.Lease lease) {
            try {
                lease.collection(staging).drop();
            } catch (RuntimeException e) {
                log.warn(
                        "table {}: could not drop staging collection {} of a failed attempt ({}); the query's "
                                + "commit drops it",
                        table.name(),
                        staging,
                        e.toString());
            }
        }
    }

    /**
     * The staging collection of a task attempt, when the table stages and HiveServer2 registered the task's query
     * ({@link #begin}); empty otherwise: the attempt writes directly (a query on MapReduce, a CTAS, upsert/replace).
     */
    static Optional<Attempt> forTask(MongoTable table, MongoClients.Lease lease) {
        if (!table.writeStaging() || lease.attempt().task().isEmpty()) {
            return Optional.empty();
        }
        QueryTask task = lease.attempt().task().get();
        Optional<String> registered;
        try {
            registered = run(table, lease, task.queryId());
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(
                    table,
                    "reading the staging registry " + MongoStageNames.REGISTRY,
                    e,
                    HandlerErrorCode.WRITE_FAILED);
        }
        if (registered.isEmpty()) {
            log.info(
                    "table {}: query {} registered no staged insert into {}; inserting directly",
                    table.name(),
                    task.queryId(),
                    table.namespace());
            return Optional.empty();
        }
        String run = registered.get();
        int number = lease.attempt().number();
        String staging = MongoStageNames.staging(table.database(), task.queryId(), run, task, number);
        return Optional.of(new Attempt(table, task.queryId(), run, task, number, staging));
    }

    /** Registers a query's insert (HiveServer2, before the tasks run); drops what an earlier execution left. */
    static void begin(TableContext context, String queryId) throws IOException {
        MongoTable table = MongoTable.of(context);
        if (!table.writeStaging()) {
            return;
        }
        String run = HexFormat.of().formatHex(randomBytes());
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            discard(table, lease, queryId, run(table, lease, queryId));
            BsonDocument insert = new BsonDocument(
                            "_id", new BsonString(MongoStageNames.insertId(table.collection(), queryId)))
                    .append("kind", new BsonString("insert"))
                    .append("query", new BsonString(queryId))
                    .append("table", new BsonString(table.name()))
                    .append("collection", new BsonString(table.collection()))
                    .append("run", new BsonString(run))
                    .append("started", new BsonDateTime(System.currentTimeMillis()));
            lease.collection(MongoStageNames.REGISTRY)
                    .replaceOne(Filters.eq("_id", insert.get("_id")), insert, new ReplaceOptions().upsert(true));
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(
                    table,
                    "registering the staged insert of query " + queryId + " in " + MongoStageNames.REGISTRY,
                    e,
                    HandlerErrorCode.STORE_ERROR);
        }
        log.info(
                "table {}: query {} stages its insert into {} (run {})", table.name(), queryId, table.namespace(), run);
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[4];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    /** Publishes the committed attempt of every task, then drops the run's staging collections and registrations. */
    static void commit(TableContext context, String queryId) throws IOException {
        MongoTable table = MongoTable.of(context);
        if (!table.writeStaging()) {
            return;
        }
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            Optional<String> run = run(table, lease, queryId);
            if (run.isEmpty()) {
                return;
            }
            List<BsonDocument> tasks = registered(table, lease, queryId, run.get());
            long started = System.nanoTime();
            long rows = 0;
            for (BsonDocument task : tasks) {
                String staging = task.getString("staging").getValue();
                rows += MongoStagePublisher.publish(
                        table, lease, staging, task.getNumber("rows").longValue());
            }
            log.info(
                    "table {}: query {} published {} rows of {} task(s) into {} in {} ms",
                    table.name(),
                    queryId,
                    rows,
                    tasks.size(),
                    table.namespace(),
                    (System.nanoTime() - started) / 1_000_000);
            discard(table, lease, queryId, run);
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(
                    table, "publishing the rows query " + queryId + " staged", e, HandlerErrorCode.WRITE_FAILED);
        }
    }

    /** Drops every staging collection and registration of the query's insert into the table. */
    static void rollback(TableContext context, String queryId) throws IOException {
        MongoTable table = MongoTable.of(context);
        if (!table.writeStaging()) {
            return;
        }
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            discard(table, lease, queryId, run(table, lease, queryId));
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(
                    table, "dropping the staging collections of query " + queryId, e, HandlerErrorCode.STORE_ERROR);
        }
    }

    /** The run id the query registered for its insert into the table (see {@link #begin}), if it did. */
    private static Optional<String> run(MongoTable table, MongoClients.Lease lease, String queryId) {
        BsonDocument registered = lease.collection(MongoStageNames.REGISTRY)
                .find(Filters.eq("_id", MongoStageNames.insertId(table.collection(), queryId)))
                .first();
        return registered == null || !registered.isString("run")
                ? Optional.empty()
                : Optional.of(registered.getString("run").getValue());
    }

    private static List<BsonDocument> registered(
            MongoTable table, MongoClients.Lease lease, String queryId, String run) {
        return lease.collection(MongoStageNames.REGISTRY)
                .find(Filters.and(
                        Filters.eq("kind", "task"),
                        Filters.eq("query", queryId),
                        Filters.eq("collection", table.collection()),
                        Filters.eq("run", run)))
                .into(new ArrayList<>());
    }

    /** Drops the staging collections of the query's registered run (if any) and every registration of it. */
    private static void discard(MongoTable table, MongoClients.Lease lease, String queryId, Optional<String> run) {
        if (run.isPresent()) {
            List<String> names = lease.client()
                    .getDatabase(table.database())
                    .listCollectionNames()
                    .into(new ArrayList<>());
            for (String staging : MongoStageNames.ofRun(names, table.database(), queryId, run.get())) {
                lease.collection(staging).drop();
            }
        }
        lease.collection(MongoStageNames.REGISTRY)
                .deleteMany(Filters.and(Filters.eq("query", queryId), Filters.eq("collection", table.collection())));
    }
}
