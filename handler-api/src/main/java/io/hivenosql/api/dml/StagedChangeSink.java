package io.hivenosql.api.dml;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.types.DataType;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stages the rows one task attempt hands one branch of a DELETE, UPDATE or MERGE statement, in a file under the
 * statement's staging directory ({@link StagedChanges}), instead of writing the store: the statement's commit applies
 * every branch's changes at once, in an order that does not depend on the order in which the branches ran. The file
 * is written hidden and gets its {@link StagedFile} name at a successful {@link #close}; {@link #abort} deletes it.
 */
public final class StagedChangeSink implements RecordSink {
    private static final Logger LOG = LoggerFactory.getLogger(StagedChangeSink.class);

    private final String tableName;
    private final FileSystem fs;
    private final Path hidden;
    private final Path visible;
    private final List<DataType> types;
    private final DataOutputStream out;
    private long rows;
    private boolean closed;

    /**
     * @param directory the statement's staging directory for the table
     * @param file the attempt's file
     * @param types the types of the values of each row (the key columns' for deletes, every column's for upserts)
     */
    public StagedChangeSink(String tableName, FileSystem fs, Path directory, StagedFile file, List<DataType> types)
            throws IOException {
        this.tableName = requireNonNull(tableName, "tableName is null");
        this.fs = requireNonNull(fs, "fs is null");
        this.types = List.copyOf(types);
        this.visible = new Path(directory, file.name());
        this.hidden = new Path(directory, StagedFile.HIDDEN_PREFIX + file.name());
        this.out = new DataOutputStream(new BufferedOutputStream(fs.create(hidden, true), 1 << 16));
        StagedChanges.writeHeader(out, file.change(), this.types);
    }

    @Override
    public void write(Object[] row) throws IOException {
        if (row.length != types.size()) {
            throw new IllegalArgumentException(
                    "table " + tableName + ": a staged change has " + row.length + " values, its file " + types.size());
        }
        out.writeByte(StagedChanges.ROW);
        for (int i = 0; i < row.length; i++) {
            StagedValues.write(out, types.get(i), row[i]);
        }
        rows++;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** Rows staged so far: the store has written none of them yet. */
    @Override
    public long written() {
        return rows;
    }

    /** Ends the file and gives it its name, which makes it part of the statement's changes. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        out.writeByte(StagedChanges.END);
        out.writeLong(rows);
        out.close();
        if (!fs.rename(hidden, visible)) {
            throw new HandlerException(
                    HandlerErrorCode.WRITE_FAILED,
                    "table " + tableName + ": could not publish the staged changes " + hidden + " as " + visible
                            + " (does it exist already?); the statement fails and changes nothing");
        }
        LOG.info("table {}: staged {} changes in {}", tableName, rows, visible);
    }

    @Override
    public void abort() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.close();
        } catch (IOException e) {
            LOG.debug("table {}: closing {} of an aborted attempt: {}", tableName, hidden, e.toString());
        }
        try {
            fs.delete(hidden, false);
        } catch (IOException e) {
            LOG.warn("table {}: could not delete {} of an aborted attempt: {}", tableName, hidden, e.toString());
        }
    }
}
