package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.client.MongoClient;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Predicate;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonType;
import org.bson.BsonValue;

/**
 * Which BSON values a MongoDB-compatible server can hold, and so which of them the handler may send it: in a pushed
 * filter, an {@code $in} of join keys, a written document. A genuine {@code mongod} holds every BSON value
 * ({@link #MONGODB}). FerretDB 1.x ({@link #FERRETDB_1}, measured on 1.24.2) holds none of the {@link Missing} values:
 * a command that carries one anywhere (a filter's operand, an inserted document) makes it drop the connection while
 * decoding the message (NaN, decimal128, MinKey, MaxKey, undefined, symbols, JavaScript code with or without scope,
 * DBPointers; the driver reports "Prematurely reached end of stream"), but for infinities, which a filter may carry and
 * an insert may not (code 2, "infinity values are not allowed"). Its {@code $type} knows no alias of those types
 * ("Unknown type name alias: decimal", BadValue); it knows the alias of every type it holds ({@link #knowsAlias}).
 *
 * <p>So on such a server no stored value is one of the missing values: a filter may leave out the alternatives that
 * match only those (they match nothing there) and must never name them. Other measured differences of FerretDB 1.24.2
 * that need nothing here: it stores -0.0 as 0.0 (a string column reads "0.0"); it refuses field names with '.' or
 * starting with '$' (the writer refuses such map keys already); strings compare by their UTF-8 bytes, as MongoDB's
 * simple collation does.
 *
 * <p>Decided from {@code buildInfo} ({@link #fromBuildInfo}): FerretDB answers a {@code ferretdbVersion} field. Any other
 * server is taken for a {@code mongod}. Detected once per client ({@link #of}).
 *
 * @param server the server as logged, e.g. {@code FerretDB v1.24.2}
 * @param missing the values the server cannot hold
 */
record MongoDialect(String server, Set<Missing> missing) {
    /** The values a server may lack, with their {@code $type} alias (none for NaN and infinities, which are doubles). */
    enum Missing {
        NAN(null),
        INFINITY(null),
        DECIMAL128("decimal"),
        MIN_KEY("minKey"),
        MAX_KEY("maxKey"),
        UNDEFINED("undefined"),
        SYMBOL("symbol"),
        JAVASCRIPT("javascript"),
        JAVASCRIPT_WITH_SCOPE("javascriptWithScope"),
        DB_POINTER("dbPointer");

        private final String alias;

        Missing(String alias) {
            this.alias = alias;
        }

        /** The {@code $type} alias of the BSON type, if the value is a type of its own. */
        Optional<String> alias() {
            return Optional.ofNullable(alias);
        }
    }

    /** A genuine MongoDB: every value. */
    static final MongoDialect MONGODB = new MongoDialect("MongoDB", Set.of());

    /** FerretDB 1.x (1.24.2 measured). */
    static final MongoDialect FERRETDB_1 = new MongoDialect("FerretDB 1.x", EnumSet.allOf(Missing.class));

    private static final Map<MongoClient, MongoDialect> DETECTED = Collections.synchronizedMap(new WeakHashMap<>());

