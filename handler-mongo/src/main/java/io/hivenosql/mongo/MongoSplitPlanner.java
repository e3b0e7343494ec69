package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.MongoException;
import com.mongodb.MongoServerException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SplitSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Supplier;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Plans the splits of a scan from what the server tells: the collection's size ({@code collStats} count and size),
 * whether it is sharded ({@code config.collections}) and then its chunks, else a {@code $sample} of its {@code _id}s,
 * or on a server without {@code $sample} ({@link MongoServerCapabilities}) ranges interpolated between its first and
 * last {@code _id} ({@link MongoIdInterpolation}). The planning itself is pure ({@link MongoIdRanges},
 * {@link MongoChunks}); this class only reads, and {@link MongoIdSample} draws the {@code _id}s that the ranges are
 * cut at.
 *
 * <p>First the scan's filter ({@code mongo.input.query} AND the pushed filter), whatever the mode: when it pins
 * {@code _id} ({@code _id = v}, {@code _id IN (...)}, also inside an AND; {@link MongoIdBounds}) the scan is one split,
 * planned without any server call (no {@code collStats}, no sample, no {@code config} read, so also with {@code chunks}
 * on a collection that is not sharded; only what the server can do is asked, once per client): its reader finds the
 * documents through the {@code _id} index. Then {@code mongo.split.mode}:
 *
 * <ul>
 *   <li>auto: the chunks of a sharded collection; else {@code _id} ranges when the collection is larger than
 *       {@code mongo.split.size-mb} or {@code mongo.split.count} is above 1; else one split. When
 *       {@code config.collections} cannot be read (a user who may not read the config database, a server without it)
 *       the collection gets {@code _id} ranges, with a warning.
 *   <li>sample: {@code _id} ranges: {@code n} = {@code mongo.split.count}, else size / {@code mongo.split.size-mb}
 *       but at most Hive's hint; {@code $sample} draws {@value #OVERSAMPLING} {@code _id}s per split (at most
 *       {@value #MAX_SAMPLE}), and every {@code n}-th of them in sorted order is a boundary. This gives {@code n}
 *       ranges plus one split for the {@code _id}s of other types (usually empty): {@code n + 1} splits, fewer when the
 *       sample has fewer distinct values. An empty collection, or {@code n} of 1, gives one split (and no sample). When
 *       the filter bounds {@code _id} ({@code >}, {@code >=}, {@code <}, {@code <=}, BETWEEN of one type bracket), the
 *       ranges are cut only at the sampled {@code _id}s within the bounds, about {@code n} times their share of the
 *       sample of them, and no split of other types is planned: the filter selects none. On a server without
 *       {@code $sample} (FerretDB 1.x; {@link MongoServerCapabilities}), auto and sample interpolate {@code n} ranges
 *       between the first and the last {@code _id} (within the bounds) instead, or plan one split where the
 *       {@code _id}s are not interpolated ({@link MongoIdInterpolation}); no stage the server lacks is called. On a
 *       server that takes no collation, string, document and binary {@code _id}s are one split ({@link
 *       MongoIdSample#plan}). On a server that reads an {@code _id} range by scanning the whole collection (FerretDB
 *       1.x, {@link MongoDialect#idRangesReadOnlyTheRange}), auto plans one split unless {@code mongo.split.count} is
 *       set: {@code n} ranges would read the collection {@code n} times.
 *   <li>chunks: one split per chunk; a collection that is not sharded is an error. There is no fallback: a task whose
 *       chunk query fails (e.g. the shard key's index named by the hint was dropped) fails the query; use sample or auto
 *       then.
 *   <li>single: one split.
 * </ul>
 *
 * <p>What wins: a pinned {@code _id}, then {@code mongo.split.mode=single} or chunks (never merged nor cut by Hive's
 * hint), then {@code mongo.split.count}, exact, whatever Hive's hint; otherwise Hive's hint ({@code desiredSplits > 0};
 * 1 for a fetch task, the available task slots on Tez) caps the count sized from {@code mongo.split.size-mb}, so a
 * fetch task reads one split and draws no sample. Each split's estimated size is the collection's size (times the
 * share of the sample within {@code _id} bounds) divided by the number of splits; the splits are shuffled so that
 * tasks spread over the key space.
 */
final class MongoSplitPlanner {
    static final int OVERSAMPLING = 10;
    static final int MAX_SAMPLE = 100_000;
    static final int MAX_SPLITS = 1 << 16;

    private static final int NAMESPACE_NOT_FOUND = 26;
    private static final int COMMAND_NOT_FOUND = 59;
    private static final Logger log = LoggerFactory.getLogger(MongoSplitPlanner.class);

    private MongoSplitPlanner() {}

    /** The document count and data size (uncompressed BSON bytes) of a collection. */
    record CollectionSize(long count, long bytes) {}

    // ---------------------------------------------------------------- server side

    /**
     * How a scan is split, and why (logged once per scan).
     *
     * @param bytes the estimated bytes the splits read, shared out among them
     */
    record Plan(List<MongoPlannedSplit> splits, long bytes, String how) {
        Plan {
            splits = List.copyOf(requireNonNull(splits, "splits is null"));
            requireNonNull(how, "how is null");
        }
    }

    /**
     * The splits of a scan of the table; at least one. Logs once, in the log of whatever plans the splits, how they were
     * planned and why, e.g. {@code table t: 1 split(s) of db.c: _id pinned by the filter (= or IN), no sample}.
     *
     * @param filter the scan's filter as MongoDB runs it ({@code mongo.input.query} AND the pushed filter; empty for
     *     none), read for what it says of {@code _id} ({@link MongoIdBounds}); each split's reader applies it too
     * @param desiredSplits Hive's hint (0: none), see the class documentation
     */
    static List<SplitSpec> plan(
            MongoTable table,
            MongoClient client,
            MongoCollection<BsonDocument> collection,
            BsonDocument filter,
            int desiredSplits) {
        return plan(table, client, collection, filter, desiredSplits, MongoServerCapabilities.of(client, collection));
    }

    /**
     * As {@link #plan(MongoTable, MongoClient, MongoCollection, BsonDocument, int)}, for a server that can do what
     * {@code server} says: without {@code $sample} the {@code _id} ranges are interpolated ({@link
     * MongoIdInterpolation}); without collations no query names one, and {@code _id}s whose order depends on it (strings,
     * documents, binaries) are not cut.
     */
    static List<SplitSpec> plan(
            MongoTable table,
            MongoClient client,
            MongoCollection<BsonDocument> collection,
            BsonDocument filter,
            int desiredSplits,
            MongoServerCapabilities server) {
        MongoIdBounds bounds = MongoIdBounds.of(filter);
        List<String> hosts = MongoChunks.hostNames(
                String.join(",", table.uri().connectionString().getHosts()));
        Plan plan;
        if (bounds.pinned()) {
            // the split carries the filter it was planned with: join keys that Tez's dynamic pruning added to the
            // scan's filter (runtime join-key pushdown) are in the application master's filter only, not the task's
            MongoPlannedSplit lookup =
                    new MongoPlannedSplit(MongoSplit.ofWholeFilter(filter), hosts, "the _ids the filter lists");
            plan = new Plan(List.of(lookup), 0, "_id pinned by the filter (= or IN), no sample");
        } else {
            CollectionSize size = collectionSize(client.getDatabase(table.database()), table.collection());
            Plan planned = planned(table, client, collection, size, bounds, desiredSplits, hosts, server);
            plan = new Plan(
                    planned.splits(),
                    planned.bytes(),
                    planned.how() + "; " + size.count() + " documents, " + size.bytes() + " bytes");
        }
        List<MongoPlannedSplit> splits = plan.splits();
        if (!server.collation() || !server.dialect().full()) {
            splits = splits.stream()
                    .map(split -> new MongoPlannedSplit(split.split().forServer(server), split.hosts(), split.what()))
                    .toList();
        }
        List<SplitSpec> specs = specs(splits, plan.bytes());
        log.info(
                "table {}: {} split(s) of {} on {}: {} ({}={})",
                table.name(),
                specs.size(),
                table.namespace(),
                server.describe(),
                plan.how(),
                MongoTableProperties.SPLIT_MODE.key(),
                table.splitMode().name().toLowerCase(Locale.ROOT));
        Collections.shuffle(specs, new Random(table.name().hashCode()));
        return specs;
    }

    private static Plan planned(
            MongoTable table,
            MongoClient client,
            MongoCollection<BsonDocument> collection,
            CollectionSize size,
            MongoIdBounds bounds,
            int desiredSplits,
            List<String> hosts,
            MongoServerCapabilities server) {
        MongoSplitMode mode = table.splitMode();
        if (mode == MongoSplitMode.SINGLE) {
            return new Plan(MongoIdRanges.splits(List.of(), hosts), size.bytes(), "one split by the mode");
        }
        if (mode != MongoSplitMode.SAMPLE) {
            Optional<List<MongoPlannedSplit>> chunks = chunkSplits(table, client, mode == MongoSplitMode.CHUNKS);
            if (chunks.isPresent()) {
                return new Plan(chunks.get(), size.bytes(), "one split per chunk of the sharded collection");
            }
        }
        int splits = splitCount(size.bytes(), table.splitSizeBytes(), table.splitCount(), desiredSplits);
        String counted = splitCountReason(table, splits, desiredSplits);
        if (splits <= 1 || size.count() == 0) {
            return new Plan(MongoIdRanges.splits(List.of(), hosts), size.bytes(), "no sample: " + counted);
        }
        if (mode == MongoSplitMode.AUTO
                && table.splitCount() <= 0
                && !server.dialect().idRangesReadOnlyTheRange()) {
            return new Plan(
                    MongoIdRanges.splits(List.of(), hosts),
                    size.bytes(),
                    "one split: " + server.server() + " reads an _id range by scanning the whole collection, so "
                            + splits + " range splits would read it " + splits + " times (mongo.split.count or "
                            + "mongo.split.mode=sample cut it anyway)");
        }
        if (!server.sample()) {
            return MongoIdInterpolation.plan(collection, size, bounds, splits, hosts, counted);
        }
        return MongoIdSample.plan(table, collection, size, bounds, splits, hosts, counted, server);
    }

    /** The chunk splits when the collection is sharded; empty when it is not (an error when {@code required}). */
    private static Optional<List<MongoPlannedSplit>> chunkSplits(
            MongoTable table, MongoClient client, boolean required) {
        MongoDatabase config = client.getDatabase("config");
        Optional<BsonDocument> entry =
                shardingEntry(table, required, () -> config.getCollection("collections", BsonDocument.class)
                        .find(new BsonDocument("_id", new BsonString(table.namespace())))
                        .first());
        if (entry.isEmpty()) {
            return Optional.empty();
        }
        BsonDocument collection = entry.get();
        Optional<BsonDocument> key = MongoChunks.keyPattern(collection);
        if (key.isEmpty()) {
            if (required) {
                throw notSharded(table, "its config.collections entry has no shard key: dropped or unsplittable");
            }
            return Optional.empty();
        }
        List<BsonDocument> chunks = new ArrayList<>();
        config.getCollection("chunks", BsonDocument.class)
                .find(MongoChunks.chunksFilter(collection, table.namespace()))
                .sort(new BsonDocument("min", new BsonInt32(1)))
                .into(chunks);
        if (chunks.isEmpty() && collection.containsKey("uuid")) {
            config.getCollection("chunks", BsonDocument.class)
                    .find(new BsonDocument("ns", new BsonString(table.namespace())))
                    .sort(new BsonDocument("min", new BsonInt32(1)))
                    .into(chunks);
        }
        if (chunks.isEmpty()) {
            if (required) {
                throw notSharded(table, "config.chunks has no chunk of it");
            }
            log.warn(
                    "table {}: {} is sharded but config.chunks lists no chunk of it; splitting by _id ranges",
                    table.name(),
                    table.namespace());
            return Optional.empty();
        }
        Map<String, List<String>> shardHosts = MongoChunks.shardHosts(
                config.getCollection("shards", BsonDocument.class).find().into(new ArrayList<>()));
        try {
            return Optional.of(MongoChunks.splits(key.get(), chunks, shardHosts));
        } catch (IllegalArgumentException e) {
            throw new HandlerException(
                    HandlerErrorCode.STORE_ERROR,
                    "table " + table.name() + ": cannot plan the chunk splits of " + table.namespace() + ": "
                            + e.getMessage() + "; set " + MongoTableProperties.SPLIT_MODE.key() + "=sample",
                    e);
        }
    }

    /**
     * The collection's {@code config.collections} document as {@code read} returns it; empty when there is none, or
     * when reading fails and the chunks are not {@code required} (auto mode: the {@code _id} ranges are exact whether
     * the collection is sharded or not, so any failure, not only a missing privilege, falls back to them).
     *
     * @throws HandlerException INVALID_TABLE_PROPERTY when required and there is no document
     */
    static Optional<BsonDocument> shardingEntry(MongoTable table, boolean required, Supplier<BsonDocument> read) {
        BsonDocument collection;
        try {
            collection = read.get();
        } catch (MongoException e) {
            if (required) {
                throw e;
            }
            log.warn(
                    "table {}: cannot read config.collections ({}); splitting {} by _id ranges, which is exact "
                            + "whether it is sharded or not",
                    table.name(),
                    e.getMessage(),
                    table.namespace());
            return Optional.empty();
        }
        if (collection == null && required) {
            throw notSharded(table, "config.collections has no entry for it");
        }
        return Optional.ofNullable(collection);
    }

    private static HandlerException notSharded(MongoTable table, String why) {
        return new HandlerException(
                HandlerErrorCode.INVALID_TABLE_PROPERTY,
                "table " + table.name() + ": " + MongoTableProperties.SPLIT_MODE.key() + "=chunks, but "
                        + table.namespace() + " is not a sharded collection (" + why + "); use "
                        + MongoTableProperties.SPLIT_MODE.key() + "=auto or sample");
    }

    /**
     * The collection's count and size from {@code collStats} (or the {@code $collStats} stage where the command is
     * gone); 0 and 0 for a collection that does not exist.
     */
    static CollectionSize collectionSize(MongoDatabase database, String collection) {
        BsonDocument stats;
        try {
            stats = database.runCommand(new BsonDocument("collStats", new BsonString(collection)), BsonDocument.class);
        } catch (MongoServerException e) {
            if (e.getCode() == NAMESPACE_NOT_FOUND) {
                return new CollectionSize(0, 0);
            }
            if (e.getCode() != COMMAND_NOT_FOUND) {
                throw e;
            }
            long count = 0;
            long bytes = 0;
            for (BsonDocument shard : database.getCollection(collection, BsonDocument.class)
                    .aggregate(List.of(
                            new BsonDocument("$collStats", new BsonDocument("storageStats", new BsonDocument()))))) {
                BsonDocument storage = shard.getDocument("storageStats", new BsonDocument());
                count += number(storage, "count");
                bytes += number(storage, "size");
            }
            return new CollectionSize(count, bytes);
        }
        return new CollectionSize(number(stats, "count"), number(stats, "size"));
    }

    private static long number(BsonDocument document, String key) {
        BsonValue value = document.get(key);
        return value != null && value.isNumber() ? Math.max(0, value.asNumber().longValue()) : 0;
    }

    // ---------------------------------------------------------------- pure

    /**
     * The number of {@code _id} range splits: {@code mongo.split.count} when set, else the size over
     * {@code mongo.split.size-mb} rounded up (at least 1, at most {@value #MAX_SPLITS}), at most Hive's hint when it
     * gives one ({@code desiredSplits > 0}).
     */
    static int splitCount(long bytes, long splitSizeBytes, int configuredCount, int desiredSplits) {
        if (configuredCount > 0) {
            return configuredCount;
        }
        if (splitSizeBytes <= 0) {
            throw new IllegalArgumentException("split size must be positive: " + splitSizeBytes);
        }
        long count = bytes / splitSizeBytes + (bytes % splitSizeBytes == 0 ? 0 : 1);
        if (desiredSplits > 0) {
            count = Math.min(count, desiredSplits);
        }
        return (int) Math.max(1, Math.min(MAX_SPLITS, count));
    }

    /** Why {@link #splitCount} gave {@code splits}, for the log. */
    private static String splitCountReason(MongoTable table, int splits, int desiredSplits) {
        if (table.splitCount() > 0) {
            return MongoTableProperties.SPLIT_COUNT.key() + "=" + table.splitCount();
        }
        String bySize = splits + " split(s) of " + MongoTableProperties.SPLIT_SIZE_MB.key() + "="
                + table.splitSizeBytes() / (1 << 20);
        return desiredSplits > 0 ? bySize + " at most, and at most Hive's hint of " + desiredSplits : bySize;
    }

    /** How many {@code _id}s to sample for the given number of splits. */
    static int sampleSize(int splits) {
        return (int) Math.min(MAX_SAMPLE, (long) splits * OVERSAMPLING);
    }

    /** The specs of the planned splits, described as "split i of n: ...", each with an equal share of the bytes. */
    static List<SplitSpec> specs(List<MongoPlannedSplit> planned, long bytes) {
        if (planned.isEmpty()) {
            throw new IllegalStateException("no split planned");
        }
        long estimatedBytes = bytes / planned.size();
        List<SplitSpec> specs = new ArrayList<>(planned.size());
        for (int i = 0; i < planned.size(); i++) {
            MongoPlannedSplit split = planned.get(i);
            specs.add(new SplitSpec(
                    split.split().toBytes(),
                    split.hosts(),
                    estimatedBytes,
                    "split " + (i + 1) + " of " + planned.size() + ": " + split.what()));
        }
        return specs;
    }
}
