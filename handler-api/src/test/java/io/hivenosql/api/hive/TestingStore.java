package io.hivenosql.api.hive;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The "server" behind {@link TestingNoSqlConnector}: named datasets of records (key to field texts), in memory. Like
 * a real server it outlives connector instances (Hive creates those reflectively); tests isolate themselves by using
 * a fresh dataset name each.
 */
final class TestingStore {
    private static final Map<String, SortedMap<String, Map<String, String>>> DATASETS = new ConcurrentHashMap<>();
    private static final Map<String, Boolean> CREATED = new ConcurrentHashMap<>();

    private TestingStore() {}

    static String newDatasetName() {
        return "dataset-" + UUID.randomUUID();
    }

    /** The records of a dataset, created empty on first use; callers synchronize on it. */
    static SortedMap<String, Map<String, String>> dataset(String name) {
        return DATASETS.computeIfAbsent(name, ignored -> new TreeMap<>());
    }

    static void put(String dataset, String key, Map<String, String> fields) {
        SortedMap<String, Map<String, String>> records = dataset(dataset);
        synchronized (records) {
            records.put(key, Map.copyOf(fields));
        }
    }

    static void remove(String dataset, String key) {
        SortedMap<String, Map<String, String>> records = dataset(dataset);
        synchronized (records) {
            records.remove(key);
        }
    }

    static SortedMap<String, Map<String, String>> snapshot(String dataset) {
        SortedMap<String, Map<String, String>> records = dataset(dataset);
        synchronized (records) {
            return new TreeMap<>(records);
        }
    }

    static void markCreated(String dataset, boolean managed) {
        CREATED.put(dataset, managed);
    }

    static Boolean created(String dataset) {
        return CREATED.get(dataset);
    }

    static void drop(String dataset) {
        DATASETS.remove(dataset);
        CREATED.remove(dataset);
    }

    static boolean exists(String dataset) {
        return DATASETS.containsKey(dataset);
    }
}
