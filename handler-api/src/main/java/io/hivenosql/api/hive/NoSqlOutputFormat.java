package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import java.io.IOException;
import java.util.Properties;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.hive.ql.io.HiveOutputFormat;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordWriter;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.util.Progressable;

/**
 * The output format of every hive-nosql table: one {@link NoSqlRecordWriter} per task over the connector's writer. A
 * store module subclasses it with a public no-arg constructor: {@code super(new RedisConnector())}.
 */
public class NoSqlOutputFormat implements HiveOutputFormat<NullWritable, RowWritable> {
    private final NoSqlConnector connector;

    protected NoSqlOutputFormat(NoSqlConnector connector) {
        this.connector = requireNonNull(connector, "connector is null");
    }

    public NoSqlConnector connector() {
        return connector;
    }

    @Override
    public FileSinkOperator.RecordWriter getHiveRecordWriter(
            JobConf jc,
            Path finalOutPath,
            Class<? extends Writable> valueClass,
            boolean isCompressed,
            Properties tableProperties,
            Progressable progress)
            throws IOException {
        try {
            TableContext table = TableContexts.forTask(connector, tableProperties, jc);
            return new NoSqlRecordWriter(
                    table.tableName(),
                    connector.openWriter(table),
                    progress instanceof Reporter reporter ? reporter : null);
        } catch (HandlerException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The plain MapReduce API, for tools other than Hive; the table comes from the job properties. */
    @Override
    public RecordWriter<NullWritable, RowWritable> getRecordWriter(
            FileSystem ignored, JobConf job, String name, Progressable progress) throws IOException {
        NoSqlRecordWriter writer;
        try {
            TableContext table = TableContexts.fromJobConf(connector, job);
            writer = new NoSqlRecordWriter(
                    table.tableName(),
                    connector.openWriter(table),
                    progress instanceof Reporter reporter ? reporter : null);
        } catch (HandlerException e) {
            throw new IOException(e.getMessage(), e);
        }
        return new MapredRecordWriter<>(writer);
    }

    @Override
    public void checkOutputSpecs(FileSystem ignored, JobConf job) {
        // nothing to check: the table's properties were validated when it was created
    }
}
