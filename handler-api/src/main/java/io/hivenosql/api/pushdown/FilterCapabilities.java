package io.hivenosql.api.pushdown;

import java.util.List;

/**
 * What a connector enforces exactly. Hive's WHERE clause is split into its top-level conjuncts; each conjunct that
 * translates to a {@link Filter} accepted here is pushed to the store and removed from Hive's residual; every other
 * conjunct stays in Hive. A connector must accept only what it applies with exactly Hive's semantics.
 */
@FunctionalInterface
public interface FilterCapabilities {
    FilterCapabilities NONE = filter -> false;

    /** Whether the store enforces this conjunct on its own (whatever the other conjuncts are). */
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
}
