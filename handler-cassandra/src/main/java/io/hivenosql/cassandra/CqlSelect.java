package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The SELECT that reads one split: {@code SELECT <columns> FROM ks.t WHERE token(pk) > ? AND token(pk) <= ? [AND ...]}
 * per token range, or {@code ... WHERE pk1 = ? AND ... [AND ...]} per partition, with only bound values, and the
 * statements to run: one per token range or partition, each with its bound values.
 *
 * <p>Selects the projected columns, then the primary key columns not projected (for the reader's record key; for
 * {@code count(*)} only those). Immutable; built without a session from the live schema, the projection, the pushed
 * restrictions and the split.
 */
final class CqlSelect {
    private final String cql;
    private final int[] positions;
    private final List<KeyColumn> keyColumns;
    private final List<Statement> statements;

    /**
     * One execution of the SELECT: the serialized partition key bound first (partition splits; empty for token ranges),
     * then the values, the token to route by (the range's end; empty for partitions) and a description for messages.
     */
    record Statement(List<ByteBuffer> rawKey, List<Object> values, Optional<Long> routingToken, String description) {
        Statement {
            rawKey = List.copyOf(requireNonNull(rawKey, "rawKey is null"));
            values = List.copyOf(requireNonNull(values, "values is null"));
            requireNonNull(routingToken, "routingToken is null");
            requireNonNull(description, "description is null");
        }

        /** The token range of a statement of a token range split (bound first); empty for a partition's. */
        Optional<CassandraSplit.TokenRange> tokenRange() {
            return routingToken.map(end -> new CassandraSplit.TokenRange((Long) values.get(0), (Long) values.get(1)));
        }

        /** This statement of a token range over a part of its range. */
        Statement over(CassandraSplit.TokenRange part) {
            if (tokenRange().isEmpty()) {
                throw new IllegalStateException("not a statement of a token range: " + description);
            }
            List<Object> narrowed = new ArrayList<>(values);
            narrowed.set(0, part.start());
            narrowed.set(1, part.end());
            return new Statement(rawKey, narrowed, Optional.of(part.end()), "token range " + part);
        }
    }

    /** A primary key column: its CQL name, its position in the select list and its codec (for the record key). */
    record KeyColumn(String name, int position, TypeCodec<Object> codec) {
        KeyColumn {
            requireNonNull(name, "name is null");
            requireNonNull(codec, "codec is null");
        }
    }

    private CqlSelect(String cql, int[] positions, List<KeyColumn> keyColumns, List<Statement> statements) {
        this.cql = cql;
        this.positions = positions;
        this.keyColumns = List.copyOf(keyColumns);
        this.statements = List.copyOf(statements);
    }

    /**
     * The SELECT of a split.
     *
     * @param projection the Hive columns read, as table column indexes
     * @param protocol the native protocol the partition keys of a partition split were serialized with
     * @throws IOException never in practice (kept for the callers): a partition split whose partitions the task's
     *     restrictions do not name was planned from join keys pushed at run time, and reads them
     */
    static CqlSelect of(
            CassandraSchema schema,
            List<Integer> projection,
            CqlRestrictions restrictions,
            CassandraSplit split,
            ProtocolVersion protocol)
            throws IOException {
        return of(schema, projection, restrictions, split, protocol, false);
    }

    /**
     * The {@code SELECT count(*)} of a split: the WHERE clause and statements of {@link #of} (one per token range or
     * partition), counting the rows the SELECT of no column returns.
     */
    static CqlSelect count(
            CassandraSchema schema, CqlRestrictions restrictions, CassandraSplit split, ProtocolVersion protocol)
            throws IOException {
        return of(schema, List.of(), restrictions, split, protocol, true);
    }

