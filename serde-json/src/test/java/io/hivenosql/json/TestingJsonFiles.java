package io.hivenosql.json;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.hivenosql.api.hive.RowWritable;
import io.hivenosql.sandbox.hadoop.TestingFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.serde.serdeConstants;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.bzip2.CBZip2OutputStream;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;

/** JSON-lines files on the local file system and JSON tables over them read by {@link JsonInputFormat}, for tests. */
final class TestingJsonFiles {
    private TestingJsonFiles() {}

    static FileSystem localFileSystem() throws IOException {
        return FileSystem.getLocal(new Configuration());
    }

    /** Writes the text as is (line ends included). */
    static void write(FileSystem fs, Path file, String text) throws IOException {
        try (OutputStream out = fs.create(file, true)) {
            out.write(text.getBytes(UTF_8));
        }
    }

    /** Writes each line followed by LF; returns the byte offset of each line and, last, the file's length. */
    static List<Long> writeLines(FileSystem fs, Path file, List<String> lines) throws IOException {
        return TestingFiles.write(fs, file, bytes(lines));
    }

    /** Writes each line followed by LF, compressed with the codec; the file name should carry its extension. */
    static void writeCompressed(
            FileSystem fs, Path file, Class<? extends CompressionCodec> codecClass, List<String> lines)
            throws IOException {
        TestingFiles.writeCompressed(fs, file, codecClass, bytes(lines));
    }

    private static List<byte[]> bytes(List<String> lines) {
        return lines.stream().map(line -> (line + "\n").getBytes(UTF_8)).toList();
    }

    /**
     * Writes each line followed by LF as a bzip2 file of blocks of {@code blockSize100k} * 100 kB of text (Hadoop's
     * codec always writes 900 kB blocks), so that small files have several blocks, where bzip2 files can be split.
     */
    static void writeBzip2(FileSystem fs, Path file, int blockSize100k, List<String> lines) throws IOException {
        try (OutputStream raw = fs.create(file, true)) {
            raw.write(new byte[] {'B', 'Z'}); // CBZip2OutputStream writes the rest of the header: 'h' and the size
            try (OutputStream out = new CBZip2OutputStream(raw, blockSize100k)) {
                for (String line : lines) {
                    out.write((line + "\n").getBytes(UTF_8));
                }
            }
        }
    }

    /** Hive's properties of a JSON table at {@code location}. */
    static Properties table(String name, String columns, String types, Path location, Map<String, String> more) {
        Properties properties = TestingJsonTables.table(name, columns, types, more);
        properties.setProperty(hive_metastoreConstants.FILE_INPUT_FORMAT, JsonInputFormat.class.getName());
        properties.setProperty(serdeConstants.SERIALIZATION_LIB, JsonSerDe.class.getName());
        if (location != null) {
            properties.setProperty(hive_metastoreConstants.META_TABLE_LOCATION, location.toString());
        }
        return properties;
    }

    /** A job reading {@code location}, with the table registered as Hive's fetch task does (the SerDe first). */
    static JobConf job(Path location, Properties table) throws IOException {
        JobConf job = new JobConf(new Configuration());
        FileInputFormat.setInputPaths(job, location);
        if (table != null) {
            try {
                new JsonSerDe().initialize(job, table, null);
            } catch (SerDeException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        return job;
    }

    /** The rows of one split, each a copy of the reader's values. */
    static List<Object[]> read(JsonInputFormat format, JobConf job, InputSplit split, Reporter reporter)
            throws IOException {
        List<Object[]> rows = new ArrayList<>();
        RecordReader<LongWritable, RowWritable> reader = format.getRecordReader(split, job, reporter);
        try {
            LongWritable key = reader.createKey();
            RowWritable value = reader.createValue();
            while (reader.next(key, value)) {
                rows.add(value.values().clone());
            }
        } finally {
            reader.close();
        }
        return rows;
    }

    /** The rows of all splits, in split order. */
    static List<Object[]> readAll(JsonInputFormat format, JobConf job, int numSplits, Reporter reporter)
            throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (InputSplit split : format.getSplits(job, numSplits)) {
            rows.addAll(read(format, job, split, reporter));
        }
        return rows;
    }
}
