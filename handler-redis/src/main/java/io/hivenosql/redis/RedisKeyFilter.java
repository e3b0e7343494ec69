package io.hivenosql.redis;

import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.pushdown.Filters;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.ValueConversionException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Key pushdown: {@code =} and {@code IN} on key columns, and AND / OR trees of those, turned into the set of keys they
 * select, read by direct lookups. They are pushed as lookups when, together, they fix every key column: with one key
 * column each such conjunct is pushed (as before); with several ({@code redis.key.column = 'a,b'}) the conjuncts on key
 * columns are pushed together when they fix all of them, as the product of their values. At most {@value #MAX_KEYS}
 * keys are looked up, and for a product of several columns' lists on a large table up to what {@link
 * RedisKeyedReadLimit#productLimit} allows for its estimated keys (asked only for such a product, at most {@value
 * #MAX_PRODUCT_KEYS}): a longer IN list (or product) stays in Hive, which scans and tests membership with a hash set.
 *
 * <p>With several key columns, conjuncts that fix the first key column alone ({@code l_orderkey IN (...)} of a table
 * keyed by {@code l_orderkey, l_linenumber}, the join keys of runtime join-key pushdown) are pushed when the key
 * columns are not all fixed: the scan still walks the keys (SCAN with the prefix, no value read) but fetches the
 * values only of keys whose first part is the canonical text of a listed value ({@link RedisLeadingKeys}), the set
 * travelling in the split. That is exact: a key matches only when it splits into one part per key column, escaped as
 * written, with its first part a listed value, which is exactly when the scan reads the first key column as that
 * value. A conjunct on other key columns only, or an OR whose branches fix different key columns, stays in Hive (a
 * scan). Nothing else is accepted.
 *
 * <p>Lookups find a row when its key is made of the canonical texts of the values, which is what this handler writes,
 * and the only spelling a scan reads as those values ({@link RedisKeyCodec}: {@code 007} is a bad record, not the int
 * 7), so a lookup returns exactly the rows a scan would. Float and double key columns are never pushed: their text is
 * not unique ({@code 0.0} and {@code -0.0} are equal in Hive); a table with such a key column pushes nothing.
 */
final class RedisKeyFilter {
    /** The most keys a pushed filter may select (an IN list, or the product of several) on a table of any size. */
    static final int MAX_KEYS = 100_000;

    /**
     * The most keys the product of several key columns' lists may have on a large table ({@link
     * RedisKeyedReadLimit#productLimit}): a hundred lookup splits.
     */
    static final int MAX_PRODUCT_KEYS = 1_000_000;

    /** The product limit of a filter already selected, or of a table whose size is not asked. */
    private static final LongSupplier ANY_SELECTED = () -> MAX_PRODUCT_KEYS;

    private static final LongSupplier NO_MORE = () -> MAX_KEYS;

    private RedisKeyFilter() {}

    /**
     * The rows a filter on key columns selects: for the key positions it fixes, the tuples of canonical texts (a list
     * of one entry per key column, null where the position is not fixed).
     */
    private record Relation(BitSet positions, Set<List<String>> tuples) {}

    /**
     * The capabilities of a table whose products of key lists may have more than {@value #MAX_KEYS} keys, up to {@code
     * productLimit} (asked once, and only for such a product: it may sample the table).
     */
    static FilterCapabilities capabilities(RedisTable table, LongSupplier productLimit) {
        LongSupplier cap = once(productLimit);
        return new FilterCapabilities() {
            @Override
            public boolean canPush(Filter filter) {
                return select(List.of(filter)).size() == 1;
            }

            @Override
            public List<Filter> select(List<Filter> conjuncts) {
                return RedisKeyFilter.select(conjuncts, table, cap);
            }

            @Override
            public boolean keyedReads(String column) {
                return RedisKeyFilter.keyedReads(column, table);
            }
        };
    }

    /**
     * Whether an IN list on the column helps a read by key: the table's only key column (of a type that is pushed),
     * read by lookups; the first of several key columns (not float or double), whose list alone makes the scan fetch
     * the values of the listed keys only (a join on {@code l_orderkey} of a table keyed by {@code l_orderkey,
     * l_linenumber}); or another of several key columns when every key column is pushed: with the lists of a join on
     * the whole key ({@code l_orderkey} and {@code l_linenumber}) the scan looks up their product instead of walking
     * the keys (a list on such a column alone is left to Hive).
     */
    static boolean keyedReads(String column, RedisTable table) {
        RedisKeyCodec codec = table.keyCodec();
        int position = codec.position(column);
        if (position < 0) {
            return false;
        }
        if (codec.size() == 1 || position > 0) {
            return pushable(codec);
        }
        return leadingPushable(codec);
    }

    private static LongSupplier once(LongSupplier supplier) {
        AtomicLong value = new AtomicLong(-1);
        return () -> {
            if (value.get() < 0) {
                value.set(supplier.getAsLong());
            }
            return value.get();
        };
    }

    /**
     * The conjuncts to push: every conjunct on key columns that translates to keys, when together they fix every key
     * column within {@value #MAX_KEYS} keys; else, with several key columns, the conjuncts that fix the first key
     * column alone; none otherwise.
     */
    static List<Filter> select(List<Filter> conjuncts, RedisTable table, LongSupplier productLimit) {
        List<Filter> whole = wholeKeys(conjuncts, table.keyCodec(), productLimit);
        return whole.isEmpty() ? leadingOnly(conjuncts, table.keyCodec()) : whole;
    }

    /** The conjuncts that fix the first of several key columns alone (each within {@value #MAX_KEYS} values). */
    private static List<Filter> leadingOnly(List<Filter> conjuncts, RedisKeyCodec codec) {
        if (codec.size() < 2 || !leadingPushable(codec)) {
            return List.of();
        }
        List<Filter> chosen = new ArrayList<>();
        for (Filter conjunct : conjuncts) {
            if (relation(conjunct, codec, NO_MORE)
                    .filter(RedisKeyFilter::leading)
                    .isPresent()) {
                chosen.add(conjunct);
            }
        }
        return List.copyOf(chosen);
    }

    private static boolean leading(Relation relation) {
        return relation.positions().cardinality() == 1 && relation.positions().get(0);
    }

    private static List<Filter> wholeKeys(List<Filter> conjuncts, RedisKeyCodec codec, LongSupplier productLimit) {
        if (!pushable(codec)) {
            return List.of();
        }
        List<Filter> chosen = new ArrayList<>();
        Relation joined = null;
        for (Filter conjunct : conjuncts) {
            Optional<Relation> relation = relation(conjunct, codec, productLimit);
            if (relation.isEmpty()) {
                continue;
            }
            Optional<Relation> next = joined == null ? relation : join(joined, relation.get(), codec, productLimit);
            if (next.isEmpty()) {
                return List.of();
            }
            joined = next.get();
            chosen.add(conjunct);
        }
        if (joined == null || joined.positions().cardinality() < codec.size()) {
            return List.of();
        }
        return List.copyOf(chosen);
    }

    private static boolean leadingPushable(RedisKeyCodec codec) {
        return codec.type(0) != PrimitiveType.FLOAT && codec.type(0) != PrimitiveType.DOUBLE;
    }

    private static boolean pushable(RedisKeyCodec codec) {
        for (int i = 0; i < codec.size(); i++) {
            if (codec.type(i) == PrimitiveType.FLOAT || codec.type(i) == PrimitiveType.DOUBLE) {
                return false;
            }
        }
        return true;
    }

    /**
     * The keys a pushed filter selects: EQ gives its value, IN its values, OR the union and AND the join of its
     * children's; the key columns' texts are then joined into keys.
     *
     * @throws IllegalArgumentException for a filter {@link #select} does not accept
     */
    static Set<ByteKey> keys(Filter filter, RedisTable table) {
        RedisKeyCodec codec = table.keyCodec();
        Relation relation =
                pushable(codec) ? relation(filter, codec, ANY_SELECTED).orElse(null) : null;
        if (relation == null || relation.positions().cardinality() < codec.size()) {
            throw new IllegalArgumentException("filter " + Filters.describe(filter) + " of table " + table.name()
                    + " is not a key filter the Redis handler accepts");
        }
        Set<ByteKey> keys = new LinkedHashSet<>();
        relation.tuples().forEach(tuple -> keys.add(new ByteKey(codec.keyOfTexts(tuple))));
        return keys;
    }

    /**
     * Whether a pushed filter fixes every key column (it is read by lookups, {@link #keys}); else it fixes the first
     * of several key columns alone ({@link #leadingTexts}).
     */
    static boolean fixesWholeKeys(Filter filter, RedisTable table) {
        RedisKeyCodec codec = table.keyCodec();
        return pushable(codec)
                && relation(filter, codec, ANY_SELECTED)
                        .filter(relation -> relation.positions().cardinality() == codec.size())
                        .isPresent();
    }

    /**
     * The canonical texts of the first key column that a pushed filter fixing it alone selects (the intersection of
     * its conjuncts' values).
     *
     * @throws IllegalArgumentException for a filter {@link #select} does not accept so
     */
    static RedisLeadingKeys leadingTexts(Filter filter, RedisTable table) {
        RedisKeyCodec codec = table.keyCodec();
        Relation relation = codec.size() > 1 && leadingPushable(codec)
                ? relation(filter, codec, NO_MORE)
                        .filter(RedisKeyFilter::leading)
                        .orElse(null)
                : null;
        if (relation == null) {
            throw new IllegalArgumentException("filter " + Filters.describe(filter) + " of table " + table.name()
                    + " is not a filter on the first key column the Redis handler accepts");
        }
        Set<String> texts = new LinkedHashSet<>();
        relation.tuples().forEach(tuple -> texts.add(tuple.get(0)));
        return new RedisLeadingKeys(texts);
    }

    private static Optional<Relation> relation(Filter filter, RedisKeyCodec codec, LongSupplier limit) {
        if (filter instanceof Filter.Compare compare) {
            return compare.op() == CompareOp.EQ ? leaf(compare.column(), List.of(compare.value()), codec) : none();
        }
        if (filter instanceof Filter.In in) {
            return leaf(in.column(), in.values(), codec);
        }
        if (filter instanceof Filter.And and) {
            Relation result = null;
            for (Filter child : and.children()) {
                Optional<Relation> relation = relation(child, codec, limit);
                if (relation.isEmpty()) {
                    return none();
                }
                Optional<Relation> next = result == null ? relation : join(result, relation.get(), codec, limit);
                if (next.isEmpty()) {
                    return none();
                }
                result = next.get();
            }
            return Optional.ofNullable(result);
        }
        if (filter instanceof Filter.Or or) {
            BitSet positions = null;
            Set<List<String>> tuples = new LinkedHashSet<>();
            for (Filter child : or.children()) {
                Optional<Relation> relation = relation(child, codec, limit);
                // a union is a set of keys only when every branch fixes the same key columns
                if (relation.isEmpty()
                        || positions != null && !positions.equals(relation.get().positions())) {
                    return none();
                }
                positions = relation.get().positions();
                tuples.addAll(relation.get().tuples());
                if (tooMany(tuples.size(), limit)) {
                    return none();
                }
            }
            return Optional.of(new Relation(positions, tuples));
        }
        return none();
    }

    private static Optional<Relation> leaf(String columnName, List<Object> values, RedisKeyCodec codec) {
        int position = codec.position(columnName);
        if (position < 0 || values.size() > MAX_KEYS) {
            return none();
        }
        Set<List<String>> tuples = new LinkedHashSet<>();
        for (Object value : values) {
            String[] tuple = new String[codec.size()];
            try {
                tuple[position] = codec.text(position, value);
            } catch (IllegalArgumentException | ValueConversionException e) {
                return none();
            }
            tuples.add(Arrays.asList(tuple));
        }
        BitSet positions = new BitSet();
        positions.set(position);
        return Optional.of(new Relation(positions, tuples));
    }

    /** The tuples of both relations that agree on their shared positions, merged; empty when there are too many. */
    private static Optional<Relation> join(Relation left, Relation right, RedisKeyCodec codec, LongSupplier limit) {
        BitSet shared = (BitSet) left.positions().clone();
        shared.and(right.positions());
        Map<List<String>, List<List<String>>> byShared = new HashMap<>();
        for (List<String> tuple : right.tuples()) {
            byShared.computeIfAbsent(project(tuple, shared), k -> new ArrayList<>())
                    .add(tuple);
        }
        Set<List<String>> tuples = new LinkedHashSet<>();
        for (List<String> tuple : left.tuples()) {
            for (List<String> other : byShared.getOrDefault(project(tuple, shared), List.of())) {
                String[] merged = new String[codec.size()];
                for (int i = 0; i < merged.length; i++) {
                    merged[i] = tuple.get(i) != null ? tuple.get(i) : other.get(i);
                }
                tuples.add(Arrays.asList(merged));
                if (tooMany(tuples.size(), limit)) {
                    return none();
                }
            }
        }
        BitSet positions = (BitSet) left.positions().clone();
        positions.or(right.positions());
        return Optional.of(new Relation(positions, tuples));
    }

    private static List<String> project(List<String> tuple, BitSet positions) {
        List<String> projected = new ArrayList<>(positions.cardinality());
        for (int i = positions.nextSetBit(0); i >= 0; i = positions.nextSetBit(i + 1)) {
            projected.add(tuple.get(i));
        }
        return projected;
    }

    /** More than {@value #MAX_KEYS} keys and the limit (asked only past {@value #MAX_KEYS}). */
    private static boolean tooMany(int keys, LongSupplier limit) {
        return keys > MAX_KEYS && keys > Math.min(MAX_PRODUCT_KEYS, limit.getAsLong());
    }

    private static Optional<Relation> none() {
        return Optional.empty();
    }
}
