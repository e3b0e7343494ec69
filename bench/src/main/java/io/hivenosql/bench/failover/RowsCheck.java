package io.hivenosql.bench.failover;

import static java.util.Objects.requireNonNull;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rows lost: every row the run must have left (the preloaded ones and those of every INSERT acknowledged to its
 * client) against the rows counted afterwards, through Hive and with the store's own client.
 *
 * @param expected the preloaded rows plus the rows of acknowledged INSERTs
 * @param hiveCount {@code SELECT count(*)} through Hive
 * @param hiveKeys the distinct keys {@code SELECT k} through Hive returned
 * @param hiveDuplicates the keys {@code SELECT k} returned more than once
 * @param storeKeys the keys the store's own client found
 * @param lostHive expected keys Hive did not return
 * @param lostStore expected keys the store's client did not find
 * @param unacknowledged rows of INSERTs that failed (their client got an error, so they may or may not be there)
 * @param unacknowledgedFound of those, the rows the store holds (an INSERT that failed after writing some rows)
 * @param unexpected keys found that no request wrote (should be none)
 */
public record RowsCheck(
        long expected,
        long hiveCount,
        long hiveKeys,
        long hiveDuplicates,
        long storeKeys,
        List<Long> lostHive,
        List<Long> lostStore,
        long unacknowledged,
        long unacknowledgedFound,
        List<Long> unexpected) {
    public RowsCheck {
        lostHive = List.copyOf(requireNonNull(lostHive, "lostHive is null"));
        lostStore = List.copyOf(requireNonNull(lostStore, "lostStore is null"));
        unexpected = List.copyOf(requireNonNull(unexpected, "unexpected is null"));
    }

    /**
     * Compares what must be there with what was counted.
     *
     * @param expected the preloaded keys and the keys of acknowledged INSERTs
     * @param unacknowledged the keys of INSERTs that failed
     * @param hiveCount Hive's {@code count(*)}
     * @param hiveKeys every key Hive's {@code SELECT k} returned, duplicates included
     * @param storeKeys the keys the store's client found
     */
    public static RowsCheck of(
            Set<Long> expected,
            Set<Long> unacknowledged,
            long hiveCount,
            Collection<Long> hiveKeys,
            Collection<Long> storeKeys) {
        Set<Long> distinct = new HashSet<>();
        Set<Long> duplicates = new TreeSet<>();
        for (Long key : hiveKeys) {
            if (!distinct.add(key)) {
                duplicates.add(key);
            }
        }
        Set<Long> stored = new HashSet<>(storeKeys);
        Set<Long> found = new HashSet<>(distinct);
        found.addAll(stored);
        return new RowsCheck(
                expected.size(),
                hiveCount,
                distinct.size(),
                duplicates.size(),
                stored.size(),
                missing(expected, distinct),
                missing(expected, stored),
                unacknowledged.size(),
                unacknowledged.stream().filter(found::contains).count(),
                found.stream()
                        .filter(key -> !expected.contains(key) && !unacknowledged.contains(key))
                        .sorted()
                        .toList());
    }

    /** No expected row is missing, through Hive or in the store, and none was read twice. */
    public boolean nothingLost() {
        return lostHive.isEmpty() && lostStore.isEmpty() && hiveDuplicates == 0;
    }

    private static List<Long> missing(Set<Long> expected, Set<Long> found) {
        return expected.stream().filter(key -> !found.contains(key)).sorted().toList();
    }
}
