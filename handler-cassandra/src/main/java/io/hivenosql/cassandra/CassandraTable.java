package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.MappingRoles;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.StoreTable;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.tls.TlsSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A Cassandra table as the connector sees it: the validated properties and, for each Hive column, the CQL column it
 * maps to. Knows nothing of the live schema (see {@link CassandraSchema}); building one contacts no server.
 *
 * <p>A column's mapped path is a CQL column name with CQL's case rules: unquoted names are case-insensitive,
 * {@code "Quoted"} names keep their case. Columns named in {@code cassandra.primary-key} get {@link ColumnRole#KEY}.
 */
final class CassandraTable extends StoreTable {
    private final CqlIdentifier keyspace;
    private final CqlIdentifier table;
    private final List<CqlIdentifier> cqlColumns;
    private final Optional<PrimaryKey> primaryKey;
    /** The live schema last loaded, with the session metadata it was loaded from ({@link #schema}). */
    private final AtomicReference<LoadedSchema> schema = new AtomicReference<>();

    private CassandraTable(String name, TableConfig config, TableMapping mapping, Optional<PrimaryKey> primaryKey) {
        super(config, mapping);
        this.primaryKey = primaryKey;
        this.keyspace = keyspaceOf(name, config);
        this.table = tableOf(name, config);
        List<CqlIdentifier> columns = new ArrayList<>();
        for (ColumnMapping column : mapping.columns()) {
            columns.add(identifier(column.path()));
        }
        this.cqlColumns = List.copyOf(columns);
    }

    /** The table a connector call works on, as {@link CassandraConnector#bind} built it. */
    static CassandraTable of(TableContext context) {
        return context.handle(CassandraTable.class);
    }

    /**
     * The live schema of the table ({@link CassandraSchema#load}), loaded once per version of the session's schema
     * metadata: the driver replaces its metadata snapshot whenever the schema or the ring changes, so a handle that
     * serves a task's splits (or HiveServer2's planning calls) checks the schema once, and again only after a change.
     */
    CassandraSchema schema(CqlSession session) {
        Metadata metadata = session.getMetadata();
        LoadedSchema loaded = schema.get();
        if (loaded != null && loaded.metadata() == metadata) {
            return loaded.schema();
        }
        CassandraSchema fresh = CassandraSchema.load(session, this);
        schema.set(new LoadedSchema(metadata, fresh));
        return fresh;
    }

    private record LoadedSchema(Metadata metadata, CassandraSchema schema) {}

    /**
     * Checks the mapping against the properties (no server contacted), marks the primary key columns and builds the
     * handle.
     */
    static CassandraTable bind(String tableName, TableConfig config, TableMapping mapping) {
        Map<String, String> byCqlName = new HashMap<>();
        for (ColumnMapping column : mapping.columns()) {
            CqlIdentifier cql;
            try {
                cql = identifier(column.path());
            } catch (IllegalArgumentException e) {
                throw new HandlerException(
                        HandlerErrorCode.INVALID_MAPPING,
                        "table " + tableName + ", column " + column.name() + ": " + e.getMessage());
            }
            String previous = byCqlName.put(cql.asInternal(), column.name());
            if (previous != null) {
                throw new HandlerException(
                        HandlerErrorCode.INVALID_MAPPING,
                        "table " + tableName + ": columns " + previous + " and " + column.name()
                                + " both map to CQL column " + cql.asCql(true) + "; map each to its own column in "
                                + CassandraTableProperties.COLUMNS_MAPPING.key());
            }
        }
        checkCredentials(tableName, config);
        checkTls(config);
        if (config.get(CassandraTableProperties.CONSISTENCY_READ) == CassandraConsistency.ANY) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_TABLE_PROPERTY,
                    "table " + tableName + ": " + CassandraTableProperties.CONSISTENCY_READ.key() + " is 'any', which "
                            + "Cassandra accepts for writes only; use e.g. 'local-one' or 'local-quorum'");
        }
        Optional<PrimaryKey> key = primaryKey(tableName, config, mapping);
        if (key.isEmpty()) {
            return new CassandraTable(tableName, config, mapping, key);
        }
        List<String> keyColumns = key.get().columns();
        List<ColumnMapping> bound = new ArrayList<>();
        for (ColumnMapping column : mapping.columns()) {
            bound.add(keyColumns.contains(column.name()) ? column.withRole(ColumnRole.KEY) : column);
        }
        return new CassandraTable(tableName, config, new TableMapping(bound), key);
    }

    /** The keyspace of a table: {@code cassandra.keyspace}, else the Hive database of its qualified name. */
    static CqlIdentifier keyspaceOf(String tableName, TableConfig config) {
        int dot = tableName.indexOf('.');
        return identifier(config.<String>getOptional(CassandraTableProperties.KEYSPACE)
                .orElse(dot < 0 ? "default" : tableName.substring(0, dot)));
    }

    /** The CQL table of a table: {@code cassandra.table}, else the Hive table of its qualified name. */
    static CqlIdentifier tableOf(String tableName, TableConfig config) {
        int dot = tableName.indexOf('.');
        return identifier(config.<String>getOptional(CassandraTableProperties.TABLE)
                .orElse(dot < 0 ? tableName : tableName.substring(dot + 1)));
    }

    /** A user needs the alias of its password, and a password needs its user: never a silent default user. */
    static void checkCredentials(String tableName, TableConfig config) {
        boolean user = config.isSet(CassandraTableProperties.USER);
        boolean alias = config.isSet(CassandraTableProperties.PASSWORD_ALIAS);
        if (user != alias) {
            CassandraTableProperties missing =
                    user ? CassandraTableProperties.PASSWORD_ALIAS : CassandraTableProperties.USER;
            throw new HandlerException(
                    HandlerErrorCode.MISSING_TABLE_PROPERTY,
                    "table " + tableName + ": "
                            + (user ? CassandraTableProperties.USER : CassandraTableProperties.PASSWORD_ALIAS).key()
                            + " is set but " + missing.key() + " is not; set both: the user name and the alias of its "
                            + "password in a Hadoop credential provider");
        }
    }

    /**
     * TLS material for a table that connects in plain text, or a password alias without its store: refused, never
     * ignored ({@link TlsSettings#problems}).
     */
    static void checkTls(TableConfig config) {
        TlsSettings.requireValid(
                config, CassandraTableProperties.TLS, config.<Boolean>get(CassandraTableProperties.SSL));
    }

    /**
     * The primary key of {@code cassandra.primary-key}; without it, the one column a mapping file gives the role
     * {@code key} (several cannot say which are partition and which clustering columns: refused). A property and a file
     * that name different key columns, and the role {@code ttl}, are refused.
     */
    private static Optional<PrimaryKey> primaryKey(String tableName, TableConfig config, TableMapping mapping) {
        MappingRoles.refuse(
                tableName,
                mapping,
                ColumnRole.TTL,
                column -> false,
                "Hive writes Cassandra rows without a time to live (a table's default_time_to_live applies: "
                        + CassandraTableProperties.TABLE_OPTIONS.key() + ")");
        List<String> fileKeys = MappingRoles.names(mapping, ColumnRole.KEY);
        Optional<String> text = config.getOptional(CassandraTableProperties.PRIMARY_KEY);
        if (text.isEmpty()) {
            if (fileKeys.size() > 1) {
                throw new HandlerException(
                        HandlerErrorCode.INVALID_MAPPING,
                        "table " + tableName + ": the mapping gives the role key to columns "
                                + String.join(", ", fileKeys) + ", which cannot say which of them are the partition "
                                + "key and which clustering columns; set "
                                + CassandraTableProperties.PRIMARY_KEY.key() + " (e.g. '((" + fileKeys.get(0)
                                + "), " + String.join(", ", fileKeys.subList(1, fileKeys.size())) + ")')");
            }
            return fileKeys.isEmpty()
                    ? Optional.empty()
                    : Optional.of(new PrimaryKey(List.of(fileKeys.get(0)), List.of()));
        }
        PrimaryKey key;
        try {
            key = PrimaryKey.parse(text.get());
        } catch (IllegalArgumentException e) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_TABLE_PROPERTY,
                    "table " + tableName + ", property '" + CassandraTableProperties.PRIMARY_KEY.key() + "': "
                            + e.getMessage());
        }
        for (String column : key.columns()) {
            if (mapping.indexOf(column) < 0) {
                throw new HandlerException(
                        HandlerErrorCode.COLUMN_NOT_FOUND,
                        "table " + tableName + ", property '" + CassandraTableProperties.PRIMARY_KEY.key()
                                + "': no column '" + column + "'; the table's columns are "
                                + String.join(", ", mapping.names()));
            }
        }
        if (!fileKeys.isEmpty()
                && !new HashSet<>(fileKeys)
                        .equals(new HashSet<>(key.columns().stream()
                                .map(c -> mapping.column(mapping.indexOf(c)).name())
                                .toList()))) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "table " + tableName + ": the mapping gives the role key to column(s) "
                            + String.join(", ", fileKeys)
                            + ", but " + CassandraTableProperties.PRIMARY_KEY.key() + " is " + key + "; make both "
                            + "name the same columns, or set the key in one place only");
        }
        return Optional.of(key);
    }

    /** A CQL identifier as CQL reads it: unquoted is case-insensitive, {@code "Quoted"} keeps its case. */
    static CqlIdentifier identifier(String text) {
        requireNonNull(text, "text is null");
        String trimmed = text.trim();
        if (trimmed.length() >= 2 && trimmed.startsWith("\"") && trimmed.endsWith("\"")) {
            return CqlIdentifier.fromCql(trimmed);
        }
        if (!trimmed.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("'" + text + "' is not a CQL name (letters, digits and '_', not "
                    + "starting with a digit; double-quote a case-sensitive name); nested paths are not supported: "
                    + "map a UDT or tuple column to a Hive struct instead");
        }
        // CQL folds unquoted names to lower case; fromCql would refuse reserved words such as the Hive database name
        // "default" (asCql(true) quotes them where statements need it)
        return CqlIdentifier.fromInternal(trimmed.toLowerCase(Locale.ROOT));
    }

    CqlIdentifier keyspace() {
        return keyspace;
    }

    CqlIdentifier table() {
        return table;
    }

    /** {@code keyspace.table} as CQL text, quoted where needed; for messages and statements. */
    String qualifiedCqlName() {
        return keyspace.asCql(true) + "." + table.asCql(true);
    }

    /** The CQL column of each Hive column, in table order. */
    List<CqlIdentifier> cqlColumns() {
        return cqlColumns;
    }

    CqlIdentifier cqlColumn(int index) {
        return cqlColumns.get(index);
    }

    Optional<PrimaryKey> primaryKey() {
        return primaryKey;
    }

    List<HostAndPort> hosts() {
        return config().get(CassandraTableProperties.HOSTS);
    }

    Optional<String> localDc() {
        return config().getOptional(CassandraTableProperties.LOCAL_DC);
    }

    Optional<String> user() {
        return config().getOptional(CassandraTableProperties.USER);
    }

    Optional<String> passwordAlias() {
        return config().getOptional(CassandraTableProperties.PASSWORD_ALIAS);
    }

    boolean ssl() {
        return config().<Boolean>get(CassandraTableProperties.SSL);
    }

    CassandraConsistency readConsistency() {
        return config().get(CassandraTableProperties.CONSISTENCY_READ);
    }

    CassandraConsistency writeConsistency() {
        return config().get(CassandraTableProperties.CONSISTENCY_WRITE);
    }

    int splitSizeMb() {
        return config().<Integer>get(CassandraTableProperties.SPLIT_SIZE_MB);
    }

    int splitCount() {
        return config().<Integer>get(CassandraTableProperties.SPLIT_COUNT);
    }

    int pageSize() {
        return config().<Integer>get(CassandraTableProperties.PAGE_SIZE);
    }

    int writeConcurrency() {
        return config().<Integer>get(CassandraTableProperties.WRITE_CONCURRENCY);
    }

    int writeBatchRows() {
        return config().<Integer>get(CassandraTableProperties.WRITE_BATCH_ROWS);
    }

    boolean writeNulls() {
        return config().<Boolean>get(CassandraTableProperties.WRITE_NULLS);
    }

    boolean allowFiltering() {
        return config().<Boolean>get(CassandraTableProperties.ALLOW_FILTERING);
    }

    int timeoutMillis() {
        return config().<Integer>get(CassandraTableProperties.TIMEOUT_MS);
    }

    String replication() {
        return config().get(CassandraTableProperties.REPLICATION);
    }

    Optional<String> tableOptions() {
        return config().getOptional(CassandraTableProperties.TABLE_OPTIONS);
    }

    Optional<String> clusteringOrder() {
        return config().getOptional(CassandraTableProperties.CLUSTERING_ORDER);
    }
}
