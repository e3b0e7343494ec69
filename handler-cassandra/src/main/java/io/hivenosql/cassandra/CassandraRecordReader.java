package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import io.hivenosql.api.error.Cancellation;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one split: its {@link CqlSelect}, prepared, run per token range or per partition with only bound values. Pages are
 * {@code cassandra.page.size} rows at {@code cassandra.consistency.read}; the next page (or the next range's first
 * page) is requested as soon as the current one arrives, so the servers read while this task decodes. The partitions
 * of a partition split are asked for asynchronously, as many at a time as the split says (each a short query
 * whose round trip would otherwise dominate), and returned in the split's order, a partition's pages one after the
 * other; token ranges are read one at a time. Reads are idempotent; a page whose node is lost is asked for again from
 * the paging state of the page before it ({@link #awaitPage}), never re-reading rows already returned.
 *
 * <p>Selects the projected columns and the primary key columns (for {@link #key()}; for {@code count(*)} only those).
 * Prepared statements are cached by the driver per session and query text. The reader holds its session lease until
 * {@link #close()}.
 */
final class CassandraRecordReader implements RecordSource {
    private static final Logger log = LoggerFactory.getLogger(CassandraRecordReader.class);
    /** How often a reader waiting for a page checks whether it was closed. */
    private static final long CLOSED_POLL_MILLIS = 200;
    /** The pause before a page is asked for again, times the attempt. */
    private static final long RESUME_PAUSE_MILLIS = 500;
    /**
     * The partitions of a partition split read at once (at most this many pages held at a time) when the planner knew
     * nothing of their size; otherwise the split says ({@link PartitionKeySplits#readsInFlight}). Measured with {@code
     * BenchmarkCassandraKeyedReads} (8,000 partitions of 4 rows in one split, one node, 2 cores): 4,168 partitions/s one
     * at a time, 18,134 with 8 in flight, 30,050 with 32, 32,853 with 64; 32 takes most of the gain while keeping the
     * pages of partitions of unknown width modest.
     */
    static final int PARTITION_READS_IN_FLIGHT = 32;

    private final CassandraClients.Lease lease;
    private final CqlSession session;
    private final CassandraTable table;
    private final List<String> hosts;
    private final CqlSelect select;
    private final PreparedStatement statement;
    private final List<TypeCodec<Object>> variableCodecs;
    private final int pageSize;
    private final long limit;
    private final CqlValueDecoder.ColumnReader[] readers;
    /** The statements asked for at once: {@code inFlight} for a partition split, 1 for token ranges. */
    private final int inFlightMax;
    /** The statements asked for, in reading order: the head is the one being read (close() cancels them all). */
    private final ConcurrentLinkedDeque<Request> inFlight = new ConcurrentLinkedDeque<>();

    private int nextQuery;
    private String current = "";
    private Iterator<Row> rows;
    private Row row;
    private long read;
    private volatile boolean closed;

    CassandraRecordReader(
            CassandraClients.Lease lease,
            CassandraSchema schema,
            ReadRequest request,
            CassandraSplit split,
            CqlRestrictions restrictions,
            List<String> hosts,
            int inFlight)
            throws IOException {
        if (inFlight < 1) {
            throw new IllegalArgumentException("reads in flight must be positive: " + inFlight);
        }
        this.inFlightMax = split instanceof CassandraSplit.Partitions ? inFlight : 1;
        this.lease = requireNonNull(lease, "lease is null");
        this.session = lease.session();
        this.table = schema.table();
        this.hosts = List.copyOf(hosts);
        this.pageSize =
                (int) Math.max(1, Math.min(table.pageSize(), request.limit().orElse(Long.MAX_VALUE)));
        this.limit = request.limit().orElse(Long.MAX_VALUE);

        this.readers = new CqlValueDecoder.ColumnReader[table.mapping().size()];
        for (int column : request.projection()) {
            readers[column] = CqlValueDecoder.reader(
                    schema.cqlType(column), table.mapping().column(column).type());
        }
        this.select = CqlSelect.of(
                schema,
                request.projection(),
                restrictions,
                split,
                session.getContext().getProtocolVersion());
        try {
            this.statement = session.prepare(select.cql());
        } catch (RuntimeException e) {
            throw CassandraErrors.readFailed(table, "preparing " + select.cql(), e);
        }
        this.variableCodecs = CqlSelect.variableCodecs(statement);
    }

    /**
     * A statement asked for: its pending page, and the paging state that page was asked from (null: its first page), to
     * ask again from there when the page fails.
     */
    private static final class Request {
        private final CqlSelect.Statement query;
        private ByteBuffer pagingState;
        private volatile CompletionStage<AsyncResultSet> page;

        private Request(CqlSelect.Statement query) {
            this.query = query;
        }
    }

    /**
     * Asks for a page of {@code request}'s statement: its first one when its paging state is null, otherwise the one
     * after the page that the paging state came with. Reads are idempotent: the driver retries a request whose node
     * fails on the next replica.
     */
    private Request execute(Request request) {
        BoundStatement bound = CqlSelect.bind(session, table, statement, variableCodecs, request.query, pageSize)
                .setPagingState(request.pagingState)
                .build();
        request.page = session.executeAsync(bound);
        return request;
    }

    /** Asks for the first pages of the next statements, up to the bound in flight. */
    private void fill() {
        List<CqlSelect.Statement> statements = select.statements();
        while (!closed && inFlight.size() < inFlightMax && nextQuery < statements.size()) {
            inFlight.addLast(execute(new Request(statements.get(nextQuery++))));
        }
    }

    @Override
    public boolean next() throws IOException {
        if (read >= limit) {
            return false;
        }
        while (true) {
            if (rows != null && rows.hasNext()) {
                row = rows.next();
                read++;
                return true;
            }
            if (closed) {
                throw Cancellation.stopped("reading table " + table.name() + " (the reader was closed)");
            }
            fill();
            Request head = inFlight.peekFirst();
            if (head == null) {
                row = null;
                return false;
            }
            AsyncResultSet page = awaitPage(head);
            current = head.query.description();
            rows = page.currentPage().iterator();
            // ask for more while this page is decoded
            if (page.hasMorePages()) {
                head.pagingState = page.getExecutionInfo().getPagingState();
                head.page = page.fetchNextPage();
            } else {
                inFlight.removeFirst();
                fill();
            }
        }
    }

    /**
     * The pending page. When it fails for a reason another node may not have (a lost connection, a node down, no answer
     * in time) while the driver holds another node UP, the same statement is run again from the paging state of the last
     * page received (or from its start when none was), so no row already returned comes again: up to {@link
     * ReplicaFailures#RESUME_ATTEMPTS} times, each attempt within {@code cassandra.timeout.ms}, after a pause of 0.5 s
     * times the attempt (the coordinators see a lost node down within seconds, then read from the others). Too few live
     * replicas for the consistency level fail at once with HNS-204.
     */
    private AsyncResultSet awaitPage(Request request) throws IOException {
        int attempts = 0;
        String failedNodes = "";
        String description = request.query.description();
        while (true) {
            RuntimeException failure;
            try {
                AsyncResultSet page = await(request.page, description);
                if (attempts > 0 || !page.getExecutionInfo().getErrors().isEmpty()) {
                    logResume(page, description, failedNodes, attempts);
                }
                return page;
            } catch (PageFailedException e) {
                failure = e.failure;
            }
            Optional<HandlerException> unavailable =
                    ReplicaFailures.replicasUnavailable(table, false, failure, session);
            if (unavailable.isPresent()) {
                throw new IOException(unavailable.get().getMessage(), unavailable.get());
            }
            if (!ReplicaFailures.resumable(failure)
                    || attempts >= ReplicaFailures.RESUME_ATTEMPTS
                    || !ReplicaFailures.anyUp(session.getMetadata().getNodes().values())) {
                throw CassandraErrors.readFailed(
                        table,
                        "reading " + description + " (replicas " + hostText() + ")"
                                + (attempts == 0 ? "" : " after " + attempts + " resumed attempts"),
                        failure);
            }
            attempts++;
            failedNodes = ReplicaFailures.failedNodes(failure);
            log.info(
                    "Reading {} of table {}: the request failed ({}, coordinator {}); asking again from the last page"
                            + " received (attempt {} of {})",
                    description,
                    table.name(),
                    CassandraErrors.reason(failure),
                    failedNodes,
                    attempts,
                    ReplicaFailures.RESUME_ATTEMPTS);
            pause(attempts);
            execute(request);
        }
    }

    private void logResume(AsyncResultSet page, String description, String failedNodes, int attempts) {
        ExecutionInfo info = page.getExecutionInfo();
        StringBuilder failed = new StringBuilder(failedNodes);
        for (Map.Entry<Node, Throwable> error : info.getErrors()) {
            failed.append(failed.isEmpty() ? "" : ",").append(ReplicaFailures.address(error.getKey()));
        }
        log.info(
                "Reading {} of table {}: resumed from where it stopped on node {} (failed before: {}; {} attempt(s)"
                        + " of ours, {} retries of the driver)",
                description,
                table.name(),
                ReplicaFailures.address(info.getCoordinator()),
                failed,
                attempts,
                info.getErrors().size());
    }

    /** A short wait before asking again (the driver sees a lost node down meanwhile); ends early when closed. */
    private void pause(int attempt) throws IOException {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RESUME_PAUSE_MILLIS * attempt);
        try {
            while (!closed && System.nanoTime() < until) {
                Thread.sleep(Math.min(CLOSED_POLL_MILLIS, RESUME_PAUSE_MILLIS));
            }
        } catch (InterruptedException e) {
            throw Cancellation.interrupted("reading table " + table.name());
        }
    }

    private AsyncResultSet await(CompletionStage<AsyncResultSet> stage, String description)
            throws IOException, PageFailedException {
        CompletableFuture<AsyncResultSet> future = stage.toCompletableFuture();
        try {
            // close() from another thread cancels the page it sees pending; one requested just after that is noticed
            // here, within a poll
            while (!closed) {
                try {
                    return future.get(CLOSED_POLL_MILLIS, TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    // not yet: check closed again
                }
            }
            cancelAll();
        } catch (InterruptedException e) {
            // a killed task or cancelled query: the next page is not waited for (close cancels it)
            throw Cancellation.interrupted("reading " + description + " of table " + table.name());
        } catch (CancellationException e) {
            // close() cancelled the page from another thread (HiveServer2 cancelling a fetch)
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new PageFailedException(
                    cause instanceof RuntimeException runtime
                            ? runtime
                            : new IllegalStateException(String.valueOf(cause), cause));
        }
        throw Cancellation.stopped("reading " + description + " of table " + table.name() + " (the reader was closed)");
    }

    /** A page request that failed, with the driver's exception. */
    private static final class PageFailedException extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient RuntimeException failure;

        PageFailedException(RuntimeException failure) {
            super(failure.getMessage(), failure, false, false);
            this.failure = failure;
        }
    }

    private String hostText() {
        if (!hosts.isEmpty()) {
            return String.join(",", hosts);
        }
        List<String> nodes = new ArrayList<>();
        for (Node node : session.getMetadata().getNodes().values()) {
            nodes.add(String.valueOf(node.getEndPoint()));
        }
        return String.join(",", nodes);
    }

    /** The primary key of the current row as CQL literals, e.g. {@code id=7, day='2024-01-01'}. */
    @Override
    public String key() {
        if (row == null) {
            return current;
        }
        StringBuilder text = new StringBuilder();
        for (CqlSelect.KeyColumn column : select.keyColumns()) {
            if (!text.isEmpty()) {
                text.append(", ");
            }
            String value;
            try {
                value = column.codec().format(row.get(column.position(), column.codec()));
            } catch (RuntimeException e) {
                value = "?";
            }
            text.append(column.name()).append('=').append(value);
        }
        return text.toString();
    }

    @Override
    public Object get(int column) {
        return readers[column].read(row, select.position(column));
    }

    /** Cancels every page asked for: the driver frees their streams and returns no more rows of them. */
    private void cancelAll() {
        for (Request request : inFlight) {
            CompletionStage<AsyncResultSet> page = request.page;
            if (page != null) {
                page.toCompletableFuture().cancel(true);
            }
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            cancelAll();
        } finally {
            lease.close();
        }
    }
}
