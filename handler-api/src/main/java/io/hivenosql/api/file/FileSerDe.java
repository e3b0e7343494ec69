package io.hivenosql.api.file;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.hive.NoSqlSerDe;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableModel;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.SerDeStats;
import org.apache.hadoop.io.Writable;

/**
 * The SerDe of a file table: {@link NoSqlSerDe}'s columns, mapping and row conversion, plus what a file format needs.
 * Once bound it registers the table with the format's {@link FileTables}, so that the format's
 * {@link FileTableInputFormat} finds it in fetch tasks; its statistics tell the size of the last record it read or
 * wrote. A format subclasses it with a public no-arg constructor and prepares its codec in {@link #open}.
 */
public abstract class FileSerDe extends NoSqlSerDe {
    private final FileTables tables;
    private final SerDeStats stats = new SerDeStats();

    /**
     * @param model the table model of the format
     * @param tables the format's tables, shared with its {@link FileTableInputFormat}
     */
    protected FileSerDe(TableModel model, FileTables tables) {
        super(model);
        this.tables = requireNonNull(tables, "tables is null");
    }

    @Override
    protected final void bound(Configuration configuration) throws SerDeException {
        try {
            open(configuration, tableContext());
        } catch (HandlerException e) {
            throw new SerDeException(e.getMessage(), e);
        }
        tables.register(configuration, serDeProperties());
    }

    /**
     * Prepares the format's reading and writing of the table, once it is bound ({@link #tableContext()}); a
     * {@link HandlerException} becomes the SerDe's error.
     */
    protected abstract void open(Configuration configuration, TableContext table) throws SerDeException;

    /**
     * The error for a writable this SerDe cannot read, e.g. {@code table t: JsonSerDe reads lines of text, got a
     * ...; declare the table STORED AS TEXTFILE}.
     *
     * @param reads what the SerDe reads
     * @param remedy how to declare the table so that it gets that
     */
    protected final SerDeException unreadable(Writable blob, String reads, String remedy) {
        return new SerDeException(
                "table " + tableContext().tableName() + ": " + getClass().getSimpleName() + " " + reads + ", got a "
                        + (blob == null ? "null" : blob.getClass().getName()) + "; " + remedy);
    }

    /** Records the size of the record just read or written. */
    protected final void rawDataSize(long bytes) {
        stats.setRawDataSize(bytes);
    }

    /** The size of the last record read or written. */
    @Override
    public final SerDeStats getSerDeStats() {
        return stats;
    }
}
