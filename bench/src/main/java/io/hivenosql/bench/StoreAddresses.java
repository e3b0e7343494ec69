package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * Where the stores are, as their tables' properties name them: {@code redis.nodes}, {@code cassandra.hosts} and
 * {@code cassandra.local-dc}, and the MongoDB connection string without database ({@code mongodb://host:port}). Each is
 * needed only when its target runs. Never holds a password: stores that need one get it through the handlers' Hadoop
 * credential provider, configured on the HiveServer2 side.
 */
public record StoreAddresses(
        Optional<String> redisNodes,
        Optional<String> cassandraHosts,
        Optional<String> cassandraLocalDc,
        Optional<String> mongoUri) {
    public StoreAddresses {
        requireNonNull(redisNodes, "redisNodes is null");
        requireNonNull(cassandraHosts, "cassandraHosts is null");
        requireNonNull(cassandraLocalDc, "cassandraLocalDc is null");
        requireNonNull(mongoUri, "mongoUri is null");
        mongoUri.ifPresent(uri -> {
            if (uri.contains("@")) {
                throw new IllegalArgumentException(
                        "the MongoDB URI must not hold user information: configure credentials on HiveServer2");
            }
        });
    }

    public static StoreAddresses none() {
        return new StoreAddresses(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
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

    private static IllegalArgumentException missing(String target, String option) {
        return new IllegalArgumentException(
                "target " + target + " needs the store's address: give " + option + " (or run without --jdbc-url)");
    }
}
