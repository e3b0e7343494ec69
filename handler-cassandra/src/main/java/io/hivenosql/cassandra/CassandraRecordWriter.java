package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.write.AsyncBatchWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Writes rows with one prepared {@code INSERT INTO ks.t (every mapped column) VALUES (?, ...)} ({@link CqlInsert}),
 * asynchronously; or, for DELETE, UPDATE and MERGE ({@link CassandraRowChanges}), upserts them with an INSERT that
 * writes NULLs, or deletes keys with a prepared {@code DELETE} ({@link CqlDelete}): any {@link CqlRowStatement}.
 *
 * <p>Rows are grouped by partition (the serialized partition key, {@link BoundStatement#getRoutingKey()}) in a buffer
 * of {@link #BUFFER_ROWS} rows; each group goes out as one UNLOGGED batch of at most {@code cassandra.write.batch.rows}
 * rows (a single-partition batch is one mutation on the replicas), a group of one row as a plain statement. At most
 * {@code cassandra.write.concurrency} requests are in flight. A row whose primary key repeats one already in its group
 * starts a new group, so that the later row wins as it would row by row.
 *
 * <p>NULL columns are left unset (no tombstone; an existing value stays) unless {@code cassandra.write.nulls=true}.
 * A NULL primary key column fails the task (NULL_KEY), as does a value that does not fit its CQL column (BAD_RECORD),
 * and the first request that fails (timeout, unavailable replicas, lost connection) is thrown as WRITE_FAILED from the
 * next {@link #write}, {@link #flush} or {@link #close} ({@link AsyncBatchWriter} keeps the requests in flight and the
 * failure); too few live replicas for {@code cassandra.consistency.write} fail it as REPLICAS_UNAVAILABLE (HNS-204).
 * Inserts are idempotent (except those setting a non-frozen list): the driver sends one whose coordinator is lost to
 * the next node.
 */
final class CassandraRecordWriter extends AsyncBatchWriter<CassandraRecordWriter.Group> {
    /** Rows buffered for grouping by partition before everything buffered is sent. */
    static final int BUFFER_ROWS = 4096;

    private final CassandraTable table;
    private final CassandraClients.Lease lease;
    private final CqlSession session;
    private final CqlRowStatement cql;
    /** What a failed request means for the rows, after the message that names it. */
    private final String consequence;

    private final int batchRows;
    private final Map<ByteBuffer, Group> groups = new LinkedHashMap<>();
    private int buffered;

    /**
     * One partition's buffered rows: the key values of its first row (for messages), the statements, and the
     * clustering values of each row (to spot a repeated primary key).
     */
    record Group(Object[] firstKey, List<BoundStatement> statements, Set<List<ByteBuffer>> keys) {}

    private CassandraRecordWriter(
            CassandraTable table,
            CassandraClients.Lease lease,
            Function<CqlSession, ? extends CqlRowStatement> statement,
            String consequence) {
        super(table.name(), "Cassandra", table.writeConcurrency());
        this.table = table;
        this.lease = lease;
        this.session = lease.session();
        this.cql = statement.apply(session);
        this.consequence = consequence;
        this.batchRows = table.writeBatchRows();
    }

    /**
     * Opens a writer on a lease it then owns (closed with the writer, or here when opening fails).
     *
     * @throws HandlerException when the table does not exist or does not match, or the INSERT cannot be prepared
     */
    static CassandraRecordWriter open(CassandraTable table, CassandraClients.Lease lease) {
        return open(
                table,
                lease,
                session -> CqlInsert.prepare(session, table),
                "the task fails so that no write is lost silently");
    }

    /**
     * Opens a writer of the rows of a statement that {@code statement} prepares on the lease's session, on a lease it
     * then owns (closed with the writer, or here when opening fails).
     *
     * @param consequence what a failed request means, for its message (e.g. {@code the task fails})
     */
    static CassandraRecordWriter open(
            CassandraTable table,
            CassandraClients.Lease lease,
            Function<CqlSession, ? extends CqlRowStatement> statement,
            String consequence) {
        requireNonNull(table, "table is null");
        requireNonNull(lease, "lease is null");
        requireNonNull(statement, "statement is null");
        requireNonNull(consequence, "consequence is null");
        try {
            return new CassandraRecordWriter(table, lease, statement, consequence);
        } catch (RuntimeException | Error e) {
            lease.close();
            throw e;
        }
    }

    @Override
    protected void add(Object[] row, long number) throws IOException {
        if (row.length != cql.columns()) {
            throw new IllegalArgumentException(
                    "a row of table " + table.name() + " has " + cql.columns() + " values, got " + row.length);
        }
        BoundStatement statement = cql.bind(row, number);
        ByteBuffer partition = statement.getRoutingKey();
        if (partition == null) {
            send(new Group(cql.keyValues(row), List.of(statement), Set.of()));
            return;
        }
        List<ByteBuffer> clustering = cql.clusteringKey(statement);
        Group group = groups.get(partition);
        if (group != null && group.keys().contains(clustering)) {
            // the same primary key twice: one batch gives both rows one timestamp, so send the earlier one first
            groups.remove(partition);
            buffered -= group.statements().size();
            send(group);
            group = null;
        }
        if (group == null) {
            group = new Group(cql.keyValues(row), new ArrayList<>(), new HashSet<>());
            groups.put(partition, group);
        }
        group.statements().add(statement);
        group.keys().add(clustering);
        buffered++;
        if (group.statements().size() >= batchRows) {
            groups.remove(partition);
            buffered -= group.statements().size();
            send(group);
        }
        if (buffered >= BUFFER_ROWS) {
            sendBuffered();
        }
    }

    @Override
    protected void sendBuffered() throws IOException {
        List<Group> all = new ArrayList<>(groups.values());
        groups.clear();
        buffered = 0;
        for (Group group : all) {
            send(group);
        }
    }

    @Override
    protected int discardBuffered() {
        int dropped = buffered;
        groups.clear();
        buffered = 0;
        return dropped;
    }

    @Override
    protected CompletionStage<?> sendAsync(Group group) {
        List<BoundStatement> statements = group.statements();
        Statement<?> statement = statements.size() == 1
                ? statements.get(0)
                : BatchStatement.newInstance(BatchType.UNLOGGED, new ArrayList<>(statements))
                        .setIdempotent(cql.idempotent())
                        .setConsistencyLevel(cql.consistency());
        return session.executeAsync(statement);
    }

    @Override
    protected int rows(Group group) {
        return group.statements().size();
    }

    @Override
    protected HandlerException writeFailed(Group group, Throwable cause) {
        Optional<HandlerException> unavailable = ReplicaFailures.replicasUnavailable(table, true, cause, session);
        if (unavailable.isPresent()) {
            return unavailable.get();
        }
        int size = group.statements().size();
        return new HandlerException(
                HandlerErrorCode.WRITE_FAILED,
                cql.action(
                                size == 1
                                        ? "the row with key " + cql.describeKey(group.firstKey())
                                        : "a batch of " + size + " rows of one partition (first key "
                                                + cql.describeKey(group.firstKey())
                                                + ")")
                        + " at " + CassandraClients.hostList(table.hosts()) + " failed: "
                        + CassandraErrors.reason(cause) + "; " + consequence
                        + (cause instanceof QueryValidationException
                                ? ""
                                : " (consistency " + cql.consistency().name() + ", see "
                                        + CassandraTableProperties.CONSISTENCY_WRITE.key() + " and "
                                        + CassandraTableProperties.TIMEOUT_MS.key() + ")"),
                cause);
    }

    @Override
    protected void release() {
        lease.close();
    }
}
