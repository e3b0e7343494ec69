package io.hivenosql.api.file;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.hive.BadRecords;
import io.hivenosql.api.hive.RowReader;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.Reporter;

/**
 * Reads one split of a file table's file as rows ({@link RowReader}'s record loop, bad-record policy, counters and
 * close): a subclass frames its format's records (BSON documents, JSON lines), converts each, and tells the position
 * in the file and the progress through the split. Opened by a {@link FileTableInputFormat}.
 */
public abstract class FileRecordReader<K extends Writable> extends RowReader<K> {
    /** The buffer size of file reads. */
    public static final int BUFFER_SIZE = 64 * 1024;

    private final FileSplit split;

    protected FileRecordReader(TableContext table, BadRecords badRecords, FileSplit split, Reporter reporter) {
        super(
                table,
                badRecords,
                reporter,
                requireNonNull(split, "split is null").toString());
        this.split = split;
    }

    /** A reader of the projected columns of a {@link RecordSource}'s records (the records of the split). */
    protected FileRecordReader(ReadRequest request, RecordSource source, FileSplit split, Reporter reporter) {
        super(request, source, reporter, requireNonNull(split, "split is null").toString());
        this.split = split;
    }

    /** The split this reader reads. */
    protected final FileSplit split() {
        return split;
    }

    /** The file offset after the last record read. */
    @Override
    public abstract long getPos() throws IOException;

    /** The share of the split consumed so far. */
    @Override
    public abstract float getProgress() throws IOException;
}
