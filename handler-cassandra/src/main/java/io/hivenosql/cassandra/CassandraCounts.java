package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import io.hivenosql.api.error.Cancellation;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.cassandra.CassandraSplit.TokenRange;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts the rows of one split for a request of no column (count(*)): the split's SELECT as {@code SELECT count(*)}
 * ({@link CqlSelect#count}), with the same WHERE clause (token range or partition key, the pushed restrictions, ALLOW
 * FILTERING where pushed), run per token range or partition at {@code cassandra.consistency.read}. The coordinator
 * counts, paging through the range internally ({@code cassandra.page.size} rows a page), so no row travels to the
 * task; it counts the rows the split's reader would return (the reader selects the primary key for a request of no
 * column, one row per CQL row).
 *
 * <p>The count of one range must finish within the server's {@code range_request_timeout} and the client's
 * {@code cassandra.timeout.ms}, however many rows the range holds. A range whose count times out is counted again in
 * {@value #PARTS} parts; when a part times out too, or the count fails for another reason a read resumes from (a lost
 * node), the count gives up and the split is read instead (its reader pages and resumes). Too few live replicas for the
 * consistency level fail with HNS-204, as a read does.
 */
final class CassandraCounts {
    private static final Logger log = LoggerFactory.getLogger(CassandraCounts.class);
    /** The parts a token range whose count timed out is counted in. */
    static final int PARTS = 4;

    private final CqlSession session;
    private final CassandraTable table;
    private final PreparedStatement prepared;
    private final List<TypeCodec<Object>> codecs;
    private final CqlSelect select;
    private final String splitDescription;

    private CassandraCounts(CqlSession session, CassandraTable table, CqlSelect select, String splitDescription)
            throws IOException {
        this.session = session;
        this.table = table;
        this.select = select;
        this.splitDescription = splitDescription;
        try {
            this.prepared = session.prepare(select.cql());
        } catch (RuntimeException e) {
            throw CassandraErrors.readFailed(table, "preparing " + select.cql(), e);
        }
        this.codecs = CqlSelect.variableCodecs(prepared);
    }

    /**
     * The rows of the split that the restrictions select, or empty when the split is to be read instead (see the class
     * documentation).
     */
    static OptionalLong count(
            CqlSession session,
            CassandraSchema schema,
            CqlRestrictions restrictions,
            CassandraSplit split,
            String splitDescription)
            throws IOException {
        CqlSelect select = CqlSelect.count(
                schema, restrictions, split, session.getContext().getProtocolVersion());
        return new CassandraCounts(session, schema.table(), select, splitDescription).count();
    }

    private OptionalLong count() throws IOException {
        long total = 0;
        for (CqlSelect.Statement statement : select.statements()) {
            OptionalLong counted = count(statement);
            if (counted.isEmpty()) {
                return counted;
            }
            total += counted.getAsLong();
        }
        log.debug("table {}: {} counts {} rows with {}", table.name(), splitDescription, total, select.cql());
        return OptionalLong.of(total);
    }

    /** The rows of one token range or partition; a range whose count timed out in {@value #PARTS} parts. */
    private OptionalLong count(CqlSelect.Statement statement) throws IOException {
        try {
            return OptionalLong.of(countOnce(statement));
        } catch (RuntimeException e) {
            if (!timedOut(e) || statement.tokenRange().isEmpty()) {
                return giveUp(statement, e);
            }
            log.info(
                    "table {}: counting the rows of {} of {} timed out ({}); counting it in {} parts",
                    table.name(),
                    statement.description(),
                    splitDescription,
                    CassandraErrors.reason(e),
                    PARTS);
        }
        long total = 0;
        for (TokenRange part : TokenRing.cut(statement.tokenRange().orElseThrow(), PARTS)) {
            CqlSelect.Statement narrowed = statement.over(part);
            try {
                total += countOnce(narrowed);
            } catch (RuntimeException e) {
                return giveUp(narrowed, e);
            }
        }
        return OptionalLong.of(total);
    }

    private long countOnce(CqlSelect.Statement statement) throws IOException {
        CompletableFuture<AsyncResultSet> future = session.executeAsync(
                        CqlSelect.bind(session, table, prepared, codecs, statement, table.pageSize())
                                .build())
                .toCompletableFuture();
        AsyncResultSet result;
        try {
            result = future.get();
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw Cancellation.interrupted(
                    "counting the rows of " + statement.description() + " of table " + table.name());
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException runtime
                    ? runtime
                    : new IllegalStateException(String.valueOf(e.getCause()), e.getCause());
        }
        Row row = result.one();
        if (row == null || result.hasMorePages()) {
            throw new IllegalStateException("SELECT count(*) of " + statement.description() + " returned "
                    + (row == null ? "no row" : "pages"));
        }
        return row.getLong(0);
    }

    private static boolean timedOut(RuntimeException e) {
        return e instanceof DriverTimeoutException || e instanceof ReadTimeoutException;
    }

    /** Empty (read the split instead) after a failure a read resumes from; otherwise the failure, as a read words it. */
    private OptionalLong giveUp(CqlSelect.Statement statement, RuntimeException e) throws IOException {
        Optional<HandlerException> unavailable = ReplicaFailures.replicasUnavailable(table, false, e, session);
        if (unavailable.isPresent()) {
            throw new IOException(unavailable.get().getMessage(), unavailable.get());
        }
        if (ReplicaFailures.resumable(e)) {
            log.info(
                    "table {}: counting the rows of {} of {} failed ({}); reading the split instead",
                    table.name(),
                    statement.description(),
                    splitDescription,
                    CassandraErrors.reason(e));
            return OptionalLong.empty();
        }
        throw CassandraErrors.readFailed(table, "counting the rows of " + statement.description(), e);
    }
}
