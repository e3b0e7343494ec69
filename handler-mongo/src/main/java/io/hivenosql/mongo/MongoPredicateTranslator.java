package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.pushdown.Filters;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.mongo.MongoFieldFilter.Condition;
import io.hivenosql.mongo.bson.DocumentLayout;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/**
 * Hive's pushed WHERE conjuncts as MongoDB filter documents with exactly Hive's semantics, built from typed BSON values
 * (never query text). Pure: needs only the table's layout and its {@code nosql.bad-record.policy}.
 *
 * <p>Pushed: {@code = <> < <= > >=}, {@code IN}, {@code BETWEEN}, {@code IS [NOT] NULL}, and AND, OR and NOT of those,
 * on columns of type boolean, tinyint to bigint, double, decimal, string, varchar, date and timestamp, and on ObjectId
 * columns ({@code mongo.objectid.columns}, string format) {@code =}, {@code <>}, {@code IN} and NULL tests; IN lists of
 * at most {@value MongoFieldFilter#MAX_IN_VALUES} values, in a filter document of at most {@value #MAX_FILTER_BYTES}
 * bytes (half of MongoDB's 16 MB limit, for the rest of the query). SQL's
 * three-valued logic is kept: a comparison with a NULL or missing field is neither true nor false, so NOT is pushed
 * down to the leaves (De Morgan) as the condition where the leaf is false, never as the complement of its matches:
 * {@code NOT a = 1} matches a non-NULL {@code a} other than 1, never a missing one. How each leaf matches stored
 * values, per type, is in {@link MongoFieldFilter}; in short:
 *
 * <ul>
 *   <li>Comparisons match values of the column type's BSON bracket only (numbers, strings, booleans, date-times), never
 *       null, missing fields or arrays. A date compares the UTC date of a date-time, a timestamp a date-time's
 *       milliseconds (a literal with finer digits is rounded to the stored values it admits: {@code = } matches
 *       none), a decimal the value rounded to the column's scale, a varchar the first n code points.
 *   <li>On string and varchar columns every comparison also matches the values of other types the column reads as
 *       text (ObjectIds as 24 lower-case hex digits; numbers, booleans, documents, arrays, dates and the rest as JSON
 *       text), as that text compares ({@link MongoTextValues}): {@code s > ''} matches a document, {@code s = '5'}
 *       the int32 and int64 5. Where numbers' texts cannot be told apart by a filter (a range that some number's text
 *       may fall in, a zero double) the numbers are matched as a superset and the conjunct is not {@link #exact}. Not
 *       pushed: literals and bounds that start with '{' (but '{' alone) or '[' (a document's or array's text could
 *       compare either way), and range bounds with a character from U+D800 up (the test server orders strings by
 *       UTF-16 unit, MongoDB by code point).
 *   <li>Dates and timestamps match only date-times of the years 1 to 9999, which the columns read.
 *   <li>{@code IS NULL}: a missing field, null or undefined (which MongoDB 8 no longer matches as null), or a dotted
 *       path under a parent that is not a document; with {@code nosql.bad-record.policy=null} also a value of a type
 *       the column cannot read (it reads as NULL).
 *   <li>With {@code nosql.bad-record.policy} null or skip, integer columns push only {@code =} and {@code IN}: a
 *       fractional double in a range would match although it reads as a bad record. With skip, an OR whose branches
 *       read different columns is not pushed either: Hive skips a record with a bad value in one column that the
 *       other branch would match.
 * </ul>
 *
 * <p>Not pushed (Hive applies them): columns whose field the collection spells in several ways
 * ({@link io.hivenosql.api.mapping.ColumnMapping#hasSeveralSpellings}), float columns (Hive compares floats widened to double), char (padding), binary,
 * struct, map and array columns, ranges on ObjectId columns, NaN and infinite double literals, and literals that do
 * not fit the column type or whose decimal bounds need more than decimal128's 34 digits (decimal columns of precision
 * 34 and more push only literals that leave room). Documented limits of exactness: a decimal column holding a double exactly halfway between
 * two values of its scale (MongoDB compares the double's binary value, the reader its shortest decimal text), and an
 * int64 or decimal128 that a double column cannot hold exactly.
 *
 * <p>For a server that holds fewer BSON values ({@link MongoDialect}: FerretDB 1.x has no NaN, infinity, decimal128,
 * MinKey, MaxKey, undefined, symbol, JavaScript or DBPointer) filters name none of them nor their {@code $type} aliases
 * and leave out the alternatives that match only them (exact: they match nothing there); decimal bounds are doubles
 * at or beyond the decimal ones, a superset that is not {@link #exact}, and a decimal {@code IS NULL} with the null
 * policy is not pushed. The dialect is asked where exactness is decided ({@link MongoKeyedReads#capabilities}).
 *
 * <p>The split's {@code _id} range and {@code mongo.input.query} are ANDed with the result by {@link MongoReads}.
 */
