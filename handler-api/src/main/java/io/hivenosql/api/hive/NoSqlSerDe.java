package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.dml.RowChange;
import io.hivenosql.api.dml.StatementCommit;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableModel;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.api.types.ValueConversionException;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.SerDeStats;
import org.apache.hadoop.hive.serde2.SerDeUtils;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.io.Writable;

/**
 * The SerDe of every hive-nosql table. Its ObjectInspector is built from the table's mapping, so a table whose DDL
 * omits the column list gets its columns from the mapping file (that is what DESCRIBE shows). A store module
 * subclasses it with a public no-arg constructor: {@code super(new RedisConnector())}.
 */
public class NoSqlSerDe extends AbstractSerDe {
    private final TableModel model;
    private TableContext table;
    private Properties serDeProperties;
    private StructObjectInspector inspector;
    /** The positions of the key columns when the SerDe serializes the keys of a delete branch; else null. */
    private int[] deletedKeys;

    /**
     * @param model the table model of the store (its connector) or of the file format
     */
    protected NoSqlSerDe(TableModel model) {
        this.model = requireNonNull(model, "model is null");
    }

    /**
     * Hive 4 calls this one. Hive 3's own implementation merges the two and calls {@link #initialize(Configuration,
     * Properties)}: either way the table is bound once, from the table's properties overlaid by the partition's.
     */
    @Override
    public void initialize(Configuration configuration, Properties tableProperties, Properties partitionProperties)
            throws SerDeException {
        table = null;
        super.initialize(configuration, tableProperties, partitionProperties);
        if (table == null) {
            bind(configuration, SerDeUtils.createOverlayedProperties(tableProperties, partitionProperties));
        }
    }

    /**
     * Hive 3's entry point (abstract there, absent from Hive 4), with the table's and the partition's properties
     * already merged.
     */
    public void initialize(Configuration configuration, Properties properties) throws SerDeException {
        bind(configuration, properties);
    }

    private void bind(Configuration configuration, Properties properties) throws SerDeException {
        serDeProperties = properties;
        try {
            table = TableContexts.forTask(model, properties, configuration);
        } catch (HandlerException e) {
            throw new SerDeException(e.getMessage(), e);
        }
        inspector = HiveValues.rowObjectInspector(table.mapping());
        deletedKeys = configuration != null
                        && RowLevelDml.change(configuration, table.tableName()).orElse(null) == RowChange.DELETE
                ? StatementCommit.keyIndexes(table.mapping())
                : null;
        bound(configuration);
    }

    /**
     * Called once the table is bound ({@link #tableContext()}, {@link #serDeProperties()}), at the end of {@link
     * #initialize}; nothing by default.
     */
    protected void bound(Configuration configuration) throws SerDeException {}

    /** The properties the SerDe was initialized with: the table's, overlaid by the partition's. */
    protected final Properties serDeProperties() {
        return serDeProperties;
    }

    /** None: Hive then counts rows and bytes itself (Hive 3 declares this abstract, Hive 4 returns null too). */
    @Override
    public SerDeStats getSerDeStats() {
        return null;
    }

    /** The validated, bound table; available after {@link #initialize}. */
    public TableContext tableContext() {
        return table;
    }

    public TableModel model() {
        return model;
    }

    @Override
    public ObjectInspector getObjectInspector() throws SerDeException {
        if (inspector == null) {
            throw new SerDeException(getClass().getSimpleName() + " is not initialized");
        }
        return inspector;
    }

    @Override
    public Class<? extends Writable> getSerializedClass() {
        return RowWritable.class;
    }

    /** The row's Hive Java values; {@link NoSqlRecordReader} already converted them (under the bad-record policy). */
    @Override
    public Object deserialize(Writable blob) throws SerDeException {
        if (!(blob instanceof RowWritable row)) {
            throw new SerDeException("expected a RowWritable from the hive-nosql reader, got "
                    + (blob == null ? "null" : blob.getClass().getName()));
        }
        Object[] values = row.values();
        if (values.length != table.mapping().size()) {
            throw new SerDeException("table " + table.tableName() + ": the reader produced " + values.length
                    + " values for " + table.mapping().size() + " columns");
        }
        return Arrays.asList(values);
    }

    /**
     * A Hive row under any struct ObjectInspector, as neutral values in mapping order (fields match by position); in
     * the delete branch of a DELETE, UPDATE or MERGE, the row's key columns ({@link RowLevelDml}).
     */
    @Override
    public Writable serialize(Object obj, ObjectInspector objInspector) throws SerDeException {
        if (!(objInspector instanceof StructObjectInspector rowInspector)) {
            throw new SerDeException(
                    "table " + table.tableName() + ": expected a struct row, got " + objInspector.getTypeName());
        }
        TableMapping mapping = table.mapping();
        List<? extends StructField> fields = rowInspector.getAllStructFieldRefs();
        int[] columns = deletedKeys != null
                ? deletedKeys
                : IntStream.range(0, mapping.size()).toArray();
        if (fields.size() != columns.length) {
            if (deletedKeys != null) {
                throw new SerDeException("table " + table.tableName() + ": the delete branch hands " + fields.size()
                        + " values (" + rowInspector.getTypeName() + ") for the " + columns.length + " key columns");
            }
            throw new SerDeException("table " + table.tableName() + " has " + mapping.size() + " columns ("
                    + String.join(", ", mapping.names()) + ") but the inserted rows have " + fields.size()
                    + " (" + rowInspector.getTypeName() + "); list the table's columns in the INSERT");
        }
        Object[] values = new Object[columns.length];
        for (int i = 0; i < values.length; i++) {
            ColumnMapping column = mapping.column(columns[i]);
            StructField field = fields.get(i);
            Object data = rowInspector.getStructFieldData(obj, field);
            try {
                values[i] = HiveValues.fromHive(field.getFieldObjectInspector(), data, column.type());
            } catch (ValueConversionException e) {
                throw new SerDeException(
                        "table " + table.tableName() + ", column '" + column.name() + "': " + e.getMessage(), e);
            }
        }
        return new RowWritable(values);
    }
}
