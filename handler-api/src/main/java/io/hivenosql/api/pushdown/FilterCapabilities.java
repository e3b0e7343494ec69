package io.hivenosql.api.pushdown;

/**
 * What a connector enforces exactly. Hive's WHERE clause is split into its top-level conjuncts; each conjunct that
 * translates to a {@link Filter} accepted here is pushed to the store and removed from Hive's residual; every other
 * conjunct stays in Hive. A connector must accept only what it applies with exactly Hive's semantics.
 */
@FunctionalInterface
public interface FilterCapabilities {
    FilterCapabilities NONE = filter -> false;

    boolean canPush(Filter filter);
}
