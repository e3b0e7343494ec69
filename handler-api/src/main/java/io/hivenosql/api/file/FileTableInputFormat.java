package io.hivenosql.api.file;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.hive.RowWritable;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableModel;
import io.hivenosql.api.table.TableContexts;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;

/**
 * The input format of a file table (one SerDe's files): Hadoop's file splits, and per split a {@link FileRecordReader}
 * for the table the file belongs to, found with {@link FileTables} (Hive hands an input format the split, not the
 * table) and bound by the format's {@link TableModel}, so that the reader converts under the table's mapping and
 * bad-record policy. A format subclasses it with a public no-arg constructor, says which files it can cut
 * ({@link #isSplitable}) and opens its reader ({@link #openReader}).
 */
public abstract class FileTableInputFormat<K extends Writable> extends FileInputFormat<K, RowWritable> {
    private final TableModel model;
    private final FileTables tables;

    /**
     * @param model the table model of the format
     * @param tables the format's tables, shared with its {@link FileSerDe}
     */
    protected FileTableInputFormat(TableModel model, FileTables tables) {
        this.model = requireNonNull(model, "model is null");
        this.tables = requireNonNull(tables, "tables is null");
    }

    /** Opens the reader of one split of a file of {@code table}; {@code job} is the task's configuration. */
    protected abstract FileRecordReader<K> openReader(
            FileSplit split, JobConf job, TableContext table, Reporter reporter) throws IOException;

    @Override
    public final RecordReader<K, RowWritable> getRecordReader(InputSplit split, JobConf job, Reporter reporter)
            throws IOException {
        if (!(split instanceof FileSplit fileSplit)) {
            throw new IOException("expected a FileSplit of a " + tables.format() + " file, got "
                    + (split == null ? "null" : split.getClass().getName()));
        }
        if (reporter != null) {
            reporter.setStatus(fileSplit.toString());
        }
        try {
            TableContext table = TableContexts.fromTableProperties(model, tables.find(job, fileSplit.getPath()), job);
            return openReader(fileSplit, job, table, reporter);
        } catch (HandlerException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
