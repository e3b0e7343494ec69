package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What a scan's filter ({@code mongo.input.query} AND the pushed filter, as MongoDB runs it) says of {@code _id}, for
 * {@link MongoSplitPlanner}: whether it pins {@code _id} to a list of values, or bounds it to an interval of one type
 * bracket. Pure; read off the filter document, never guessed: the only conditions used are those every matching
 * document must meet, so splits planned from them with the filter still select every document the filter selects.
 *
 * <ul>
 *   <li>Only conjuncts count: the top-level fields of the filter and the elements of its {@code $and}s, at any depth.
 *       Conditions on other fields, {@code $not}, {@code $nor}, {@code $expr}, {@code $type} and the like are left
 *       aside (they only narrow the scan further). An {@code $or} counts only when each of its branches pins
 *       {@code _id}.
 *   <li>Pinned: {@code {_id: v}} (not a regex), {@code {_id: {$eq: v}}}, {@code {_id: {$in: [...]}}} without a regex:
 *       the documents lie in a few index keys, one split reads them through the {@code _id} index.
 *   <li>Bounded: {@code $gt}, {@code $gte}, {@code $lt}, {@code $lte} with a value of a bracket that
 *       {@link MongoIdRanges#bracket} knows (numbers, strings, documents, binaries, ObjectIds, booleans, date-times,
 *       timestamps). MongoDB compares values of one bracket only ({@code {_id: {$gt: 5}}} never matches a string, an
 *       ObjectId or a NaN), so such a filter selects {@code _id}s of that bracket inside the bounds only. Bounds of
 *       other values (MinKey, MaxKey, null, NaN, regexes, arrays), which match across brackets, are left aside; bounds
 *       of two brackets (a filter that matches nothing) are left aside too.
 * </ul>
 *
 * @param pinned whether the filter pins {@code _id} to listed values
 * @param bracket the bracket of the bounds; empty when {@code _id} is not bounded
 * @param bounds the bounding conditions on {@code _id}, each one operator ({@code {$gt: 5}}), all of {@code bracket}
 */
record MongoIdBounds(boolean pinned, Optional<String> bracket, List<BsonDocument> bounds) {
    private static final String ID = "_id";
    private static final List<String> RANGE_OPERATORS = List.of("$gt", "$gte", "$lt", "$lte");

    MongoIdBounds {
        requireNonNull(bracket, "bracket is null");
        bounds = List.copyOf(requireNonNull(bounds, "bounds is null"));
        if (bracket.isEmpty() != bounds.isEmpty()) {
            throw new IllegalArgumentException("bounds without a bracket, or a bracket without bounds");
        }
    }

    /** What the filter document says of {@code _id}. */
    static MongoIdBounds of(BsonDocument filter) {
        requireNonNull(filter, "filter is null");
        Collector collector = new Collector();
        collector.conjunction(filter);
        return collector.result();
    }

    /** Whether {@code _id} is bounded to an interval of one bracket (and not pinned). */
    boolean bounded() {
        return !pinned && bracket.isPresent();
    }

    /** The bounds as one {@code _id} condition, e.g. {@code {_id: {$gt: 5, $lte: 9}}}, for server-side tests. */
    BsonDocument asFilter() {
        List<BsonDocument> conditions = new ArrayList<>();
        for (BsonDocument bound : bounds) {
            conditions.add(new BsonDocument(ID, bound));
        }
        return conditions.size() == 1 ? conditions.get(0) : new BsonDocument("$and", new BsonArray(conditions));
    }

    /**
     * Whether a value of the bounds' bracket meets every bound, in the bracket's order (which the caller has: see
     * {@link MongoIdRanges#order}).
     */
    boolean admits(BsonValue value, Comparator<BsonValue> order) {
        for (BsonDocument bound : bounds) {
            Map.Entry<String, BsonValue> entry = bound.entrySet().iterator().next();
            int comparison = order.compare(value, entry.getValue());
            boolean admitted =
                    switch (entry.getKey()) {
                        case "$gt" -> comparison > 0;
                        case "$gte" -> comparison >= 0;
                        case "$lt" -> comparison < 0;
                        case "$lte" -> comparison <= 0;
                        default -> throw new IllegalStateException("not a range operator: " + entry.getKey());
                    };
            if (!admitted) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        if (pinned) {
            return "_id pinned";
        }
        return bracket.isEmpty()
                ? "_id unbounded"
                : "_id bounded by " + asFilter().toJson();
    }

    /** Walks the conjuncts of a filter. */
    private static final class Collector {
        private boolean pinned;
        private final List<BsonDocument> bounds = new ArrayList<>();
        private final List<String> brackets = new ArrayList<>();

        void conjunction(BsonDocument filter) {
            for (Map.Entry<String, BsonValue> entry : filter.entrySet()) {
                BsonValue value = entry.getValue();
                switch (entry.getKey()) {
                    case "$and" -> {
                        if (value.isArray()) {
                            for (BsonValue child : value.asArray()) {
                                if (child.isDocument()) {
                                    conjunction(child.asDocument());
                                }
                            }
                        }
                    }
                    case "$or" -> {
                        if (value.isArray()
                                && !value.asArray().isEmpty()
                                && value.asArray().stream()
                                        .allMatch(branch -> branch.isDocument()
                                                && of(branch.asDocument()).pinned())) {
                            pinned = true;
                        }
                    }
                    case ID -> condition(value);
                    default -> {} // another field, or an operator that only narrows the scan
                }
            }
        }

        private void condition(BsonValue condition) {
            if (!isOperatorDocument(condition)) {
                // {_id: v} is equality, but for a regex, which matches strings
                pinned |= !condition.isRegularExpression();
                return;
            }
            for (Map.Entry<String, BsonValue> entry : condition.asDocument().entrySet()) {
                String operator = entry.getKey();
                BsonValue value = entry.getValue();
                if (operator.equals("$eq")) {
                    pinned = true;
                } else if (operator.equals("$in")) {
                    pinned |= value.isArray() && value.asArray().stream().noneMatch(BsonValue::isRegularExpression);
                } else if (RANGE_OPERATORS.contains(operator)) {
                    MongoIdRanges.bracket(value).ifPresent(bracket -> {
                        bounds.add(new BsonDocument(operator, value));
                        brackets.add(bracket);
                    });
                }
            }
        }

        private static boolean isOperatorDocument(BsonValue value) {
            return value.isDocument()
                    && !value.asDocument().isEmpty()
                    && value.asDocument().getFirstKey().startsWith("$");
        }

        MongoIdBounds result() {
            if (brackets.isEmpty() || brackets.stream().distinct().count() > 1) {
                return new MongoIdBounds(pinned, Optional.empty(), List.of());
            }
            return new MongoIdBounds(pinned, Optional.of(brackets.get(0)), bounds);
        }
    }
}
