package io.hivenosql.mongo;

import static io.hivenosql.mongo.MongoFieldPath.ARRAY;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.VarcharType;
import io.hivenosql.mongo.MongoTextValues.Match;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The MongoDB conditions on one column's field that match exactly the documents where a comparison of the column is
 * true, or false (for SQL's NOT), as {@link MongoPredicateTranslator} composes them. Values are typed BSON values of
 * the column's type; no query text is built.
 *
 * <p>A condition matches a field value only when it is of a BSON type the column reads (numbers, booleans, dates; for
 * text columns nearly every type, see {@link MongoTextValues}) and, but for text columns, not an array; a dotted path
 * whose parent is an array matches nothing (the reader reads it as NULL). Stored values that the reader changes are
 * matched by the values they read as: a date-time by its UTC date, a decimal by its value rounded HALF_UP to the
 * column's scale, a varchar by its first n code points, a BSON timestamp by its seconds, a number or a document in a
 * text column by its JSON text. Integer, decimal, date and timestamp ranges are bounded by what the column reads (dates
 * and timestamps by Hive's years 1 to 9999), so that values the reader refuses never match.
 *
 * <p>Each condition says whether it is exact: text comparisons match numbers in a text column as a superset where their
 * text cannot be compared in a filter ({@link MongoTextValues.Match}), and Hive then filters again.
 */
final class MongoFieldFilter {
    /** A filter document on the column, and whether it matches exactly where the comparison holds (else a superset). */
    record Condition(BsonDocument document, boolean exact) {
        Condition {
            requireNonNull(document, "document is null");
        }
    }

    enum Kind {
        BOOLEAN,
        INTEGER,
        DOUBLE,
        DECIMAL,
        STRING,
        VARCHAR,
        OBJECT_ID,
        DATE,
        TIMESTAMP
    }

    /** BSON undefined, which reads as NULL; MongoDB 8 no longer matches it with {@code {f: null}}. */
    private static final BsonDocument UNDEFINED = new BsonDocument("$type", new BsonString("undefined"));

    /**
     * The most values an IN list (or NOT IN) may have to be pushed; a longer one is left to Hive, which tests
     * membership with a hash set. A filter document must also stay well below MongoDB's 16 MB ({@link
     * MongoPredicateTranslator#MAX_FILTER_BYTES}): 100,000 bigint keys are some 1.5 MB.
     */
    static final int MAX_IN_VALUES = 100_000;

    private final MongoFieldPath field;
    private final Kind kind;
    private final BadRecordPolicy policy;
    private final MongoDialect dialect;
    private final MongoFieldValues ranges;
    /** The n of a varchar(n) column, else 0. */
    private final int varcharLength;

    private MongoFieldFilter(String path, DataType type, Kind kind, BadRecordPolicy policy, MongoDialect dialect) {
        this.field = new MongoFieldPath(path);
        this.kind = kind;
        this.policy = policy;
        this.dialect = dialect;
        this.ranges = new MongoFieldValues(kind, type, dialect);
        this.varcharLength = type instanceof VarcharType varchar ? varchar.length() : 0;
    }

    /**
     * The filter builder of a column, when its type is one that pushed comparisons handle exactly, for a server of the
     * dialect: values it cannot hold are never named, alternatives that match only them are left out (they match
     * nothing there), and a condition that needs them is written as a superset that is not exact (decimal bounds as
     * doubles where no decimal128 is held, see {@link MongoFieldValues}).
     */
    static Optional<MongoFieldFilter> of(
            ColumnMapping column, boolean objectId, BadRecordPolicy policy, MongoDialect dialect) {
        requireNonNull(column, "column is null");
        requireNonNull(policy, "policy is null");
        requireNonNull(dialect, "dialect is null");
        return kind(column.type(), objectId)
                .map(kind -> new MongoFieldFilter(column.path(), column.type(), kind, policy, dialect));
    }

    private static Optional<Kind> kind(DataType type, boolean objectId) {
        if (type instanceof DecimalType) {
            return Optional.of(Kind.DECIMAL);
        }
        if (type instanceof VarcharType) {
            return Optional.of(Kind.VARCHAR);
        }
        if (!(type instanceof PrimitiveType primitive)) {
            return Optional.empty(); // char (padding), struct, map, array
        }
        return switch (primitive) {
            case BOOLEAN -> Optional.of(Kind.BOOLEAN);
            case TINYINT, SMALLINT, INT, BIGINT -> Optional.of(Kind.INTEGER);
            case DOUBLE -> Optional.of(Kind.DOUBLE);
            case STRING -> Optional.of(objectId ? Kind.OBJECT_ID : Kind.STRING);
            case DATE -> Optional.of(Kind.DATE);
            case TIMESTAMP -> Optional.of(Kind.TIMESTAMP);
                // float: Hive compares it widened to double; binary: BSON orders binaries by length and subtype first
            case FLOAT, BINARY -> Optional.empty();
        };
    }

    /** Where {@code column op value} is true, or with {@code negated} false (non-NULL and not satisfying it). */
    Optional<Condition> compare(CompareOp op, Object value, boolean negated) {
        Optional<Object> bound = ranges.neutral(value);
        if (bound.isEmpty()) {
            return Optional.empty();
        }
        Object v = bound.get();
        return switch (op) {
            case EQ -> negated ? noneOf(List.of(v)) : anyOf(List.of(v));
            case NE -> negated ? anyOf(List.of(v)) : noneOf(List.of(v));
            default -> {
                CompareOp effective = negated ? complement(op) : op;
                Optional<Match> range =
                        switch (effective) {
                            case LT -> interval(null, false, v, false);
                            case LE -> interval(null, false, v, true);
                            case GT -> interval(v, false, null, false);
                            default -> interval(v, true, null, false);
                        };
                // a double's NaN: NOT of a comparison is true for it; and > or >= are true for it in Hive's row mode
                // (Double.compare puts NaN above every number), false in its vectorized mode: matched, and Hive
                // filters again (see exactOnDouble)
                boolean withNaN = negated || op == CompareOp.GT || op == CompareOp.GE;
                yield range.map(match ->
                        new Condition(field.render(withNaN ? withNaN(match.all()) : match.all(), true), match.exact()));
            }
        };
    }

    /**
     * Whether a comparison on a double column matches exactly what Hive selects in both of its modes. Hive compares
     * doubles with Double.compare in row mode (fetch tasks: NaN is above every number, so {@code d > 1} holds for it)
     * and with Java's primitive operators in vectorized mode (Tez: it does not): for {@code >} and {@code >=}, and
     * their negations, the pushed filter matches NaN and Hive keeps the predicate.
     */
    static boolean exactOnDouble(CompareOp op) {
        return op != CompareOp.GT && op != CompareOp.GE;
    }

    /** Where {@code column IN (values)} is true, or with {@code negated} false; empty for more than 100,000 values. */
    Optional<Condition> in(List<Object> values, boolean negated) {
        if (values.size() > MAX_IN_VALUES) {
            return Optional.empty();
        }
        if (kind == Kind.DOUBLE && values.stream().anyMatch(v -> v instanceof Double d && d == 0.0)) {
            // Hive's IN hashes doubles: 0.0 IN (-0.0) is false, while every comparison has 0.0 = -0.0
            return Optional.empty();
        }
        List<Object> neutral = new ArrayList<>();
        for (Object value : values) {
            Optional<Object> converted = ranges.neutral(value);
            if (converted.isEmpty()) {
                return Optional.empty();
            }
            neutral.add(converted.get());
        }
        return negated ? noneOf(neutral) : anyOf(neutral);
    }

    /** Where {@code column BETWEEN low AND high} is true, or with {@code negated} false. */
    Optional<Condition> between(Object low, Object high, boolean negated) {
        Optional<Object> lo = ranges.neutral(low);
        Optional<Object> hi = ranges.neutral(high);
        if (lo.isEmpty() || hi.isEmpty()) {
            return Optional.empty();
        }
        if (!negated) {
            return interval(lo.get(), true, hi.get(), true)
                    .map(match -> new Condition(field.render(match.all(), true), match.exact()));
        }
        Optional<Match> below = interval(null, false, lo.get(), false);
        Optional<Match> above = interval(hi.get(), false, null, false);
        if (below.isEmpty() || above.isEmpty()) {
            return Optional.empty();
        }
        Match outside = below.get().and(above.get());
        return Optional.of(new Condition(field.render(withNaN(outside.all()), true), outside.exact()));
    }

    /**
     * Where {@code column IS NULL} is true, or with {@code negated} where it is false. NULL is a missing field, BSON null
     * or undefined, or a path under a parent that is not a document; with {@code nosql.bad-record.policy=null} also a
     * value the reader cannot convert. NOT NULL is a value the reader converts.
     */
    Optional<Condition> isNull(boolean negated) {
        Optional<BsonDocument> converts = good().map(alternatives -> field.render(alternatives, !isText()));
        if (negated) {
            return converts.map(document -> new Condition(document, ranges.exact()));
        }
        if (policy == BadRecordPolicy.NULL) {
            // the complement of a superset would be a subset: pushed only when exact
            return converts.filter(document -> ranges.exact()).map(document -> new Condition(nor(document), true));
        }
        BsonDocument absent = new BsonDocument("$eq", BsonNull.VALUE);
        if (!field.isId()) {
            absent.append("$not", ARRAY.clone());
        }
        List<BsonDocument> alternatives = new ArrayList<>();
        for (String parent : field.guardedParents()) {
            alternatives.add(new BsonDocument(parent, ARRAY.clone()));
        }
        alternatives.add(new BsonDocument(field.path(), absent));
        if (dialect.holdsUndefined()) {
            alternatives.add(new BsonDocument(field.path(), UNDEFINED.clone()));
        }
        return Optional.of(new Condition(operator("$or", alternatives), true));
    }

    // ---------------------------------------------------------------------------------------------- composition

    private Optional<Condition> anyOf(List<Object> values) {
        return points(values).map(match -> new Condition(field.render(match.all(), true), match.exact()));
    }

    /**
     * Values that convert and equal none of the values: those that are not surely one of them (a superset when some
     * may be, see {@link Match}).
     */
    private Optional<Condition> noneOf(List<Object> values) {
        Optional<Match> points = points(values);
        Optional<List<BsonDocument>> good = good();
        if (points.isEmpty() || good.isEmpty()) {
            return Optional.empty();
        }
        List<BsonDocument> sure = points.get().sure();
        // the values that convert: a superset when the bounds are (decimal bounds as doubles)
        boolean exact = points.get().exact() && ranges.exact();
        Optional<BsonArray> equalities = MongoFieldPath.equalities(sure);
        if (equalities.isPresent()) {
            List<BsonDocument> alternatives = new ArrayList<>();
            for (BsonDocument alternative : good.get()) {
                // an array's JSON text never equals a value: every array is "none of" them
                alternatives.add(alternative.equals(ARRAY) ? alternative : withNin(alternative, equalities.get()));
            }
            return Optional.of(new Condition(field.render(alternatives, !isText()), exact));
        }
        return Optional.of(new Condition(
                operator("$and", List.of(field.render(good.get(), !isText()), nor(field.render(sure, true)))), exact));
    }

    /**
     * The stored values that read as one of the values. Text columns also read ObjectIds (as 24 lower-case hex digits)
     * and values of other types (as JSON text), so a text value matches those of every such type that read as it
     * ({@link MongoTextValues}); a literal that starts like JSON text ('{' or '[') is not pushed.
     */
    private Optional<Match> points(List<Object> values) {
        // gathered in place: Match.and copies both sides, which is quadratic over a join's 100,000 keys
        List<BsonDocument> sure = new ArrayList<>();
        List<BsonDocument> possible = new ArrayList<>();
        for (Object value : values) {
            Optional<Match> point = isText()
                    ? MongoTextValues.interval((String) value, true, (String) value, true, varcharLength, dialect)
                    : interval(value, true, value, true);
            if (point.isEmpty()) {
                return Optional.empty();
            }
            sure.addAll(point.get().sure());
            possible.addAll(point.get().possible());
        }
        return Optional.of(new Match(sure, possible));
    }

    /** The field conditions of the values the reader converts (all of them not null). */
    private Optional<List<BsonDocument>> good() {
        return switch (kind) {
            case BOOLEAN -> Optional.of(List.of(typeIs(new BsonString("bool"))));
            case INTEGER -> whole(); // none with a lenient policy: see interval
            case DOUBLE -> Optional.of(List.of(typeIs(new BsonString("number"))));
            case DECIMAL -> whole();
            case STRING, VARCHAR, OBJECT_ID -> Optional.of(MongoTextValues.readable(dialect));
                // with a lenient policy, dates beyond years 1 to 9999 read as NULL (or skip): not among these
            case DATE -> lenient() ? whole() : Optional.of(List.of(typeIs(new BsonString("date"))));
            case TIMESTAMP -> lenient() ? whole() : Optional.of(List.of(typeIs(strings("date", "timestamp"))));
        };
    }

    /** The values of a column of numbers, dates or timestamps that read as a value (exact for those kinds). */
    private Optional<List<BsonDocument>> whole() {
        return interval(null, false, null, false).map(Match::all);
    }

    /**
     * The stored values that read as a value in the interval (see {@link MongoFieldValues#interval}), except that with a
     * lenient bad-record policy integer columns match single values only: a fractional double in a range would match
     * although it reads as a bad record.
     */
    private Optional<Match> interval(Object lo, boolean loIncluded, Object hi, boolean hiIncluded) {
        boolean point = lo != null && lo.equals(hi) && loIncluded && hiIncluded;
        if (kind == Kind.INTEGER && lenient() && !point) {
            return Optional.empty();
        }
        if (kind == Kind.STRING || kind == Kind.VARCHAR) {
            return MongoTextValues.interval((String) lo, loIncluded, (String) hi, hiIncluded, varcharLength, dialect);
        }
        // bounds that only approximate the interval (MongoFieldValues#exact) are possible matches, never sure ones
        return ranges.interval(lo, loIncluded, hi, hiIncluded)
                .map(all -> ranges.exact() ? Match.exactly(all) : new Match(List.of(), all));
    }

    private boolean isText() {
        return kind == Kind.STRING || kind == Kind.VARCHAR || kind == Kind.OBJECT_ID;
    }

    /** Bad values are read as NULL or skip the record: then no bad value may match. */
    private boolean lenient() {
        return policy != BadRecordPolicy.FAIL;
    }

    /**
     * A double's NOT of a comparison is true for NaN, which compares false with everything; a server that holds no NaN
     * (and may not be sent one) has none to match.
     */
    private List<BsonDocument> withNaN(List<BsonDocument> alternatives) {
        if (kind != Kind.DOUBLE || !dialect.holdsNaN()) {
            return alternatives;
        }
        List<BsonDocument> result = new ArrayList<>(alternatives);
        result.add(new BsonDocument("$eq", new BsonDouble(Double.NaN)));
        return result;
    }

    private static BsonDocument withNin(BsonDocument condition, BsonArray values) {
        if (values.isEmpty()) {
            return condition;
        }
        BsonDocument result = condition.clone();
        BsonArray nin = result.containsKey("$nin") ? result.getArray("$nin") : new BsonArray();
        values.forEach(nin::add);
        result.put("$nin", nin);
        return result;
    }

    private static CompareOp complement(CompareOp op) {
        return switch (op) {
            case LT -> CompareOp.GE;
            case LE -> CompareOp.GT;
            case GT -> CompareOp.LE;
            case GE -> CompareOp.LT;
            case EQ -> CompareOp.NE;
            case NE -> CompareOp.EQ;
        };
    }

    private static BsonDocument typeIs(BsonValue types) {
        return new BsonDocument("$type", types);
    }

    private static BsonArray strings(String... values) {
        BsonArray array = new BsonArray();
        for (String value : values) {
            array.add(new BsonString(value));
        }
        return array;
    }

    static BsonDocument nor(BsonDocument condition) {
        return new BsonDocument("$nor", new BsonArray(List.of(condition)));
    }

    static BsonDocument operator(String operator, List<BsonDocument> conditions) {
        return new BsonDocument(operator, new BsonArray(conditions));
    }
}
