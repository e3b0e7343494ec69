package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** The boundaries interpolated between the first and the last {@code _id} of a server without {@code $sample}. */
class TestMongoIdInterpolation {
    private static BsonObjectId objectId(int seconds, int counter) {
        return new BsonObjectId(new ObjectId(new Date(seconds * 1000L), counter));
    }

    /** The last 3 bytes of an ObjectId. */
    private static int counter(BsonValue value) {
        byte[] bytes = value.asObjectId().getValue().toByteArray();
        return (bytes[9] & 0xff) << 16 | (bytes[10] & 0xff) << 8 | (bytes[11] & 0xff);
    }

    /** Increasing in MongoDB's order, above the first, at most the last. */
    private static void assertWithin(List<BsonValue> boundaries, BsonValue first, BsonValue last) {
        String bracket = MongoIdRanges.bracket(first).orElseThrow();
        var order = MongoIdRanges.order(bracket).orElseThrow();
        BsonValue previous = first;
        for (BsonValue boundary : boundaries) {
            assertThat(MongoIdRanges.bracket(boundary)).contains(bracket);
            assertThat(order.compare(boundary, previous))
                    .as("%s after %s", boundary, previous)
                    .isPositive();
            previous = boundary;
        }
        if (!boundaries.isEmpty()) {
            assertThat(order.compare(boundaries.get(boundaries.size() - 1), last))
                    .isLessThanOrEqualTo(0);
        }
    }

    @Test
    void objectIdsByTheirTime() {
        BsonObjectId first = objectId(1_000_000, 7);
        BsonObjectId last = objectId(1_000_400, 3);
        List<BsonValue> boundaries = MongoIdInterpolation.boundaries(first, last, 4);
        assertThat(boundaries).hasSize(3);
        assertWithin(boundaries, first, last);
        assertThat(boundaries.stream()
                        .map(value -> value.asObjectId().getValue().getTimestamp()))
                .containsExactly(1_000_100, 1_000_200, 1_000_300);
    }

    @Test
    void objectIdsOfOneSecondByTheirCounter() {
        // a bulk load: one second, one process, consecutive counters
        BsonObjectId first = objectId(1_000_000, 100);
        BsonObjectId last = objectId(1_000_000, 10_100);
        List<BsonValue> boundaries = MongoIdInterpolation.boundaries(first, last, 5);
        assertThat(boundaries).hasSize(4);
        assertWithin(boundaries, first, last);
        assertThat(boundaries.stream().map(TestMongoIdInterpolation::counter))
                .containsExactly(2_100, 4_100, 6_100, 8_100);
    }

    @Test
    void ints() {
        assertThat(MongoIdInterpolation.boundaries(new BsonInt32(0), new BsonInt32(100), 4))
                .containsExactly(new BsonInt32(25), new BsonInt32(50), new BsonInt32(75));
        // fewer values than splits: each value a boundary, none twice, never the first
        assertThat(MongoIdInterpolation.boundaries(new BsonInt32(-1), new BsonInt32(1), 10))
                .containsExactly(new BsonInt32(0));
        assertThat(MongoIdInterpolation.boundaries(
                        new BsonInt32(Integer.MIN_VALUE), new BsonInt32(Integer.MAX_VALUE), 2))
                .containsExactly(new BsonInt32(-1));
    }

    @Test
    void longsAndIntsMixed() {
        assertThat(MongoIdInterpolation.boundaries(new BsonInt64(0), new BsonInt64(3_000_000_000_000L), 3))
                .containsExactly(new BsonInt64(1_000_000_000_000L), new BsonInt64(2_000_000_000_000L));
        assertThat(MongoIdInterpolation.boundaries(new BsonInt32(0), new BsonInt64(30), 3))
                .containsExactly(new BsonInt64(10), new BsonInt64(20));
        List<BsonValue> wide =
                MongoIdInterpolation.boundaries(new BsonInt64(Long.MIN_VALUE), new BsonInt64(Long.MAX_VALUE), 8);
        assertThat(wide).hasSize(7);
        assertWithin(wide, new BsonInt64(Long.MIN_VALUE), new BsonInt64(Long.MAX_VALUE));
    }

