package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Pure planning of the splits of a sharded collection from the config database's documents: one split per chunk of
 * {@code config.chunks}, read through mongos as {@code find().min(chunk.min).max(chunk.max).hint(shard key)}, with the
 * hosts of the chunk's shard ({@code config.shards}) for locality. The chunks of a collection cover its shard key's
 * whole range, MinKey to MaxKey, without overlap, so every document is in exactly one split (a document without the
 * shard key sits at null); mongos keeps orphans out.
 *
 * <p>Hashed shard keys ({@code {k: "hashed"}}): chunk bounds are hashed values, and {@code min}/{@code max} with the
 * hint of the hashed index select exactly the documents whose key hashes into the chunk.
 *
 * <p>MongoDB 5.0 and later identify a collection's chunks by the collection's {@code uuid}; older servers by {@code
 * ns}. A {@code config.collections} document marked {@code dropped} (before 5.0) is no collection, and one marked
 * {@code unsplittable} (MongoDB 8's tracked unsharded collections) is not sharded.
 */
final class MongoChunks {
    private MongoChunks() {}

    /**
     * The shard key pattern of a {@code config.collections} document, unless the collection was dropped or is not
     * sharded ({@code unsplittable: true}: MongoDB 8 lists unsharded collections there too).
     */
    static Optional<BsonDocument> keyPattern(BsonDocument collection) {
        requireNonNull(collection, "collection is null");
        if (collection.getBoolean("dropped", BsonBoolean.FALSE).getValue()
                || collection.getBoolean("unsplittable", BsonBoolean.FALSE).getValue()
                || !collection.isDocument("key")
                || collection.getDocument("key").isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(collection.getDocument("key"));
    }

    /** The filter of the collection's documents in {@code config.chunks}: by uuid when it has one, else by ns. */
    static BsonDocument chunksFilter(BsonDocument collection, String namespace) {
        BsonValue uuid = collection.get("uuid");
        return uuid != null ? new BsonDocument("uuid", uuid) : new BsonDocument("ns", new BsonString(namespace));
    }

    /** Host names (no ports) per shard id, from {@code config.shards} documents ({@code host: "rs0/h1:27018,..."}). */
    static Map<String, List<String>> shardHosts(List<BsonDocument> shards) {
        Map<String, List<String>> hosts = new LinkedHashMap<>();
        for (BsonDocument shard : shards) {
            if (shard.isString("_id") && shard.isString("host")) {
                hosts.put(
                        shard.getString("_id").getValue(),
                        hostNames(shard.getString("host").getValue()));
            }
        }
        return hosts;
    }

    /** The host names of a connection string's host list: {@code rs0/a:27018,b:27018} gives a and b. */
    static List<String> hostNames(String hostList) {
        String hostsPart = hostList.substring(hostList.indexOf('/') + 1);
        Set<String> names = new LinkedHashSet<>();
        for (String host : hostsPart.split(",")) {
            String trimmed = host.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            if (trimmed.startsWith("[")) { // [ipv6]:port
                int end = trimmed.indexOf(']');
                names.add(end > 0 ? trimmed.substring(1, end) : trimmed);
            } else {
                int colon = trimmed.lastIndexOf(':');
                names.add(colon > 0 ? trimmed.substring(0, colon) : trimmed);
            }
        }
        return List.copyOf(names);
    }

    /**
     * One split per chunk, in the given order.
     *
     * @throws IllegalArgumentException naming the chunk when a chunk document has no min, max or shard
     */
    static List<MongoPlannedSplit> splits(
            BsonDocument keyPattern, List<BsonDocument> chunks, Map<String, List<String>> shardHosts) {
        requireNonNull(keyPattern, "keyPattern is null");
        List<MongoPlannedSplit> splits = new ArrayList<>(chunks.size());
        for (BsonDocument chunk : chunks) {
            if (!chunk.isDocument("min") || !chunk.isDocument("max") || !chunk.isString("shard")) {
                throw new IllegalArgumentException("config.chunks document " + chunk.toJson()
                        + " lacks its min, max or shard; is this a MongoDB sharded cluster's config database?");
            }
            BsonDocument min = chunk.getDocument("min");
            BsonDocument max = chunk.getDocument("max");
            String shard = chunk.getString("shard").getValue();
            splits.add(new MongoPlannedSplit(
                    MongoSplit.chunk(min, max, keyPattern),
                    shardHosts.getOrDefault(shard, List.of()),
                    "chunk [" + min.toJson() + ", " + max.toJson() + ") of shard " + shard));
        }
        return splits;
    }
}
