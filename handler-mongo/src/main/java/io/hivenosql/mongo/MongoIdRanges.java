package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.mongo.bson.BsonText;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * Pure planning of {@code _id} range splits from a sample of {@code _id}s sorted in MongoDB's order: here for numbers,
 * ObjectIds, dates, timestamps and booleans, whose order is fixed; by the server for strings, documents and binaries
 * (its sort compares as its range queries do; both name the simple collation, whatever the collection's default).
 *
 * <p>MongoDB compares values of one type bracket only: {@code {_id: {$lt: 5}}} never matches a string or an ObjectId.
 * So the boundaries {@code b1 < ... < bm} are all of one bracket (the sample's most common one: numbers, strings,
 * documents, binaries, ObjectIds, booleans, date-times or timestamps), the range splits are {@code _id < b1},
 * {@code b1 <= _id < b2}, ..., {@code _id >= bm}, and one more split takes every {@code _id} that is neither
 * {@code < b1} nor {@code >= b1}: those of the other brackets (and a NaN, which compares with nothing). Each document
 * is in exactly one split, whatever the types of its {@code _id}; the extra split lists no BSON types, so it also
 * holds for types a server does not name (symbols, JavaScript), and its index bounds are the complement of the
 * bracket's, so it reads no more of the {@code _id} index than the other brackets' keys.
 */
final class MongoIdRanges {
    private static final String ID = "_id";
    private static final int DESCRIBED_LENGTH = 60;

    private MongoIdRanges() {}

    /** The brackets usable for boundaries, in MongoDB's order of types. */
    private static final List<String> BRACKETS =
            List.of("number", "string", "document", "binary", "objectId", "bool", "date", "timestamp");

    /** The sample's most common bracket of rangeable values (ties: the first in MongoDB's order of types). */
    static Optional<String> commonBracket(List<BsonValue> sample) {
        Map<String, Integer> counts = new HashMap<>();
        for (BsonValue value : sample) {
            bracket(value).ifPresent(bracket -> counts.merge(bracket, 1, Integer::sum));
        }
        String chosen = null;
        for (String bracket : BRACKETS) {
            if (counts.getOrDefault(bracket, 0) > counts.getOrDefault(chosen, 0)) {
                chosen = bracket;
            }
        }
        return Optional.ofNullable(chosen);
    }

    /** The values of the bracket (NaN, which compares with nothing, left out). */
    static List<BsonValue> ofBracket(List<BsonValue> sample, String bracket) {
        return sample.stream()
                .filter(value -> bracket(value).filter(bracket::equals).isPresent())
                .toList();
    }

    /**
     * MongoDB's order of the values of a bracket where it does not depend on a collation: numbers by exact value,
     * ObjectIds by their bytes, date-times, timestamps, booleans. Empty for strings, documents and binaries, which the
     * server sorts.
     */
    static Optional<Comparator<BsonValue>> order(String bracket) {
        return switch (bracket) {
            case "number" -> Optional.of(MongoIdRanges::compareNumbers);
            case "objectId" -> Optional.of(
                    Comparator.comparing(value -> value.asObjectId().getValue()));
            case "date" -> Optional.of(
                    Comparator.comparingLong(value -> value.asDateTime().getValue()));
            case "timestamp" -> Optional.of(Comparator.comparing(BsonValue::asTimestamp));
            case "bool" -> Optional.of(
                    Comparator.comparing(value -> value.asBoolean().getValue()));
            default -> Optional.empty();
        };
    }

    /**
     * The boundaries that cut the sample into {@code splits} parts of about equal counts: distinct, increasing, of the
     * sample's most common bracket, never its least value (so that no range is empty by construction). Fewer when the
     * sample has fewer distinct values; none for one split or a sample without rangeable values.
     *
     * @param sortedSample {@code _id}s in MongoDB's order (at least those of the most common bracket); duplicates
     *     allowed
     */
    static List<BsonValue> boundaries(List<BsonValue> sortedSample, int splits) {
        requireNonNull(sortedSample, "sortedSample is null");
        if (splits < 1) {
            throw new IllegalArgumentException("splits must be positive: " + splits);
        }
        Optional<String> chosen = commonBracket(sortedSample);
        if (splits == 1 || chosen.isEmpty()) {
            return List.of();
        }
        List<BsonValue> values = new ArrayList<>();
        for (BsonValue value : ofBracket(sortedSample, chosen.get())) {
            if (values.isEmpty() || !same(values.get(values.size() - 1), value)) {
                values.add(value);
            }
        }
        List<BsonValue> boundaries = new ArrayList<>();
        for (int i = 1; i < splits; i++) {
            int index = (int) ((long) i * values.size() / splits);
            BsonValue boundary = values.get(index);
            if (index > 0 && (boundaries.isEmpty() || !same(boundaries.get(boundaries.size() - 1), boundary))) {
                boundaries.add(boundary);
            }
        }
        return boundaries;
    }

    /**
     * The splits of the boundaries (see the class documentation): {@code m + 2} for {@code m > 0} boundaries, else
     * one split of the whole collection.
     */
    static List<MongoPlannedSplit> splits(List<BsonValue> boundaries, List<String> hosts) {
        if (boundaries.isEmpty()) {
            return List.of(new MongoPlannedSplit(MongoSplit.whole(), hosts, "the whole collection"));
        }
        List<MongoPlannedSplit> splits = rangeSplits(boundaries, hosts);
        BsonValue first = boundaries.get(0);
        // neither < b1 nor >= b1; written with $not rather than $nor so that MongoDB complements the index bounds
        // (the other brackets' keys only) instead of scanning the collection
        BsonDocument others = new BsonDocument(
                "$and",
                new BsonArray(List.of(
                        new BsonDocument(ID, new BsonDocument("$not", new BsonDocument("$lt", first))),
                        new BsonDocument(ID, new BsonDocument("$not", new BsonDocument("$gte", first))))));
        splits.add(new MongoPlannedSplit(
                MongoSplit.of(others),
                hosts,
                ID + " of another type than " + bracket(first).orElseThrow() + " (neither < nor >= " + describe(first)
                        + ")"));
        return splits;
    }

    /**
     * The {@code m + 1} range splits of {@code m > 0} boundaries, without the split of the other brackets: every
     * {@code _id} of the boundaries' bracket but NaN is in exactly one of them. For a scan whose filter selects only
     * {@code _id}s of that bracket ({@code MongoIdBounds}), and NaN never (a bound other than NaN compares with no
     * NaN).
     */
    static List<MongoPlannedSplit> rangeSplits(List<BsonValue> boundaries, List<String> hosts) {
        if (boundaries.isEmpty()) {
            throw new IllegalArgumentException("no boundaries");
        }
        List<MongoPlannedSplit> splits = new ArrayList<>();
        BsonValue first = boundaries.get(0);
        splits.add(range(new BsonDocument("$lt", first), hosts, ID + " < " + describe(first)));
        for (int i = 1; i < boundaries.size(); i++) {
            BsonValue low = boundaries.get(i - 1);
            BsonValue high = boundaries.get(i);
            splits.add(range(
                    new BsonDocument("$gte", low).append("$lt", high),
                    hosts,
                    ID + " in [" + describe(low) + ", " + describe(high) + ")"));
        }
        BsonValue last = boundaries.get(boundaries.size() - 1);
        splits.add(range(new BsonDocument("$gte", last), hosts, ID + " >= " + describe(last)));
        return splits;
    }

    private static MongoPlannedSplit range(BsonDocument condition, List<String> hosts, String what) {
        return new MongoPlannedSplit(MongoSplit.of(new BsonDocument(ID, condition)), hosts, what);
    }

    /** The comparison bracket of a value usable as a boundary; empty for null, MinKey, regexes, NaN and the like. */
    static Optional<String> bracket(BsonValue value) {
        return switch (value.getBsonType()) {
            case INT32, INT64 -> Optional.of("number");
            case DOUBLE -> Double.isNaN(value.asDouble().getValue()) ? Optional.empty() : Optional.of("number");
            case DECIMAL128 -> value.asDecimal128().getValue().isNaN() ? Optional.empty() : Optional.of("number");
            case STRING, SYMBOL -> Optional.of("string");
            case DOCUMENT -> Optional.of("document");
            case BINARY -> Optional.of("binary");
            case OBJECT_ID -> Optional.of("objectId");
            case BOOLEAN -> Optional.of("bool");
            case DATE_TIME -> Optional.of("date");
            case TIMESTAMP -> Optional.of("timestamp");
            default -> Optional.empty();
        };
    }

    /** Whether MongoDB sees the two values of one bracket as equal (5, 5L and 5.0 are). */
    private static boolean same(BsonValue a, BsonValue b) {
        boolean numbers = (a.isNumber() || a.isDecimal128()) && (b.isNumber() || b.isDecimal128());
        return a.equals(b) || (numbers && compareNumbers(a, b) == 0);
    }

    /** Numbers by exact value, as MongoDB compares them (int64 and double without rounding); infinities at the ends. */
    static int compareNumbers(BsonValue a, BsonValue b) {
        int x = infinity(a);
        int y = infinity(b);
        if (x != 0 || y != 0) {
            return Integer.compare(x, y);
        }
        return exact(a).orElseThrow().compareTo(exact(b).orElseThrow());
    }

    /** -1 for minus infinity, 1 for infinity, 0 for a finite number. */
    private static int infinity(BsonValue value) {
        if (value.isDouble() && Double.isInfinite(value.asDouble().getValue())) {
            return value.asDouble().getValue() > 0 ? 1 : -1;
        }
        if (value.isDecimal128() && value.asDecimal128().getValue().isInfinite()) {
            return value.asDecimal128().getValue().isNegative() ? -1 : 1;
        }
        return 0;
    }

    private static Optional<BigDecimal> exact(BsonValue value) {
        return switch (value.getBsonType()) {
            case INT32 -> Optional.of(BigDecimal.valueOf(value.asInt32().getValue()));
            case INT64 -> Optional.of(BigDecimal.valueOf(value.asInt64().getValue()));
            case DOUBLE -> Double.isFinite(value.asDouble().getValue())
                    ? Optional.of(new BigDecimal(value.asDouble().getValue()))
                    : Optional.empty();
            case DECIMAL128 -> {
                Decimal128 decimal = value.asDecimal128().getValue();
                if (!decimal.isFinite()) {
                    yield Optional.empty();
                }
                try {
                    yield Optional.of(decimal.bigDecimalValue());
                } catch (ArithmeticException e) {
                    yield Optional.of(BigDecimal.ZERO); // -0, which BigDecimal does not have
                }
            }
            default -> Optional.empty();
        };
    }

    /** A short form of a boundary for split descriptions, e.g. {@code ObjectId(65f0...)}. */
    static String describe(BsonValue value) {
        String text =
                switch (value.getBsonType()) {
                    case OBJECT_ID -> "ObjectId("
                            + value.asObjectId().getValue().toHexString() + ")";
                    case STRING -> "'" + value.asString().getValue() + "'";
                    case INT32 -> Integer.toString(value.asInt32().getValue());
                    case INT64 -> value.asInt64().getValue() + "L";
                    case DOUBLE -> Double.toString(value.asDouble().getValue());
                    case DECIMAL128 -> "NumberDecimal(" + value.asDecimal128().getValue() + ")";
                    case DATE_TIME -> "Date("
                            + Instant.ofEpochMilli(value.asDateTime().getValue()) + ")";
                    default -> BsonText.json(value);
                };
        return text.length() > DESCRIBED_LENGTH ? text.substring(0, DESCRIBED_LENGTH) + "..." : text;
    }
}
