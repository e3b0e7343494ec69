package io.hivenosql.mongo;

import io.hivenosql.mongo.MongoTextValues.Match;
import io.hivenosql.mongo.bson.BsonText;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * How the texts a text column reads from values other than strings and ObjectIds lie within bounds of text
 * ({@link MongoTextValues}): kinds of text told apart by their first character ('{', '[', '-' or a digit), booleans,
 * and the finite numbers, whose texts do not order as the numbers do.
 */
final class MongoScalarTexts {
    /** The finite numbers, whose texts start with '-' or a digit (int32 and int64 alike, a double with '.' or 'E'). */
    static final List<String> NUMBER_TYPES = List.of("int", "long", "double");

    private MongoScalarTexts() {}

    /** The bounds in stored text: a value's full text lies within them exactly when the text read from it does. */
    record Bounds(String lower, boolean lowerIn, String upper, boolean upperIn) {
        boolean contains(String text) {
            boolean aboveLower = lower == null || (lowerIn ? text.compareTo(lower) >= 0 : text.compareTo(lower) > 0);
            return aboveLower && (upper == null || (upperIn ? text.compareTo(upper) <= 0 : text.compareTo(upper) < 0));
        }

        boolean isPoint() {
            return lower != null && lower.equals(upper) && lowerIn && upperIn;
        }
    }

    /** Whether all, none or some of the texts of a kind lie within bounds. */
    enum Verdict {
        ALL,
        NONE,
        SOME
    }

    /**
     * Whether all, none or some of the texts that start with a character from {@code first} to {@code last} and have at
     * least {@code minLength} characters lie within the bounds: the first character decides, or a bound of one
     * character that all such texts start with and are longer than.
     */
    static Verdict verdict(char first, char last, int minLength, Bounds b) {
        Verdict above = b.lower() == null ? Verdict.ALL : side(first, last, minLength, b.lower(), true);
        Verdict below = b.upper() == null ? Verdict.ALL : side(first, last, minLength, b.upper(), false);
        if (above == Verdict.NONE || below == Verdict.NONE) {
            return Verdict.NONE;
        }
        return above == Verdict.ALL && below == Verdict.ALL ? Verdict.ALL : Verdict.SOME;
    }

    /**
     * Whether all, none or some such texts lie above ({@code above}) or below the bound, whatever the inclusiveness:
     * the cases decided are those where no such text equals the bound.
     */
    private static Verdict side(char first, char last, int minLength, String bound, boolean above) {
        if (bound.isEmpty()) {
            return above ? Verdict.ALL : Verdict.NONE; // every text of a kind here is non-empty, above ""
        }
        char c = bound.charAt(0);
        boolean textsAbove;
        if (c < first) {
            textsAbove = true;
        } else if (c > last) {
            textsAbove = false;
        } else if (first == last && bound.length() == 1 && minLength > 1) {
            textsAbove = true; // every such text starts with the bound and is longer
        } else {
            return Verdict.SOME;
        }
        return textsAbove == above ? Verdict.ALL : Verdict.NONE;
    }

    /**
     * The finite int32, int64 and double values whose text lies within the bounds: exactly when all or none of a sign
     * do, or when the bounds are one text (the numbers written so); else every number of the signs that may (see the
     * class comment).
     */
    static Match numbers(Bounds b) {
        Verdict negative = verdict('-', '-', 2, b);
        Verdict positive = verdict('0', '9', 1, b);
        if (negative == Verdict.NONE && positive == Verdict.NONE) {
            return Match.exactly(List.of());
        }
        if (negative == Verdict.ALL && positive == Verdict.ALL) {
            return Match.exactly(List.of(numbers(Double.NEGATIVE_INFINITY, false, Double.POSITIVE_INFINITY, false)));
        }
        if (b.isPoint()) {
            return written(b.lower());
        }
        // -0.0 is written "-0.0" but equals 0: the conditions of both signs hold both zeros
        BsonDocument condition;
        if (negative == Verdict.NONE) {
            condition = numbers(0, true, Double.POSITIVE_INFINITY, false);
        } else if (positive == Verdict.NONE) {
            condition = numbers(Double.NEGATIVE_INFINITY, false, 0, true);
        } else {
            condition = numbers(Double.NEGATIVE_INFINITY, false, Double.POSITIVE_INFINITY, false);
        }
        return new Match(List.of(), List.of(condition));
    }

    /** The numbers whose text is {@code text}: an int32 or int64, or the double that BsonText writes so. */
    private static Match written(String text) {
        try {
            long integer = Long.parseLong(text);
            if (Long.toString(integer).equals(text)) {
                return Match.exactly(List.of(typeIs(List.of("int", "long")).append("$eq", new BsonInt64(integer))));
            }
        } catch (NumberFormatException e) {
            // not an integer's text
        }
        try {
            double value = Double.parseDouble(text);
            if (Double.isFinite(value) && BsonText.json(new BsonDouble(value)).equals(text)) {
                BsonDocument condition = typeIs(List.of("double")).append("$eq", new BsonDouble(value));
                return value == 0.0 ? new Match(List.of(), List.of(condition)) : Match.exactly(List.of(condition));
            }
        } catch (NumberFormatException e) {
            // not a double's text
        }
        return Match.exactly(List.of());
    }

    private static BsonDocument numbers(double lower, boolean lowerIn, double upper, boolean upperIn) {
        return typeIs(NUMBER_TYPES)
                .append(lowerIn ? "$gte" : "$gt", new BsonDouble(lower))
                .append(upperIn ? "$lte" : "$lt", new BsonDouble(upper));
    }

    static BsonDocument typeIs(List<String> types) {
        BsonArray names = new BsonArray();
        types.forEach(type -> names.add(new BsonString(type)));
        return new BsonDocument("$type", names.size() == 1 ? names.get(0) : names);
    }

    /** The booleans whose text ("false", "true") lies within the bounds, each as its own condition. */
    static List<BsonDocument> booleans(Bounds b) {
        List<BsonDocument> alternatives = new ArrayList<>();
        for (boolean value : new boolean[] {false, true}) {
            if (b.contains(Boolean.toString(value))) {
                alternatives.add(new BsonDocument("$eq", BsonBoolean.valueOf(value)));
            }
        }
        return alternatives;
    }
}
