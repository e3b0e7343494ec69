package io.hivenosql.mongo;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoServerException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.DeleteOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.result.DeleteResult;
import io.hivenosql.api.config.Suggestions;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The metastore hook's and INSERT OVERWRITE's changes to MongoDB: create (or check) the collection of a Hive table,
 * empty it, drop it. Each leases a client and closes the lease.
 */
final class MongoSchemaChanges {
    private static final Logger log = LoggerFactory.getLogger(MongoSchemaChanges.class);
    /** The server's code for "a collection of that name exists already". */
    private static final int NAMESPACE_EXISTS = 48;
    /** The most similarly named collections a "does not exist yet" warning names. */
    private static final int LISTED_COLLECTIONS = 20;

    private MongoSchemaChanges() {}

    /**
     * Managed (Hive owns the data): creates the collection, which must not exist yet, with the indexes of
     * {@code mongo.indexes}; if an index fails the collection is dropped again, so that nothing half-made stays. Not
     * managed: an external table may name a collection that does not exist yet (mongo-hadoop's export pattern: CREATE
     * EXTERNAL TABLE, then INSERT, and MongoDB creates the collection on its first write); it reads as empty until
     * then, and {@code warnings} gets a warning that lists the database's similarly named collections, so that a typo
     * is still easy to see. ({@code mongo.indexes} is only checked for syntax there: Hive builds no index on a
     * collection it does not own.)
     *
     * @return true only when this call created the collection
     * @throws HandlerException INVALID_TABLE_PROPERTY or COLUMN_NOT_FOUND for a bad {@code mongo.indexes} (before any
     *     server is contacted), UNSUPPORTED_OPERATION when a managed table's collection exists, or the store error of a
     *     failed command
     */
    static boolean create(TableContext context, boolean managed, Consumer<String> warnings) throws IOException {
        MongoTable table = MongoTable.of(context);
        List<MongoIndexes.Index> indexes = table.indexes()
                .map(value -> MongoIndexes.parse(table.name(), value, table.mapping()))
                .orElse(List.of());
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            MongoDatabase database = lease.client().getDatabase(table.database());
            boolean exists = exists(table, database);
            if (!managed) {
                if (!exists) {
                    warnings.accept(missingCollection(table, database));
                }
                if (!indexes.isEmpty()) {
                    log.info(
                            "table {}: {} is ignored for the external collection {}; Hive creates indexes only on "
                                    + "collections it creates",
                            table.name(),
                            MongoTableProperties.INDEXES.key(),
                            table.namespace());
                }
                return false;
            }
            if (exists) {
                throw alreadyExists(table);
            }
            createCollection(table, database);
            createIndexes(table, lease.collection(), indexes);
            log.info(
                    "table {}: created MongoDB collection {} with {} index(es)",
                    table.name(),
                    table.namespace(),
                    indexes.size());
            return true;
        }
    }

    /** The warning of an external table whose collection does not exist yet. */
    private static String missingCollection(MongoTable table, MongoDatabase database) {
        return "table " + table.name() + ": MongoDB collection " + table.namespace() + " does not exist yet at "
                + table.uri().redacted() + "; the table reads as empty until an INSERT writes to it (MongoDB creates "
                + "the collection on its first write). " + similar(table, database) + " If you meant an existing "
                + "collection, drop the table and create it again with the right " + MongoTableProperties.URI.key()
                + " (or " + MongoTableProperties.DATABASE.key() + ", " + MongoTableProperties.COLLECTION.key() + ").";
    }

    private static boolean exists(MongoTable table, MongoDatabase database) {
        try {
            // the names are compared too: a server that ignores the filter (the test double) lists every collection
            for (String name : database.listCollectionNames()
                    .filter(new BsonDocument("name", new BsonString(table.collection())))) {
                if (name.equals(table.collection())) {
                    return true;
                }
            }
            return false;
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(
                    table, "listing the collections of database " + table.database(), e, HandlerErrorCode.STORE_ERROR);
        }
    }

    /**
     * The database's collections whose names resemble the table's (equal ignoring case, one inside the other, or a few
     * edits apart), for the warning of a missing one: up to {@value #LISTED_COLLECTIONS}, or why there are none.
     */
    static String similar(MongoTable table, MongoDatabase database) {
        List<String> names = new ArrayList<>();
        try {
            database.listCollectionNames().into(names);
        } catch (RuntimeException e) {
            return "The collections of database " + table.database() + " cannot be listed: " + MongoErrors.reason(e)
                    + ".";
        }
        if (names.isEmpty()) {
            return "Database " + table.database() + " has no collections yet.";
        }
        List<String> similar = similarNames(table.collection(), names);
        if (similar.isEmpty()) {
            return "Database " + table.database() + " has " + names.size() + " collection(s), none named similarly.";
        }
        return "Similarly named collections of database " + table.database() + ": "
                + String.join(", ", similar.subList(0, Math.min(LISTED_COLLECTIONS, similar.size())))
                + (similar.size() > LISTED_COLLECTIONS ? " and " + (similar.size() - LISTED_COLLECTIONS) + " more" : "")
                + ".";
    }

    /** The names like {@code wanted}, closest first: equal ignoring case, containing or contained, or few edits off. */
    static List<String> similarNames(String wanted, List<String> names) {
        String lower = wanted.toLowerCase(Locale.ROOT);
        int tolerance = Math.max(2, wanted.length() / 4);
        List<String> similar = new ArrayList<>();
        for (String name : names) {
            String other = name.toLowerCase(Locale.ROOT);
            if (name.equals(wanted)) {
                continue;
            }
            if (other.equals(lower)
                    || other.contains(lower)
                    || lower.contains(other)
                    || Suggestions.distance(lower, other) <= tolerance) {
                similar.add(name);
            }
        }
        similar.sort(
                Comparator.comparingInt((String name) -> Suggestions.distance(lower, name.toLowerCase(Locale.ROOT)))
                        .thenComparing(Comparator.naturalOrder()));
        return similar;
    }

    private static void createCollection(MongoTable table, MongoDatabase database) {
        try {
            database.createCollection(table.collection());
        } catch (MongoCommandException e) {
            if (e.getErrorCode() == NAMESPACE_EXISTS) {
                // created by someone else since the check
                throw alreadyExists(table);
            }
            throw MongoErrors.storeError(table, "creating the collection", e, HandlerErrorCode.STORE_ERROR);
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(table, "creating the collection", e, HandlerErrorCode.STORE_ERROR);
        }
    }

    /** Builds the indexes one by one; the first failure drops the new collection again and is thrown. */
    private static void createIndexes(
            MongoTable table, MongoCollection<BsonDocument> collection, List<MongoIndexes.Index> indexes) {
        for (MongoIndexes.Index index : indexes) {
            try {
                collection.createIndex(index.document(), new IndexOptions().unique(index.unique()));
            } catch (RuntimeException e) {
                HandlerException error = indexFailed(table, index, e);
                try {
                    collection.drop();
                } catch (RuntimeException dropFailed) {
                    HandlerException both = new HandlerException(
                            error.errorCode(),
                            error.detail() + ". Dropping the new collection again failed too ("
                                    + MongoErrors.reason(dropFailed) + "): drop " + table.namespace()
                                    + " yourself before creating the table again",
                            e);
                    both.addSuppressed(dropFailed);
                    throw both;
                }
                throw error;
            }
        }
    }

    private static HandlerException indexFailed(MongoTable table, MongoIndexes.Index index, RuntimeException e) {
        String doing = "creating index " + index.document().toJson() + (index.unique() ? " (unique)" : "")
                + " of entry '" + index.entry() + "' of " + MongoTableProperties.INDEXES.key();
        HandlerException error = MongoErrors.storeError(table, doing, e, HandlerErrorCode.STORE_ERROR);
        // a command the server refuses is a property problem; a lost server or refused credentials stay what they are
        HandlerErrorCode code =
                e instanceof MongoServerException ? HandlerErrorCode.INVALID_TABLE_PROPERTY : error.errorCode();
        return new HandlerException(
                code,
                error.detail() + ". The collection was dropped again, so nothing is left behind; fix "
                        + MongoTableProperties.INDEXES.key() + " and create the table again",
                e);
    }

    /**
     * A table Hive manages is one whose collection Hive created: DROP TABLE drops it again. Adopting an existing
     * collection that way would let a later DROP delete data Hive never owned, so it is refused.
     */
    private static HandlerException alreadyExists(MongoTable table) {
        return HandlerException.managedOverExisting(
                table.name(), "MongoDB collection " + table.namespace(), "collection", "the collection");
    }

    /**
     * Deletes the documents the table shows: those matching {@code mongo.input.query}, or all of them. The collection
     * and its indexes stay.
     */
    static void truncate(TableContext context) throws IOException {
        MongoTable table = MongoTable.of(context);
        BsonDocument filter = table.inputQuery().orElseGet(BsonDocument::new);
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            DeleteResult result;
            try {
                // the simple collation, as the readers use: delete exactly the documents the table shows (a server
                // that takes no collation compares as its readers do without one)
                DeleteOptions options = new DeleteOptions();
                if (MongoServerCapabilities.of(lease.client(), lease.collection())
                        .collation()) {
                    options.collation(MongoScan.SIMPLE_COLLATION);
                }
                result = lease.collection().deleteMany(filter, options);
            } catch (RuntimeException e) {
                throw MongoErrors.storeError(
                        table,
                        "deleting the documents of " + table.namespace() + " matching " + filter.toJson()
                                + " (INSERT OVERWRITE or TRUNCATE TABLE)",
                        e,
                        HandlerErrorCode.STORE_ERROR);
            }
            log.info(
                    "table {}: deleted {} document(s) of MongoDB collection {} matching {}",
                    table.name(),
                    result.wasAcknowledged() ? result.getDeletedCount() : "?",
                    table.namespace(),
                    filter.toJson());
        }
    }

    /** Drops the collection (never the database) when {@code purge}; otherwise leaves it. */
    static void drop(TableContext context, boolean purge) throws IOException {
        if (!purge) {
            return;
        }
        MongoTable table = MongoTable.of(context);
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            try {
                lease.collection().drop();
            } catch (RuntimeException e) {
                throw MongoErrors.storeError(table, "dropping the collection", e, HandlerErrorCode.STORE_ERROR);
            }
            log.info("table {}: dropped MongoDB collection {}", table.name(), table.namespace());
        }
    }
}
