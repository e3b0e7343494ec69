package io.hivenosql.sandbox.mongo.server;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;

/**
 * The {@code $collStats} stage as mongod answers it for an unsharded collection: one document with {@code ns},
 * {@code host} and {@code localTime}, plus {@code storageStats} (the memory collection's statistics, as the
 * {@code collStats} command gives them, divided by the optional {@code scale}) and {@code count} when asked. The
 * {@code latencyStats} and {@code queryExecStats} options, which need counters the test server does not keep, are
 * refused by name.
 */
final class CollectionStatsStage {
    private static final String STORAGE_STATS = "storageStats";
    private static final String COUNT = "count";
    private static final Set<String> UNSUPPORTED = Set.of("latencyStats", "queryExecStats");

    /** mongod's codes: a namespace that does not exist, an argument that is no object, an unknown field. */
    private static final int NAMESPACE_NOT_FOUND = 26;

    private static final int NOT_AN_OBJECT = 5447000;
    private static final int UNKNOWN_FIELD = 40415;
    private static final int BAD_VALUE = 2;

    /** The sizes {@code scale} divides (as in mongod, not {@code avgObjSize}). */
    private static final Set<String> SIZES = Set.of("size", "storageSize", "totalIndexSize");

    private CollectionStatsStage() {}

    /** The stage's one document for {@code collection} ({@code null}: it does not exist) under {@code options}. */
    static Document run(String namespace, MongoCollection<?> collection, Object options) {
        if (!(options instanceof Document spec)) {
            throw new MongoServerError(NOT_AN_OBJECT, "$collStats must take a nested object but found: " + options);
        }
        Document answer = new Document("ns", namespace);
        answer.put("host", MongoServerLauncher.HOST);
        answer.put("localTime", Instant.now().truncatedTo(ChronoUnit.MILLIS));
        for (String option : spec.keySet()) {
            if (UNSUPPORTED.contains(option)) {
                throw SamplingStagesBackend.unsupportedOption(SamplingStagesBackend.COLL_STATS, option);
            }
            if (!option.equals(STORAGE_STATS) && !option.equals(COUNT)) {
                throw new MongoServerError(
                        UNKNOWN_FIELD, "BSON field '$collStats." + option + "' is an unknown field.");
            }
            if (collection == null) {
                throw new MongoServerError(
                        NAMESPACE_NOT_FOUND,
                        "Unable to retrieve " + option + " in $collStats stage :: caused by :: Collection [" + namespace
                                + "] not found.");
            }
        }
        if (spec.get(STORAGE_STATS) instanceof Document storage) {
            answer.put(STORAGE_STATS, storageStats(collection, scale(storage.get("scale"))));
        } else if (spec.containsKey(STORAGE_STATS)) {
            throw new MongoServerError(
                    BAD_VALUE, "$collStats option 'storageStats' must be an object, not " + spec.get(STORAGE_STATS));
        }
        if (spec.containsKey(COUNT)) {
            answer.put(COUNT, (long) collection.count());
        }
        return answer;
    }

    private static Document storageStats(MongoCollection<?> collection, long scale) {
        Document stats = new Document();
        for (var entry : collection.getStats().entrySet()) {
            String key = entry.getKey();
            if (key.equals("ns") || key.equals("ok")) {
                continue;
            }
            Object value = entry.getValue();
            stats.put(key, SIZES.contains(key) && value instanceof Number n ? n.longValue() / scale : value);
        }
        stats.put("capped", Boolean.FALSE);
        stats.put("scaleFactor", (int) scale);
        return stats;
    }

    private static long scale(Object value) {
        if (value == null) {
            return 1;
        }
        if (!(value instanceof Number number) || number.doubleValue() < 1) {
            throw new MongoServerError(BAD_VALUE, "$collStats storageStats 'scale' must be a number >= 1: " + value);
        }
        return number.longValue();
    }
}
