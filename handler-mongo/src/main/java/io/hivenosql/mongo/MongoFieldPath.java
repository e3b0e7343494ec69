package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * A column's field path in a pushed filter, and how {@link MongoFieldFilter}'s field conditions on it become a filter
 * document that matches only where the reader reads a value: every proper prefix of a dotted path must not be an array
 * (the reader reads a path under an array as NULL), and, when asked, neither may the value itself ({@code _id} is never
 * an array). Alternatives that are all plain {@code $eq} are merged into one {@code $in}.
 */
final class MongoFieldPath {
    /** The condition on a field that holds an array. */
    static final BsonDocument ARRAY = new BsonDocument("$type", new BsonString("array"));

    private static final String ID = "_id";

    private final String path;

    MongoFieldPath(String path) {
        this.path = requireNonNull(path, "path is null");
    }

    /** The dotted path, as filters name it. */
    String path() {
        return path;
    }

    /** Whether the path is the document's {@code _id}, which is never an array. */
    boolean isId() {
        return path.equals(ID);
    }

    /**
     * The document matching the field conditions (any of them): each also excludes arrays (unless {@code guardLeaf}
     * is false), and the path's parents must not be arrays. No alternative: matches nothing.
     */
    BsonDocument render(List<BsonDocument> alternatives, boolean guardLeaf) {
        List<BsonDocument> merged = new ArrayList<>();
        Optional<BsonArray> equalities = equalities(alternatives);
        if (equalities.isPresent() && equalities.get().size() > 1) {
            merged.add(new BsonDocument("$in", equalities.get()));
        } else {
            merged.addAll(alternatives);
        }
        BsonDocument result = new BsonDocument();
        for (String parent : guardedParents()) {
            result.append(parent, new BsonDocument("$not", ARRAY.clone()));
        }
        if (merged.isEmpty()) {
            return result.append(path, new BsonDocument("$in", new BsonArray()));
        }
        if (merged.size() == 1) {
            return result.append(path, guard(merged.get(0), guardLeaf));
        }
        List<BsonDocument> branches = new ArrayList<>();
        for (BsonDocument alternative : merged) {
            branches.add(new BsonDocument(path, guard(alternative, guardLeaf)));
        }
        return result.append("$or", new BsonArray(branches));
    }

    private BsonDocument guard(BsonDocument condition, boolean guardLeaf) {
        if (!guardLeaf || isId() || condition.equals(ARRAY)) {
            return condition;
        }
        return condition.clone().append("$not", ARRAY.clone());
    }

    /** The proper prefixes of the path, which must be documents for the path to have a value. */
    List<String> guardedParents() {
        List<String> parents = new ArrayList<>();
        for (int dot = path.indexOf('.'); dot >= 0; dot = path.indexOf('.', dot + 1)) {
            String parent = path.substring(0, dot);
            if (!parent.equals(ID)) { // _id is never an array
                parents.add(parent);
            }
        }
        return parents;
    }

    /** The values when every condition is a plain {@code $eq} (each once, in order; linear in their number). */
    static Optional<BsonArray> equalities(List<BsonDocument> alternatives) {
        Set<BsonValue> values = new LinkedHashSet<>();
        for (BsonDocument alternative : alternatives) {
            if (alternative.size() != 1 || !alternative.containsKey("$eq")) {
                return Optional.empty();
            }
            values.add(alternative.get("$eq"));
        }
        return Optional.of(new BsonArray(new ArrayList<>(values)));
    }
}