final class MongoPredicateTranslator {
    /** The largest filter document pushed, in encoded bytes: half of MongoDB's 16 MB, for the rest of the query. */
    static final int MAX_FILTER_BYTES = 8 * 1024 * 1024;

    private final String tableName;
    private final DocumentLayout layout;
    private final BadRecordPolicy policy;
    private final MongoDialect dialect;

    /** A translator for a genuine MongoDB ({@link MongoDialect#MONGODB}). */
    MongoPredicateTranslator(String tableName, DocumentLayout layout, BadRecordPolicy policy) {
        this(tableName, layout, policy, MongoDialect.MONGODB);
    }

    /**
     * A translator for a server of the dialect: its filters name no value the server cannot hold and match the same
     * stored values as MongoDB's would, or a superset of them that is not {@link #exact} (see {@link MongoDialect}).
     */
    MongoPredicateTranslator(String tableName, DocumentLayout layout, BadRecordPolicy policy, MongoDialect dialect) {
        this.tableName = requireNonNull(tableName, "tableName is null");
        this.layout = requireNonNull(layout, "layout is null");
        this.policy = requireNonNull(policy, "policy is null");
        this.dialect = requireNonNull(dialect, "dialect is null");
    }

    static MongoPredicateTranslator of(MongoTable table, MongoDialect dialect) {
        return new MongoPredicateTranslator(table.name(), table.layout(), policy(table.config()), dialect);
    }

    static BadRecordPolicy policy(TableConfig config) {
        BadRecordPolicy configured = config.get(NoSqlTableProperties.BAD_RECORD_POLICY);
        return configured == null ? BadRecordPolicy.FAIL : configured;
    }

    /**
     * What the table pushes: every conjunct that translates; exactly, but for {@link #exact}'s exceptions. Only
     * {@code _id} is read by key.
     */
    FilterCapabilities capabilities() {
        return capabilities(path -> false);
    }

    /**
     * {@link #capabilities()}, with the columns of top-level fields that {@code indexed} tells are the first key of an
     * index also read by key ({@link MongoKeyedReads}); {@code indexed} is asked only for such a column whose type is
     * pushed.
     */
    FilterCapabilities capabilities(Predicate<String> indexed) {
        return new FilterCapabilities() {
            @Override
            public boolean canPush(Filter filter) {
                return MongoPredicateTranslator.this.canPush(filter);
            }

            @Override
            public boolean exact(Filter conjunct) {
                return MongoPredicateTranslator.this.exact(conjunct);
            }

            @Override
            public boolean keyedReads(String column) {
                int index = layout.mapping().indexOf(column);
                if (index < 0) {
                    return false;
                }
                if (index == layout.idColumn()) {
                    // _id IN (...) is read through the _id index: one split, or past 2,000 _ids several
                    // (MongoSplitPlanner, MongoKeyedReads.planIds)
                    return true;
                }
                return MongoKeyedReads.keyable(layout.mapping().column(index))
                        && field(column).isPresent()
                        && indexed.test(layout.mapping().column(index).path());
            }
        };
    }

    /**
     * Whether the pushed filter matches exactly what Hive selects, so that Hive need not filter again: not when it
     * holds a {@code >} or {@code >=} on a double column, where Hive's row and vectorized modes disagree on NaN and the
     * filter matches it ({@link MongoFieldFilter#exactOnDouble}), nor when a text comparison matches the numbers of a
     * text column as a superset ({@link MongoTextValues}).
     */
    boolean exact(Filter filter) {
        return exactOnDoubles(filter)
                && where(filter, true).map(Condition::exact).orElse(true);
    }

    private boolean exactOnDoubles(Filter filter) {
        if (filter instanceof Filter.And and) {
            return and.children().stream().allMatch(this::exactOnDoubles);
        }
        if (filter instanceof Filter.Or or) {
            return or.children().stream().allMatch(this::exactOnDoubles);
        }
        if (filter instanceof Filter.Not not) {
            return exactOnDoubles(not.child());
        }
        if (filter instanceof Filter.Compare compare) {
            int index = layout.mapping().indexOf(compare.column());
            return index < 0
                    || layout.mapping().column(index).type() != PrimitiveType.DOUBLE
                    || MongoFieldFilter.exactOnDouble(compare.op());
        }
        return true;
    }

    /** Whether the filter document, encoded, is at most {@value #MAX_FILTER_BYTES} bytes. */
    private static boolean fitsOneQuery(BsonDocument document) {
        return new RawBsonDocument(document, new BsonDocumentCodec())
                        .getByteBuffer()
                        .remaining()
                <= MAX_FILTER_BYTES;
    }

    boolean canPush(Filter filter) {
        return translate(filter).isPresent();
    }

