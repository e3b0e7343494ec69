package io.hivenosql.mongo;

import com.mongodb.MongoInterruptedException;
import com.mongodb.client.model.CountOptions;
import io.hivenosql.api.error.Cancellation;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.pushdown.Filters;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableStatistics;
import io.hivenosql.mongo.bson.BsonText;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The read side of {@link MongoConnector}: pushdown capabilities ({@link MongoPredicateTranslator}), split planning
 * ({@link MongoSplitPlanner}), readers ({@link MongoRecordReader}) and statistics. Every server call leases a shared
 * client and gives it back.
 */
final class MongoReads {
    private static final Logger log = LoggerFactory.getLogger(MongoReads.class);

    private MongoReads() {}

    /**
     * What the table pushes, decided from the mapping alone; only whether a column of an indexed field is read by key
     * asks the server for its indexes ({@link MongoKeyedReads}).
     */
    static FilterCapabilities filterCapabilities(TableContext context) {
        return MongoKeyedReads.capabilities(context);
    }

    /**
     * The splits of a scan (see {@link MongoSplitPlanner}), planned with the scan's filter ({@code mongo.input.query}
     * AND the pushed filter: a pinned {@code _id} is one split, bounds on it bound the ranges) and Hive's hint
     * {@code desiredSplits}, for what the server can do ({@link MongoServerCapabilities}, detected once per client in
     * this JVM; the splits tell the tasks whether to name a collation). Logs the pushed filter as JSON once per scan,
     * in the log of whatever plans the splits (HiveServer2 for fetch tasks, the Tez application master otherwise): {@code table t: pushed filter {...}}; the
     * planner logs how it split the scan and why.
     */
    static List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) throws IOException {
        MongoTable table = MongoTable.of(request.table());
        MongoServerCapabilities server = server(request.table(), table, "planning the splits");
        BsonDocument filter = filter(table, request, server.dialect());
        if (request.filter().isPresent()) {
            log.info(
                    "table {}: pushed filter {}{}",
                    table.name(),
                    Filters.shorten(filter.toJson()),
                    server.dialect().describe());
        } else {
            log.debug("table {}: no filter pushed; reading with {}", table.name(), filter.toJson());
        }
        Optional<List<SplitSpec>> keyed = MongoIdBounds.of(filter).pinned()
                ? MongoKeyedReads.planIds(request, desiredSplits, server)
                : MongoKeyedReads.plan(request, desiredSplits, server);
        if (keyed.isPresent()) {
            return keyed.get();
        }
        try (MongoClients.Lease lease = MongoClients.acquire(request.table())) {
            return MongoSplitPlanner.plan(table, lease.client(), lease.collection(), filter, desiredSplits, server);
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(table, "planning the splits", e, HandlerErrorCode.STORE_ERROR);
        }
    }

    /** A reader of one split: the table's query AND the pushed filter AND the split's range. */
    static RecordSource openReader(ReadRequest request, SplitSpec split) throws IOException {
        MongoTable table = MongoTable.of(request.table());
        MongoScan scan = scan(table, request, MongoSplit.fromBytes(split.payload()));
        MongoClients.Lease lease = MongoClients.acquire(request.table());
        // the reader owns the lease from here: it closes it with itself, or when it fails to open
        return MongoRecordReader.open(table, lease, request, scan, split.description());
    }

    /**
     * The documents of one split that a request of no column selects (the table's query AND the pushed filter AND the
     * split's range), counted by the server with {@code countDocuments} (an aggregation of {@code $match} and
     * {@code $count}) under the simple collation and the table's read preference: exactly the documents the split's
     * reader returns, each of which is a record when no column is read. Empty, so that the split is read, for a
     * request that reads a column, for the chunk of a sharded collection (its index bounds {@code min}/{@code max} have
     * no equivalent in a count), and when the count fails for a transient reason (a lost connection, an election):
     * the reader resumes from those ({@link MongoCursorResume}).
     */
    static OptionalLong countRecords(ReadRequest request, SplitSpec split) throws IOException {
        if (!request.projection().isEmpty()) {
            return OptionalLong.empty();
        }
        MongoTable table = MongoTable.of(request.table());
        MongoScan scan = scan(table, request, MongoSplit.fromBytes(split.payload()));
        if (scan.min().isPresent() || scan.max().isPresent()) {
            return OptionalLong.empty();
        }
        CountOptions options = new CountOptions();
        if (scan.collation()) {
            options.collation(MongoScan.SIMPLE_COLLATION);
        }
        scan.hint().ifPresent(options::hint);
        if (scan.limit().isPresent()) {
            if (scan.limit().getAsLong() <= 0) {
                return OptionalLong.of(0);
            }
            options.limit((int) Math.min(Integer.MAX_VALUE, scan.limit().getAsLong()));
        }
        try (MongoClients.Lease lease = MongoClients.acquire(request.table())) {
            long count = lease.collection().countDocuments(scan.filter(), options);
            log.debug("table {}: {} counts {} documents with {}", table.name(), split.description(), count, scan);
            return OptionalLong.of(count);
        } catch (RuntimeException e) {
            if (Thread.currentThread().isInterrupted() || e instanceof MongoInterruptedException) {
                throw Cancellation.interrupted(
                        "counting the documents of " + split.description() + " of table " + table.name());
            }
            if (MongoCursorResume.resumable(e)) {
                log.info(
                        "table {}: counting the documents of {} failed ({}); reading them instead",
                        table.name(),
                        split.description(),
                        MongoErrors.reason(e));
                return OptionalLong.empty();
            }
            throw MongoErrors.readFailed(table, "counting the documents of " + split.description(), e);
        }
    }

    /**
     * The collection's document count and data size (uncompressed BSON bytes) from {@code collStats}. They are the
     * whole collection's, even when {@code mongo.input.query} shows only a part of it (the optimizer then expects more
     * rows than the table has).
     */
    static Optional<TableStatistics> statistics(TableContext context) throws IOException {
        MongoTable table = MongoTable.of(context);
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            MongoSplitPlanner.CollectionSize size =
                    MongoSplitPlanner.collectionSize(lease.client().getDatabase(table.database()), table.collection());
            return Optional.of(new TableStatistics(size.count(), size.bytes()));
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(table, "reading the collection's statistics", e, HandlerErrorCode.STORE_ERROR);
        }
    }

    /**
     * What the table's server can do ({@link MongoServerCapabilities}, with its {@link MongoDialect}: which values
     * pushed filters may name), detected once per shared client in this JVM: where the pushdown is decided (HiveServer2
     * compiling the query) and where splits are planned; the splits carry it to the tasks, which translate the pushed
     * filter again and must name the same values.
     *
     * @throws HandlerException when the server cannot be asked ({@code doing} says what for)
     */
    static MongoServerCapabilities server(TableContext context, MongoTable table, String doing) {
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            return MongoServerCapabilities.of(lease.client(), lease.collection());
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(
                    table,
                    doing + " (asking the server what it can do: buildInfo, probes)",
                    e,
                    HandlerErrorCode.STORE_ERROR);
        }
    }

    /**
     * The cursor of one split: {@code mongo.input.query} AND the pushed filter (translated for the split's server,
     * {@link MongoSplit#dialect}) AND the split's range; or the split's range alone when it is the scan's whole filter
     * ({@link MongoSplit#wholeFilter}).
     */
    static MongoScan scan(MongoTable table, ReadRequest request, MongoSplit split) {
        if (split.wholeFilter()) {
            return split.scan(split.range(), request.limit());
        }
        return split.scan(and(table, request, split.range(), split.dialect()), request.limit());
    }

    /**
     * The scan's filter without the split's range: {@code mongo.input.query} AND the pushed filter, translated for a
     * server of the dialect.
     */
    static BsonDocument filter(MongoTable table, ReadRequest request, MongoDialect dialect) {
        return and(table, request, new BsonDocument(), dialect);
    }

    private static BsonDocument and(MongoTable table, ReadRequest request, BsonDocument range, MongoDialect dialect) {
        List<BsonDocument> parts = new ArrayList<>();
        table.inputQuery().filter(query -> !query.isEmpty()).ifPresent(query -> {
            checkSendable(table, query, dialect);
            parts.add(query);
        });
        if (request.filter().isPresent()) {
            try {
                // the NOT NULL Hive adds beside a join's key list is implied by it; without it the test server reads
                // an _id list through its index instead of testing every document against the list
                parts.add(MongoPredicateTranslator.of(table, dialect)
                        .toBson(Filters.withoutImpliedNotNull(request.filter().get())));
            } catch (IllegalArgumentException e) {
                throw new HandlerException(
                        HandlerErrorCode.INTERNAL_ERROR,
                        e.getMessage() + "; SET hive.optimize.ppd.storage=false for this query, and report it",
                        e);
            }
        }
        if (!range.isEmpty() && !range.equals(combined(parts))) {
            // a split of a pinned _id carries the whole filter it was planned with: nothing to add when the task's
            // filter is that filter
            parts.add(range);
        }
        return combined(parts);
    }

    /**
     * Fails, naming the property, when {@code mongo.input.query} names a value the server refuses to receive (FerretDB
     * 1.x drops the connection of a query with a NaN, a decimal128, MinKey or MaxKey: the driver would say only
     * "Prematurely reached end of stream").
     */
    private static void checkSendable(MongoTable table, BsonDocument query, MongoDialect dialect) {
        dialect.firstRefusedInFilter(query).ifPresent(unheld -> {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_TABLE_PROPERTY,
                    "table " + table.name() + ": property '" + MongoTableProperties.INPUT_QUERY.key() + "' holds a "
                            + unheld.value().getBsonType() + " value (" + BsonText.json(unheld.value()) + ") at "
                            + unheld.path()
                            + ", which the server (" + dialect.server() + ") cannot receive: it holds no such value, "
                            + "so that a condition on it matches nothing (negated, everything): write the query without it");
        });
    }

    private static BsonDocument combined(List<BsonDocument> parts) {
        return switch (parts.size()) {
            case 0 -> new BsonDocument();
            case 1 -> parts.get(0);
            default -> new BsonDocument("$and", new BsonArray(parts));
        };
    }
}
