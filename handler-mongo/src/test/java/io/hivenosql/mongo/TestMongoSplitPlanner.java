package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.mongo.MongoSplitPlanner.CollectionSize;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.UuidRepresentation;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** Split planning without a server: boundaries from sorted samples, range splits, chunk splits, sizes. */
class TestMongoSplitPlanner {
    private static final List<String> HOSTS = List.of("db1");

    private static List<BsonValue> objectIds(int count) {
        List<BsonValue> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(new BsonObjectId(new ObjectId(String.format("65f0a1b2c3d4e5f6%08x", i))));
        }
        return ids;
    }

    private static List<BsonValue> ints(int... values) {
        List<BsonValue> result = new ArrayList<>();
        for (int value : values) {
            result.add(new BsonInt32(value));
        }
        return result;
    }

    @Test
    void boundariesCutTheSampleIntoEqualParts() {
        List<BsonValue> sample = objectIds(100);
        assertThat(MongoIdRanges.boundaries(sample, 4)).containsExactly(sample.get(25), sample.get(50), sample.get(75));
        assertThat(MongoIdRanges.boundaries(sample, 1)).isEmpty();
        assertThat(MongoIdRanges.boundaries(sample, 100)).hasSize(99).doesNotContain(sample.get(0));
        assertThat(MongoIdRanges.boundaries(sample, 1000)).hasSize(99); // no more than the distinct values allow
        assertThat(MongoIdRanges.boundaries(List.of(), 8)).isEmpty();
        assertThatThrownBy(() -> MongoIdRanges.boundaries(sample, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void duplicateSampleValuesGiveDistinctBoundaries() {
        assertThat(MongoIdRanges.boundaries(ints(1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3), 3))
                .containsExactly(new BsonInt32(2), new BsonInt32(3));
        assertThat(MongoIdRanges.boundaries(ints(7, 7, 7, 7, 7, 7), 4)).isEmpty();
        assertThat(MongoIdRanges.boundaries(ints(7), 4)).isEmpty(); // a one-document collection: one split
        // 5, 5L and 5.0 are one value to MongoDB
        List<BsonValue> equalNumbers =
                List.of(new BsonInt32(1), new BsonInt32(5), new BsonInt64(5), new BsonDouble(5.0), new BsonInt32(9));
        assertThat(MongoIdRanges.boundaries(equalNumbers, 3)).containsExactly(new BsonInt32(5), new BsonInt32(9));
    }

    @Test
    void boundariesAreOfTheSamplesMostCommonBracket() {
        List<BsonValue> sample = new ArrayList<>();
        sample.add(BsonNull.VALUE);
        sample.add(new BsonDouble(Double.NaN));
        sample.addAll(ints(1, 2, 3));
        sample.add(new BsonString("a"));
        sample.addAll(objectIds(6));
        sample.add(new BsonMaxKey());
        assertThat(MongoIdRanges.boundaries(sample, 3))
                .containsExactly(sample.get(8), sample.get(10))
                .allMatch(value -> value.isObjectId());
        // numbers of mixed types are one bracket; NaN is never a boundary
        List<BsonValue> numbers = List.of(
                new BsonDouble(Double.NaN),
                new BsonInt32(1),
                new BsonInt64(2),
                new BsonDouble(2.5),
                new BsonInt32(3),
                new BsonString("x"));
        assertThat(MongoIdRanges.boundaries(numbers, 2)).containsExactly(new BsonDouble(2.5));
        assertThat(MongoIdRanges.boundaries(List.of(BsonNull.VALUE, new BsonMinKey()), 4))
                .isEmpty();
    }

    @Test
    void rangeSplitsCoverEveryBracketOnce() {
        BsonValue b1 = new BsonInt32(10);
        BsonValue b2 = new BsonInt64(20);
        List<MongoPlannedSplit> splits = MongoIdRanges.splits(List.of(b1, b2), HOSTS);
        assertThat(splits)
                .extracting(split -> split.split().range())
                .containsExactly(
                        BsonDocument.parse("{_id: {$lt: 10}}"),
                        BsonDocument.parse("{_id: {$gte: 10, $lt: NumberLong(20)}}"),
                        BsonDocument.parse("{_id: {$gte: NumberLong(20)}}"),
                        BsonDocument.parse("{$and: [{_id: {$not: {$lt: 10}}}, {_id: {$not: {$gte: 10}}}]}"));
        assertThat(splits)
                .extracting(MongoPlannedSplit::what)
                .containsExactly(
                        "_id < 10",
                        "_id in [10, 20L)",
                        "_id >= 20L",
                        "_id of another type than number (neither < nor >= 10)");
        assertThat(splits)
                .allMatch(split ->
                        split.hosts().equals(HOSTS) && split.split().hint().isEmpty());

        List<MongoPlannedSplit> whole = MongoIdRanges.splits(List.of(), HOSTS);
        assertThat(whole).hasSize(1);
        assertThat(whole.get(0).split()).isEqualTo(MongoSplit.whole());
        assertThat(whole.get(0).what()).isEqualTo("the whole collection");

        ObjectId oid = new ObjectId("65f0a1b2c3d4e5f6a7b8c9d0");
        assertThat(MongoIdRanges.splits(List.of(new BsonObjectId(oid)), HOSTS))
                .extracting(MongoPlannedSplit::what)
                .containsExactly(
                        "_id < ObjectId(65f0a1b2c3d4e5f6a7b8c9d0)",
                        "_id >= ObjectId(65f0a1b2c3d4e5f6a7b8c9d0)",
                        "_id of another type than objectId (neither < nor >= ObjectId(65f0a1b2c3d4e5f6a7b8c9d0))");
    }

    @Test
    void describesBoundariesBriefly() {
        assertThat(MongoIdRanges.describe(new BsonString("x".repeat(100))))
                .hasSize(63)
                .endsWith("...");
        assertThat(MongoIdRanges.describe(BsonDocument.parse("{a: 1, b: 'x'}"))).isEqualTo("{\"a\": 1, \"b\": \"x\"}");
        assertThat(MongoIdRanges.describe(new org.bson.BsonDateTime(0))).isEqualTo("Date(1970-01-01T00:00:00Z)");
    }

    @Test
    void splitCountsFromSizeOrProperty() {
        long mb = 1 << 20;
        assertThat(MongoSplitPlanner.splitCount(0, 64 * mb, 0, 0)).isEqualTo(1);
        assertThat(MongoSplitPlanner.splitCount(64 * mb, 64 * mb, 0, 0)).isEqualTo(1);
        assertThat(MongoSplitPlanner.splitCount(64 * mb + 1, 64 * mb, 0, 0)).isEqualTo(2);
        assertThat(MongoSplitPlanner.splitCount(10 * mb, 64 * mb, 7, 0)).isEqualTo(7);
        assertThat(MongoSplitPlanner.splitCount(Long.MAX_VALUE, mb, 0, 0)).isEqualTo(MongoSplitPlanner.MAX_SPLITS);
        // Hive's hint caps the count sized from the data, never mongo.split.count, and never raises it
        assertThat(MongoSplitPlanner.splitCount(640 * mb, 64 * mb, 0, 3)).isEqualTo(3);
        assertThat(MongoSplitPlanner.splitCount(640 * mb, 64 * mb, 0, 1)).isEqualTo(1);
        assertThat(MongoSplitPlanner.splitCount(128 * mb, 64 * mb, 0, 16)).isEqualTo(2);
        assertThat(MongoSplitPlanner.splitCount(10 * mb, 64 * mb, 7, 1)).isEqualTo(7);
        assertThat(MongoSplitPlanner.splitCount(Long.MAX_VALUE, mb, 0, 1 << 20))
                .isEqualTo(MongoSplitPlanner.MAX_SPLITS);
        assertThat(MongoSplitPlanner.sampleSize(7)).isEqualTo(70);
        assertThat(MongoSplitPlanner.sampleSize(1 << 16)).isEqualTo(MongoSplitPlanner.MAX_SAMPLE);
    }

    @Test
    void specsNumberTheSplitsAndShareTheSize() throws IOException {
        List<MongoPlannedSplit> planned = MongoIdRanges.splits(List.of(new BsonInt32(10)), HOSTS);
        List<SplitSpec> specs = MongoSplitPlanner.specs(planned, new CollectionSize(100, 3000).bytes());
        assertThat(specs)
                .extracting(SplitSpec::description)
                .containsExactly(
                        "split 1 of 3: _id < 10",
                        "split 2 of 3: _id >= 10",
                        "split 3 of 3: _id of another type than number (neither < nor >= 10)");
        assertThat(specs)
                .allMatch(spec -> spec.estimatedBytes() == 1000 && spec.hosts().equals(HOSTS));
        for (int i = 0; i < specs.size(); i++) {
            assertThat(MongoSplit.fromBytes(specs.get(i).payload()))
                    .isEqualTo(planned.get(i).split());
        }
    }

    // ---------------------------------------------------------------- chunks

    /** A config.collections document as MongoDB 5.0 and later write it. */
    private static BsonDocument collection(UUID uuid, BsonDocument key) {
        return new BsonDocument("_id", new BsonString("shop.orders"))
                .append("lastmodEpoch", new BsonObjectId(new ObjectId()))
                .append("lastmod", new org.bson.BsonDateTime(1_700_000_000_000L))
                .append("timestamp", new BsonTimestamp(1_700_000_000, 1))
                .append("uuid", new BsonBinary(uuid, UuidRepresentation.STANDARD))
                .append("key", key)
                .append("unique", org.bson.BsonBoolean.FALSE)
                .append("noBalance", org.bson.BsonBoolean.FALSE);
    }

    /** A config.chunks document as MongoDB 5.0 and later write it (by uuid, no ns). */
    private static BsonDocument chunk(UUID uuid, BsonDocument min, BsonDocument max, String shard) {
        return new BsonDocument("_id", new BsonObjectId(new ObjectId()))
                .append("uuid", new BsonBinary(uuid, UuidRepresentation.STANDARD))
                .append("min", min)
                .append("max", max)
                .append("shard", new BsonString(shard))
                .append("lastmod", new BsonTimestamp(1, 0))
                .append("onCurrentShardSince", new BsonTimestamp(1_700_000_000, 1))
                .append(
                        "history",
                        new BsonArray(List.of(new BsonDocument("validAfter", new BsonTimestamp(1, 0))
                                .append("shard", new BsonString(shard)))));
    }

    private static final List<BsonDocument> SHARDS = List.of(
            BsonDocument.parse("{_id: 'rs0', host: 'rs0/h1.example.com:27018,h2.example.com:27018', state: 1}"),
            BsonDocument.parse("{_id: 'rs1', host: 'rs1/[::1]:27019', state: 1, topologyTime: Timestamp(1, 1)}"));

    @Test
    void oneSplitPerChunkWithItsShardsHosts() {
        UUID uuid = UUID.fromString("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
        BsonDocument key = BsonDocument.parse("{customer: 1, order: 1}");
        BsonDocument config = collection(uuid, key);
        assertThat(MongoChunks.keyPattern(config)).contains(key);
        assertThat(MongoChunks.chunksFilter(config, "shop.orders"))
                .isEqualTo(new BsonDocument("uuid", new BsonBinary(uuid, UuidRepresentation.STANDARD)));

        BsonDocument low = new BsonDocument("customer", new BsonMinKey()).append("order", new BsonMinKey());
        BsonDocument middle = BsonDocument.parse("{customer: 'm', order: 17}");
        BsonDocument high = new BsonDocument("customer", new BsonMaxKey()).append("order", new BsonMaxKey());
        List<BsonDocument> chunks = List.of(chunk(uuid, low, middle, "rs0"), chunk(uuid, middle, high, "rs1"));
        List<MongoPlannedSplit> splits = MongoChunks.splits(key, chunks, MongoChunks.shardHosts(SHARDS));

        assertThat(splits)
                .extracting(MongoPlannedSplit::split)
                .containsExactly(MongoSplit.chunk(low, middle, key), MongoSplit.chunk(middle, high, key));
        assertThat(splits)
                .extracting(MongoPlannedSplit::hosts)
                .containsExactly(List.of("h1.example.com", "h2.example.com"), List.of("::1"));
        assertThat(splits.get(0).what())
                .isEqualTo("chunk [{\"customer\": {\"$minKey\": 1}, \"order\": {\"$minKey\": 1}}, "
                        + "{\"customer\": \"m\", \"order\": 17}) of shard rs0");
        assertThat(splits).allMatch(split -> split.split().range().isEmpty());
    }

    @Test
    void hashedShardKeysSplitByHashedBounds() {
        UUID uuid = UUID.randomUUID();
        BsonDocument key = BsonDocument.parse("{customer: 'hashed'}");
        BsonDocument low = new BsonDocument("customer", new BsonMinKey());
        BsonDocument zero = new BsonDocument("customer", new BsonInt64(0));
        BsonDocument mid = new BsonDocument("customer", new BsonInt64(4611686018427387902L));
        BsonDocument high = new BsonDocument("customer", new BsonMaxKey());
        List<MongoPlannedSplit> splits = MongoChunks.splits(
                key,
                List.of(chunk(uuid, low, zero, "rs0"), chunk(uuid, zero, mid, "rs1"), chunk(uuid, mid, high, "rs9")),
                MongoChunks.shardHosts(SHARDS));
        assertThat(splits).hasSize(3);
        MongoSplit second = splits.get(1).split();
        assertThat(second.min()).contains(zero);
        assertThat(second.max()).contains(mid);
        assertThat(second.hint()).contains(key); // the hashed index, whose bounds the hashed values are
        assertThat(splits.get(2).hosts()).isEmpty(); // a shard config.shards does not list: no locality
        MongoScan scan = second.scan(new BsonDocument("status", new BsonString("A")), java.util.OptionalLong.empty());
        assertThat(scan.min()).contains(zero);
        assertThat(scan.hint()).contains(key);
        assertThat(scan.filter()).isEqualTo(new BsonDocument("status", new BsonString("A")));
    }

    @Test
    void olderConfigDocumentsAndDroppedCollections() {
        BsonDocument old = BsonDocument.parse("{_id: 'shop.orders', key: {customer: 1}, dropped: false}");
        assertThat(MongoChunks.keyPattern(old)).contains(BsonDocument.parse("{customer: 1}"));
        assertThat(MongoChunks.chunksFilter(old, "shop.orders")).isEqualTo(BsonDocument.parse("{ns: 'shop.orders'}"));
        assertThat(MongoChunks.keyPattern(
                        BsonDocument.parse("{_id: 'shop.orders', key: {customer: 1}, dropped: true}")))
                .isEmpty();
        assertThat(MongoChunks.keyPattern(BsonDocument.parse("{_id: 'shop.orders'}")))
                .isEmpty();
        assertThatThrownBy(() -> MongoChunks.splits(
                        BsonDocument.parse("{customer: 1}"),
                        List.of(BsonDocument.parse("{_id: 'x', min: {customer: 1}}")),
                        Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("config.chunks")
                .hasMessageContaining("min, max or shard");
    }

    @Test
    void unsplittableCollectionsAreNotSharded() {
        // MongoDB 8 lists unsharded collections in config.collections too, with key {_id: 1} and unsplittable: true
        BsonDocument tracked = BsonDocument.parse("{_id: 'shop.orders', key: {_id: 1}, unsplittable: true}");
        assertThat(MongoChunks.keyPattern(tracked)).isEmpty();
        assertThat(MongoChunks.keyPattern(
                        BsonDocument.parse("{_id: 'shop.orders', key: {_id: 1}, unsplittable: false}")))
                .contains(BsonDocument.parse("{_id: 1}"));
    }

    @Test
    void autoModeFallsBackToIdRangesWhenConfigCollectionsCannotBeRead() {
        MongoTable table = MongoTable.of(io.hivenosql.api.table.TableContexts.create(
                new MongoConnector(),
                "db.t",
                Map.of("mongo.uri", "mongodb://127.0.0.1:1/shop.orders"),
                List.of(io.hivenosql.api.mapping.HiveColumn.of("id", "string")),
                null));
        // any failure, not only a missing privilege (code 13)
        com.mongodb.MongoException failure = new com.mongodb.MongoCommandException(
                BsonDocument.parse("{ok: 0, code: 8000, codeName: 'AtlasError', errmsg: 'not allowed here'}"),
                new com.mongodb.ServerAddress("127.0.0.1", 1));
        assertThat(MongoSplitPlanner.shardingEntry(table, false, () -> {
                    throw failure;
                }))
                .isEmpty();
        assertThat(MongoSplitPlanner.shardingEntry(table, false, () -> {
                    throw new com.mongodb.MongoSocketReadException(
                            "reset", new com.mongodb.ServerAddress("127.0.0.1", 1));
                }))
                .isEmpty();
        // chunks mode: no fallback
        assertThatThrownBy(() -> MongoSplitPlanner.shardingEntry(table, true, () -> {
                    throw failure;
                }))
                .isSameAs(failure);
        assertThatThrownBy(() -> MongoSplitPlanner.shardingEntry(table, true, () -> null))
                .hasMessageContaining("mongo.split.mode=chunks")
                .hasMessageContaining("shop.orders is not a sharded collection");
        BsonDocument entry = BsonDocument.parse("{_id: 'shop.orders', key: {k: 1}}");
        assertThat(MongoSplitPlanner.shardingEntry(table, false, () -> entry)).contains(entry);
    }

    @Test
    void hostNamesOfConnectionStrings() {
        assertThat(MongoChunks.hostNames("rs0/a:27018,b:27018")).containsExactly("a", "b");
        assertThat(MongoChunks.hostNames("a")).containsExactly("a");
        assertThat(MongoChunks.hostNames("a:1,a:2,[fe80::1]:3")).containsExactly("a", "fe80::1");
    }
}
