package io.hivenosql.sandbox.hadoop;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.util.ReflectionUtils;

/** Files of records (JSON lines, BSON documents) for tests of file input formats. */
public final class TestingFiles {
    private TestingFiles() {}

    /** Writes the records back to back; returns the byte offset of each record and, last, the file's length. */
    public static List<Long> write(FileSystem fs, Path file, List<byte[]> records) throws IOException {
        List<Long> offsets = new ArrayList<>();
        long position = 0;
        try (OutputStream out = fs.create(file, true)) {
            for (byte[] record : records) {
                offsets.add(position);
                out.write(record);
                position += record.length;
            }
        }
        offsets.add(position);
        return offsets;
    }

    /** Writes the records back to back compressed with the codec; the file name should carry its extension. */
    public static void writeCompressed(
            FileSystem fs, Path file, Class<? extends CompressionCodec> codecClass, List<byte[]> records)
            throws IOException {
        CompressionCodec codec = ReflectionUtils.newInstance(codecClass, fs.getConf());
        try (OutputStream out = codec.createOutputStream(fs.create(file, true))) {
            for (byte[] record : records) {
                out.write(record);
            }
        }
    }
}
