package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.servererrors.AlreadyExistsException;
import com.datastax.oss.driver.api.core.servererrors.InvalidConfigurationInQueryException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import com.datastax.oss.driver.api.core.servererrors.SyntaxError;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.TableContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The metastore hook's and INSERT OVERWRITE's changes to Cassandra: create (or validate) the keyspace and table of a
 * Hive table, drop it, truncate it. Each opens a session lease and closes it.
 */
final class CassandraSchemaChanges {
    private static final Logger log = LoggerFactory.getLogger(CassandraSchemaChanges.class);
    private static final Duration AGREEMENT_POLL = Duration.ofMillis(200);

    private CassandraSchemaChanges() {}

    /**
     * Managed: creates the keyspace when missing and the table, which must not exist yet (a managed table's DROP drops
     * it). Not managed: validates the existing table against the Hive columns (and {@code cassandra.primary-key} when
     * given).
     *
     * @return true only when this call created the Cassandra table
     * @throws HandlerException INVALID_TABLE_PROPERTY for a bad fragment (before any server is contacted),
     *     STORE_TABLE_NOT_FOUND or SCHEMA_MISMATCH (listing every mismatch) for an external table, STORE_ERROR when a
     *     statement fails
     */
    static boolean create(TableContext context, boolean managed) {
        CassandraTable table = CassandraTable.of(context);
        // validate every fragment first: a bad property fails without touching the cluster
        String createKeyspace = CqlDdl.createKeyspace(table);
        String createTable = CqlDdl.createTable(table, false);
        try (CassandraClients.Lease lease = CassandraClients.acquire(table, context)) {
            CqlSession session = lease.session();
            if (!managed) {
                validateExisting(session, table);
                return false;
            }
            Metadata metadata = session.getMetadata();
            if (metadata.getKeyspace(table.keyspace()).isEmpty()) {
                metadata = session.refreshSchema();
            }
            if (metadata.getKeyspace(table.keyspace()).isEmpty()) {
                try {
                    execute(
                            session,
                            table,
                            createKeyspace,
                            "creating keyspace " + table.keyspace().asCql(true));
                } catch (HandlerException e) {
                    throw rejected(table, e, createKeyspace, CassandraTableProperties.REPLICATION.key());
                }
                log.info(
                        "table {}: created Cassandra keyspace {}",
                        table.name(),
                        table.keyspace().asCql(true));
            } else if (metadata.getKeyspace(table.keyspace())
                    .flatMap(keyspace -> keyspace.getTable(table.table()))
                    .isPresent()) {
                throw alreadyExists(table);
            }
            try {
                execute(session, table, createTable, "creating the table");
            } catch (HandlerException e) {
                if (!(e.getCause() instanceof AlreadyExistsException)) {
                    throw rejected(
                            table,
                            e,
                            createTable,
                            CassandraTableProperties.TABLE_OPTIONS.key() + ", "
                                    + CassandraTableProperties.PRIMARY_KEY.key() + " and "
                                    + CassandraTableProperties.CLUSTERING_ORDER.key());
                }
                // created by someone else since the metadata was read
                throw alreadyExists(table);
            }
            log.info("table {}: created Cassandra table {}: {}", table.name(), table.qualifiedCqlName(), createTable);
            return true;
        }
    }

    /**
     * A table Hive manages is one Hive created: DROP TABLE drops it again. Adopting an existing CQL table that way would
     * let a later DROP delete data Hive never owned, so it is refused.
     */
    private static HandlerException alreadyExists(CassandraTable table) {
        return HandlerException.managedOverExisting(
                table.name(), "Cassandra table " + table.qualifiedCqlName(), "table", "the CQL table");
    }

    /** A schema change Cassandra refused as invalid is a property problem (e.g. an unknown table option). */
    private static HandlerException rejected(CassandraTable table, HandlerException e, String cql, String properties) {
        Throwable cause = e.getCause();
        if (!(cause instanceof SyntaxError
                || cause instanceof InvalidQueryException
                || cause instanceof InvalidConfigurationInQueryException)) {
            return e;
        }
        return new HandlerException(
                HandlerErrorCode.INVALID_TABLE_PROPERTY,
                "table " + table.name() + ": Cassandra at " + CassandraClients.hostList(table.hosts()) + " rejected "
                        + cql + ": " + CassandraErrors.reason(cause) + "; check " + properties,
                cause);
    }