    MongoDialect {
        requireNonNull(server, "server is null");
        missing = missing.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(missing));
    }

    /**
     * The dialect of {@code buildInfo}'s server: FerretDB 1.x's when it answers a {@code ferretdbVersion} of 1.x, else
     * MongoDB's (FerretDB 2, on DocumentDB, claims every BSON type; unmeasured here).
     */
    static MongoDialect fromBuildInfo(BsonDocument buildInfo) {
        requireNonNull(buildInfo, "buildInfo is null");
        BsonValue ferret = buildInfo.get("ferretdbVersion");
        if (ferret != null && ferret.isString() && ferret.asString().getValue().matches("v?1\\..*")) {
            return new MongoDialect("FerretDB " + ferret.asString().getValue(), FERRETDB_1.missing());
        }
        return MONGODB;
    }

    /**
     * The dialect of the client's server: the one its {@link MongoServerCapabilities} hold when this JVM planned reads
     * with the client, else asked once per client with {@code buildInfo} alone (on {@code database}; a writer's task
     * needs no probe of {@code $sample} or collations).
     *
     * @throws RuntimeException the driver's, when the server cannot be asked
     */
    static MongoDialect of(MongoClient client, String database) {
        requireNonNull(client, "client is null");
        Optional<MongoServerCapabilities> capabilities = MongoServerCapabilities.known(client);
        if (capabilities.isPresent()) {
            return capabilities.get().dialect();
        }
        MongoDialect known = DETECTED.get(client);
        if (known != null) {
            return known;
        }
        MongoDialect detected = fromBuildInfo(client.getDatabase(database)
                .runCommand(new BsonDocument("buildInfo", new BsonInt32(1)), BsonDocument.class));
        DETECTED.put(client, detected);
        return detected;
    }

    /** The dialect of the lease's server ({@link #of(MongoClient, String)}). */
    static MongoDialect of(MongoClients.Lease lease) {
        return of(lease.client(), lease.collection().getNamespace().getDatabaseName());
    }

    /**
     * For a log line after a filter: empty for MongoDB, else e.g. {@code " (for FerretDB v1.24.2, which holds no NAN,
     * INFINITY, DECIMAL128, ...: none is named)"}.
     */
    String describe() {
        return full()
                ? ""
                : " (for " + server + ", which holds no "
                        + String.join(", ", missing.stream().map(Enum::name).toList()) + ": none is named)";
    }

    /**
     * How many update or replace statements one command may carry. FerretDB 1.x runs each statement of an
     * {@code update} command on a PostgreSQL connection of its own pool (50) and keeps it until the command ends: a
     * command of more statements than the pool has free connections never returns (measured on 1.24.2: 49 upserts in
     * one command return in 0.06 s, 51 never; concurrent commands share the pool). There, each statement is a command
     * of its own; MongoDB takes any number.
     */
    int updatesPerCommand() {
        return server.startsWith("FerretDB") ? 1 : Integer.MAX_VALUE;
    }

    /**
     * Whether a query of an {@code _id} range reads only that range. FerretDB 1.x runs it as a scan of the whole
     * collection that filters rows as it goes (its {@code explain} shows PostgreSQL's Seq Scan; measured on 1.24.2: each
     * of 3 range splits of lineitem took as long as a full scan, the empty one too), so there {@code n} range splits read
     * the collection {@code n} times.
     */
    boolean idRangesReadOnlyTheRange() {
        return !server.startsWith("FerretDB");
    }

    /** Whether every BSON value can be held: a filter need leave nothing out. */
    boolean full() {
        return missing.isEmpty();
    }

    boolean holdsNaN() {
        return !missing.contains(Missing.NAN);
    }

    boolean holdsInfinity() {
        return !missing.contains(Missing.INFINITY);
    }

    boolean holdsDecimal128() {
        return !missing.contains(Missing.DECIMAL128);
    }

    boolean holdsUndefined() {
        return !missing.contains(Missing.UNDEFINED);
    }

    /** Whether {@code $type} knows the alias: every alias but those of the missing types. */
    boolean knowsAlias(String alias) {
        return missing.stream()
                .noneMatch(value -> value.alias().filter(alias::equals).isPresent());
    }

    /** The aliases {@code $type} knows, in their order. */
    List<String> knownAliases(List<String> aliases) {
        List<String> known = new ArrayList<>();
        for (String alias : aliases) {
            if (knowsAlias(alias)) {
                known.add(alias);
            }
        }
        return known;
    }

    /** The value the server cannot hold, if {@code value} is one (not looking inside documents and arrays). */
    Optional<Missing> unheld(BsonValue value) {
        Missing kind =
                switch (value.getBsonType()) {
                    case DOUBLE -> {
                        double d = value.asDouble().getValue();
                        yield Double.isNaN(d) ? Missing.NAN : Double.isInfinite(d) ? Missing.INFINITY : null;
                    }
                    case DECIMAL128 -> Missing.DECIMAL128;
                    case MIN_KEY -> Missing.MIN_KEY;
                    case MAX_KEY -> Missing.MAX_KEY;
                    case UNDEFINED -> Missing.UNDEFINED;
                    case SYMBOL -> Missing.SYMBOL;
                    case JAVASCRIPT -> Missing.JAVASCRIPT;
                    case JAVASCRIPT_WITH_SCOPE -> Missing.JAVASCRIPT_WITH_SCOPE;
                    case DB_POINTER -> Missing.DB_POINTER;
                    default -> null;
                };
        return kind != null && missing.contains(kind) ? Optional.of(kind) : Optional.empty();
    }

    /**
     * The first value in a document or array (at any depth) that the server cannot hold, with its dotted path from
     * {@code prefix}; empty when it holds them all.
     */
    Optional<Unheld> firstUnheld(BsonValue value, String prefix) {
        return first(value, prefix, kind -> true);
    }

    /**
     * The first value in a filter that the server refuses to receive: any value it cannot hold but infinities, which
     * FerretDB 1.x accepts as operands (it only refuses to store them).
     */
    Optional<Unheld> firstRefusedInFilter(BsonValue filter) {
        return first(filter, "", kind -> kind != Missing.INFINITY);
    }

    private Optional<Unheld> first(BsonValue value, String prefix, Predicate<Missing> counted) {
        if (full()) {
            return Optional.empty();
        }
        if (value.getBsonType() == BsonType.DOCUMENT) {
            for (Map.Entry<String, BsonValue> entry : value.asDocument().entrySet()) {
                String path = prefix.isEmpty() ? entry.getKey() : prefix + "." + entry.getKey();
                Optional<Unheld> found = first(entry.getValue(), path, counted);
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        }
        if (value.getBsonType() == BsonType.ARRAY) {
            List<BsonValue> values = value.asArray().getValues();
            for (int i = 0; i < values.size(); i++) {
                Optional<Unheld> found = first(values.get(i), prefix + "." + i, counted);
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        }
        return unheld(value).filter(counted).map(kind -> new Unheld(prefix, value, kind));
    }

    /** A value the server cannot hold, at a dotted path. */
    record Unheld(String path, BsonValue value, Missing kind) {
        Unheld {
            requireNonNull(path, "path is null");
            requireNonNull(value, "value is null");
            requireNonNull(kind, "kind is null");
        }
    }

    /** Forgets every detection (tests). */
    static void forget() {
        DETECTED.clear();
    }
}
