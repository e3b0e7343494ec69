package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.StoreObject;
import io.hivenosql.api.spi.TableFiles;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The CQL tables of a keyspace ({@link CassandraConnector#listObjects}), for {@code bin/hive-nosql map}: read from the
 * driver's schema metadata, refreshed first so that tables created moments ago are there. Each table's properties are
 * the scope's with {@code cassandra.table} naming it as CQL reads it (double-quoted when it is case-sensitive), so that
 * inference and the table Hive creates name the same CQL table. Materialized views and secondary-index tables are not
 * listed (the driver keeps them apart from tables). {@code bin/hive-nosql map} runs on the user's machine, so the
 * scope's TLS material is read locally ({@link TableFiles#LOCAL}), as its schema inference does.
 */
final class CassandraCatalog {
    private CassandraCatalog() {}

    /**
     * @param scope the properties of a table naming the keyspace ({@code cassandra.keyspace}) and no table
     * @throws HandlerException STORE_TABLE_NOT_FOUND naming the keyspaces that exist when the keyspace does not
     */
    static List<StoreObject> list(TableConfig scope, SecretResolver secrets) {
        String scopeName = scope.tableName();
        CassandraTable.checkCredentials(scopeName, scope);
        CassandraTable.checkTls(scope);
        CqlIdentifier keyspaceId;
        try {
            keyspaceId = CassandraTable.keyspaceOf(scopeName, scope);
        } catch (IllegalArgumentException e) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_TABLE_PROPERTY,
                    scopeName + ": " + e.getMessage() + "; set " + CassandraTableProperties.KEYSPACE.key()
                            + " to the CQL name, double-quoted if it is case-sensitive");
        }
        List<HostAndPort> hosts = scope.get(CassandraTableProperties.HOSTS);
        try (CassandraClients.Lease lease = CassandraClients.acquire(scopeName, scope, secrets, TableFiles.LOCAL)) {
            Metadata metadata = lease.session().refreshSchema();
            KeyspaceMetadata keyspace = metadata.getKeyspace(keyspaceId)
                    .orElseThrow(() -> noKeyspace(metadata, scopeName, keyspaceId, hosts));
            List<CqlIdentifier> tables = new ArrayList<>(keyspace.getTables().keySet());
            tables.sort(Comparator.comparing(CqlIdentifier::asInternal));
            List<StoreObject> objects = new ArrayList<>();
            for (CqlIdentifier table : tables) {
                Map<String, String> properties = new LinkedHashMap<>(scope.rawProperties());
                properties.put(CassandraTableProperties.KEYSPACE.key(), keyspaceId.asCql(true));
                properties.put(CassandraTableProperties.TABLE.key(), table.asCql(true));
                objects.add(new StoreObject(table.asInternal(), properties));
            }
            return objects;
        }
    }

    private static HandlerException noKeyspace(
            Metadata metadata, String scopeName, CqlIdentifier keyspace, List<HostAndPort> hosts) {
        TreeSet<String> names = new TreeSet<>();
        metadata.getKeyspaces().keySet().stream()
                .map(CqlIdentifier::asInternal)
                .filter(name -> !name.startsWith("system"))
                .forEach(names::add);
        return new HandlerException(
                HandlerErrorCode.STORE_TABLE_NOT_FOUND,
                scopeName + ": Cassandra at " + CassandraClients.hostList(hosts) + " has no keyspace "
                        + keyspace.asCql(true) + "; its keyspaces are "
                        + (names.isEmpty() ? "(none but system keyspaces)" : names)
                        + " (double-quote a case-sensitive name)");
    }
}
