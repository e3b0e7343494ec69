package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import java.io.DataInput;
import java.io.DataOutput;
import org.apache.hadoop.io.Writable;

/**
 * One row of a hive-nosql table in memory, as an array in table-mapping order. On the read path
 * {@link NoSqlRecordReader} fills it with Hive Java values (converted there, so that the bad-record policy covers every
 * conversion) and {@link NoSqlSerDe#deserialize} hands them to Hive; on the write path {@link NoSqlSerDe#serialize}
 * fills it with neutral values for the connector's {@link io.hivenosql.api.spi.RecordSink}. Rows never cross a
 * shuffle in this form, so it cannot be serialized.
 */
public final class RowWritable implements Writable {
    private Object[] values;

    public RowWritable() {
        this(new Object[0]);
    }

    public RowWritable(Object[] values) {
        this.values = requireNonNull(values, "values is null");
    }

    /** The values themselves (not a copy). */
    public Object[] values() {
        return values;
    }

    public void set(Object[] newValues) {
        this.values = requireNonNull(newValues, "newValues is null");
    }

    @Override
    public void write(DataOutput out) {
        throw unsupported();
    }

    @Override
    public void readFields(DataInput in) {
        throw unsupported();
    }

    private static UnsupportedOperationException unsupported() {
        return new UnsupportedOperationException("a hive-nosql RowWritable is an in-memory row between the handler's "
                + "reader/SerDe and Hive and is never serialized; Hive tried to ship it between tasks, which is a bug: "
                + "please report the query");
    }

    @Override
    public String toString() {
        return "RowWritable[" + values.length + " values]";
    }
}
