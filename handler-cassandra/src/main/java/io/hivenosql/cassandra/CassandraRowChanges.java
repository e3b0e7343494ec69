package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import io.hivenosql.api.dml.StatementCommit;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * DELETE, UPDATE and MERGE on Cassandra tables: what the statement's commit applies in HiveServer2 ({@link
 * StatementCommit}), a row identified by its whole primary key.
 *
 * <ul>
 *   <li>A deleted key: {@code DELETE FROM ks.t WHERE <every primary key column> = ?} ({@link CqlDelete}); a missing row
 *       is no error.
 *   <li>An upserted row: the table's INSERT with NULL columns written as NULL (tombstones), whatever {@code
 *       cassandra.write.nulls} says ({@link CqlInsert#prepareUpsert}): the row then holds exactly the statement's
 *       values in the mapped columns, a collection the whole new collection; CQL columns the Hive table does not map
 *       stay as they are, and a missing row is created. The cells written take the table's {@code
 *       default_time_to_live} (or none), as an INSERT's do: a TTL another client gave the old cells does not carry over.
 * </ul>
 *
 * <p>Both go through the writer of INSERT ({@link CassandraRecordWriter}): prepared, asynchronous, grouped by
 * partition into unlogged batches, at most {@code cassandra.write.concurrency} in flight, at {@code
 * cassandra.consistency.write}; a failed request fails the statement, naming table, key and hosts.
 *
 * <p>Refused ({@link #refusal}), each with the way out: a table whose key columns ({@code cassandra.primary-key}, or
 * a mapping file's key role) are not the CQL table's whole primary key, since a row is identified by it; counter
 * tables, whose values can only be incremented; and tables with a static column, mapped or not: its value belongs to
 * the whole partition, so that changing one row would change it for the partition's other rows, and deleting every row
 * of a partition would leave it behind, which Cassandra (and so the table) then reads as a row with NULL clustering
 * columns.
 */
final class CassandraRowChanges {
    private CassandraRowChanges() {}

    /** Why the table cannot take DELETE, UPDATE and MERGE, from its live schema; empty when it can. */
    static Optional<String> refused(TableContext context) {
        CassandraTable table = CassandraTable.of(context);
        try (CassandraClients.Lease lease = CassandraClients.acquire(table, context)) {
            return refusal(table, table.schema(lease.session()));
        }
    }

    /** A sink that deletes each key it is given: the values of the key columns, in mapping order. */
    static RecordSink openDeleter(TableContext context) {
        return open(context, (session, schema) -> CqlDelete.prepare(session, schema.table(), schema));
    }

    /** A sink that makes the row of each row's key hold exactly its values (NULLs written as NULL). */
    static RecordSink openUpserter(TableContext context) {
        return open(context, (session, schema) -> CqlInsert.prepareUpsert(session, schema.table()));
    }

    private static RecordSink open(
            TableContext context, BiFunction<CqlSession, CassandraSchema, CqlRowStatement> statement) {
        CassandraTable table = CassandraTable.of(context);
        CassandraClients.Lease lease = CassandraClients.acquire(table, context);
        try {
            CassandraSchema schema = table.schema(lease.session());
            // the schema may have changed since the statement was compiled
            Optional<String> refused = refusal(table, schema);
            if (refused.isPresent()) {
                throw new HandlerException(
                        HandlerErrorCode.UNSUPPORTED_OPERATION,
                        "DELETE, UPDATE and MERGE cannot change table " + table.name() + ": " + refused.get());
            }
            return CassandraRecordWriter.open(
                    table,
                    lease,
                    session -> statement.apply(session, schema),
                    "the statement fails, and the rows its commit changed before stay changed (Cassandra changes "
                            + "each row on its own): check the table before running the statement again");
        } catch (RuntimeException | Error e) {
            lease.close();
            throw e;
        }
    }

    /**
     * Why the table cannot take DELETE, UPDATE and MERGE, from its live schema (a pure check); empty when it can.
     * The sentence names the CQL table and columns, and says how to fix the Hive table.
     */
    static Optional<String> refusal(CassandraTable table, CassandraSchema schema) {
        String cqlTable = "Cassandra table " + table.qualifiedCqlName();
        for (ColumnMetadata column : schema.metadata().getColumns().values()) {
            if (column.getType().getProtocolCode() == ProtocolConstants.DataType.COUNTER) {
                return Optional.of(cqlTable + " is a counter table (column "
                        + column.getName().asCql(true)
                        + " is a counter): counters can only be incremented, with CQL UPDATE ... SET c = c + n, not "
                        + "written or deleted row by row, so hive-nosql reads counter tables but does not change them");
            }
        }
        List<String> statics = new ArrayList<>();
        for (ColumnMetadata column : schema.metadata().getColumns().values()) {
            if (column.isStatic()) {
                statics.add(column.getName().asCql(true));
            }
        }
        if (!statics.isEmpty()) {
            return Optional.of(cqlTable + " has static column(s) " + String.join(", ", statics) + ", whose value "
                    + "belongs to a whole partition, not to one row: changing a row that maps one would change it for "
                    + "the partition's other rows, and once every row of a partition is deleted its static cells "
                    + "remain, which Cassandra then returns as a row whose clustering columns are NULL (the deleted "
                    + "rows would seem to come back as one). hive-nosql reads such tables but does not change them row "
                    + "by row; change them with CQL");
        }
        if (!schema.mapsFullPrimaryKey()) {
            return Optional.of("primary key column(s) " + String.join(", ", schema.unmappedKeyColumns()) + " of "
                    + cqlTable + " are mapped by no Hive column, and a row is identified by its whole primary "
                    + "key; add Hive columns for them (or map existing ones with "
                    + CassandraTableProperties.COLUMNS_MAPPING.key() + ")");
        }
        PrimaryKey live =
                new PrimaryKey(hiveNames(table, schema.partitionKey()), hiveNames(table, schema.clusteringColumns()));
        Set<Integer> keyColumns = new HashSet<>();
        for (int index : StatementCommit.keyIndexes(table.mapping())) {
            keyColumns.add(index);
        }
        Set<Integer> primaryKey = new HashSet<>(schema.partitionKey());
        primaryKey.addAll(schema.clusteringColumns());
        if (!keyColumns.equals(primaryKey)) {
            String declared = table.primaryKey()
                    .map(key -> "its " + CassandraTableProperties.PRIMARY_KEY.key() + " is " + key + ", but ")
                    .orElse("it does not declare its primary key (" + CassandraTableProperties.PRIMARY_KEY.key()
                            + "), and ");
            return Optional.of(declared + "a row of " + cqlTable + " is identified by its primary key " + live
                    + "; set it with ALTER TABLE " + table.name() + " SET TBLPROPERTIES ('"
                    + CassandraTableProperties.PRIMARY_KEY.key() + "'='" + live + "')");
        }
        return Optional.empty();
    }

    /** The Hive names of key columns, by Hive index (every one mapped). */
    private static List<String> hiveNames(CassandraTable table, List<Integer> indexes) {
        return indexes.stream()
                .map(index -> table.mapping().column(index).name())
                .toList();
    }
}
