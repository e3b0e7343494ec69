package io.hivenosql.api.pushdown;

import java.util.List;

/**
 * What a connector pushes to its store. Hive's WHERE clause is split into its top-level conjuncts; each conjunct that
 * translates to a {@link Filter} accepted here is pushed to the store. A pushed conjunct must select a superset of the
 * rows Hive's predicate selects on the values as the columns read them: the store may return more rows, never fewer.
 * Where the store applies it exactly ({@link #exact}), the conjunct is removed from Hive's residual; where it selects a
 * superset, Hive keeps it in the residual and filters the rows again. Every other conjunct stays in Hive only.
 */
@FunctionalInterface
public interface FilterCapabilities {
    FilterCapabilities NONE = filter -> false;

    /** Whether the store applies this conjunct (exactly or as a superset), whatever the other conjuncts are. */
    boolean canPush(Filter filter);

    /**
     * The conjuncts to push, out of all the translatable top-level conjuncts of one WHERE clause (in their order).
     * Stores where what can be pushed depends on the other conjuncts override it: Cassandra pushes a clustering
     * column range only when the whole partition key is restricted too. The result must be a subset of
     * {@code conjuncts} (the same instances), and selecting again from the result must give the result.
     * The default pushes each conjunct {@link #canPush} accepts.
     */
    default List<Filter> select(List<Filter> conjuncts) {
        return conjuncts.stream().filter(this::canPush).toList();
    }

    /**
     * Whether the store applies a conjunct {@link #select} chose with exactly Hive's semantics, so that Hive need not
     * apply it again. False: the store selects a superset of its rows and Hive keeps the conjunct in its residual. The
     * default: every pushed conjunct is exact.
     */
    default boolean exact(Filter conjunct) {
        return true;
    }

    /**
     * Whether {@code column IN (values)} on its own, with values of the column's type, is read as keyed reads (direct
     * lookups of the rows with those keys, no scan): the column is the whole key of the store's rows (Cassandra's
     * partition key, MongoDB's {@code _id}, Redis' key). Hive's Tez planner then sends the join keys of a filtered
     * table to this table's split planning at run time (runtime join-key pushdown). The store still decides at run time
     * whether it pushes the list ({@link #select}). The default: no column.
     */
    default boolean keyedReads(String column) {
        return false;
    }
}
