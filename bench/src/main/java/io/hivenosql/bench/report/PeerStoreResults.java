package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import java.util.List;

/**
 * A peer's run against one store's tables: Spark SQL with that store's connector, reading what the Hive loads wrote.
 *
 * @param store the Hive target whose tables the peer read, and whose times it is compared with
 * @param engine e.g. {@code Spark 3.5.1 local[2]}
 * @param connector e.g. {@code spark-redis 3.0.0}
 * @param notes how the peer reads the store's tables
 */
public record PeerStoreResults(
        Target store, String engine, String connector, String notes, List<PeerQueryResult> queries) {
    public PeerStoreResults {
        requireNonNull(store, "store is null");
        requireNonNull(engine, "engine is null");
        requireNonNull(connector, "connector is null");
        requireNonNull(notes, "notes is null");
        queries = List.copyOf(requireNonNull(queries, "queries is null"));
    }

    /** The label of the peer in reports, e.g. {@code spark-redis}. */
    public String label() {
        return label(store);
    }

    /** The label of the Spark peer of a store target. */
    public static String label(Target store) {
        return "spark-" + store.cliName();
    }
}