    @Test
    void doublesAndNumbersMixedWithThem() {
        assertThat(MongoIdInterpolation.boundaries(new BsonDouble(-1.5), new BsonDouble(1.5), 3))
                .containsExactly(new BsonDouble(-0.5), new BsonDouble(0.5));
        assertThat(MongoIdInterpolation.boundaries(new BsonInt32(0), new BsonDouble(1.0), 4))
                .containsExactly(new BsonDouble(0.25), new BsonDouble(0.5), new BsonDouble(0.75));
        List<BsonValue> extreme =
                MongoIdInterpolation.boundaries(new BsonDouble(-Double.MAX_VALUE), new BsonDouble(Double.MAX_VALUE), 6);
        assertThat(extreme).hasSize(5);
        assertWithin(extreme, new BsonDouble(-Double.MAX_VALUE), new BsonDouble(Double.MAX_VALUE));
        // a long beyond 2^53 against a double: exact steps, rounded to doubles, never below the first
        BsonInt64 first = new BsonInt64((1L << 53) + 1);
        List<BsonValue> near = MongoIdInterpolation.boundaries(first, new BsonDouble(0x1p53 + 8), 4);
        assertWithin(near, first, new BsonDouble(0x1p53 + 8));
        assertThat(near).isNotEmpty();
        // adjacent doubles: nothing between them
        assertThat(MongoIdInterpolation.boundaries(new BsonDouble(1.0), new BsonDouble(Math.nextUp(1.0)), 4))
                .containsExactly(new BsonDouble(Math.nextUp(1.0)));
    }

    @Test
    void dates() {
        assertThat(MongoIdInterpolation.boundaries(new BsonDateTime(-4_000), new BsonDateTime(4_000), 4))
                .containsExactly(new BsonDateTime(-2_000), new BsonDateTime(0), new BsonDateTime(2_000));
    }

    @Test
    void oneValueOrOneSplitIsNothingToCut() {
        assertThat(MongoIdInterpolation.boundaries(new BsonInt32(5), new BsonInt32(5), 8))
                .isEmpty();
        assertThat(MongoIdInterpolation.boundaries(objectId(9, 9), objectId(9, 9), 8))
                .isEmpty();
        assertThat(MongoIdInterpolation.boundaries(new BsonInt32(0), new BsonInt32(100), 1))
                .isEmpty();
        assertThatThrownBy(() -> MongoIdInterpolation.boundaries(new BsonInt32(0), new BsonInt32(100), 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MongoIdInterpolation.boundaries(new BsonInt32(10), new BsonInt32(0), 2))
                .hasMessageContaining("above the last");
    }

    @Test
    void otherEndsAreRefused() {
        List<List<BsonValue>> refused = List.of(
                List.of(new BsonString("a"), new BsonString("z")),
                List.of(new BsonInt32(1), objectId(1, 1)),
                List.of(new BsonDouble(Double.NEGATIVE_INFINITY), new BsonInt32(5)),
                List.of(new BsonInt32(5), new BsonDouble(Double.POSITIVE_INFINITY)),
                List.of(new BsonDouble(Double.NaN), new BsonInt32(5)),
                List.of(new BsonDecimal128(Decimal128.parse("1")), new BsonDecimal128(Decimal128.parse("9"))),
                List.of(new BsonDocument("a", new BsonInt32(1)), new BsonDocument("a", new BsonInt32(2))),
                List.of(new BsonDateTime(0), objectId(1, 1)));
        for (List<BsonValue> ends : refused) {
            assertThat(MongoIdInterpolation.refusal(ends.get(0), ends.get(1)))
                    .as("%s", ends)
                    .isPresent();
            assertThatThrownBy(() -> MongoIdInterpolation.boundaries(ends.get(0), ends.get(1), 4))
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(MongoIdInterpolation.refusal(new BsonInt32(1), new BsonDouble(2.5)))
                .isEmpty();
    }

    /**
     * The ranges of interpolated boundaries are adjacent: each one's upper bound is the next one's lower bound, the
     * first is open below and the last above, so a value of the bracket is in exactly one of them (MongoDB's
     * comparison is a total order within a bracket).
     */
    @Test
    void rangesOfTheBoundariesAreAdjacent() {
        List<BsonValue> boundaries = MongoIdInterpolation.boundaries(new BsonInt32(0), new BsonDouble(1000.5), 7);
        List<MongoPlannedSplit> splits = MongoIdRanges.splits(boundaries, List.of());
        assertThat(splits).hasSize(boundaries.size() + 2);
        List<BsonDocument> ranges = new ArrayList<>();
        for (MongoPlannedSplit split : splits.subList(0, boundaries.size() + 1)) {
            ranges.add(split.split().range().getDocument("_id"));
        }
        assertThat(ranges.get(0).keySet()).containsExactly("$lt");
        for (int i = 1; i < ranges.size(); i++) {
            BsonValue upper = ranges.get(i - 1).get("$lt");
            assertThat(ranges.get(i).get("$gte")).isEqualTo(upper);
        }
        assertThat(ranges.get(ranges.size() - 1).keySet()).containsExactly("$gte");
    }
}
