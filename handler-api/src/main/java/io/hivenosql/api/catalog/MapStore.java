package io.hivenosql.api.catalog;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The stores {@code bin/hive-nosql map} knows: the classes to load from the store's handler jar and what each command
 * line option sets in the tables' properties. This is the only store-specific part of the command; listing and
 * inference go through the connector ({@link io.hivenosql.api.spi.NoSqlConnector#listObjects}, {@link
 * io.hivenosql.api.spi.NoSqlConnector#inferSchema}), so a store works once it implements them.
 *
 * @param cliName the store's name on the command line and its property prefix
 * @param connectorClass the connector, loaded by name from the store's handler jar
 * @param storageHandlerClass what the DDL's {@code STORED BY} names
 * @param options each option (without {@code --}) and the table property it sets
 * @param required the options a scope must give
 * @param objectOption the option that starts a new scope (Redis: each {@code --prefix} is a table of its own), or empty
 *     when one scope lists many objects
 * @param perObjectOptions options that, after an {@code objectOption}, set that scope's property only (given before the
 *     first, they set every scope's)
 * @param scopeLabel what the scope's main property is, for messages (e.g. {@code keyspace})
 * @param scopeProperty the property whose value the scope's label shows
 */
public record MapStore(
        String cliName,
        String connectorClass,
        String storageHandlerClass,
        Map<String, String> options,
        List<String> required,
        Optional<String> objectOption,
        List<String> perObjectOptions,
        String scopeLabel,
        String scopeProperty) {
    public static final MapStore CASSANDRA = new MapStore(
            "cassandra",
            "io.hivenosql.cassandra.CassandraConnector",
            "io.hivenosql.cassandra.CassandraStorageHandler",
            Map.of("hosts", "cassandra.hosts", "local-dc", "cassandra.local-dc", "keyspace", "cassandra.keyspace"),
            List.of("hosts", "keyspace"),
            Optional.empty(),
            List.of(),
            "keyspace",
            "cassandra.keyspace");

    public static final MapStore MONGO = new MapStore(
            "mongo",
            "io.hivenosql.mongo.MongoConnector",
            "io.hivenosql.mongo.MongoStorageHandler",
            Map.of("uri", "mongo.uri"),
            List.of("uri"),
            Optional.empty(),
            List.of(),
            "database of",
            "mongo.uri");

    public static final MapStore REDIS = new MapStore(
            "redis",
            "io.hivenosql.redis.RedisConnector",
            "io.hivenosql.redis.RedisStorageHandler",
            Map.of(
                    "nodes", "redis.nodes",
                    "prefix", "redis.key.prefix",
                    "key-columns", "redis.key.column",
                    "key-separator", "redis.key.separator",
                    "value-type", "redis.value.type"),
            List.of("nodes", "prefix"),
            Optional.of("prefix"),
            List.of("key-columns", "key-separator", "value-type"),
            "prefix",
            "redis.key.prefix");

    public static final List<MapStore> ALL = List.of(CASSANDRA, MONGO, REDIS);

    public MapStore {
        requireNonNull(cliName, "cliName is null");
        requireNonNull(connectorClass, "connectorClass is null");
        requireNonNull(storageHandlerClass, "storageHandlerClass is null");
        options = Map.copyOf(requireNonNull(options, "options is null"));
        required = List.copyOf(requireNonNull(required, "required is null"));
        requireNonNull(objectOption, "objectOption is null");
        perObjectOptions = List.copyOf(requireNonNull(perObjectOptions, "perObjectOptions is null"));
        requireNonNull(scopeLabel, "scopeLabel is null");
        requireNonNull(scopeProperty, "scopeProperty is null");
        for (String option : required) {
            if (!options.containsKey(option)) {
                throw new IllegalArgumentException("required option --" + option + " sets no property");
            }
        }
        for (String option : perObjectOptions) {
            if (!options.containsKey(option)) {
                throw new IllegalArgumentException("per-object option --" + option + " sets no property");
            }
        }
        if (objectOption.isPresent() && !options.containsKey(objectOption.get())) {
            throw new IllegalArgumentException("object option --" + objectOption.get() + " sets no property");
        }
    }

    /** The store of a command line name ({@code cassandra}, {@code mongo} or {@code mongodb}, {@code redis}). */
    public static Optional<MapStore> named(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        String wanted = lower.equals("mongodb") ? "mongo" : lower;
        return ALL.stream().filter(store -> store.cliName().equals(wanted)).findFirst();
    }

    /** A scope's name in messages, e.g. {@code keyspace shop}. */
    public String scopeName(Map<String, String> scope) {
        return scopeLabel + " " + scope.getOrDefault(scopeProperty, "?");
    }
}
