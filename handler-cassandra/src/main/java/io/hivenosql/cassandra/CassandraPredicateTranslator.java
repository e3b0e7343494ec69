package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.RuntimeKeysMax;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.cassandra.CqlRestrictions.Restriction;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which conjuncts of Hive's WHERE clause CQL applies with exactly Hive's semantics, and the CQL restrictions that apply
 * them. Pure: needs only the table's schema.
 *
 * <ol>
 *   <li>Partition key: when every partition key column has an {@code =} or {@code IN} conjunct (and the product of
 *       their values is at most {@value #MAX_PARTITIONS} partitions), those are pushed and the scan reads just those
 *       partitions (no token scan). A single-column partition key is read by key ({@link #keyedReads}): up to the
 *       table's {@code nosql.read.runtime-keys.max} partitions when that is more, as Tez's dynamic pruning hands it the
 *       join keys of a filtered table at run time.
 *   <li>Clustering columns, only with the partition key restricted: {@code =} / {@code IN} on a prefix of the
 *       clustering columns, then at most one column with a range ({@code < <= > >=}, {@code BETWEEN}), as CQL allows.
 *   <li>With {@code cassandra.allow-filtering=true}, comparisons, {@code IN} and {@code BETWEEN} on any other column
 *       (regular, static, the rest of the key), with {@code ALLOW FILTERING}.
 * </ol>
 *
 * <p>Never pushed: {@code NOT}, {@code OR}, {@code IS NULL}, {@code <>}; more than one {@code =} / {@code IN}, lower or
 * upper bound per column (CQL refuses them; the others stay in Hive); IN lists of more than {@value #MAX_IN_VALUES}
 * values; and comparisons whose CQL result could differ from Hive's: on float, double and decimal columns (signed
 * zeros, NaN, scale-sensitive key equality, Hive's rounding to the column scale), on varchar/char columns (Hive
 * truncates and pads), on collections, tuples, UDTs, counters and durations; ranges on uuid, timeuuid, inet and
 * time-as-text columns (CQL orders them otherwise than their text); and timestamps with sub-millisecond digits. The
 * values bound are those of {@link CqlPushedValues}: {@code =} on uuid, inet or time text that is not the canonical
 * text the column reads matches no row (Hive compares the text), and ranges get the bounds that keep empty values and
 * years beyond 1-9999 out.
 */
final class CassandraPredicateTranslator {
    /** The most partitions a pushed partition key restriction may select (the product of its IN lists). */
    static final int MAX_PARTITIONS = 1000;
    /** The most values of a pushed IN list on any column; a longer one stays in Hive (a hash set there). */
    static final int MAX_IN_VALUES = 1000;

    private final CassandraSchema schema;
    private final boolean allowFiltering;
    private final TableMapping mapping;
    private final CqlPushedValues values;
    private final int maxPartitions;

    CassandraPredicateTranslator(CassandraSchema schema, boolean allowFiltering) {
        this.schema = requireNonNull(schema, "schema is null");
        this.allowFiltering = allowFiltering;
        this.mapping = schema.table().mapping();
        this.values = new CqlPushedValues(schema);
        // a single-column partition key is read by key: as many partitions as the table takes join keys (auto: the
        // split planning has already weighed them against the table's size)
        this.maxPartitions = schema.partitionKey().size() == 1
                ? (int) Math.max(
                        MAX_PARTITIONS,
                        NoSqlTableProperties.runtimeKeysMax(schema.table().config())
                                .fixed()
                                .orElse(RuntimeKeysMax.CEILING))
                : MAX_PARTITIONS;
    }

    /** Whether {@code column IN (...)} alone restricts the whole partition key: a single, mapped partition key column. */
    boolean keyedReads(String column) {
        return schema.partitionKey().size() == 1
                && schema.mapsPartitionKey()
                && mapping.indexOf(column) == schema.partitionKey().get(0);
    }

    /** Whether a conjunct is pushed whatever the other conjuncts are (a single-column partition key restriction). */
    boolean canPush(Filter filter) {
        return select(List.of(filter)).size() == 1;
    }

    /** The conjuncts to push (see the class documentation); selecting from the result again gives the result. */
    List<Filter> select(List<Filter> conjuncts) {
        Map<Filter, Boolean> chosen = new IdentityHashMap<>();
        Set<Integer> restricted = new LinkedHashSet<>();
        boolean partitionRestricted = choosePartitionKey(conjuncts, chosen, restricted);
        if (partitionRestricted) {
            for (int column : schema.clusteringColumns()) {
                if (column == CassandraSchema.UNMAPPED || !chooseColumn(conjuncts, column, chosen, restricted)) {
                    break;
                }
            }
        }
        if (allowFiltering) {
            Set<Integer> partitionKey = Set.copyOf(schema.partitionKey());
            for (int column = 0; column < mapping.size(); column++) {
                // equalities on the partition key are pushed above, all of it within MAX_PARTITIONS, or not at all:
                // on part of it, or on too many partitions, they would turn the scan into a partition read; ranges
                // on it are filtered on the token scan
                if (!restricted.contains(column)) {
                    chooseColumn(
                            conjuncts,
                            column,
                            chosen,
                            restricted,
                            !partitionRestricted && partitionKey.contains(column));
                }
            }
        }
        return conjuncts.stream().filter(chosen::containsKey).toList();
    }

    private boolean choosePartitionKey(List<Filter> conjuncts, Map<Filter, Boolean> chosen, Set<Integer> restricted) {
        if (!schema.mapsPartitionKey()) {
            return false;
        }
        List<Filter> picks = new ArrayList<>();
        long partitions = 1;
        for (int column : schema.partitionKey()) {
            Optional<Filter> equality = firstEquality(conjuncts, column, maxPartitions);
            if (equality.isEmpty()) {
                return false;
            }
            partitions *= equality.get() instanceof Filter.In in ? in.values().size() : 1;
            if (partitions > maxPartitions) {
                return false;
            }
            picks.add(equality.get());
        }
        picks.forEach(f -> chosen.put(f, true));
        restricted.addAll(schema.partitionKey());
        return true;
    }

    /** Chooses an equality, or else the range bounds, of one column; true when an equality was chosen. */
    private boolean chooseColumn(
            List<Filter> conjuncts, int column, Map<Filter, Boolean> chosen, Set<Integer> restricted) {
        return chooseColumn(conjuncts, column, chosen, restricted, false);
    }

    private boolean chooseColumn(
            List<Filter> conjuncts,
            int column,
            Map<Filter, Boolean> chosen,
            Set<Integer> restricted,
            boolean rangesOnly) {
        Optional<Filter> equality = rangesOnly ? Optional.empty() : firstEquality(conjuncts, column);
        if (equality.isPresent()) {
            chosen.put(equality.get(), true);
            restricted.add(column);
            return true;
        }
        Filter lower = null;
        Filter upper = null;
        for (Filter filter : conjuncts) {
            if (!isOn(filter, column) || !rangeExact(filter, column)) {
                continue;
            }
            if (filter instanceof Filter.Between) {
                if (lower == null && upper == null) {
                    lower = filter;
                    upper = filter;
                }
            } else if (filter instanceof Filter.Compare compare) {
                boolean isLower = compare.op() == CompareOp.GT || compare.op() == CompareOp.GE;
                if (isLower && lower == null) {
                    lower = filter;
                } else if (!isLower && upper == null) {
                    upper = filter;
                }
            }
        }
        if (lower != null) {
            chosen.put(lower, true);
            restricted.add(column);
        }
        if (upper != null) {
            chosen.put(upper, true);
            restricted.add(column);
        }
        return false;
    }

    private Optional<Filter> firstEquality(List<Filter> conjuncts, int column) {
        return firstEquality(conjuncts, column, MAX_IN_VALUES);
    }

    private Optional<Filter> firstEquality(List<Filter> conjuncts, int column, int maxValues) {
        for (Filter filter : conjuncts) {
            if (isOn(filter, column) && equalityExact(filter, column, maxValues)) {
                return Optional.of(filter);
            }
        }
        return Optional.empty();
    }

    private boolean isOn(Filter filter, int column) {
        String name = columnOf(filter);
        return name != null && mapping.indexOf(name) == column;
    }

    private boolean equalityExact(Filter filter, int column, int maxValues) {
        if (filter instanceof Filter.Compare compare && compare.op() == CompareOp.EQ) {
            return values.forEquality(column, compare.value()).isPresent();
        }
        if (filter instanceof Filter.In in) {
            return in.values().size() <= maxValues
                    && in.values().stream().allMatch(v -> values.forEquality(column, v)
                            .filter(driverValue -> !CqlPushedValues.isIpv4Mapped(driverValue))
                            .isPresent());
        }
        return false;
    }

    private boolean rangeExact(Filter filter, int column) {
        if (filter instanceof Filter.Compare compare) {
            return compare.op() != CompareOp.EQ
                    && compare.op() != CompareOp.NE
                    && values.forRange(column, compare.value()).isPresent();
        }
        if (filter instanceof Filter.Between between) {
            return values.forRange(column, between.low()).isPresent()
                    && values.forRange(column, between.high()).isPresent();
        }
        return false;
    }

    /**
     * The CQL restrictions of a pushed filter (the AND of the conjuncts {@link #select} chose).
     *
     * @throws IllegalArgumentException when the filter holds a conjunct that {@link #select} does not choose
     */
    CqlRestrictions restrictions(Optional<Filter> filter) {
        if (filter.isEmpty()) {
            return CqlRestrictions.NONE;
        }
        List<Filter> conjuncts = new ArrayList<>();
        flatten(filter.get(), conjuncts);
        List<Filter> selected = select(conjuncts);
        if (selected.size() != conjuncts.size()) {
            List<Filter> rejected = new ArrayList<>(conjuncts);
            rejected.removeAll(selected);
            throw new IllegalArgumentException("table " + schema.table().name() + ": the pushed filter " + rejected
                    + " cannot be applied by Cassandra");
        }
        Set<Integer> partitionColumns = Set.copyOf(schema.partitionKey());
        boolean partitionRestricted = false;
        List<List<Object>> partitionValues = new ArrayList<>();
        if (schema.mapsPartitionKey()) {
            for (int column : schema.partitionKey()) {
                Optional<Filter> equality = firstEquality(selected, column, maxPartitions);
                if (equality.isEmpty()) {
                    break;
                }
                partitionValues.add(equalityValues(equality.get(), column));
            }
            partitionRestricted =
                    partitionValues.size() == schema.partitionKey().size();
        }
        List<Restriction> restrictions = new ArrayList<>();
        for (int column = 0; column < mapping.size(); column++) {
            if (!partitionRestricted || !partitionColumns.contains(column)) {
                restrictions.addAll(columnRestrictions(selected, column));
            }
        }
        // ALLOW FILTERING when something beyond the partition key and a clustering prefix is restricted
        boolean filtering =
                new CassandraPredicateTranslator(schema, false).select(selected).size() < selected.size();
        boolean noRows = partitionValues.stream().anyMatch(List::isEmpty)
                || restrictions.stream().anyMatch(r -> r.value() instanceof List<?> list && list.isEmpty());
        return new CqlRestrictions(
                partitionRestricted ? Optional.of(partitionValues) : Optional.empty(), restrictions, filtering, noRows);
    }

    private List<Restriction> columnRestrictions(List<Filter> selected, int column) {
        String name = schema.cqlColumn(column).getName().asCql(true);
        List<Restriction> result = new ArrayList<>();
        boolean hasLower = false;
        boolean hasUpper = false;
        for (Filter filter : selected) {
            if (!isOn(filter, column)) {
                continue;
            }
            boolean lower = false;
            boolean upper = false;
            if (filter instanceof Filter.Compare compare && compare.op() == CompareOp.EQ) {
                List<Object> value = equalityValues(filter, column);
                // no value: no row reads as the literal; an empty IN list, never run (CqlRestrictions.noRows)
                result.add(
                        value.isEmpty()
                                ? new Restriction(name + " IN ?", value)
                                : new Restriction(name + " = ?", value.get(0)));
            } else if (filter instanceof Filter.In) {
                result.add(new Restriction(name + " IN ?", equalityValues(filter, column)));
            } else if (filter instanceof Filter.Compare compare) {
                result.add(new Restriction(
                        name + " " + compare.op().symbol() + " ?",
                        values.forRange(column, compare.value()).orElseThrow()));
                lower = compare.op() == CompareOp.GT || compare.op() == CompareOp.GE;
                upper = !lower;
            } else if (filter instanceof Filter.Between between) {
                result.add(new Restriction(
                        name + " >= ?", values.forRange(column, between.low()).orElseThrow()));
                result.add(new Restriction(
                        name + " <= ?", values.forRange(column, between.high()).orElseThrow()));
                lower = true;
                upper = true;
            } else {
                throw new IllegalStateException("not a pushed filter: " + filter);
            }
            hasLower |= lower;
            hasUpper |= upper;
        }
        if (hasUpper && !hasLower) {
            values.floor(column).ifPresent(floor -> result.add(new Restriction(name + " >= ?", floor)));
        }
        if (hasLower && !hasUpper) {
            values.ceiling(column).ifPresent(ceiling -> result.add(new Restriction(name + " <= ?", ceiling)));
        }
        return result;
    }

    private List<Object> equalityValues(Filter filter, int column) {
        List<Object> neutral =
                filter instanceof Filter.In in ? in.values() : List.of(((Filter.Compare) filter).value());
        Set<Object> encoded = new LinkedHashSet<>();
        for (Object value : neutral) {
            Object driverValue = values.forEquality(column, value).orElseThrow();
            if (driverValue != CqlPushedValues.NO_ROW) {
                encoded.add(driverValue);
            }
        }
        return List.copyOf(encoded);
    }

    private static String columnOf(Filter filter) {
        if (filter instanceof Filter.Compare compare) {
            return compare.column();
        }
        if (filter instanceof Filter.In in) {
            return in.column();
        }
        return filter instanceof Filter.Between between ? between.column() : null;
    }

    private static void flatten(Filter filter, List<Filter> conjuncts) {
        if (filter instanceof Filter.And and) {
            and.children().forEach(child -> flatten(child, conjuncts));
        } else {
            conjuncts.add(filter);
        }
    }
}
