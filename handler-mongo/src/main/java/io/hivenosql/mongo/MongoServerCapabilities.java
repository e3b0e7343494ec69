package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.MongoServerException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * What a MongoDB-compatible server can do that the handler relies on: the {@code $sample} stage (split planning draws
 * {@code _id}s with it) and the {@code collation} option (every query whose string order matters names the simple
 * collation, {@link MongoScan#SIMPLE_COLLATION}). A genuine {@code mongod} has both since 3.4; FerretDB 1.x, Amazon
 * DocumentDB and Azure Cosmos DB for MongoDB answer as MongoDB but lack one or both, and fail a command that uses them
 * (FerretDB 1.24.2: code 238 NotImplemented for {@code $sample} and for a {@code find} with any {@code collation},
 * even {@code {locale: 'simple'}}).
 *
 * <p>Detected once per client ({@link #of}): {@code buildInfo} names the server; FerretDB 1.x (its {@code buildInfo}
 * has {@code ferretdbVersion}) is known to lack both and is not probed. Every other server is probed, because its
 * version number says nothing of a compatible service's gaps: a {@code $sample} of one {@code _id} of the collection and
 * a {@code find} of at most one {@code _id} with the simple collation. A probe that fails as "not there" ({@link
 * #absent}) marks the feature absent; any other failure (authorization, a lost server) propagates, so that a transient
 * error never turns into a silently different plan. The result is cached for the client's life in the JVM that plans
 * splits (HiveServer2 or the Tez application master; a shared client closes after being idle, and the next one detects
 * again, which also notices an upgraded server); the tasks never probe: what they need travels in the split
 * ({@link MongoSplit#collation}).
 *
 * @param server the server as logged, e.g. {@code FerretDB v1.24.2 (MongoDB 7.0.42 compatible)} or {@code MongoDB 7.0.4}
 * @param sample whether {@code $sample} works
 * @param collation whether queries may name a collation
 * @param dialect which BSON values the server holds, so that queries and writes name no other ({@link MongoDialect}),
 *     decided by {@code buildInfo} alone
 */
record MongoServerCapabilities(String server, boolean sample, boolean collation, MongoDialect dialect) {
    /** NotImplemented (FerretDB), CommandNotFound, CommandNotSupported, unrecognized pipeline stage (mongod). */
    static final Set<Integer> ABSENT_CODES = Set.of(238, 59, 115, 40324);

    static final int PROBE_ATTEMPTS = 3;

    private static final int UNAUTHORIZED = 13;
    private static final List<String> ABSENT_PHRASES =
            List.of("not implemented", "not supported", "unsupported", "unrecognized");
    private static final Map<MongoClient, MongoServerCapabilities> DETECTED =
            Collections.synchronizedMap(new WeakHashMap<>());

    MongoServerCapabilities {
        requireNonNull(server, "server is null");
        requireNonNull(dialect, "dialect is null");
    }

    /** A server that holds every BSON value ({@link MongoDialect#MONGODB}). */
    MongoServerCapabilities(String server, boolean sample, boolean collation) {
        this(server, sample, collation, MongoDialect.MONGODB);
    }

    /** A genuine MongoDB's (or a server assumed to be one): everything. */
    static MongoServerCapabilities full(String server) {
        return new MongoServerCapabilities(server, true, true);
    }

    /** The capabilities detected for the client in this JVM, if they were. */
    static Optional<MongoServerCapabilities> known(MongoClient client) {
        return Optional.ofNullable(DETECTED.get(client));
    }

    /** The capabilities of the client's server, detected on the first call for this client ({@code collection}'s). */
    static MongoServerCapabilities of(MongoClient client, MongoCollection<BsonDocument> collection) {
        requireNonNull(client, "client is null");
        requireNonNull(collection, "collection is null");
        MongoServerCapabilities known = DETECTED.get(client);
        if (known != null) {
            return known;
        }
        MongoServerCapabilities detected = detect(client, collection);
        DETECTED.put(client, detected);
        return detected;
    }

    private static MongoServerCapabilities detect(MongoClient client, MongoCollection<BsonDocument> collection) {
        BsonDocument buildInfo = client.getDatabase(collection.getNamespace().getDatabaseName())
                .runCommand(new BsonDocument("buildInfo", new BsonInt32(1)), BsonDocument.class);
        Optional<MongoServerCapabilities> decided = fromBuildInfo(buildInfo);
        if (decided.isPresent()) {
            return decided.get();
        }
        BsonDocument id = new BsonDocument("_id", new BsonInt32(1));
        boolean sample = probe(() -> collection
                .aggregate(List.of(
                        new BsonDocument("$sample", new BsonDocument("size", new BsonInt32(1))),
                        new BsonDocument("$project", id)))
                .first());
        boolean collation = probe(() -> collection
                .find()
                .collation(MongoScan.SIMPLE_COLLATION)
                .projection(id)
                .limit(1)
                .first());
        return new MongoServerCapabilities(name(buildInfo), sample, collation, MongoDialect.fromBuildInfo(buildInfo));
    }

    /**
     * Whether the probe ran; false when the server said it has no such feature ({@link #absent}). Another server error
     * is tried again, {@value #PROBE_ATTEMPTS} times in all (the test server's {@code $sample} fails now and then, as
     * {@link MongoIdSample#draw} knows), then propagates; other failures (a lost server) propagate at once.
     */
    private static boolean probe(Runnable probe) {
        for (int attempt = 1; ; attempt++) {
            try {
                probe.run();
                return true;
            } catch (MongoServerException e) {
                if (absent(e.getCode(), e.getMessage())) {
                    return false;
                }
                if (attempt >= PROBE_ATTEMPTS || e.getCode() == UNAUTHORIZED) {
                    throw e;
                }
            }
        }
    }

    // ---------------------------------------------------------------- pure

    /**
     * The capabilities {@code buildInfo} decides alone: FerretDB 1.x's (no {@code $sample}, no {@code collation}, as
     * measured on 1.24.2 and as FerretDB 1.x documents its unimplemented stages and fields); empty for any other server,
     * which is probed.
     */
    static Optional<MongoServerCapabilities> fromBuildInfo(BsonDocument buildInfo) {
        requireNonNull(buildInfo, "buildInfo is null");
        Optional<String> ferret = text(buildInfo, "ferretdbVersion");
        if (ferret.isPresent() && ferret.get().matches("v?1\\..*")) {
            return Optional.of(
                    new MongoServerCapabilities(name(buildInfo), false, false, MongoDialect.fromBuildInfo(buildInfo)));
        }
        return Optional.empty();
    }

    /** The server as logged: {@code FerretDB v1.24.2 (MongoDB 7.0.42 compatible)}, else {@code MongoDB 7.0.4}. */
    static String name(BsonDocument buildInfo) {
        String version = text(buildInfo, "version").orElse("of unknown version");
        Optional<String> ferret = text(buildInfo, "ferretdbVersion");
        return ferret.isPresent()
                ? "FerretDB " + ferret.get() + " (MongoDB " + version + " compatible)"
                : "MongoDB " + version;
    }

    /**
     * Whether a server's error says that a stage, option or command does not exist there (rather than that it failed):
     * one of {@link #ABSENT_CODES}, or a message that says "not implemented", "not supported", "unsupported" or
     * "unrecognized" (DocumentDB and Cosmos DB word it so, with codes of their own).
     */
    static boolean absent(int code, String message) {
        if (ABSENT_CODES.contains(code)) {
            return true;
        }
        String lower = message == null ? "" : message.toLowerCase(Locale.ROOT);
        return ABSENT_PHRASES.stream().anyMatch(lower::contains);
    }

    private static Optional<String> text(BsonDocument document, String key) {
        BsonValue value = document.get(key);
        return value != null && value.isString() ? Optional.of(value.asString().getValue()) : Optional.empty();
    }

    /** For the log: e.g. {@code FerretDB v1.24.2 (MongoDB 7.0.42 compatible) [no $sample, no collation]}. */
    String describe() {
        if (sample && collation) {
            return server;
        }
        String missing =
                (sample ? "" : "no $sample") + (!sample && !collation ? ", " : "") + (collation ? "" : "no collation");
        return server + " [" + missing + "]";
    }

    /** Forgets every detection (tests). */
    static void forget() {
        DETECTED.clear();
    }
}