    /** The filter document of a pushable filter; empty when some part of it cannot be pushed. */
    Optional<BsonDocument> translate(Filter filter) {
        requireNonNull(filter, "filter is null");
        if (policy == BadRecordPolicy.SKIP && !guarded(filter, true).equals(columns(filter))) {
            // Hive skips a record with a bad value in any column of the filter, but an OR would still match it
            // through a branch on another column
            return Optional.empty();
        }
        return where(filter, true).map(Condition::document).filter(MongoPredicateTranslator::fitsOneQuery);
    }

    /**
     * The filter document of a filter {@link #canPush} accepts.
     *
     * @throws IllegalArgumentException when it cannot be pushed
     */
    BsonDocument toBson(Filter filter) {
        return translate(filter)
                .orElseThrow(() -> new IllegalArgumentException("table " + tableName + ": the filter "
                        + Filters.describe(filter) + " cannot be pushed to MongoDB"));
    }

    /** Where the filter is true ({@code truth}) or false; empty when that cannot be matched exactly. */
    private Optional<Condition> where(Filter filter, boolean truth) {
        if (filter instanceof Filter.And and) {
            return combine(truth ? "$and" : "$or", and.children(), truth);
        }
        if (filter instanceof Filter.Or or) {
            return combine(truth ? "$or" : "$and", or.children(), truth);
        }
        if (filter instanceof Filter.Not not) {
            return where(not.child(), !truth);
        }
        if (filter instanceof Filter.IsNull isNull) {
            return field(isNull.column()).flatMap(field -> field.isNull(!truth));
        }
        if (filter instanceof Filter.Compare compare) {
            return field(compare.column()).flatMap(field -> field.compare(compare.op(), compare.value(), !truth));
        }
        if (filter instanceof Filter.In in) {
            return field(in.column()).flatMap(field -> field.in(in.values(), !truth));
        }
        Filter.Between between = (Filter.Between) filter;
        return field(between.column()).flatMap(field -> field.between(between.low(), between.high(), !truth));
    }

    /** The columns whose values a match of the filter being true ({@code truth}) or false proves to be readable. */
    private static Set<String> guarded(Filter filter, boolean truth) {
        if (filter instanceof Filter.Not not) {
            return guarded(not.child(), !truth);
        }
        List<Filter> children;
        boolean all;
        if (filter instanceof Filter.And and) {
            children = and.children();
            all = truth;
        } else if (filter instanceof Filter.Or or) {
            children = or.children();
            all = !truth;
        } else {
            return columns(filter);
        }
        Set<String> result = null;
        for (Filter child : children) {
            Set<String> columns = guarded(child, truth);
            if (result == null) {
                result = new HashSet<>(columns);
            } else if (all) {
                result.addAll(columns); // every child matches
            } else {
                result.retainAll(columns); // some child matches
            }
        }
        return result;
    }

    /** The columns the filter reads, in lower case. */
    private static Set<String> columns(Filter filter) {
        Set<String> columns = new HashSet<>();
        if (filter instanceof Filter.And and) {
            and.children().forEach(child -> columns.addAll(columns(child)));
        } else if (filter instanceof Filter.Or or) {
            or.children().forEach(child -> columns.addAll(columns(child)));
        } else if (filter instanceof Filter.Not not) {
            columns.addAll(columns(not.child()));
        } else if (filter instanceof Filter.Compare compare) {
            columns.add(compare.column().toLowerCase(Locale.ROOT));
        } else if (filter instanceof Filter.In in) {
            columns.add(in.column().toLowerCase(Locale.ROOT));
        } else if (filter instanceof Filter.Between between) {
            columns.add(between.column().toLowerCase(Locale.ROOT));
        } else if (filter instanceof Filter.IsNull isNull) {
            columns.add(isNull.column().toLowerCase(Locale.ROOT));
        }
        return columns;
    }

    /** AND or OR of the children's conditions (nested ones of the same operator flattened). */
    private Optional<Condition> combine(String operator, List<Filter> children, boolean truth) {
        List<BsonDocument> parts = new ArrayList<>();
        boolean exact = true;
        for (Filter child : children) {
            Optional<Condition> part = where(child, truth);
            if (part.isEmpty()) {
                return Optional.empty();
            }
            exact &= part.get().exact();
            BsonDocument document = part.get().document();
            if (document.size() == 1 && document.containsKey(operator)) {
                for (BsonValue nested : document.getArray(operator)) {
                    parts.add(nested.asDocument());
                }
            } else {
                parts.add(document);
            }
        }
        return Optional.of(new Condition(new BsonDocument(operator, new BsonArray(parts)), exact));
    }

    private Optional<MongoFieldFilter> field(String column) {
        int index = layout.mapping().indexOf(column);
        if (index < 0 || layout.mapping().column(index).hasSeveralSpellings()) {
            // documents spell the field in several ways: a filter on one spelling would drop the others (Hive filters)
            return Optional.empty();
        }
        return MongoFieldFilter.of(layout.mapping().column(index), layout.isObjectId(index), policy, dialect);
    }
}
