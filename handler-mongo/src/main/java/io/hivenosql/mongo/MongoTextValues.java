package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.mongo.MongoScalarTexts.Bounds;
import io.hivenosql.mongo.MongoScalarTexts.Verdict;
import io.hivenosql.mongo.bson.BsonText;
import io.hivenosql.mongo.bson.BsonValueDecoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * The stored values that a string or varchar column reads as a text in an interval, for every BSON type the column
 * reads as text ({@link BsonValueDecoder}): strings (and symbols, which MongoDB compares as strings), ObjectIds (read as
 * their 24 lower-case hex digits), and every other value as its relaxed Extended JSON text ({@link BsonText#json}). The
 * result is a {@link Match}: field conditions, one or a few per BSON type that can fall in the interval, matching the
 * values of that type whose text does:
 *
 * <ul>
 *   <li>strings: the interval's bounds as strings (MongoDB orders strings by their UTF-8 bytes, which is Hive's code
 *       point order). A bound with a character from U+D800 up is not pushed: there UTF-16 order (Java's, and that of
 *       the MongoDB test server) differs from code point order.
 *   <li>ObjectIds: the hex text orders as the ObjectId's bytes, so a text bound is the least (or greatest) ObjectId whose
 *       text lies beyond it.
 *   <li>texts that start with '{' (documents, decimal128, date-times, BSON timestamps, binaries, MinKey, MaxKey, and
 *       NaN and infinite doubles) and with '[' (arrays): a bound that starts with another character
 *       (or is that character alone) puts all of them on one side, selected by their BSON types. Any other bound
 *       starting with '{' or '[' is not pushed.
 *   <li>booleans: "true" and "false", each compared with the bounds.
 *   <li>finite int32, int64 and double values: their texts ('-' or a digit first) are all inside or all outside an
 *       interval whose bounds start with other characters. Texts do not order as numbers, so otherwise an interval of
 *       one text matches the numbers written so (an integer, or the double whose shortest text it is) and any other
 *       interval matches all numbers of the sign its bounds admit: a superset ({@link Match#exact} is false), which
 *       Hive filters again. A zero double is matched by value, which cannot tell 0.0 ("0.0") from -0.0 ("-0.0").
 * </ul>
 *
 * <p>A varchar(n) column reads the first n code points: a bound of n code points stands for every text it starts
 * ({@code <= 'abc'} is {@code < 'abd'} for varchar(3)), for every BSON type alike.
 */
final class MongoTextValues {
    private static final int HEX_DIGITS = 24;
    /**
     * The BSON types (but NaN and infinite doubles) whose relaxed JSON text starts with '{' that the column reads. Not
     * JavaScript code nor DBPointers, which the MongoDB test server knows no type alias of, nor regular expressions,
     * which it stores as values its alias does not select: no filter could select them.
     */
    static final List<String> BRACE_TYPES =
            List.of("object", "decimal", "date", "timestamp", "binData", "minKey", "maxKey");

    private MongoTextValues() {}

    /**
     * The field conditions of the stored values whose read text lies in an interval: {@code sure} match only such
     * values, {@code possible} may match others too (and the values they should match the others do not).
     */
    record Match(List<BsonDocument> sure, List<BsonDocument> possible) {
        Match {
            sure = List.copyOf(requireNonNull(sure, "sure is null"));
            possible = List.copyOf(requireNonNull(possible, "possible is null"));
        }

        static Match exactly(List<BsonDocument> alternatives) {
            return new Match(alternatives, List.of());
        }

        /** Whether the conditions match exactly the values in the interval. */
        boolean exact() {
            return possible.isEmpty();
        }

        /** Every condition: a superset of the values in the interval, exact when {@link #exact}. */
        List<BsonDocument> all() {
            List<BsonDocument> all = new ArrayList<>(sure);
            all.addAll(possible);
            return all;
        }

        /** Both matches' conditions. */
        Match and(Match other) {
            List<BsonDocument> bothSure = new ArrayList<>(sure);
            bothSure.addAll(other.sure);
            List<BsonDocument> bothPossible = new ArrayList<>(possible);
            bothPossible.addAll(other.possible);
            return new Match(bothSure, bothPossible);
        }
    }

    /**
     * The field conditions of the stored values whose read text lies in the interval (null: no bound); none when no
     * value can; empty when that cannot be matched, not even as a superset.
     *
     * @param varcharLength the n of a varchar(n) column, 0 for a string column
     * @param dialect the server's: the types it cannot hold are neither named nor matched (it holds none)
     */
    static Optional<Match> interval(
            String lo, boolean loIn, String hi, boolean hiIn, int varcharLength, MongoDialect dialect) {
        Optional<Bounds> stored = storedBounds(lo, loIn, hi, hiIn, varcharLength);
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        Bounds b = stored.get();
        if (!orderedAsInMongo(b.lower()) || !orderedAsInMongo(b.upper())) {
            return Optional.empty();
        }
        if (b.lower() != null && b.upper() != null) {
            int order = b.lower().compareTo(b.upper());
            if (order > 0 || order == 0 && !(b.lowerIn() && b.upperIn())) {
                return Optional.of(Match.exactly(List.of()));
            }
        }
        List<BsonDocument> alternatives = new ArrayList<>();
        alternatives.add(
                b.lower() == null && b.upper() == null
                        ? new BsonDocument("$gte", new BsonString(""))
                        : MongoFieldValues.bounds(string(b.lower()), b.lowerIn(), string(b.upper()), b.upperIn()));
        objectIds(b).ifPresent(alternatives::add);
        for (char start : new char[] {'{', '['}) {
            Verdict all = MongoScalarTexts.verdict(start, start, 2, b);
            if (all == Verdict.SOME) {
                return Optional.empty(); // a bound that starts like the JSON text
            }
            if (all == Verdict.ALL && start == '{') {
                alternatives.add(MongoScalarTexts.typeIs(dialect.knownAliases(BRACE_TYPES)));
                specialDoubles(dialect).ifPresent(alternatives::add);
            } else if (all == Verdict.ALL) {
                alternatives.add(MongoFieldPath.ARRAY.clone());
            }
        }
        alternatives.addAll(MongoScalarTexts.booleans(b));
        return Optional.of(new Match(alternatives, List.of()).and(MongoScalarTexts.numbers(b)));
    }
    /**
     * The field conditions of every value the column reads as text (none is NULL): arrays, strings (and symbols),
     * ObjectIds, booleans, numbers and the types written with '{'. Named, not negated: JavaScript code, DBPointers
     * and regular expressions are no text (see {@link #BRACE_TYPES}).
     */
    static List<BsonDocument> readable(MongoDialect dialect) {
        List<String> types = new ArrayList<>(List.of("objectId", "bool"));
        types.addAll(MongoScalarTexts.NUMBER_TYPES);
        types.addAll(dialect.knownAliases(BRACE_TYPES));
        return List.of(
                MongoFieldPath.ARRAY.clone(),
                new BsonDocument("$gte", new BsonString("")),
                MongoScalarTexts.typeIs(types));
    }

    /**
     * NaN and the infinities (the doubles written with '{'), those the server holds; none where it holds none (and
     * FerretDB 1.x drops the connection of a command that carries a NaN).
     */
    private static Optional<BsonDocument> specialDoubles(MongoDialect dialect) {
        BsonArray values = new BsonArray();
        if (dialect.holdsNaN()) {
            values.add(new BsonDouble(Double.NaN));
        }
        if (dialect.holdsInfinity()) {
            values.add(new BsonDouble(Double.POSITIVE_INFINITY));
            values.add(new BsonDouble(Double.NEGATIVE_INFINITY));
        }
        return values.isEmpty() ? Optional.empty() : Optional.of(new BsonDocument("$in", values));
    }

    /** A varchar(n) column reads the first n code points: bounds of n code points widened to the texts they start. */
    private static Optional<Bounds> storedBounds(String lo, boolean loIn, String hi, boolean hiIn, int length) {
        if (length == 0) {
            return Optional.of(new Bounds(lo, loIn, hi, hiIn));
        }
        String lower = lo;
        boolean lowerIn = loIn;
        if (lo != null && !loIn && codePoints(lo) == length) {
            // read > lo: beyond every text that starts with lo
            Optional<String> next = MongoFieldValues.successor(lo);
            if (next.isEmpty()) {
                return Optional.empty();
            }
            lower = next.get();
            lowerIn = true;
        }
        String upper = hi;
        boolean upperIn = hiIn;
        if (hi != null && hiIn && codePoints(hi) == length) {
            // read <= hi: up to every text that starts with hi
            Optional<String> next = MongoFieldValues.successor(hi);
            if (next.isEmpty()) {
                return Optional.empty();
            }
            upper = next.get();
            upperIn = false;
        }
        return Optional.of(new Bounds(lower, lowerIn, upper, upperIn));
    }

    /** Whether UTF-16 order agrees with code point order for comparisons with this bound (no unit from U+D800). */
    private static boolean orderedAsInMongo(String bound) {
        if (bound == null) {
            return true;
        }
        for (int i = 0; i < bound.length(); i++) {
            if (bound.charAt(i) >= Character.MIN_SURROGATE) {
                return false;
            }
        }
        return true;
    }

    /** The ObjectIds whose hex text lies within the bounds, as one condition; empty when there are none. */
    private static Optional<BsonDocument> objectIds(Bounds b) {
        BsonValue lower = null;
        boolean lowerIn = true;
        if (b.lower() != null) {
            if (isHex(b.lower()) && !b.lowerIn()) {
                lower = objectId(b.lower()); // text > s: the ObjectId after s's
                lowerIn = false;
            } else {
                Optional<String> least = leastHexAtLeast(b.lower());
                if (least.isEmpty()) {
                    return Optional.empty(); // every ObjectId's text is below the bound
                }
                lower = objectId(least.get());
            }
        }
        BsonValue upper = null;
        boolean upperIn = false;
        if (b.upper() != null) {
            if (isHex(b.upper()) && b.upperIn()) {
                upper = objectId(b.upper());
                upperIn = true;
            } else {
                // text < s (or <= s for an s that is no ObjectId's text): the ObjectIds below the least one at s
                Optional<String> least = leastHexAtLeast(b.upper());
                upper = least.map(MongoTextValues::objectId).orElse(null);
            }
        }
        if (lower == null && upper == null) {
            return Optional.of(new BsonDocument("$type", new BsonString("objectId")));
        }
        if (lower != null && upper != null) {
            int order =
                    lower.asObjectId().getValue().compareTo(upper.asObjectId().getValue());
            if (order > 0 || order == 0 && !(lowerIn && upperIn)) {
                return Optional.empty();
            }
        }
        return Optional.of(MongoFieldValues.bounds(lower, lowerIn, upper, upperIn));
    }

    /** The least 24-digit lower-case hex text that is at least {@code bound}, if any. */
    static Optional<String> leastHexAtLeast(String bound) {
        int n = Math.min(bound.length(), HEX_DIGITS);
        for (int i = 0; i < n; i++) {
            char c = bound.charAt(i);
            if (isHexDigit(c)) {
                continue;
            }
            String prefix = bound.substring(0, i);
            if (c < '0') {
                return Optional.of(pad(prefix + '0'));
            }
            if (c < 'a') {
                return Optional.of(pad(prefix + 'a')); // between '9' and 'a' (upper-case digits among them)
            }
            return increment(prefix).map(MongoTextValues::pad); // above 'f': the next prefix
        }
        if (bound.length() <= HEX_DIGITS) {
            return Optional.of(pad(bound)); // the bound itself, or the least text it starts
        }
        return increment(bound.substring(0, HEX_DIGITS)); // longer than any ObjectId's text with its prefix
    }

    /** The hex text one above (of the same length), if it does not overflow. */
    private static Optional<String> increment(String hex) {
        char[] digits = hex.toCharArray();
        for (int i = digits.length - 1; i >= 0; i--) {
            if (digits[i] != 'f') {
                digits[i] = digits[i] == '9' ? 'a' : (char) (digits[i] + 1);
                return Optional.of(new String(digits));
            }
            digits[i] = '0';
        }
        return Optional.empty();
    }

    private static String pad(String hex) {
        return hex + "0".repeat(HEX_DIGITS - hex.length());
    }

    private static boolean isHex(String text) {
        if (text.length() != HEX_DIGITS) {
            return false;
        }
        for (int i = 0; i < HEX_DIGITS; i++) {
            if (!isHexDigit(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isHexDigit(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f';
    }

    private static BsonValue objectId(String hex) {
        return new BsonObjectId(new ObjectId(hex));
    }

    private static BsonValue string(String value) {
        return value == null ? null : new BsonString(value);
    }

    private static int codePoints(String text) {
        return text.codePointCount(0, text.length());
    }
}
