package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlIdentifier;
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
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.cassandra.CassandraPredicateTranslator.CqlRestrictions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads one split: a prepared {@code SELECT <columns> FROM ks.t WHERE token(pk) > ? AND token(pk) <= ? [AND ...]} per
 * token range, or {@code ... WHERE pk1 = ? AND ... [AND ...]} per partition, with only bound values. Pages are
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

    private final CassandraSessions.Lease lease;
    private final CqlSession session;
    private final CassandraTable table;
    private final List<String> hosts;
    private final PreparedStatement statement;
    private final List<TypeCodec<Object>> variableCodecs;
    private final List<Query> queries;
    private final int pageSize;
    private final long limit;
    private final int[] positions;
    private final CqlValueDecoder.ColumnReader[] readers;
    private final List<KeyColumn> keyColumns;

    private int nextQuery;
    private String current = "";
    private CompletionStage<AsyncResultSet> pending;
    private String pendingDescription = "";
    private Iterator<Row> rows;
    private Row row;
    private long read;
    private volatile boolean closed;

    /** One statement execution: its bound values and a description for messages. */
    private record Query(
            List<Object> values, List<ByteBuffer> rawKey, Optional<Long> routingToken, String description) {}

    private record KeyColumn(String name, int position, TypeCodec<Object> codec) {}

    CassandraRecordReader(
            CassandraSessions.Lease lease,
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

        // select list: projected columns, then the primary key columns not projected
        List<CqlIdentifier> selected = new ArrayList<>();
        int size = table.mapping().size();
        this.positions = new int[size];
        this.readers = new CqlValueDecoder.ColumnReader[size];
        for (int column : request.projection()) {
            positions[column] = selected.size();
            selected.add(table.cqlColumn(column));
            readers[column] = CqlValueDecoder.reader(
                    schema.cqlType(column), table.mapping().column(column).type());
        }
        List<KeyColumn> keys = new ArrayList<>();
        List<CqlIdentifier> primaryKey = new ArrayList<>(schema.partitionKeyNames());
        primaryKey.addAll(schema.clusteringNames());
        for (CqlIdentifier name : primaryKey) {
            int position = selected.indexOf(name);
            if (position < 0) {
                position = selected.size();
                selected.add(name);
            }
            keys.add(new KeyColumn(
                    name.asCql(true),
                    position,
                    CodecRegistry.DEFAULT.codecFor(
                            schema.metadata().getColumn(name).orElseThrow().getType())));
        }
        this.keyColumns = List.copyOf(keys);

        StringBuilder cql = new StringBuilder("SELECT ");
        for (int i = 0; i < selected.size(); i++) {
            cql.append(i == 0 ? "" : ", ").append(selected.get(i).asCql(true));
        }
        cql.append(" FROM ").append(table.qualifiedCqlName()).append(" WHERE ");
        List<Object> restrictionValues = new ArrayList<>();
        restrictions.restrictions().forEach(r -> restrictionValues.add(r.value()));
        if (split instanceof CassandraSplit.Partitions partitions) {
            for (int i = 0; i < schema.partitionKeyNames().size(); i++) {
                cql.append(i == 0 ? "" : " AND ")
                        .append(schema.partitionKeyNames().get(i).asCql(true))
                        .append(" = ?");
            }
            this.queries = partitionQueries(schema, partitions, restrictions, restrictionValues);
        } else {
            CassandraSplit.TokenRanges tokens = (CassandraSplit.TokenRanges) split;
            String token = "token("
                    + String.join(
                            ", ",
                            schema.partitionKeyNames().stream()
                                    .map(n -> n.asCql(true))
                                    .toList()) + ")";
            cql.append(token).append(" > ? AND ").append(token).append(" <= ?");
            if (restrictions.partitionValues().isPresent()) {
                // the scan's filter restricts the partition key although the split is a token scan (Hive changed
                // the filter between planning and reading): the ranges then filter the partitions
                for (int i = 0; i < schema.partitionKeyNames().size(); i++) {
                    cql.append(" AND ")
                            .append(schema.partitionKeyNames().get(i).asCql(true))
                            .append(" IN ?");
                }
                List<Object> withKeys = new ArrayList<>();
                restrictions.partitionValues().get().forEach(withKeys::add);
                withKeys.addAll(restrictionValues);
                restrictionValues.clear();
                restrictionValues.addAll(withKeys);
            }
            this.queries = new ArrayList<>();
            for (CassandraSplit.TokenRange range : tokens.ranges()) {
                List<Object> values = new ArrayList<>();
                values.add(range.start());
                values.add(range.end());
                values.addAll(restrictionValues);
                queries.add(new Query(values, List.of(), Optional.of(range.end()), "token range " + range));
            }
        }
        cql.append(restrictions.cqlSuffix());
        if (restrictions.allowFiltering()) {
            cql.append(" ALLOW FILTERING");
        }
        try {
            this.statement = session.prepare(cql.toString());
        } catch (RuntimeException e) {
            throw CassandraErrors.readFailed(table, "preparing " + cql, e);
        }
        List<TypeCodec<Object>> codecs = new ArrayList<>();
        statement.getVariableDefinitions().forEach(v -> codecs.add(CodecRegistry.DEFAULT.codecFor(v.getType())));
        this.variableCodecs = List.copyOf(codecs);
    }

    private List<Query> partitionQueries(
            CassandraSchema schema,
            CassandraSplit.Partitions partitions,
            CqlRestrictions restrictions,
            List<Object> restrictionValues)
            throws IOException {
        Set<List<ByteBuffer>> allowed = null;
        if (restrictions.partitionValues().isPresent()) {
            allowed = new HashSet<>();
            var protocol = session.getContext().getProtocolVersion();
            for (List<Object> key : restrictions.partitions()) {
                List<ByteBuffer> encoded = new ArrayList<>();
                for (int i = 0; i < key.size(); i++) {
                    TypeCodec<Object> codec = CodecRegistry.DEFAULT.codecFor(
                            schema.cqlType(schema.partitionKey().get(i)));
                    encoded.add(codec.encode(key.get(i), protocol));
                }
                allowed.add(encoded);
            }
        } else {
            HandlerException error = new HandlerException(
                    HandlerErrorCode.INTERNAL_ERROR,
                    "table " + table.name() + ": the split reads partitions planned from a partition key filter that "
                            + "the scan's filter no longer has (Hive changed the filter between planning and reading);"
                            + " SET hive.optimize.ppd.storage=false for this query, and report it");
            throw new IOException(error.getMessage(), error);
        }
        List<Query> result = new ArrayList<>();
        for (List<ByteBuffer> key : partitions.keys()) {
            if (allowed.contains(key)) {
                result.add(
                        new Query(restrictionValues, key, Optional.empty(), "partition " + describeKey(schema, key)));
            }
        }
        return result;
    }

    private String describeKey(CassandraSchema schema, List<ByteBuffer> key) {
        var protocol = session.getContext().getProtocolVersion();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < key.size(); i++) {
            TypeCodec<Object> codec = CodecRegistry.DEFAULT.codecFor(
                    schema.metadata().getPartitionKey().get(i).getType());
            parts.add(schema.partitionKeyNames().get(i).asCql(true) + "="
                    + codec.format(codec.decode(key.get(i).duplicate(), protocol)));
        }
        return String.join(", ", parts);
    }

    private CompletionStage<AsyncResultSet> execute(Query query) {
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
                if (nextQuery >= queries.size()) {
                    row = null;
                    return false;
                }
                pending = execute(queries.get(nextQuery++));
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
            } else if (nextQuery < queries.size()) {
                pending = execute(queries.get(nextQuery++));
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
        for (KeyColumn column : keyColumns) {
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
        return readers[column].read(row, positions[column]);
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
