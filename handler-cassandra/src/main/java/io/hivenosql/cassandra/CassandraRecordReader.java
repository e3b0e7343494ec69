package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import io.hivenosql.api.error.Cancellation;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.cassandra.CassandraPredicateTranslator.CqlRestrictions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads one split: its {@link CqlSelect}, prepared, run per token range or per partition with only bound values. Pages are
 * {@code cassandra.page.size} rows at {@code cassandra.consistency.read}; the next page (or the next range's first
 * page) is requested as soon as the current one arrives, so the servers read while this task decodes.
 *
 * <p>Selects the projected columns and the primary key columns (for {@link #key()}; for {@code count(*)} only those).
 * Prepared statements are cached by the driver per session and query text. The reader holds its session lease until
 * {@link #close()}.
 */
final class CassandraRecordReader implements RecordSource {
    /** How often a reader waiting for a page checks whether it was closed. */
    private static final long CLOSED_POLL_MILLIS = 200;

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

    private int nextQuery;
    private String current = "";
    private CompletionStage<AsyncResultSet> pending;
    private String pendingDescription = "";
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
            List<String> hosts)
            throws IOException {
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
        List<TypeCodec<Object>> codecs = new ArrayList<>();
        statement.getVariableDefinitions().forEach(v -> codecs.add(CodecRegistry.DEFAULT.codecFor(v.getType())));
        this.variableCodecs = List.copyOf(codecs);
    }

    private CompletionStage<AsyncResultSet> execute(CqlSelect.Statement query) {
        BoundStatementBuilder builder = statement.boundStatementBuilder();
        int index = 0;
        for (ByteBuffer value : query.rawKey()) {
            builder.setBytesUnsafe(index++, value.duplicate());
        }
        for (Object value : query.values()) {
            builder.set(index, value, variableCodecs.get(index));
            index++;
        }
        if (query.routingToken().isPresent()) {
            Optional<TokenMap> tokenMap = session.getMetadata().getTokenMap();
            if (tokenMap.isPresent()) {
                builder.setRoutingToken(
                        tokenMap.get().parse(Long.toString(query.routingToken().get())));
            }
        }
        BoundStatement bound = builder.setPageSize(pageSize)
                .setConsistencyLevel(table.readConsistency().level())
                .build();
        pendingDescription = query.description();
        return session.executeAsync(bound);
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
            if (pending == null) {
                if (nextQuery >= select.statements().size()) {
                    row = null;
                    return false;
                }
                pending = execute(select.statements().get(nextQuery++));
            }
            String description = pendingDescription;
            AsyncResultSet page = await(pending, description);
            current = description;
            pending = null;
            rows = page.currentPage().iterator();
            // ask for more while this page is decoded
            if (page.hasMorePages()) {
                pending = page.fetchNextPage();
                pendingDescription = description;
            } else if (nextQuery < select.statements().size()) {
                pending = execute(select.statements().get(nextQuery++));
            }
        }
    }

    private AsyncResultSet await(CompletionStage<AsyncResultSet> stage, String description) throws IOException {
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
            future.cancel(true);
        } catch (InterruptedException e) {
            // a killed task or cancelled query: the next page is not waited for (close cancels it)
            throw Cancellation.interrupted("reading " + description + " of table " + table.name());
        } catch (CancellationException e) {
            // close() cancelled the page from another thread (HiveServer2 cancelling a fetch)
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            RuntimeException failure = cause instanceof RuntimeException runtime
                    ? runtime
                    : new IllegalStateException(String.valueOf(cause), cause);
            throw CassandraErrors.readFailed(
                    table, "reading " + description + " (replicas " + hostText() + ")", failure);
        }
        throw Cancellation.stopped("reading " + description + " of table " + table.name() + " (the reader was closed)");
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

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (pending != null) {
                CompletableFuture<AsyncResultSet> future = pending.toCompletableFuture();
                future.cancel(true);
                pending = null;
            }
        } finally {
            lease.close();
        }
    }
}