    private static CqlSelect of(
            CassandraSchema schema,
            List<Integer> projection,
            CqlRestrictions restrictions,
            CassandraSplit split,
            ProtocolVersion protocol,
            boolean count)
            throws IOException {
        CassandraTable table = schema.table();
        // select list: projected columns, then the primary key columns not projected
        List<CqlIdentifier> selected = new ArrayList<>();
        int[] positions = new int[table.mapping().size()];
        for (int column : projection) {
            positions[column] = selected.size();
            selected.add(table.cqlColumn(column));
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

        StringBuilder cql = new StringBuilder("SELECT ");
        for (int i = 0; i < selected.size() && !count; i++) {
            cql.append(i == 0 ? "" : ", ").append(selected.get(i).asCql(true));
        }
        if (count) {
            cql.append("count(*)");
        }
        cql.append(" FROM ").append(table.qualifiedCqlName()).append(" WHERE ");
        List<Object> restrictionValues = new ArrayList<>();
        restrictions.restrictions().forEach(r -> restrictionValues.add(r.value()));
        List<Statement> statements;
        if (split instanceof CassandraSplit.Partitions partitions) {
            for (int i = 0; i < schema.partitionKeyNames().size(); i++) {
                cql.append(i == 0 ? "" : " AND ")
                        .append(schema.partitionKeyNames().get(i).asCql(true))
                        .append(" = ?");
            }
            statements = partitionStatements(schema, partitions, restrictions, restrictionValues, protocol);
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
            statements = new ArrayList<>();
            for (CassandraSplit.TokenRange range : tokens.ranges()) {
                List<Object> values = new ArrayList<>();
                values.add(range.start());
                values.add(range.end());
                values.addAll(restrictionValues);
                statements.add(new Statement(List.of(), values, Optional.of(range.end()), "token range " + range));
            }
        }
        cql.append(restrictions.cqlSuffix());
        if (restrictions.allowFiltering()) {
            cql.append(" ALLOW FILTERING");
        }
        return new CqlSelect(cql.toString(), positions, keys, statements);
    }

    private static List<Statement> partitionStatements(
            CassandraSchema schema,
            CassandraSplit.Partitions partitions,
            CqlRestrictions restrictions,
            List<Object> restrictionValues,
            ProtocolVersion protocol)
            throws IOException {
        List<Statement> result = new ArrayList<>();
        if (restrictions.partitionValues().isEmpty()) {
            // planned from the join keys that Tez's dynamic pruning added to the scan's filter in the application
            // master only (runtime join-key pushdown); the task's filter never has them: the split's partitions are
            // the keys, and Hive's join drops every row of another key anyway
            for (List<ByteBuffer> key : partitions.keys()) {
                result.add(new Statement(
                        key, restrictionValues, Optional.empty(), "partition " + describeKey(schema, key, protocol)));
            }
            return result;
        }
        Set<List<ByteBuffer>> allowed = new HashSet<>();
        for (List<Object> key : restrictions.partitions()) {
            List<ByteBuffer> encoded = new ArrayList<>();
            for (int i = 0; i < key.size(); i++) {
                TypeCodec<Object> codec = CodecRegistry.DEFAULT.codecFor(
                        schema.cqlType(schema.partitionKey().get(i)));
                encoded.add(codec.encode(key.get(i), protocol));
            }
            allowed.add(encoded);
        }
        for (List<ByteBuffer> key : partitions.keys()) {
            if (allowed.contains(key)) {
                result.add(new Statement(
                        key, restrictionValues, Optional.empty(), "partition " + describeKey(schema, key, protocol)));
            }
        }
        return result;
    }

    private static String describeKey(CassandraSchema schema, List<ByteBuffer> key, ProtocolVersion protocol) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < key.size(); i++) {
            TypeCodec<Object> codec = CodecRegistry.DEFAULT.codecFor(
                    schema.metadata().getPartitionKey().get(i).getType());
            parts.add(schema.partitionKeyNames().get(i).asCql(true) + "="
                    + codec.format(codec.decode(key.get(i).duplicate(), protocol)));
        }
        return String.join(", ", parts);
    }

    /**
     * One execution of a prepared {@link CqlSelect}: the statement's values bound (the serialized partition key first),
     * routed by its token, {@code pageSize} rows a page at the table's read consistency, idempotent.
     *
     * @param codecs the codecs of the prepared statement's variables, in order
     */
    static BoundStatementBuilder bind(
            CqlSession session,
            CassandraTable table,
            PreparedStatement statement,
            List<TypeCodec<Object>> codecs,
            CqlSelect.Statement query,
            int pageSize) {
        BoundStatementBuilder builder = statement.boundStatementBuilder();
        int index = 0;
        for (ByteBuffer value : query.rawKey()) {
            builder.setBytesUnsafe(index++, value.duplicate());
        }
        for (Object value : query.values()) {
            builder.set(index, value, codecs.get(index));
            index++;
        }
        if (query.routingToken().isPresent()) {
            Optional<TokenMap> tokenMap = session.getMetadata().getTokenMap();
            if (tokenMap.isPresent()) {
                builder.setRoutingToken(
                        tokenMap.get().parse(Long.toString(query.routingToken().get())));
            }
        }
        return builder.setPageSize(pageSize)
                .setConsistencyLevel(table.readConsistency().level())
                .setIdempotence(true);
    }

    /** The codecs of a prepared statement's variables, in order. */
    static List<TypeCodec<Object>> variableCodecs(PreparedStatement statement) {
        List<TypeCodec<Object>> codecs = new ArrayList<>();
        statement.getVariableDefinitions().forEach(v -> codecs.add(CodecRegistry.DEFAULT.codecFor(v.getType())));
        return List.copyOf(codecs);
    }

    /** The CQL text, with a {@code ?} for every bound value. */
    String cql() {
        return cql;
    }

    /** The position in the select list of a projected column (a table column index). */
    int position(int column) {
        return positions[column];
    }

    /** The primary key columns, partition key first, with their positions in the select list. */
    List<KeyColumn> keyColumns() {
        return keyColumns;
    }

    /** The executions of the SELECT, in reading order: one per token range or per partition the filter still names. */
    List<Statement> statements() {
        return statements;
    }

    @Override
    public String toString() {
        return cql;
    }
}
