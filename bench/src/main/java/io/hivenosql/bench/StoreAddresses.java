package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.Stack;
import java.util.List;
import java.util.Optional;

/**
 * Where the stores are, as their tables' properties name them: {@code redis.nodes}, {@code cassandra.hosts} and
 * {@code cassandra.local-dc}, and the connection strings without database ({@code mongodb://host:port}) of the MongoDB
 * server of target mongo and of the FerretDB server of target mongo-ferretdb. Each is needed only when its target
 * runs. Never holds a password: stores that need one get it through the handlers' Hadoop
 * credential provider, configured on the HiveServer2 side.
 */
public record StoreAddresses(
        Optional<String> redisNodes,
        Optional<String> cassandraHosts,
        Optional<String> cassandraLocalDc,
        Optional<String> mongoUri,
        Optional<String> ferretDbUri) {
    public StoreAddresses {
        requireNonNull(redisNodes, "redisNodes is null");
        requireNonNull(cassandraHosts, "cassandraHosts is null");
        requireNonNull(cassandraLocalDc, "cassandraLocalDc is null");
        requireNonNull(mongoUri, "mongoUri is null");
        requireNonNull(ferretDbUri, "ferretDbUri is null");
        mongoUri.ifPresent(uri -> checkNoUser(uri, "MongoDB"));
        ferretDbUri.ifPresent(uri -> checkNoUser(uri, "FerretDB"));
    }

    /** Without FerretDB. */
    public StoreAddresses(
            Optional<String> redisNodes,
            Optional<String> cassandraHosts,
            Optional<String> cassandraLocalDc,
            Optional<String> mongoUri) {
        this(redisNodes, cassandraHosts, cassandraLocalDc, mongoUri, Optional.empty());
    }

    /**
     * The sandbox stack's stores that the targets use (its Redis always), and the FerretDB server's URI when given.
     */
    public static StoreAddresses of(Stack stack, List<Target> targets, Optional<String> ferretDbUri) {
        boolean cassandra = targets.contains(Target.CASSANDRA);
        return new StoreAddresses(
                Optional.of(stack.redis().address()),
                cassandra ? Optional.of(stack.cassandra().contactPoint()) : Optional.empty(),
                cassandra ? Optional.of(stack.cassandra().localDatacenter()) : Optional.empty(),
                targets.contains(Target.MONGO) ? Optional.of(stack.mongo().uri()) : Optional.empty(),
                ferretDbUri);
    }

    public static StoreAddresses none() {
        return new StoreAddresses(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    private static void checkNoUser(String uri, String server) {
        if (uri.contains("@")) {
            throw new IllegalArgumentException(
                    "the " + server + " URI must not hold user information: configure credentials on HiveServer2");
        }
    }

    public String redis() {
        return redisNodes.orElseThrow(() -> missing("redis", "--redis host:port"));
    }

    public String cassandra() {
        return cassandraHosts.orElseThrow(() -> missing("cassandra", "--cassandra host:port"));
    }

    public String mongo() {
        return mongoUri.orElseThrow(() -> missing("mongo", "--mongo mongodb://host:port"));
    }

    public String ferretDb() {
        return ferretDbUri.orElseThrow(() -> missing("mongo-ferretdb", "--mongo-ferretdb mongodb://host:port"));
    }

    /** The connection string of a MongoDB target's server: {@link #mongo()} or {@link #ferretDb()}. */
    public String mongoOf(Target target) {
        return switch (target) {
            case MONGO -> mongo();
            case MONGO_FERRETDB -> ferretDb();
            default -> throw new IllegalArgumentException(target.cliName() + " is not a MongoDB target");
        };
    }

    private static IllegalArgumentException missing(String target, String option) {
        return new IllegalArgumentException(
                "target " + target + " needs the store's address: give " + option + " (or run without --jdbc-url)");
    }
}
