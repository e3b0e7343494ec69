package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.dml.RowChange;
import io.hivenosql.api.dml.StagedChangeSink;
import io.hivenosql.api.dml.StagedFile;
import io.hivenosql.api.dml.StatementCommit;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.QueryTask;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.api.types.DataType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
            Optional<RowChange> change = RowLevelDml.change(jc, table.tableName());
            RecordSink sink = change.isPresent() ? stagedSink(table, jc, change.get()) : connector.openWriter(table);
            return new NoSqlRecordWriter(
                    table.tableName(), sink, progress instanceof Reporter reporter ? reporter : null);
        } catch (HandlerException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /**
     * A branch of a DELETE, UPDATE or MERGE statement: the task attempt stages its rows (keys for a delete branch) for
     * the statement's commit.
     */
    private static RecordSink stagedSink(TableContext table, JobConf jc, RowChange change) throws IOException {
        Path directory = RowLevelDml.staging(jc, table.tableName())
                .orElseThrow(() -> new HandlerException(
                        HandlerErrorCode.UNSUPPORTED_OPERATION,
                        "table " + table.tableName() + ": this task deletes rows, but HiveServer2 gave it no staging "
                                + "directory: DELETE, UPDATE and MERGE run on Hive 4 with hive.execution.engine=tez"));
        QueryTask task = table.attempt()
                .task()
                .orElseThrow(() -> new HandlerException(
                        HandlerErrorCode.UNSUPPORTED_OPERATION,
                        "table " + table.tableName() + ": DELETE, UPDATE and MERGE run on Tez only (this task names no "
                                + "Tez query, vertex and task)"));
        StagedFile file = StagedFile.of(change, task, table.attempt().number());
        List<DataType> types = new ArrayList<>();
        if (change == RowChange.DELETE) {
            for (int key : StatementCommit.keyIndexes(table.mapping())) {
                types.add(table.mapping().column(key).type());
            }
        } else {
            table.mapping().columns().forEach(column -> types.add(column.type()));
        }
        return new StagedChangeSink(table.tableName(), directory.getFileSystem(jc), directory, file, types);
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
