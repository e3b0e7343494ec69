package io.hivenosql.redis;

import static io.hivenosql.api.config.PropertyType.bool;
import static io.hivenosql.api.config.PropertyType.enumOf;
import static io.hivenosql.api.config.PropertyType.hostList;
import static io.hivenosql.api.config.PropertyType.integer;
import static io.hivenosql.api.config.PropertyType.nonEmptyString;
import static io.hivenosql.api.config.PropertyType.string;

import io.hivenosql.api.config.PropertySpec;
import io.hivenosql.api.config.PropertyType;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.tls.TlsProperties;
import java.util.ArrayList;
import java.util.List;

/** The table properties of the Redis handler, declared once (key, type, default, required flag, documentation). */
public enum RedisTableProperties implements TableProperty {
    NODES(
            "redis.nodes",
            hostList(RedisTableProperties.DEFAULT_PORT),
            null,
            true,
            "Comma-separated host:port list of the Redis server, or of some nodes of a Redis Cluster (the port "
                    + "defaults to 6379); a cluster is detected with INFO cluster. No user information (user@)."),
    KEY_PREFIX(
            "redis.key.prefix",
            string(),
            "",
            false,
            "Prefix of the table's keys: a row's key is the prefix followed by the key columns' canonical texts. "
                    + "Required for INSERT OVERWRITE and purge: an empty prefix would mean the whole database."),
    KEY_COLUMN(
            "redis.key.column",
            PropertyType.custom("comma-separated column names", RedisTableProperties::columnList),
            null,
            false,
            "The column whose value makes the key, or a comma-separated list of columns whose values make it "
                    + "together (each of a primitive type; not stored as fields); defaults to the first column."),
    KEY_SEPARATOR(
            "redis.key.separator",
            PropertyType.custom("non-empty string without a backslash", RedisTableProperties::separator),
            ":",
            false,
            "With several key columns, what joins their texts in a key (prefix, then the parts joined by it); a "
                    + "backslash or the separator's first character inside a part is escaped with a backslash."),
    VALUE_TYPE(
            "redis.value.type",
            enumOf(RedisValueType.class),
            "hash",
            false,
            "hash: a row is a hash whose fields are the columns; string: a row is a string holding a JSON object "
                    + "of the non-key columns."),
    DATABASE(
            "redis.database",
            integer(0, 1 << 20),
            "0",
            false,
            "The logical database number (SELECT); must be 0 on a Redis Cluster."),
    USER("redis.user", nonEmptyString(), null, false, "ACL user name; needs redis.password.alias."),
    PASSWORD_ALIAS("redis.password.alias", nonEmptyString(), null, false, PropertySpec.PASSWORD_ALIAS_DOC + "."),
    SSL(
            "redis.ssl",
            bool(),
            "false",
            false,
            "Connect with TLS (to each node's TLS port), trusting redis.ssl.truststore or else the JVM's default trust "
                    + "store; never falls back to plain text."),
    SSL_TRUSTSTORE("redis.ssl.truststore", nonEmptyString(), null, false, TlsProperties.TRUST_STORE_DOC),
    SSL_TRUSTSTORE_PASSWORD_ALIAS(
            "redis.ssl.truststore.password.alias",
            nonEmptyString(),
            null,
            false,
            TlsProperties.TRUST_STORE_PASSWORD_ALIAS_DOC),
    SSL_KEYSTORE("redis.ssl.keystore", nonEmptyString(), null, false, TlsProperties.KEY_STORE_DOC),
    SSL_KEYSTORE_PASSWORD_ALIAS(
            "redis.ssl.keystore.password.alias",
            nonEmptyString(),
            null,
            false,
            TlsProperties.KEY_STORE_PASSWORD_ALIAS_DOC),
    SSL_HOSTNAME_VERIFICATION(
            "redis.ssl.hostname.verification", bool(), "true", false, TlsProperties.HOSTNAME_VERIFICATION_DOC),
    TTL_COLUMN(
            "redis.ttl.column",
            nonEmptyString(),
            null,
            false,
            "An int or bigint column holding the row's time to live in seconds: written with EXPIRE (SET EX), "
                    + "read back as the remaining TTL, NULL when the key has no expiry."),
    BATCH_SIZE("redis.batch.size", integer(1, 1_000_000), "1000", false, "Rows written per pipeline round trip."),
    SCAN_COUNT(
            "redis.scan.count",
            integer(1, 1_000_000),
            "1000",
            false,
            "COUNT hint of SCAN, and keys fetched per pipeline round trip when reading."),
    SPLIT_COUNT(
            "redis.split.count",
            integer(0, 1024),
            "0",
            false,
            "Number of splits of a scan; 0 chooses from the estimated row count (about 200k rows a split, "
                    + "at most 64). On a single server, at most one split per 16 keys of its database."),
    TIMEOUT_MS(
            "redis.timeout.ms", integer(1, 3_600_000), "10000", false, "Connect and socket timeout in milliseconds."),
    FAILOVER_TIMEOUT_MS(
            "redis.cluster.failover-timeout-ms",
            integer(0, 3_600_000),
            "60000",
            false,
            "On a Redis Cluster: how long a scan or INSERT that lost a master waits for another node (its promoted "
                    + "replica) to serve the master's slots before the query fails (HNS-204); above the cluster's "
                    + "cluster-node-timeout plus the replica election (about 2 s). 0 fails at once."),
    WRITE_REPLICAS(
            "redis.write.replicas",
            integer(0, 16),
            "1",
            false,
            "On a Redis Cluster whose masters have replicas: after each pipeline, WAIT until this many replicas "
                    + "(at most as many as the master lists as live in its CLUSTER NODES) hold the rows, so that a "
                    + "master lost after acknowledging them loses none; when they do not within "
                    + "redis.cluster.failover-timeout-ms the query fails (HNS-204). 0 turns the wait off (faster, but "
                    + "a lost master can take its last writes with it)."),
    COLUMNS_MAPPING(
            "redis.columns.mapping",
            nonEmptyString(),
            null,
            false,
            "Inline column mapping: the hash field (string type: the JSON field name) of each column, in the shared "
                    + "inline mapping syntax; a column not named there uses its own name.");

    /** The port of {@code redis.nodes} entries that give none. */
    public static final int DEFAULT_PORT = 6379;

    /** The TLS properties, for the core ({@link TlsProperties}). */
    static final TlsProperties TLS = new TlsProperties(
            SSL,
            SSL_TRUSTSTORE,
            SSL_TRUSTSTORE_PASSWORD_ALIAS,
            SSL_KEYSTORE,
            SSL_KEYSTORE_PASSWORD_ALIAS,
            SSL_HOSTNAME_VERIFICATION);

    private final PropertySpec spec;

    private static List<String> columnList(String raw) {
        List<String> names = new ArrayList<>();
        for (String name : raw.split(",", -1)) {
            if (name.isBlank()) {
                throw new IllegalArgumentException(
                        "expected one column name or a comma-separated list of them, got '" + raw + "'");
            }
            names.add(name.trim());
        }
        return List.copyOf(names);
    }

    private static String separator(String raw) {
        if (raw.isEmpty() || raw.indexOf('\\') >= 0) {
            throw new IllegalArgumentException(
                    "expected a non-empty separator without a backslash (the escape character), got '" + raw + "'");
        }
        return raw;
    }

    RedisTableProperties(String key, PropertyType<?> type, String defaultValue, boolean required, String doc) {
        this.spec = new PropertySpec(key, type, defaultValue, required, doc);
    }

    @Override
    public PropertySpec spec() {
        return spec;
    }
}
