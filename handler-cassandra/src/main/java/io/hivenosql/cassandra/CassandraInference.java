package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.types.DataType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Hive columns of a table whose DDL lists none, from the live CQL table's schema metadata (no row is read): every
 * CQL column, the partition key columns first, then the clustering columns, then the others in the order of the
 * driver's metadata; each typed with its canonical Hive type ({@link CqlTypes#hiveTypeOf}, the type table of
 * docs/cassandra.md) and named by {@link CassandraHiveNames}. The columns are fields, as on a table whose DDL lists
 * them: the live schema gives the handler the primary key whenever it binds the table, so the inferred columns keep no
 * key role (a role on several columns would also need {@code cassandra.primary-key} to say which partition); {@link
 * InferredSchema#sampled} names the key. A column whose CQL type no Hive type reads (a custom type, a map keyed by a
 * collection) is refused with the way out, never typed as something the reader would then fail on.
 */
final class CassandraInference {
    private CassandraInference() {}

    /**
     * The columns of the CQL table that the properties name ({@code cassandra.keyspace}, {@code cassandra.table}, else
     * the Hive database and table names). Reads only the driver's schema metadata, refreshed once when the table is
     * not there yet, so the sample budget does not apply: {@code cassandra.timeout.ms} bounds the schema queries.
     *
     * @param tableName the qualified Hive name
     * @param files the way to the table's TLS material
     * @throws HandlerException STORE_TABLE_NOT_FOUND naming the keyspaces or tables that exist, UNSUPPORTED_TYPE for
     *     columns no Hive type reads, or a connection failure
     */
    static InferredSchema infer(String tableName, TableConfig config, SecretResolver secrets, TableFiles files) {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(config, "config is null");
        requireNonNull(secrets, "secrets is null");
        requireNonNull(files, "files is null");
        CassandraTable.checkCredentials(tableName, config);
        CassandraTable.checkTls(config);
        CqlIdentifier keyspace = name(tableName, config, CassandraTableProperties.KEYSPACE, true);
        CqlIdentifier table = name(tableName, config, CassandraTableProperties.TABLE, false);
        List<HostAndPort> hosts = config.get(CassandraTableProperties.HOSTS);
        try (CassandraClients.Lease lease = CassandraClients.acquire(tableName, config, secrets, files)) {
            TableMetadata metadata = CassandraSchema.tableMetadata(lease.session(), tableName, keyspace, table, hosts);
            return of(tableName, metadata);
        }
    }

    private static CqlIdentifier name(
            String tableName, TableConfig config, CassandraTableProperties property, boolean keyspace) {
        try {
            return keyspace ? CassandraTable.keyspaceOf(tableName, config) : CassandraTable.tableOf(tableName, config);
        } catch (IllegalArgumentException e) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_TABLE_PROPERTY,
                    "table " + tableName + ": " + e.getMessage() + "; set " + property.key()
                            + " to the CQL name, double-quoted if it is case-sensitive");
        }
    }

    /** The columns of already-fetched table metadata: a pure function of it (see {@link #infer}). */
    static InferredSchema of(String tableName, TableMetadata metadata) {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(metadata, "metadata is null");
        List<ColumnMetadata> keys = new ArrayList<>(metadata.getPartitionKey());
        keys.addAll(metadata.getClusteringColumns().keySet());
        List<ColumnMetadata> ordered = new ArrayList<>(keys);
        for (ColumnMetadata column : metadata.getColumns().values()) {
            if (!keys.contains(column)) {
                ordered.add(column);
            }
        }
        List<CqlIdentifier> cqlNames =
                ordered.stream().map(ColumnMetadata::getName).toList();
        CassandraHiveNames names = CassandraHiveNames.of(cqlNames);
        String qualified =
                metadata.getKeyspace().asCql(true) + "." + metadata.getName().asCql(true);

        List<ColumnMapping> columns = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        Map<String, List<String>> typeNotes = new LinkedHashMap<>();
        for (int i = 0; i < ordered.size(); i++) {
            ColumnMetadata column = ordered.get(i);
            String hiveName = names.hiveName(i);
            DataType type;
            try {
                type = CqlTypes.hiveTypeOf(column.getType());
            } catch (IllegalArgumentException e) {
                refused.add(column.getName().asCql(true) + " ("
                        + column.getType().asCql(true, true) + "): " + e.getMessage());
                continue;
            }
            for (String note : CqlTypes.inferenceNotes(column.getType())) {
                typeNotes.computeIfAbsent(note, n -> new ArrayList<>()).add(hiveName);
            }
            columns.add(new ColumnMapping(hiveName, type, names.path(i), ColumnRole.FIELD));
        }
        if (!refused.isEmpty()) {
            throw new HandlerException(
                    HandlerErrorCode.UNSUPPORTED_TYPE,
                    "table " + tableName + ": the columns of Cassandra table " + qualified + " cannot all be read: "
                            + String.join("; ", refused) + ". List the table's columns in the DDL, leaving "
                            + (refused.size() == 1 ? "this one" : "these") + " out (each Hive column maps to the CQL "
                            + "column of its name, or as " + CassandraTableProperties.COLUMNS_MAPPING.key()
                            + " says), or give a mapping file (nosql.mapping.url)");
        }
        Set<String> notes = new LinkedHashSet<>(names.notes());
        typeNotes.forEach((note, hiveNames) -> notes.add(
                (hiveNames.size() == 1 ? "column " : "columns ") + String.join(", ", hiveNames) + ": " + note));
        String primaryKey = primaryKey(names, metadata.getPartitionKey().size(), keys.size());
        // recorded with the columns: DELETE, UPDATE and MERGE identify a row by it
        return new InferredSchema(
                new TableMapping(columns),
                List.copyOf(notes),
                "the CQL schema of " + qualified + " (" + columns.size()
                        + (columns.size() == 1 ? " column" : " columns") + "; primary key " + primaryKey + ")",
                Map.of(CassandraTableProperties.PRIMARY_KEY.key(), primaryKey));
    }

    /** The primary key in CQL's form, by Hive names: {@code ((a, b), c, d)}. */
    private static String primaryKey(CassandraHiveNames names, int partitionColumns, int keyColumns) {
        List<String> partition = new ArrayList<>();
        for (int i = 0; i < partitionColumns; i++) {
            partition.add(names.hiveName(i));
        }
        StringBuilder key =
                new StringBuilder("((").append(String.join(", ", partition)).append(")");
        for (int i = partitionColumns; i < keyColumns; i++) {
            key.append(", ").append(names.hiveName(i));
        }
        return key.append(")").toString();
    }
}
