package io.hivenosql.json;

import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.file.FileSerDe;
import io.hivenosql.api.hive.RowWritable;
import io.hivenosql.api.spi.TableContext;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.io.IOContextMap;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;

/**
 * The JSON SerDe: one JSON object per line of a text file, read and written with a streaming parser and the same
 * mapping and type code as the storage handlers.
 *
 * <pre>{@code
 * CREATE EXTERNAL TABLE events (id bigint, city string, tags array<string>)
 * ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe'
 * WITH SERDEPROPERTIES ('json.columns.mapping'='{"city":"address.city"}')
 * STORED AS TEXTFILE LOCATION '/data/events';
 * }</pre>
 *
 * <p>Columns map to JSON paths ({@code json.columns.mapping}, or a mapping file in {@code nosql.mapping.url}, with
 * which the DDL may omit the column list); see {@link JsonTableProperties} for the rest. Reading: {@link #deserialize}
 * parses a line (from Hive's text input format) into the row's Hive values under {@code nosql.bad-record.policy}, or
 * passes on the row {@link JsonInputFormat}'s reader already converted (that reader knows file and line number and
 * can skip lines, which a SerDe cannot: {@code skip} needs it). Writing: {@link #serialize} gives a row's JSON object
 * as one line of {@link Text}.
 */
public class JsonSerDe extends FileSerDe {
    private final Text serialized = new Text();
    private Configuration configuration;
    private JsonLines lines;
    private Object[] row;
    private List<Object> rowView;
    private JsonLayout layout;
    private JsonHiveWriter writer;
    private final Supplier<String> place = this::where;

    public JsonSerDe() {
        super(new JsonTableModel(), JsonInputFormat.FILE_TABLES);
    }

    @Override
    protected void open(Configuration configuration, TableContext table) throws SerDeException {
        this.configuration = configuration;
        layout = JsonTables.layout(table.config(), table.mapping());
        lines = new JsonLines(table, layout);
        checkSkipPolicy(table, serDeProperties().getProperty(hive_metastoreConstants.FILE_INPUT_FORMAT));
        writer = null;
        row = new Object[table.mapping().size()];
        rowView = Arrays.asList(row);
    }

    /** {@code skip} needs a reader that can drop lines: refused (at CREATE too) with Hive's own text input format. */
    private void checkSkipPolicy(TableContext table, String inputFormat) throws SerDeException {
        if (lines.policy() == BadRecordPolicy.SKIP
                && inputFormat != null
                && !inputFormat.equals(JsonInputFormat.class.getName())) {
            throw new SerDeException(new HandlerException(
                            HandlerErrorCode.INVALID_TABLE_PROPERTY,
                            "table " + table.tableName() + ": 'nosql.bad-record.policy'='skip' needs "
                                    + JsonInputFormat.class.getName() + " (a SerDe cannot drop lines), but the table "
                                    + "is stored with " + inputFormat + "; declare it STORED AS INPUTFORMAT '"
                                    + JsonInputFormat.class.getName() + "' OUTPUTFORMAT "
                                    + "'org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat', or use the "
                                    + "policy 'null' or 'fail'")
                    .getMessage());
        }
    }

    @Override
    public Class<? extends Writable> getSerializedClass() {
        return Text.class;
    }

    /**
     * A line's row (Hive's text input format), or the row {@link JsonInputFormat}'s reader converted. The returned row
     * is reused by the next call.
     */
    @Override
    public Object deserialize(Writable blob) throws SerDeException {
        if (blob instanceof RowWritable) {
            return super.deserialize(blob);
        }
        if (!(blob instanceof Text text)) {
            throw unreadable(
                    blob,
                    "reads lines of text",
                    "declare the table STORED AS TEXTFILE (or with " + JsonInputFormat.class.getName() + ")");
        }
        try {
            if (!lines.read(text.getBytes(), text.getLength(), place, row)) {
                throw new SerDeException("table " + tableContext().tableName() + ": a bad line under "
                        + "'nosql.bad-record.policy'='skip' reached the SerDe from a reader that cannot drop it; read "
                        + "the table with " + JsonInputFormat.class.getName());
            }
        } catch (HandlerException e) {
            throw new SerDeException(e.getMessage(), e);
        }
        rawDataSize(text.getLength());
        return rowView;
    }

    /** Where the line came from, as far as Hive tells a SerDe: the file in Tez and MapReduce tasks. */
    private String where() {
        Path file = null;
        try {
            file = configuration == null
                    ? null
                    : IOContextMap.get(configuration).getInputPath();
        } catch (RuntimeException e) {
            // no I/O context here (a fetch task): the file is unknown
        }
        return (file == null ? "file unknown" : "file " + file)
                + " (line number unknown: Hive's text input format does " + "not tell it; read the table with "
                + JsonInputFormat.class.getName() + " to get it)";
    }

    /**
     * One JSON object of the row, as a line of text, written straight from the row's ObjectInspectors (fields match the
     * table's columns by position); the returned {@link Text} is reused by the next call.
     */
    @Override
    public Writable serialize(Object obj, ObjectInspector objInspector) throws SerDeException {
        String tableName = tableContext().tableName();
        if (!(objInspector instanceof StructObjectInspector rowInspector)) {
            throw new SerDeException(
                    "table " + tableName + ": expected a struct row, got " + objInspector.getTypeName());
        }
        List<? extends StructField> fields = rowInspector.getAllStructFieldRefs();
        if (fields.size() != row.length) {
            throw new SerDeException(
                    "table " + tableName + " has " + row.length + " columns but the inserted rows have " + fields.size()
                            + " (" + rowInspector.getTypeName() + "); list the table's columns in the INSERT");
        }
        try {
            if (writer == null) {
                writer = new JsonHiveWriter(layout);
            }
            byte[] bytes = writer.write(obj, rowInspector, fields);
            serialized.set(bytes, 0, writer.length());
        } catch (HandlerException e) {
            throw new SerDeException(e.getMessage(), e);
        }
        rawDataSize(serialized.getLength());
        return serialized;
    }
}
