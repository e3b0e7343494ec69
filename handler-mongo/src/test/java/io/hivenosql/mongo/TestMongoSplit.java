package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonArray;
import org.bson.BsonBinary;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** The split payload codec: every BSON type of a boundary comes back exactly. */
class TestMongoSplit {
    private static final List<BsonValue> BOUNDARIES = List.of(
            new BsonObjectId(new ObjectId("65f0a1b2c3d4e5f6a7b8c9d0")),
            new BsonInt32(-7),
            new BsonInt64(1L << 40),
            new BsonDouble(-0.0),
            new BsonDouble(Double.NaN),
            new BsonDecimal128(Decimal128.parse("1.500")),
            new BsonString("ünïcödé \uD83D\uDE00"),
            new BsonDateTime(-86_400_000L),
            new BsonTimestamp(1_700_000_000, 7),
            new BsonBinary((byte) 4, new byte[16]),
            BsonDocument.parse("{a: {b: [1, 'x']}}"),
            new BsonMinKey(),
            new BsonMaxKey());

    @Test
    void rangesRoundTrip() throws IOException {
        for (BsonValue boundary : BOUNDARIES) {
            MongoSplit split = MongoSplit.of(new BsonDocument("_id", new BsonDocument("$gte", boundary)));
            MongoSplit decoded = MongoSplit.fromBytes(split.toBytes());
            assertThat(decoded).isEqualTo(split);
            assertThat(decoded.range().getDocument("_id").get("$gte").getBsonType())
                    .isEqualTo(boundary.getBsonType());
        }
        BsonDocument others = BsonDocument.parse("{$and: [{_id: {$not: {$lt: 10}}}, {_id: {$not: {$gte: 10}}}]}");
        assertThat(MongoSplit.fromBytes(MongoSplit.of(others).toBytes()).range())
                .isEqualTo(others);
        assertThat(MongoSplit.fromBytes(MongoSplit.whole().toBytes())).isEqualTo(MongoSplit.whole());
    }

    @Test
    void chunksRoundTripWithTheirIndexBounds() throws IOException {
        BsonDocument key = BsonDocument.parse("{customer: 'hashed'}");
        BsonDocument min = new BsonDocument("customer", new BsonMinKey());
        BsonDocument max = new BsonDocument("customer", new BsonInt64(-4611686018427387902L));
        MongoSplit chunk = MongoSplit.chunk(min, max, key);
        MongoSplit decoded = MongoSplit.fromBytes(chunk.toBytes());
        assertThat(decoded).isEqualTo(chunk);
        assertThat(decoded.min()).contains(min);
        assertThat(decoded.max()).contains(max);
        assertThat(decoded.hint()).contains(key);
        assertThat(decoded.range()).isEmpty();

        MongoScan scan = decoded.scan(new BsonDocument("x", new BsonInt32(1)), OptionalLong.of(5));
        assertThat(scan.filter()).isEqualTo(new BsonDocument("x", new BsonInt32(1)));
        assertThat(scan.min()).contains(min);
        assertThat(scan.max()).contains(max);
        assertThat(scan.hint()).contains(key);
        assertThat(scan.limit()).hasValue(5);
    }

    @Test
    void refusesCorruptOrForeignPayloads() {
        byte[] bytes = MongoSplit.whole().toBytes();
        assertThatThrownBy(() -> MongoSplit.fromBytes(Arrays.copyOf(bytes, bytes.length - 3)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("MongoDB split payload is corrupt");
        assertThatThrownBy(() -> MongoSplit.fromBytes(new byte[0])).isInstanceOf(IOException.class);

        BsonDocument v2 = new BsonDocument("v", new BsonInt32(2)).append("range", new BsonDocument());
        assertThatThrownBy(() -> MongoSplit.fromBytes(bytes(v2)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 2")
                .hasMessageContaining("same handler jar");
        BsonDocument arrayRange = new BsonDocument("v", new BsonInt32(1)).append("range", new BsonArray());
        assertThatThrownBy(() -> MongoSplit.fromBytes(bytes(arrayRange)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("corrupt");
    }

    private static byte[] bytes(BsonDocument document) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            new BsonDocumentCodec()
                    .encode(writer, document, EncoderContext.builder().build());
        }
        return buffer.toByteArray();
    }

    @Test
    void aWholeFilterSaysSoAndAnEarlierPayloadIsNot() throws IOException {
        BsonDocument filter = BsonDocument.parse("{_id: {$in: [1, 2, 3]}}");
        MongoSplit whole = MongoSplit.ofWholeFilter(filter);

        assertThat(MongoSplit.fromBytes(whole.toBytes())).isEqualTo(whole);
        assertThat(MongoSplit.fromBytes(whole.toBytes()).wholeFilter()).isTrue();
        assertThat(MongoSplit.fromBytes(MongoSplit.of(filter).toBytes()).wholeFilter())
                .isFalse();
        // a payload of an earlier version of the handler has no such field: ANDed with the task's filter, as before
        assertThat(MongoSplit.fromBytes(bytes(new BsonDocument("v", new BsonInt32(1)).append("range", filter)))
                        .wholeFilter())
                .isFalse();
    }

    @Test
    void indexBoundsNeedTheirHint() {
        assertThatThrownBy(() -> new MongoSplit(
                        new BsonDocument(),
                        Optional.of(new BsonDocument("k", new BsonInt32(1))),
                        Optional.empty(),
                        Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hint");
    }
}
