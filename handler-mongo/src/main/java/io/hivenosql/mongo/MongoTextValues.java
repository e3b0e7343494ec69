package io.hivenosql.mongo;

import io.hivenosql.mongo.bson.BsonValueDecoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;

/**
 * The stored values that a string or varchar column reads as a text in an interval, for every BSON type the column
 * reads as text ({@link BsonValueDecoder}): strings (and symbols, which MongoDB compares as strings), ObjectIds (read as
 * their 24 lower-case hex digits), documents and arrays (read as relaxed JSON text, which starts with '{' or '['). The
 * result is a list of field conditions, one per BSON type that can fall in the interval, each matching exactly the
 * values of that type whose text does:
 *
 * <ul>
 *   <li>strings: the interval's bounds as strings (MongoDB orders strings by their UTF-8 bytes, which is Hive's code
 *       point order). A bound with a character from U+D800 up is not pushed: there UTF-16 order (Java's, and that of
 *       the MongoDB test server) differs from code point order.
 *   <li>ObjectIds: the hex text orders as the ObjectId's bytes, so a text bound is the least (or greatest) ObjectId whose
 *       text lies beyond it.
 *   <li>documents and arrays: every JSON text of a document starts with '{', of an array with '[': a bound that starts
 *       with another character puts all of them on one side. A bound starting with '{' or '[' is not pushed.
 * </ul>
 *
 * <p>A varchar(n) column reads the first n code points: a bound of n code points stands for every text it starts
 * ({@code <= 'abc'} is {@code < 'abd'} for varchar(3)), for every BSON type alike.
 */
final class MongoTextValues {
    private static final int HEX_DIGITS = 24;
    private static final char DOCUMENT_START = '{';
    private static final char ARRAY_START = '[';
    private static final BsonDocument DOCUMENT_TYPE = new BsonDocument("$type", new BsonString("object"));
    private static final BsonDocument ARRAY_TYPE = new BsonDocument("$type", new BsonString("array"));

    private MongoTextValues() {}

    /** The bounds in stored text: a value's full text lies within them exactly when the text read from it does. */
    private record Bounds(String lower, boolean lowerIn, String upper, boolean upperIn) {}

    /**
     * The field conditions of the stored values whose read text lies in the interval (null: no bound); none when no
     * value can; empty when that cannot be matched exactly.
     *
     * @param varcharLength the n of a varchar(n) column, 0 for a string column
     */
    static Optional<List<BsonDocument>> interval(String lo, boolean loIn, String hi, boolean hiIn, int varcharLength) {
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
                return Optional.of(List.of());
            }
        }
        List<BsonDocument> alternatives = new ArrayList<>();
        alternatives.add(
                b.lower() == null && b.upper() == null
                        ? new BsonDocument("$gte", new BsonString(""))
                        : MongoFieldValues.bounds(string(b.lower()), b.lowerIn(), string(b.upper()), b.upperIn()));
        objectIds(b).ifPresent(alternatives::add);
        for (char start : new char[] {DOCUMENT_START, ARRAY_START}) {
            Optional<Boolean> all = allStartingWith(start, b);
            if (all.isEmpty()) {
                return Optional.empty(); // a bound that starts like the JSON text
            }
            if (all.get()) {
                alternatives.add((start == DOCUMENT_START ? DOCUMENT_TYPE : ARRAY_TYPE).clone());
            }
        }
        return Optional.of(alternatives);
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

    /**
     * Whether every JSON text starting with {@code start} (followed by at least one more character) lies within the
     * bounds (true), none does (false), or it depends on the rest of the text (empty).
     */
    private static Optional<Boolean> allStartingWith(char start, Bounds b) {
        Optional<Boolean> aboveLower = b.lower() == null ? Optional.of(true) : compareFirst(start, b.lower(), true);
        Optional<Boolean> belowUpper = b.upper() == null ? Optional.of(true) : compareFirst(start, b.upper(), false);
        if (aboveLower.isPresent() && !aboveLower.get() || belowUpper.isPresent() && !belowUpper.get()) {
            return Optional.of(false);
        }
        if (aboveLower.isEmpty() || belowUpper.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(true);
    }

    /**
     * Whether every text of two or more characters starting with {@code start} is above ({@code above}) or below the
     * bound, whatever the inclusiveness: the texts are longer than one character, so only the first decides.
     */
    private static Optional<Boolean> compareFirst(char start, String bound, boolean above) {
        if (bound.isEmpty()) {
            return Optional.of(above); // every non-empty text is above ""
        }
        char first = bound.charAt(0);
        if (first == start) {
            return Optional.empty();
        }
        return Optional.of(above == (start > first));
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
