package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.RecordWriter;
import org.apache.hadoop.mapred.Reporter;

/**
 * Hive's record writer under the plain MapReduce API, for the {@code getRecordWriter} of output formats (tools other
 * than Hive): writes the values, ignores the keys, and closes without abort.
 */
public final class MapredRecordWriter<V extends Writable> implements RecordWriter<NullWritable, V> {
    private final FileSinkOperator.RecordWriter writer;

    public MapredRecordWriter(FileSinkOperator.RecordWriter writer) {
        this.writer = requireNonNull(writer, "writer is null");
    }

    @Override
    public void write(NullWritable key, V value) throws IOException {
        writer.write(value);
    }

    @Override
    public void close(Reporter reporter) throws IOException {
        writer.close(false);
    }
}
