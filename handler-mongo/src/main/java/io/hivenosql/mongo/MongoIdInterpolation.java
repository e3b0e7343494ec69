package io.hivenosql.mongo;

import com.mongodb.client.MongoCollection;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * {@code _id} range splits for a server without {@code $sample} ({@link MongoServerCapabilities#sample}): the first
 * and the last {@code _id} in MongoDB's order ({@code find().sort({_id: 1}).limit(1)} and {@code -1}, within the
 * filter's {@code _id} bounds when it has some: two queries, which FerretDB runs as scans), and boundaries at equal
 * steps between them. The boundaries are cut into ranges by {@link MongoIdRanges}, exactly as sampled ones, so the
 * readers see no difference and every document is in exactly one split whatever its {@code _id}: the ranges of one
 * bracket cover it wholly, and the extra split of {@link MongoIdRanges#splits} takes every other {@code _id} (other
 * types, NaN, a document inserted since).
 *
 * <p>Interpolated when both ends are of one of these kinds (they then bound every {@code _id}: MongoDB sorts brackets
 * apart, so all {@code _id}s lie between them, NaN before the numbers aside):
 *
 * <ul>
 *   <li>ObjectIds: as 96-bit unsigned numbers, their byte order. The first 4 bytes are the creation second, so over a
 *       span of seconds this is interpolation by time; within one second (a bulk load) the process' random bytes and
 *       counter still spread the boundaries.
 *   <li>Numbers (int32, int64, double; mixed): ints and longs only by integral steps, any double by exact decimal steps
 *       rounded to doubles. The server compares int64 with double exactly (MongoDB does, and so did FerretDB 1.24.2 at
 *       2^53 + 1), and the ranges only need some consistent order. Infinite ends (nothing to step across), NaN (it
 *       bounds nothing) and decimal128 ends are not interpolated.
 *   <li>Dates: by milliseconds.
 * </ul>
 *
 * <p>Anything else (strings, documents and binaries, whose order depends on a collation; mixed brackets; booleans,
 * timestamps) is one split, as is a collection whose ends are one {@code _id}. The steps assume {@code _id}s spread
 * evenly between the ends, which time-ordered ObjectIds and counters about do; uneven ones give uneven (never wrong)
 * splits. With {@code _id} bounds the ends are those within the bounds, and the share of the collection there is not
 * known without a sample: the count of splits is that of the whole collection.
 */
final class MongoIdInterpolation {
    private static final String ID = "_id";
    /** The brackets whose values are interpolated. */
    static final Set<String> BRACKETS = Set.of("number", "objectId", "date");

    private MongoIdInterpolation() {}

    /** The first and last {@code _id} of a collection in MongoDB's order. */
    record Ends(BsonValue first, BsonValue last) {}

    /**
     * The splits of a scan on a server without {@code $sample}.
     *
     * @param splits the number of splits wanted, above 1
     * @param counted why that many, for the log
     */
    static MongoSplitPlanner.Plan plan(
            MongoCollection<BsonDocument> collection,
            MongoSplitPlanner.CollectionSize size,
            MongoIdBounds bounds,
            int splits,
            List<String> hosts,
            String counted) {
        String why = "the server has no $sample; " + counted;
        if (bounds.bounded() && !BRACKETS.contains(bounds.bracket().get())) {
            return whole(
                    bounds,
                    size,
                    hosts,
                    why + "; the filter bounds _id to " + bounds.bracket().get()
                            + " values, which are not interpolated");
        }
        BsonDocument within = bounds.bounded() ? bounds.asFilter() : new BsonDocument();
        Optional<Ends> ends = ends(collection, within);
        if (ends.isEmpty()) {
            return whole(bounds, size, hosts, why + "; no _id" + (bounds.bounded() ? " within " + bounds : ""));
        }
        BsonValue first = ends.get().first();
        BsonValue last = ends.get().last();
        String between = MongoIdRanges.describe(first) + " and " + MongoIdRanges.describe(last);
        Optional<String> refusal = refusal(first, last);
        if (refusal.isPresent()) {
            return whole(bounds, size, hosts, why + "; the _ids lie between " + between + ": " + refusal.get());
        }
        List<BsonValue> boundaries = boundaries(first, last, splits);
        if (boundaries.isEmpty()) {
            return whole(bounds, size, hosts, why + "; the _ids lie between " + between + ", nothing to cut");
        }
        List<MongoPlannedSplit> planned = bounds.bounded()
                ? MongoIdRanges.rangeSplits(boundaries, hosts)
                : MongoIdRanges.splits(boundaries, hosts);
        return new MongoSplitPlanner.Plan(
                planned,
                size.bytes(),
                "_id interpolation between " + between + " into " + (boundaries.size() + 1) + " ranges"
                        + (bounds.bounded() ? " within the filter's bounds " + bounds : "") + " (" + why + ")");
    }

    private static MongoSplitPlanner.Plan whole(
            MongoIdBounds bounds, MongoSplitPlanner.CollectionSize size, List<String> hosts, String why) {
        List<MongoPlannedSplit> one = bounds.bounded()
                ? List.of(new MongoPlannedSplit(MongoSplit.whole(), hosts, "the _ids within the filter's bounds"))
                : MongoIdRanges.splits(List.of(), hosts);
        return new MongoSplitPlanner.Plan(one, size.bytes(), "one split: " + why);
    }

    /** The first and last {@code _id} of those matching {@code within} ({@code {}}: all); empty for none. */
    static Optional<Ends> ends(MongoCollection<BsonDocument> collection, BsonDocument within) {
        BsonValue first = end(collection, within, 1);
        BsonValue last = first == null ? null : end(collection, within, -1);
        return last == null ? Optional.empty() : Optional.of(new Ends(first, last));
    }

    private static BsonValue end(MongoCollection<BsonDocument> collection, BsonDocument within, int direction) {
        BsonDocument document = collection
                .find(within)
                .projection(new BsonDocument(ID, new BsonInt32(1)))
                .sort(new BsonDocument(ID, new BsonInt32(direction)))
                .limit(1)
                .first();
        return document == null ? null : document.get(ID);
    }

    // ---------------------------------------------------------------- pure

    /** Why the two ends are not interpolated; empty when they are (see the class documentation). */
    static Optional<String> refusal(BsonValue first, BsonValue last) {
        Optional<String> kind = kind(first);
        if (kind.isPresent() && kind.equals(kind(last))) {
            return Optional.empty();
        }
        return Optional.of("ends of types " + first.getBsonType() + " and " + last.getBsonType()
                + " are not interpolated (only finite int/long/double numbers, ObjectIds and dates, both ends alike)");
    }

    /** The interpolated kind of a value: number (finite int32, int64, double), objectId or date; else empty. */
    private static Optional<String> kind(BsonValue value) {
        return switch (value.getBsonType()) {
            case INT32, INT64 -> Optional.of("number");
            case DOUBLE -> Double.isFinite(value.asDouble().getValue()) ? Optional.of("number") : Optional.empty();
            case OBJECT_ID -> Optional.of("objectId");
            case DATE_TIME -> Optional.of("date");
            default -> Optional.empty();
        };
    }

    /**
     * The boundaries that cut {@code [first, last]} into {@code splits} steps of equal width: increasing, each above
     * {@code first} and at most {@code last} (so no range is empty by construction), fewer than {@code splits - 1}
     * when the span has fewer distinct values.
     *
     * @throws IllegalArgumentException when the ends are not interpolated ({@link #refusal}) or out of order
     */
    static List<BsonValue> boundaries(BsonValue first, BsonValue last, int splits) {
        if (splits < 1) {
            throw new IllegalArgumentException("splits must be positive: " + splits);
        }
        Optional<String> refusal = refusal(first, last);
        if (refusal.isPresent()) {
            throw new IllegalArgumentException("_ids " + first + " and " + last + ": " + refusal.get());
        }
        boolean doubles = first.getBsonType() == BsonType.DOUBLE || last.getBsonType() == BsonType.DOUBLE;
        List<BsonValue> boundaries = new ArrayList<>();
        if (doubles) {
            BigDecimal low = decimal(first);
            BigDecimal span = decimal(last).subtract(low);
            if (span.signum() < 0) {
                throw new IllegalArgumentException("the first _id " + first + " is above the last " + last);
            }
            BsonValue previous = first;
            for (int i = 1; i < splits; i++) {
                BigDecimal step =
                        span.multiply(BigDecimal.valueOf(i)).divide(BigDecimal.valueOf(splits), MathContext.DECIMAL128);
                BsonValue boundary = new BsonDouble(low.add(step).doubleValue());
                if (MongoIdRanges.compareNumbers(boundary, previous) > 0) {
                    boundaries.add(boundary);
                    previous = boundary;
                }
            }
            return boundaries;
        }
        BigInteger low = integer(first);
        BigInteger span = integer(last).subtract(low);
        if (span.signum() < 0) {
            throw new IllegalArgumentException("the first _id " + first + " is above the last " + last);
        }
        BigInteger previous = low;
        for (int i = 1; i < splits; i++) {
            BigInteger value = low.add(span.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(splits)));
            if (value.compareTo(previous) > 0) {
                boundaries.add(value(value, first, last));
                previous = value;
            }
        }
        return boundaries;
    }

    private static BigDecimal decimal(BsonValue value) {
        return switch (value.getBsonType()) {
            case INT32 -> BigDecimal.valueOf(value.asInt32().getValue());
            case INT64 -> BigDecimal.valueOf(value.asInt64().getValue());
            default -> new BigDecimal(value.asDouble().getValue());
        };
    }

    /** An ObjectId as its 12 bytes read as an unsigned number, a date as its milliseconds, an integer as itself. */
    private static BigInteger integer(BsonValue value) {
        return switch (value.getBsonType()) {
            case INT32 -> BigInteger.valueOf(value.asInt32().getValue());
            case INT64 -> BigInteger.valueOf(value.asInt64().getValue());
            case DATE_TIME -> BigInteger.valueOf(value.asDateTime().getValue());
            case OBJECT_ID -> new BigInteger(1, value.asObjectId().getValue().toByteArray());
            default -> throw new IllegalArgumentException("not an integral _id: " + value);
        };
    }

    /** The value of the ends' type at {@code value}, which lies between them. */
    private static BsonValue value(BigInteger value, BsonValue first, BsonValue last) {
        return switch (first.getBsonType()) {
            case OBJECT_ID -> new BsonObjectId(new ObjectId(objectIdBytes(value)));
            case DATE_TIME -> new BsonDateTime(value.longValueExact());
            default -> first.getBsonType() == BsonType.INT32 && last.getBsonType() == BsonType.INT32
                    ? new BsonInt32(value.intValueExact())
                    : new BsonInt64(value.longValueExact());
        };
    }

    private static byte[] objectIdBytes(BigInteger value) {
        byte[] raw = value.toByteArray(); // big-endian, maybe with a leading sign byte, maybe shorter than 12
        byte[] bytes = new byte[12];
        int length = Math.min(raw.length, 12);
        System.arraycopy(raw, raw.length - length, bytes, 12 - length, length);
        return bytes;
    }
}