    private static void validateExisting(CqlSession session, CassandraTable table) {
        CassandraSchema schema = table.schema(session);
        if (table.primaryKey().isEmpty()) {
            return;
        }
        PrimaryKey expected = table.primaryKey().get();
        List<String> partition = names(table, schema.partitionKey(), schema.partitionKeyNames());
        List<String> clustering = names(table, schema.clusteringColumns(), schema.clusteringNames());
        if (!partition.equals(expected.partitionKey()) || !clustering.equals(expected.clusteringColumns())) {
            throw new HandlerException(
                    HandlerErrorCode.SCHEMA_MISMATCH,
                    "table " + table.name() + ": Cassandra table " + table.qualifiedCqlName() + " exists with primary "
                            + "key " + new PrimaryKey(partition, clustering) + " (as Hive columns), but "
                            + CassandraTableProperties.PRIMARY_KEY.key() + " is " + expected + "; make the property "
                            + "match the existing table, or drop it or choose another "
                            + CassandraTableProperties.TABLE.key());
        }
    }

    /** The key columns as Hive column names (a CQL name in quotes where no Hive column maps it). */
    private static List<String> names(CassandraTable table, List<Integer> hiveIndexes, List<CqlIdentifier> cqlNames) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < hiveIndexes.size(); i++) {
            int index = hiveIndexes.get(i);
            names.add(
                    index == CassandraSchema.UNMAPPED
                            ? "unmapped " + cqlNames.get(i).asCql(true)
                            : table.mapping().column(index).name());
        }
        return names;
    }

    /** Drops the Cassandra table (never the keyspace) when {@code purge}; otherwise leaves it. */
    static void drop(TableContext context, boolean purge) {
        if (!purge) {
            return;
        }
        CassandraTable table = CassandraTable.of(context);
        try (CassandraClients.Lease lease = CassandraClients.acquire(table, context)) {
            execute(lease.session(), table, CqlDdl.dropTable(table), "dropping the table");
            log.info("table {}: dropped Cassandra table {}", table.name(), table.qualifiedCqlName());
        }
    }

    /**
     * Deletes every row with {@code TRUNCATE}, which needs every node of the cluster up.
     *
     * @throws HandlerException STORE_ERROR (or STORE_UNREACHABLE) saying so when it fails
     */
    static void truncate(TableContext context) {
        CassandraTable table = CassandraTable.of(context);
        try (CassandraClients.Lease lease = CassandraClients.acquire(table, context)) {
            String cql = CqlDdl.truncate(table);
            try {
                lease.session().execute(statement(table, cql));
            } catch (RuntimeException e) {
                HandlerException error =
                        CassandraErrors.storeError(table, "truncating it", e, HandlerErrorCode.STORE_ERROR);
                String hint = e instanceof QueryValidationException
                        ? ""
                        : ". TRUNCATE (run by INSERT OVERWRITE and TRUNCATE TABLE) needs every node of the cluster up "
                                + "and answering; check them (nodetool status) and retry, or delete the rows yourself";
                throw new HandlerException(
                        error.errorCode(),
                        "table " + table.name() + ": " + cql + " at " + CassandraClients.hostList(table.hosts())
                                + " failed: " + CassandraErrors.reason(e) + hint,
                        e);
            }
            log.info("table {}: truncated Cassandra table {}", table.name(), table.qualifiedCqlName());
        }
    }

    /** Runs a schema change and waits (up to the table's timeout) until every node agrees on the new schema. */
    private static void execute(CqlSession session, CassandraTable table, String cql, String doing) {
        ResultSet result;
        try {
            result = session.execute(statement(table, cql));
        } catch (RuntimeException e) {
            throw CassandraErrors.storeError(table, doing + " (" + cql + ")", e, HandlerErrorCode.STORE_ERROR);
        }
        if (result.getExecutionInfo().isSchemaInAgreement()) {
            return;
        }
        long deadline =
                System.nanoTime() + Duration.ofMillis(table.timeoutMillis()).toNanos();
        while (System.nanoTime() < deadline) {
            if (session.checkSchemaAgreement()) {
                return;
            }
            try {
                Thread.sleep(AGREEMENT_POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        log.warn(
                "table {}: the nodes of Cassandra at {} did not agree on the schema within {} ms after: {}",
                table.name(),
                CassandraClients.hostList(table.hosts()),
                table.timeoutMillis(),
                cql);
    }

    private static SimpleStatement statement(CassandraTable table, String cql) {
        return SimpleStatement.newInstance(cql).setTimeout(Duration.ofMillis(table.timeoutMillis()));
    }
}
