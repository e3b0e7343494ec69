package io.hivenosql.cassandra;

import static io.hivenosql.api.config.PropertyType.bool;
import static io.hivenosql.api.config.PropertyType.enumOf;
import static io.hivenosql.api.config.PropertyType.hostList;
import static io.hivenosql.api.config.PropertyType.integer;
import static io.hivenosql.api.config.PropertyType.nonEmptyString;

import io.hivenosql.api.config.PropertySpec;
import io.hivenosql.api.config.PropertyType;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.tls.TlsProperties;

/** The table properties of the Cassandra handler, declared once (key, type, default, required flag, documentation). */
public enum CassandraTableProperties implements TableProperty {
    HOSTS(
            "cassandra.hosts",
            hostList(CassandraTableProperties.DEFAULT_PORT),
            null,
            true,
            "Comma-separated host:port list of contact points (native protocol; the port defaults to 9042); the "
                    + "driver discovers the rest of the cluster from them. No user information (user@)."),
    LOCAL_DC(
            "cassandra.local-dc",
            nonEmptyString(),
            null,
            false,
            "The data center the handler reads from and writes to (LOCAL_* consistency levels refer to it); "
                    + "defaults to the data center of the first contact point that answers."),
    KEYSPACE(
            "cassandra.keyspace",
            nonEmptyString(),
            null,
            false,
            "The keyspace; defaults to the Hive database name. As in CQL, a name is case-insensitive unless "
                    + "double-quoted."),
    TABLE(
            "cassandra.table",
            nonEmptyString(),
            null,
            false,
            "The Cassandra table; defaults to the Hive table name. As in CQL, a name is case-insensitive unless "
                    + "double-quoted."),
    COLUMNS_MAPPING(
            "cassandra.columns.mapping",
            nonEmptyString(),
            null,
            false,
            "Inline column mapping: the CQL column of each Hive column, in the shared inline mapping syntax; a column "
                    + "not named there uses its own name."),
    USER(
            "cassandra.user",
            nonEmptyString(),
            null,
            false,
            "User name for PasswordAuthenticator; needs cassandra.password.alias."),
    PASSWORD_ALIAS("cassandra.password.alias", nonEmptyString(), null, false, PropertySpec.PASSWORD_ALIAS_DOC + "."),
    SSL(
            "cassandra.ssl",
            bool(),
            "false",
            false,
            "Connect to every node with TLS, trusting cassandra.ssl.truststore or else the JVM's default trust "
                    + "store; never falls back to plain text."),
    SSL_TRUSTSTORE("cassandra.ssl.truststore", nonEmptyString(), null, false, TlsProperties.TRUST_STORE_DOC),
    SSL_TRUSTSTORE_PASSWORD_ALIAS(
            "cassandra.ssl.truststore.password.alias",
            nonEmptyString(),
            null,
            false,
            TlsProperties.TRUST_STORE_PASSWORD_ALIAS_DOC),
    SSL_KEYSTORE("cassandra.ssl.keystore", nonEmptyString(), null, false, TlsProperties.KEY_STORE_DOC),
    SSL_KEYSTORE_PASSWORD_ALIAS(
            "cassandra.ssl.keystore.password.alias",
            nonEmptyString(),
            null,
            false,
            TlsProperties.KEY_STORE_PASSWORD_ALIAS_DOC),
    SSL_HOSTNAME_VERIFICATION(
            "cassandra.ssl.hostname.verification", bool(), "true", false, TlsProperties.HOSTNAME_VERIFICATION_DOC),
    CONSISTENCY_READ(
            "cassandra.consistency.read",
            enumOf(CassandraConsistency.class),
            "local-one",
            false,
            "Consistency level of reads."),
    CONSISTENCY_WRITE(
            "cassandra.consistency.write",
            enumOf(CassandraConsistency.class),
            "local-quorum",
            false,
            "Consistency level of writes."),
    SPLIT_SIZE_MB(
            "cassandra.split.size-mb",
            integer(1, 1 << 20),
            "64",
            false,
            "Target data size of a split in MB, from system.size_estimates (without them, as projected from the"
                    + " first rows); token ranges are joined or cut toward it."),
    SPLIT_COUNT(
            "cassandra.split.count",
            integer(0, 1 << 16),
            "0",
            false,
            "Exact number of splits of a full scan; 0 sizes them by cassandra.split.size-mb, or for a table without"
                    + " size estimates yet by Hive's hint, with at most one split per cassandra.split.size-mb of the"
                    + " table's size as projected from its first 1,000 rows."),
    PAGE_SIZE("cassandra.page.size", integer(1, 1_000_000), "5000", false, "Rows fetched per page when reading."),
    WRITE_CONCURRENCY(
            "cassandra.write.concurrency",
            integer(1, 4096),
            "64",
            false,
            "Writes in flight per task (each one batch of rows of one partition)."),
    WRITE_BATCH_ROWS(
            "cassandra.write.batch.rows",
            integer(1, 65_535),
            "64",
            false,
            "Most rows of one partition sent together as one unlogged batch."),
    WRITE_NULLS(
            "cassandra.write.nulls",
            bool(),
            "false",
            false,
            "false: a NULL column is left unset (no tombstone; an existing value stays); true: NULL is written, "
                    + "deleting the cell."),
    ALLOW_FILTERING(
            "cassandra.allow-filtering",
            bool(),
            "false",
            false,
            "Push predicates on columns that are not partition or clustering key restrictions Cassandra serves "
                    + "directly, with ALLOW FILTERING (the servers then filter every row they scan)."),
    TIMEOUT_MS(
            "cassandra.timeout.ms",
            integer(1, 3_600_000),
            "30000",
            false,
            "Timeout of one request (a page, a batch, a schema change) in milliseconds."),
    PRIMARY_KEY(
            "cassandra.primary-key",
            nonEmptyString(),
            null,
            false,
            "The CQL primary key by Hive column names, e.g. ((o_custkey), o_orderkey) or (k) or k: for tables Hive "
                    + "creates (defaults to the first column), and for DELETE, UPDATE and MERGE, which identify a row "
                    + "by it (on an external table, the CQL table's key)."),
    CLUSTERING_ORDER(
            "cassandra.clustering-order",
            nonEmptyString(),
            null,
            false,
            "For tables Hive creates: the CLUSTERING ORDER BY list, e.g. o_orderkey DESC."),
    REPLICATION(
            "cassandra.replication",
            nonEmptyString(),
            "{'class': 'SimpleStrategy', 'replication_factor': 1}",
            false,
            "For keyspaces Hive creates: the CQL replication map."),
    TABLE_OPTIONS(
            "cassandra.table.options",
            nonEmptyString(),
            null,
            false,
            "For tables Hive creates: CQL table options, as after WITH, e.g. "
                    + "compaction = {'class': 'UnifiedCompactionStrategy'} AND gc_grace_seconds = 3600.");

    /** The port of {@code cassandra.hosts} entries that give none. */
    public static final int DEFAULT_PORT = 9042;

    /** The TLS properties, for the core ({@link TlsProperties}). */
    static final TlsProperties TLS = new TlsProperties(
            SSL,
            SSL_TRUSTSTORE,
            SSL_TRUSTSTORE_PASSWORD_ALIAS,
            SSL_KEYSTORE,
            SSL_KEYSTORE_PASSWORD_ALIAS,
            SSL_HOSTNAME_VERIFICATION);

    private final PropertySpec spec;

    CassandraTableProperties(String key, PropertyType<?> type, String defaultValue, boolean required, String doc) {
        this.spec = new PropertySpec(key, type, defaultValue, required, doc);
    }

    @Override
    public PropertySpec spec() {
        return spec;
    }
}
