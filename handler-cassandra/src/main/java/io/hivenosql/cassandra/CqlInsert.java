package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.ListType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import com.datastax.oss.protocol.internal.ProtocolConstants;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.types.ValueConversionException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * The prepared {@code INSERT INTO ks.t (every mapped column) VALUES (?, ...)} of a table that
 * {@link CassandraRecordWriter} writes, and how a Hive row binds to it. Preparing it checks that the table can be
 * written (every primary key column mapped, no counter column). Binding a row leaves NULL columns unset (no tombstone;
 * an existing value stays) unless {@code cassandra.write.nulls=true} or the INSERT is an upsert ({@link
 * #prepareUpsert}), and fails on a NULL primary key column (NULL_KEY) or a value that does not fit its CQL column
 * (BAD_RECORD), naming the table, the row's key, the column and the value.
 *
 * <p>An INSERT writes the row marker and every column it sets, so the row exists afterwards even when all its mapped
 * columns are NULL; a collection column set replaces the whole collection, and CQL columns the Hive table does not
 * map are not touched.
 */
final class CqlInsert implements CqlRowStatement {
    private final CassandraTable table;
    private final PreparedStatement insert;
    private final List<DataType> cqlTypes;
    private final List<TypeCodec<Object>> codecs;
    private final int[] primaryKey;
    private final int[] clusteringColumns;
    private final boolean writeNulls;
    /** Where the rows come from, for messages: a task, or the commit of a DELETE, UPDATE or MERGE. */
    private final String origin;
    /**
     * Whether a write may be retried: not when it sets a non-frozen list, whose elements a retry would append a second
     * time (every other CQL write, including sets and maps, is idempotent).
     */
    private final boolean idempotent;

    private final ConsistencyLevel consistency;

    private CqlInsert(CqlSession session, CassandraTable table, boolean writeNulls, String origin) {
        this.table = table;
        CassandraSchema schema = table.schema(session);
        if (!schema.mapsFullPrimaryKey()) {
            throw new HandlerException(
                    HandlerErrorCode.SCHEMA_MISMATCH,
                    "table " + table.name() + " cannot be written: primary key column(s) "
                            + String.join(", ", schema.unmappedKeyColumns()) + " of Cassandra table "
                            + table.qualifiedCqlName() + " are mapped by no Hive column, and Cassandra needs the "
                            + "whole primary key of every row; add Hive columns for them (or map existing ones with "
                            + CassandraTableProperties.COLUMNS_MAPPING.key() + ")");
        }
        int columns = table.mapping().size();
        for (int i = 0; i < columns; i++) {
            if (schema.cqlType(i).getProtocolCode() == ProtocolConstants.DataType.COUNTER) {
                throw new HandlerException(
                        HandlerErrorCode.UNSUPPORTED_OPERATION,
                        "table " + table.name() + ": column '"
                                + table.mapping().column(i).name() + "' is CQL counter "
                                + table.cqlColumn(i).asCql(true) + " of " + table.qualifiedCqlName() + "; counters "
                                + "can only be incremented (UPDATE ... SET c = c + n), not inserted, so hive-nosql "
                                + "reads counter tables but does not write them");
            }
        }
        List<Integer> key = new ArrayList<>(schema.partitionKey());
        key.addAll(schema.clusteringColumns());
        this.primaryKey = key.stream().mapToInt(Integer::intValue).toArray();
        this.clusteringColumns =
                schema.clusteringColumns().stream().mapToInt(Integer::intValue).toArray();
        this.insert = prepareInsert(session, table);
        CodecRegistry registry = session.getContext().getCodecRegistry();
        List<DataType> types = new ArrayList<>();
        List<TypeCodec<Object>> typeCodecs = new ArrayList<>();
        for (int i = 0; i < columns; i++) {
            DataType type = insert.getVariableDefinitions().get(i).getType();
            types.add(type);
            typeCodecs.add(CqlValueEncoder.codec(registry, type));
        }
        this.cqlTypes = List.copyOf(types);
        this.idempotent = cqlTypes.stream().noneMatch(type -> type instanceof ListType list && !list.isFrozen());
        this.codecs = List.copyOf(typeCodecs);
        this.writeNulls = writeNulls;
        this.origin = origin;
        this.consistency = table.writeConsistency().level();
    }

    /**
     * Loads the table's schema, checks that the table can be written, and prepares its INSERT.
     *
     * @throws HandlerException when the table does not exist or does not match, or the INSERT cannot be prepared
     */
    static CqlInsert prepare(CqlSession session, CassandraTable table) {
        return new CqlInsert(session, table, table.writeNulls(), "of this task");
    }

    /**
     * {@link #prepare}, for rows that must make their record hold exactly their values (the upserts of DELETE, UPDATE
     * and MERGE): a NULL column is written as NULL (a tombstone), whatever {@code cassandra.write.nulls} says.
     */
    static CqlInsert prepareUpsert(CqlSession session, CassandraTable table) {
        return new CqlInsert(session, table, true, "that the statement writes");
    }

    private static PreparedStatement prepareInsert(CqlSession session, CassandraTable table) {
        StringJoiner columns = new StringJoiner(", ", " (", ")");
        StringJoiner values = new StringJoiner(", ", " VALUES (", ")");
        table.cqlColumns().forEach(column -> {
            columns.add(column.asCql(true));
            values.add("?");
        });
        String cql = "INSERT INTO " + table.qualifiedCqlName() + columns + values;
        try {
            return session.prepare(SimpleStatement.newInstance(cql));
        } catch (RuntimeException e) {
            throw CassandraErrors.storeError(table, "preparing " + cql, e, HandlerErrorCode.WRITE_FAILED);
        }
    }

    /** The number of values of a row: the mapped columns. */
    @Override
    public int columns() {
        return codecs.size();
    }

    /** Whether the INSERT (and a batch of them) may be retried. */
    @Override
    public boolean idempotent() {
        return idempotent;
    }

    /** {@code cassandra.consistency.write}, which every statement and batch carries. */
    @Override
    public ConsistencyLevel consistency() {
        return consistency;
    }

    /**
     * The INSERT of a row of {@link #columns()} values, with the idempotence and consistency of the table's writes.
     *
     * @param rowNumber the row's number in this task (from 1), for messages
     * @throws HandlerException NULL_KEY or BAD_RECORD
     */
    @Override
    public BoundStatement bind(Object[] row, long rowNumber) {
        for (int column : primaryKey) {
            if (row[column] == null) {
                throw new HandlerException(
                        HandlerErrorCode.NULL_KEY,
                        "table " + table.name() + ", row " + rowNumber + " " + origin + ": primary key column '"
                                + table.mapping().column(column).name() + "' is NULL (key "
                                + describeKey(keyValues(row))
                                + "), and Cassandra rows need a whole primary key; filter such rows out with WHERE "
                                + table.mapping().column(column).name() + " IS NOT NULL");
            }
        }
        BoundStatementBuilder builder = insert.boundStatementBuilder();
        for (int i = 0; i < row.length; i++) {
            Object value = row[i];
            if (value == null) {
                if (writeNulls) {
                    builder = builder.setToNull(i);
                }
                continue;
            }
            try {
                builder = builder.set(
                        i,
                        CqlValueEncoder.encode(
                                cqlTypes.get(i), table.mapping().column(i).type(), value),
                        codecs.get(i));
            } catch (ValueConversionException | IllegalArgumentException | ClassCastException e) {
                ColumnMapping column = table.mapping().column(i);
                String reason =
                        e instanceof CqlValueEncoder.EncodingException encoding ? encoding.reason() : e.getMessage();
                throw new HandlerException(
                        HandlerErrorCode.BAD_RECORD,
                        "table " + table.name() + ", key " + describeKey(keyValues(row)) + ": cannot write value '"
                                + shorten(CqlValueEncoder.describe(value)) + "' of column '" + column.name() + "' ("
                                + column.type().typeName() + ") to CQL column "
                                + table.cqlColumn(i).asCql(true) + " "
                                + cqlTypes.get(i).asCql(true, true) + ": " + reason,
                        e);
            }
        }
        return builder.setIdempotence(idempotent)
                .setConsistencyLevel(consistency)
                .build();
    }

    /** The serialized clustering column values of a bound row: with its partition, its primary key. */
    @Override
    public List<ByteBuffer> clusteringKey(BoundStatement statement) {
        List<ByteBuffer> clustering = new ArrayList<>(clusteringColumns.length);
        for (int column : clusteringColumns) {
            clustering.add(statement.getBytesUnsafe(column));
        }
        return clustering;
    }

    /** The primary key values of a row, in key order (formatted only for a message). */
    @Override
    public Object[] keyValues(Object[] row) {
        Object[] values = new Object[primaryKey.length];
        for (int i = 0; i < primaryKey.length; i++) {
            values[i] = row[primaryKey[i]];
        }
        return values;
    }

    /** Primary key values as {@code (a=1, b='x')}, for messages. */
    @Override
    public String describeKey(Object[] keyValues) {
        StringJoiner key = new StringJoiner(", ", "(", ")");
        for (int i = 0; i < primaryKey.length; i++) {
            int column = primaryKey[i];
            Object value = keyValues[i];
            String text = value == null ? "NULL" : shorten(CqlValueEncoder.describe(value));
            key.add(table.mapping().column(column).name() + "=" + (value instanceof String ? "'" + text + "'" : text));
        }
        return key.toString();
    }

    @Override
    public String action(String rows) {
        return "writing " + rows + " of table " + table.name() + " to Cassandra table " + table.qualifiedCqlName();
    }

    static String shorten(String text) {
        return text.length() > 100 ? text.substring(0, 100) + "...(" + text.length() + " chars)" : text;
    }
}
