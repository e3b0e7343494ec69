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
import java.util.Comparator;
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
 * whether it is sharded ({@code config.collections}) and then its chunks, else a {@code $sample} of its {@code _id}s.
 * The planning itself is pure ({@link MongoIdRanges}, {@link MongoChunks}); this class only reads, and
 * {@link MongoIdSample} draws the {@code _id}s that the ranges are cut at.
 *
 * <p>{@code mongo.split.mode}:
 *
 * <ul>
 *   <li>auto: the chunks of a sharded collection; else {@code _id} ranges when the collection is larger than
 *       {@code mongo.split.size-mb} or {@code mongo.split.count} is above 1; else one split. When
 *       {@code config.collections} cannot be read (a user who may not read the config database, a server without it)
 *       the collection gets {@code _id} ranges, with a warning.
 *   <li>sample: {@code _id} ranges: {@code n} = {@code mongo.split.count}, else size / {@code mongo.split.size-mb};
 *       {@code $sample} draws {@value #OVERSAMPLING} {@code _id}s per split (at most {@value #MAX_SAMPLE}), and every
 *       {@code n}-th of them in sorted order is a boundary. This gives {@code n} ranges plus one split for the
 *       {@code _id}s of other types (usually empty): {@code n + 1} splits, fewer when the sample has fewer distinct
 *       values. An empty collection, or {@code n} of 1, gives one split.
 *   <li>chunks: one split per chunk; a collection that is not sharded is an error. There is no fallback: a task whose
 *       chunk query fails (e.g. the shard key's index named by the hint was dropped) fails the query; use sample or auto
 *       then.
 *   <li>single: one split.
 * </ul>
 *
 * <p>Hive's split-count hint is not used: the collection's size is known. Each split's estimated size is the
 * collection's size divided by the number of splits; the splits are shuffled so that tasks spread over the key space.
 */
final class MongoSplitPlanner {
    static final int OVERSAMPLING = 10;
    static final int MAX_SAMPLE = 100_000;
    static final int MAX_SPLITS = 1 << 16;

    private static final int NAMESPACE_NOT_FOUND = 26;
    private static final int COMMAND_NOT_FOUND = 59;
    private static final Logger log = LoggerFactory.getLogger(MongoSplitPlanner.class);

    private MongoSplitPlanner() {}

    /**
     * One planned split: what it reads, its preferred hosts, and what it is for descriptions.
     *
     * @param what e.g. {@code _id in [ObjectId(...), ObjectId(...))}
     */
    record PlannedSplit(MongoSplit split, List<String> hosts, String what) {
        PlannedSplit {
            requireNonNull(split, "split is null");
            hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
            requireNonNull(what, "what is null");
        }
    }

    /** The document count and data size (uncompressed BSON bytes) of a collection. */
    record CollectionSize(long count, long bytes) {}

    // ---------------------------------------------------------------- server side

    /** The splits of a scan of the table; at least one. */
    static List<SplitSpec> plan(MongoTable table, MongoClients.Lease lease) {
        MongoClient client = lease.client();
        CollectionSize size = collectionSize(client.getDatabase(table.database()), table.collection());
        List<PlannedSplit> planned = planned(table, client, lease.collection(), size);
        List<SplitSpec> specs = specs(planned, size);
        log.info(
                "table {}: {} split(s) of {} ({} documents, {} bytes; {}={})",
                table.name(),
                specs.size(),
                table.namespace(),
                size.count(),
                size.bytes(),
                MongoTableProperties.SPLIT_MODE.key(),
                table.splitMode().name().toLowerCase(Locale.ROOT));
        Collections.shuffle(specs, new Random(table.name().hashCode()));
        return specs;
    }

    private static List<PlannedSplit> planned(
            MongoTable table, MongoClient client, MongoCollection<BsonDocument> collection, CollectionSize size) {
        List<String> hosts = MongoChunks.hostNames(
                String.join(",", table.uri().connectionString().getHosts()));
        MongoSplitMode mode = table.splitMode();
        if (mode == MongoSplitMode.SINGLE) {
            return MongoIdRanges.splits(List.of(), hosts);
        }
        if (mode != MongoSplitMode.SAMPLE) {
            Optional<List<PlannedSplit>> chunks = chunkSplits(table, client, mode == MongoSplitMode.CHUNKS);
            if (chunks.isPresent()) {
                return chunks.get();
            }
        }
        int splits = splitCount(size.bytes(), table.splitSizeBytes(), table.splitCount());
        if (splits <= 1 || size.count() == 0) {
            return MongoIdRanges.splits(List.of(), hosts);
        }
        List<BsonValue> sample = MongoIdSample.draw(table, collection, sampleSize(splits));
        Optional<String> bracket = MongoIdRanges.commonBracket(sample);
        if (bracket.isEmpty()) {
            return MongoIdRanges.splits(List.of(), hosts);
        }
        List<BsonValue> values = MongoIdRanges.ofBracket(sample, bracket.get());
        Optional<Comparator<BsonValue>> order = MongoIdRanges.order(bracket.get());
        List<BsonValue> sorted = order.isPresent()
                ? values.stream().sorted(order.get()).toList()
                : MongoIdSample.sortedByServer(collection, values, MongoIdSample.SORT_PIECE_BYTES);
        return MongoIdRanges.splits(MongoIdRanges.boundaries(sorted, splits), hosts);
    }

    /** The chunk splits when the collection is sharded; empty when it is not (an error when {@code required}). */
    private static Optional<List<PlannedSplit>> chunkSplits(MongoTable table, MongoClient client, boolean required) {
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
     * {@code mongo.split.size-mb} rounded up (at least 1, at most {@value #MAX_SPLITS}).
     */
    static int splitCount(long bytes, long splitSizeBytes, int configuredCount) {
        if (configuredCount > 0) {
            return configuredCount;
        }
        if (splitSizeBytes <= 0) {
            throw new IllegalArgumentException("split size must be positive: " + splitSizeBytes);
        }
        long count = bytes / splitSizeBytes + (bytes % splitSizeBytes == 0 ? 0 : 1);
        return (int) Math.max(1, Math.min(MAX_SPLITS, count));
    }

    /** How many {@code _id}s to sample for the given number of splits. */
    static int sampleSize(int splits) {
        return (int) Math.min(MAX_SAMPLE, (long) splits * OVERSAMPLING);
    }

    /** The specs of the planned splits, described as "split i of n: ...", each with an equal share of the size. */
    static List<SplitSpec> specs(List<PlannedSplit> planned, CollectionSize size) {
        if (planned.isEmpty()) {
            throw new IllegalStateException("no split planned");
        }
        long estimatedBytes = size.bytes() / planned.size();
        List<SplitSpec> specs = new ArrayList<>(planned.size());
        for (int i = 0; i < planned.size(); i++) {
            PlannedSplit split = planned.get(i);
            specs.add(new SplitSpec(
                    split.split().toBytes(),
                    split.hosts(),
                    estimatedBytes,
                    "split " + (i + 1) + " of " + planned.size() + ": " + split.what()));
        }
        return specs;
    }
}
