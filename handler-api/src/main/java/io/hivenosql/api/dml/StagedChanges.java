package io.hivenosql.api.dml;

import io.hivenosql.api.types.DataType;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Where a statement stages its changes to a table, and the format of a staged file: a header ({@code HNSDML}, the
 * version, the {@link RowChange} code, the number of values per row and each one's type name), then one {@link #ROW}
 * byte and the row's values ({@link StagedValues}) per row, then {@link #END} and the number of rows, which a reader
 * checks, so that a cut file fails the statement rather than apply part of a task's changes.
 *
 * <p>The directory is {@code <root>/hive-nosql-dml/<query id>/<table>}, the root being the session's scratch
 * directory: on HDFS on a cluster, where the tasks write and HiveServer2 reads it at the commit; Hive deletes it with
 * the session.
 */
public final class StagedChanges {
    static final int ROW = 1;
    static final int END = 0;
    private static final String MAGIC = "HNSDML";
    private static final int VERSION = 1;

    private StagedChanges() {}

    /** The staging directory of one statement's changes to one table. */
    public static Path directory(Path root, String queryId, String tableName) {
        return new Path(
                new Path(new Path(root, "hive-nosql-dml"), safe(queryId)), safe(tableName.toLowerCase(Locale.ROOT)));
    }

    private static String safe(String text) {
        return text.replaceAll("[^A-Za-z0-9_.-]", "_");
    }

    static void writeHeader(DataOutputStream out, RowChange change, List<DataType> types) throws IOException {
        out.writeUTF(MAGIC);
        out.writeInt(VERSION);
        out.writeChar(change.code());
        out.writeInt(types.size());
        for (DataType type : types) {
            out.writeUTF(type.typeName());
        }
    }

    /** The visible staged files of a directory; none when it does not exist (nothing staged, or applied already). */
    public static List<StagedFile> list(FileSystem fs, Path directory) throws IOException {
        List<StagedFile> files = new ArrayList<>();
        if (!fs.exists(directory)) {
            return files;
        }
        for (FileStatus status : fs.listStatus(directory)) {
            StagedFile.parse(status.getPath().getName()).ifPresent(files::add);
        }
        return files;
    }

    /** Called with each staged row, in file order. */
    @FunctionalInterface
    public interface RowVisitor {
        void visit(Object[] row) throws IOException;
    }

    /**
     * Reads a staged file, checking that its header has the expected change and types and that it holds every row its
     * writer wrote; returns the number of rows.
     */
    public static long read(FileSystem fs, Path file, RowChange change, List<DataType> types, RowVisitor visitor)
            throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(fs.open(file), 1 << 16))) {
            checkHeader(in, file, change, types);
            long rows = 0;
            while (true) {
                int marker = in.readUnsignedByte();
                if (marker == END) {
                    long written = in.readLong();
                    if (written != rows) {
                        throw new IOException(
                                "staged file " + file + " holds " + rows + " rows, its writer wrote " + written);
                    }
                    return rows;
                }
                if (marker != ROW) {
                    throw new IOException("staged file " + file + " is corrupt after row " + rows);
                }
                Object[] row = new Object[types.size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = StagedValues.read(in, types.get(i));
                }
                visitor.visit(row);
                rows++;
            }
        } catch (EOFException e) {
            throw new IOException("staged file " + file + " is cut short: was it written by a task still running?", e);
        }
    }

    private static void checkHeader(DataInputStream in, Path file, RowChange change, List<DataType> types)
            throws IOException {
        if (!MAGIC.equals(in.readUTF()) || in.readInt() != VERSION) {
            throw new IOException("staged file " + file + " was not written by this version of hive-nosql");
        }
        char code = in.readChar();
        int count = in.readInt();
        List<String> names = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            names.add(in.readUTF());
        }
        List<String> expected = types.stream().map(DataType::typeName).toList();
        if (code != change.code() || !names.equals(expected)) {
            throw new IOException("staged file " + file + " holds " + RowChange.ofCode(code) + " rows of " + names
                    + ", expected " + change + " rows of " + expected + ": was the table altered while the statement "
                    + "ran?");
        }
    }
}
