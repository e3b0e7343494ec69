package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.Suggestions;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The live schema of a table's Cassandra table, checked against the Hive columns: every Hive column names an existing
 * CQL column whose type it can read ({@link CqlTypes}). Built from the session's schema metadata (no query of its own,
 * unless the table is not in the metadata yet: then the schema is refreshed once).
 *
 * <p>Key columns are reported by Hive column index, in key order; a key column that no Hive column maps to has index
 * {@link #UNMAPPED}. Scans still work then (token ranges need only the CQL names, see {@link #partitionKeyNames()}),
 * but direct partition reads and writes need every key column mapped ({@link #mapsFullPrimaryKey()}).
 */
final class CassandraSchema {
    /** The Hive index of a key column that no Hive column maps to. */
    static final int UNMAPPED = -1;

    private static final Set<String> SYSTEM_KEYSPACES = Set.of(
            "system",
            "system_auth",
            "system_schema",
            "system_distributed",
            "system_traces",
            "system_views",
            "system_virtual_schema");

    private final CassandraTable table;
    private final TableMetadata metadata;
    private final List<DataType> cqlTypes;
    private final List<ColumnMetadata> cqlColumns;
    private final List<Integer> partitionKey;
    private final List<Integer> clusteringColumns;
    private final List<CqlIdentifier> partitionKeyNames;
    private final List<CqlIdentifier> clusteringNames;
    private final List<String> unmappedKeyColumns;

    private CassandraSchema(CassandraTable table, TableMetadata metadata, List<ColumnMetadata> cqlColumns) {
        this.table = table;
        this.metadata = metadata;
        this.cqlColumns = List.copyOf(cqlColumns);
        this.cqlTypes = cqlColumns.stream().map(ColumnMetadata::getType).toList();
        List<String> unmapped = new ArrayList<>();
        List<Integer> partition = new ArrayList<>();
        List<CqlIdentifier> partitionNames = new ArrayList<>();
        for (ColumnMetadata column : metadata.getPartitionKey()) {
            partition.add(hiveIndex(column.getName(), unmapped));
            partitionNames.add(column.getName());
        }
        List<Integer> clustering = new ArrayList<>();
        List<CqlIdentifier> clusteringCqlNames = new ArrayList<>();
        for (ColumnMetadata column : metadata.getClusteringColumns().keySet()) {
            clustering.add(hiveIndex(column.getName(), unmapped));
            clusteringCqlNames.add(column.getName());
        }
        this.partitionKey = List.copyOf(partition);
        this.clusteringColumns = List.copyOf(clustering);
        this.partitionKeyNames = List.copyOf(partitionNames);
        this.clusteringNames = List.copyOf(clusteringCqlNames);
        this.unmappedKeyColumns = List.copyOf(unmapped);
    }

    private int hiveIndex(CqlIdentifier cqlName, List<String> unmapped) {
        int index = table.cqlColumns().indexOf(cqlName);
        if (index < 0) {
            unmapped.add(cqlName.asCql(true));
            return UNMAPPED;
        }
        return index;
    }

    /**
     * The live schema of the table's Cassandra table, checked against its Hive columns.
     *
     * @throws HandlerException STORE_TABLE_NOT_FOUND when the keyspace or table does not exist (listing what does),
     *     SCHEMA_MISMATCH listing every Hive column that names a missing CQL column or one of an incompatible type
     */
    static CassandraSchema load(CqlSession session, CassandraTable table) {
        requireNonNull(table, "table is null");
        return of(table, tableMetadata(session, table.name(), table.keyspace(), table.table(), table.hosts()));
    }

    /**
     * The metadata of a CQL table from the session's schema metadata, refreshed once when the table is not there.
     *
     * @param tableName the qualified Hive name, for messages
     * @param hosts the contact points, for messages
     * @throws HandlerException STORE_TABLE_NOT_FOUND when the keyspace or table does not exist, naming the keyspaces or
     *     tables that do and the property to set
     */
    static TableMetadata tableMetadata(
            CqlSession session,
            String tableName,
            CqlIdentifier keyspace,
            CqlIdentifier table,
            List<HostAndPort> hosts) {
        requireNonNull(session, "session is null");
        TableMetadata metadata = find(session.getMetadata(), keyspace, table).orElse(null);
        if (metadata == null) {
            // created moments ago by another client, or the driver's schema events were debounced: ask once more
            Metadata refreshed = session.refreshSchema();
            metadata = find(refreshed, keyspace, table)
                    .orElseThrow(() -> notFound(refreshed, tableName, keyspace, table, hosts));
        }
        return metadata;
    }

    /** The schema from already-fetched metadata; a pure check (see {@link #load}). */
    static CassandraSchema of(CassandraTable table, TableMetadata metadata) {
        List<String> problems = new ArrayList<>();
        List<ColumnMetadata> columns = new ArrayList<>();
        Map<CqlIdentifier, ColumnMetadata> all = metadata.getColumns();
        for (int i = 0; i < table.mapping().size(); i++) {
            ColumnMapping hive = table.mapping().column(i);
            CqlIdentifier cqlName = table.cqlColumn(i);
            ColumnMetadata column = all.get(cqlName);
            columns.add(column);
            if (column == null) {
                problems.add(missingColumn(table, metadata, hive, cqlName));
                continue;
            }
            Optional<String> problem = CqlTypes.incompatibility(column.getType(), hive.type());
            problem.ifPresent(reason -> problems.add("Hive column '" + hive.name() + "' "
                    + hive.type().typeName() + " (CQL column " + cqlName.asCql(true) + "): " + reason));
        }
        if (!problems.isEmpty()) {
            throw new HandlerException(
                    HandlerErrorCode.SCHEMA_MISMATCH,
                    "table " + table.name() + " does not match Cassandra table " + table.qualifiedCqlName() + " ("
                            + problems.size() + (problems.size() == 1 ? " problem" : " problems") + "): "
                            + String.join("; ", problems) + ". Change the Hive column types, or map the columns "
                            + "with " + CassandraTableProperties.COLUMNS_MAPPING.key() + " (hive_column:cql_column)");
        }
        return new CassandraSchema(table, metadata, columns);
    }

    private static String missingColumn(
            CassandraTable table, TableMetadata metadata, ColumnMapping hive, CqlIdentifier cqlName) {
        List<String> names = new ArrayList<>();
        metadata.getColumns().keySet().forEach(id -> names.add(id.asInternal()));
        Optional<String> suggestion = Suggestions.closest(cqlName.asInternal(), names);
        return "Hive column '" + hive.name() + "' maps to CQL column " + cqlName.asCql(true) + ", which "
                + table.qualifiedCqlName() + " does not have"
                + suggestion
                        .map(s -> " (did you mean "
                                + CqlIdentifier.fromInternal(s).asCql(true) + "?)")
                        .orElse("")
                + "; its columns are " + String.join(", ", names);
    }

    private static Optional<TableMetadata> find(Metadata metadata, CqlIdentifier keyspace, CqlIdentifier table) {
        return metadata.getKeyspace(keyspace).flatMap(found -> found.getTable(table));
    }

    /** The keyspace or table is missing: says which, lists what exists (no system keyspace) and the fix. */
    static HandlerException notFound(
            Metadata metadata,
            String hiveTable,
            CqlIdentifier keyspaceId,
            CqlIdentifier tableId,
            List<HostAndPort> hosts) {
        String where = " at " + CassandraClients.hostList(hosts);
        String qualified = keyspaceId.asCql(true) + "." + tableId.asCql(true);
        Optional<KeyspaceMetadata> keyspace = metadata.getKeyspace(keyspaceId);
        if (keyspace.isEmpty()) {
            Set<String> names = new TreeSet<>();
            metadata.getKeyspaces().keySet().stream()
                    .map(CqlIdentifier::asInternal)
                    .filter(name -> !SYSTEM_KEYSPACES.contains(name))
                    .forEach(names::add);
            return new HandlerException(
                    HandlerErrorCode.STORE_TABLE_NOT_FOUND,
                    "table " + hiveTable + ": Cassandra" + where + " has no keyspace " + keyspaceId.asCql(true)
                            + suggestion(keyspaceId, names) + " for CQL table " + qualified + "; its keyspaces are "
                            + (names.isEmpty() ? "(none but system keyspaces)" : names)
                            + ". Set " + CassandraTableProperties.KEYSPACE.key() + " (it defaults to the Hive database "
                            + "name; quote a case-sensitive name with double quotes), or create the keyspace");
        }
        Set<String> names = new TreeSet<>();
        keyspace.get().getTables().keySet().forEach(id -> names.add(id.asInternal()));
        return new HandlerException(
                HandlerErrorCode.STORE_TABLE_NOT_FOUND,
                "table " + hiveTable + ": keyspace " + keyspaceId.asCql(true) + " of Cassandra" + where
                        + " has no table " + tableId.asCql(true) + suggestion(tableId, names)
                        + "; its tables are " + (names.isEmpty() ? "(none)" : names) + ". Set "
                        + CassandraTableProperties.TABLE.key() + " (it defaults to the Hive table name; quote a "
                        + "case-sensitive name with double quotes), or create the table");
    }

    private static String suggestion(CqlIdentifier name, Set<String> known) {
        return Suggestions.closest(name.asInternal(), known)
                .map(s -> " (did you mean " + CqlIdentifier.fromInternal(s).asCql(true) + "?)")
                .orElse("");
    }

    CassandraTable table() {
        return table;
    }

    TableMetadata metadata() {
        return metadata;
    }

    /** The CQL type of the column a Hive column maps to. */
    DataType cqlType(int hiveColumn) {
        return cqlTypes.get(hiveColumn);
    }

    /** The CQL column a Hive column maps to. */
    ColumnMetadata cqlColumn(int hiveColumn) {
        return cqlColumns.get(hiveColumn);
    }

    /** The Hive index of each partition key column, in key order; {@link #UNMAPPED} for a column no Hive column maps. */
    List<Integer> partitionKey() {
        return partitionKey;
    }

    /** The Hive index of each clustering column, in key order; {@link #UNMAPPED} for a column no Hive column maps. */
    List<Integer> clusteringColumns() {
        return clusteringColumns;
    }

    /** The CQL names of the partition key columns, in key order (mapped or not): the arguments of {@code token()}. */
    List<CqlIdentifier> partitionKeyNames() {
        return partitionKeyNames;
    }

    /** The CQL names of the clustering columns, in key order. */
    List<CqlIdentifier> clusteringNames() {
        return clusteringNames;
    }

    /** Whether every primary key column is mapped by a Hive column (needed by partition reads and by writes). */
    boolean mapsFullPrimaryKey() {
        return unmappedKeyColumns.isEmpty();
    }

    /** Whether every partition key column is mapped by a Hive column (needed by direct partition reads). */
    boolean mapsPartitionKey() {
        return !partitionKey.contains(UNMAPPED);
    }

    /** The CQL names (as CQL text) of primary key columns that no Hive column maps, for messages. */
    List<String> unmappedKeyColumns() {
        return unmappedKeyColumns;
    }

    /** Whether the Hive column maps to a partition key column. */
    boolean isPartitionKey(int hiveColumn) {
        return partitionKey.contains(hiveColumn);
    }

    /** The position of the Hive column among the clustering columns, or -1. */
    int clusteringPosition(int hiveColumn) {
        return clusteringColumns.indexOf(hiveColumn);
    }

    /** Whether the Hive column maps to a static column. */
    boolean isStatic(int hiveColumn) {
        return cqlColumns.get(hiveColumn).isStatic();
    }
}
