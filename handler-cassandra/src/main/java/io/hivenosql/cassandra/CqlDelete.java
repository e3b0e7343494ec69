package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.codec.TypeCodec;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import io.hivenosql.api.dml.StatementCommit;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.types.ValueConversionException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * The prepared {@code DELETE FROM ks.t WHERE <partition key> = ? AND <clustering columns> = ?} that deletes one row by
 * its whole primary key, as DELETE, UPDATE and MERGE delete rows ({@link CassandraRowChanges}), and how a key binds to
 * it: the values always as bound values, never as CQL text. A row is the values of the table's key columns in mapping
 * order ({@link StatementCommit#keyIndexes}); the statement's variables are in primary key order. Deleting a row that
 * does not exist is no error (Cassandra writes the tombstone all the same), and deletes are idempotent.
 */
final class CqlDelete implements CqlRowStatement {
    private final CassandraTable table;
    private final PreparedStatement delete;
    /** For each variable (primary key order), the Hive column it binds. */
    private final int[] columns;
    /** For each variable (primary key order), the position of its value in a key row (mapping order). */
    private final int[] positions;

    private final int partitionColumns;
    private final List<DataType> cqlTypes;
    private final List<TypeCodec<Object>> codecs;
    private final ConsistencyLevel consistency;

    private CqlDelete(CqlSession session, CassandraTable table, CassandraSchema schema) {
        this.table = table;
        List<Integer> key = new ArrayList<>(schema.partitionKey());
        key.addAll(schema.clusteringColumns());
        this.columns = key.stream().mapToInt(Integer::intValue).toArray();
        this.partitionColumns = schema.partitionKey().size();
        int[] keyIndexes = StatementCommit.keyIndexes(table.mapping());
        this.positions = new int[columns.length];
        for (int i = 0; i < columns.length; i++) {
            positions[i] = indexOf(keyIndexes, columns[i]);
        }
        this.delete = prepareDelete(session, table, cql(table, schema));
        CodecRegistry registry = session.getContext().getCodecRegistry();
        List<DataType> types = new ArrayList<>();
        List<TypeCodec<Object>> typeCodecs = new ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            DataType type = delete.getVariableDefinitions().get(i).getType();
            types.add(type);
            typeCodecs.add(CqlValueEncoder.codec(registry, type));
        }
        this.cqlTypes = List.copyOf(types);
        this.codecs = List.copyOf(typeCodecs);
        this.consistency = table.writeConsistency().level();
    }

    /**
     * Prepares the DELETE of a table that {@link CassandraRowChanges#refusal} accepts: every primary key column mapped
     * and given the key role.
     *
     * @throws HandlerException when the DELETE cannot be prepared
     */
    static CqlDelete prepare(CqlSession session, CassandraTable table, CassandraSchema schema) {
        return new CqlDelete(session, table, schema);
    }

    /** The DELETE's text: the whole primary key in key order, each column restricted to one bound value. */
    static String cql(CassandraTable table, CassandraSchema schema) {
        StringJoiner where = new StringJoiner(" AND ", " WHERE ", "");
        List<CqlIdentifier> names = new ArrayList<>(schema.partitionKeyNames());
        names.addAll(schema.clusteringNames());
        names.forEach(name -> where.add(name.asCql(true) + " = ?"));
        return "DELETE FROM " + table.qualifiedCqlName() + where;
    }

    private static PreparedStatement prepareDelete(CqlSession session, CassandraTable table, String cql) {
        try {
            return session.prepare(SimpleStatement.newInstance(cql));
        } catch (RuntimeException e) {
            throw CassandraErrors.storeError(table, "preparing " + cql, e, HandlerErrorCode.WRITE_FAILED);
        }
    }

    private int indexOf(int[] keyIndexes, int column) {
        for (int i = 0; i < keyIndexes.length; i++) {
            if (keyIndexes[i] == column) {
                return i;
            }
        }
        // CassandraRowChanges.refusal accepts only tables whose key columns are the primary key
        throw new HandlerException(
                HandlerErrorCode.INTERNAL_ERROR,
                "table " + table.name() + ": primary key column " + column + " has no key role");
    }

    /** The number of values of a key: the table's key columns. */
    @Override
    public int columns() {
        return columns.length;
    }

    @Override
    public boolean idempotent() {
        return true;
    }

    @Override
    public ConsistencyLevel consistency() {
        return consistency;
    }

    /**
     * The DELETE of a key (the values of the key columns, in mapping order).
     *
     * @throws HandlerException NULL_KEY for a NULL key value, BAD_RECORD for a value that does not fit its column
     */
    @Override
    public BoundStatement bind(Object[] key, long rowNumber) {
        Object[] values = keyValues(key);
        BoundStatementBuilder builder = delete.boundStatementBuilder();
        for (int i = 0; i < columns.length; i++) {
            ColumnMapping column = table.mapping().column(columns[i]);
            if (values[i] == null) {
                throw new HandlerException(
                        HandlerErrorCode.NULL_KEY,
                        "table " + table.name() + ", key " + rowNumber + " to delete: primary key column '"
                                + column.name() + "' is NULL (key " + describeKey(values) + "); a Cassandra row has "
                                + "a whole primary key, so no row has this key");
            }
            try {
                builder = builder.set(
                        i, CqlValueEncoder.encode(cqlTypes.get(i), column.type(), values[i]), codecs.get(i));
            } catch (ValueConversionException | IllegalArgumentException | ClassCastException e) {
                String reason =
                        e instanceof CqlValueEncoder.EncodingException encoding ? encoding.reason() : e.getMessage();
                throw new HandlerException(
                        HandlerErrorCode.BAD_RECORD,
                        "table " + table.name() + ", key " + describeKey(values) + ": cannot delete by value '"
                                + CqlInsert.shorten(CqlValueEncoder.describe(values[i])) + "' of column '"
                                + column.name() + "' (" + column.type().typeName() + ") of CQL column "
                                + table.cqlColumn(columns[i]).asCql(true) + " "
                                + cqlTypes.get(i).asCql(true, true) + ": " + reason,
                        e);
            }
        }
        return builder.setIdempotence(true).setConsistencyLevel(consistency).build();
    }

    @Override
    public List<ByteBuffer> clusteringKey(BoundStatement statement) {
        List<ByteBuffer> clustering = new ArrayList<>(columns.length - partitionColumns);
        for (int i = partitionColumns; i < columns.length; i++) {
            clustering.add(statement.getBytesUnsafe(i));
        }
        return clustering;
    }

    /** The key's values in primary key order. */
    @Override
    public Object[] keyValues(Object[] key) {
        if (key.length != positions.length) {
            throw new IllegalArgumentException(
                    "a key of table " + table.name() + " has " + positions.length + " values, got " + key.length);
        }
        Object[] values = new Object[positions.length];
        for (int i = 0; i < positions.length; i++) {
            values[i] = key[positions[i]];
        }
        return values;
    }

    @Override
    public String describeKey(Object[] keyValues) {
        StringJoiner key = new StringJoiner(", ", "(", ")");
        for (int i = 0; i < columns.length; i++) {
            Object value = keyValues[i];
            String text = value == null ? "NULL" : CqlInsert.shorten(CqlValueEncoder.describe(value));
            key.add(table.mapping().column(columns[i]).name() + "="
                    + (value instanceof String ? "'" + text + "'" : text));
        }
        return key.toString();
    }

    @Override
    public String action(String rows) {
        return "deleting " + rows + " of table " + table.name() + " from Cassandra table " + table.qualifiedCqlName();
    }
}
