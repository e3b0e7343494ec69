package io.hivenosql.mongo;

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
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/** BSON files on the local file system and BSON file tables over them, for tests. */
final class TestingBsonFiles {
    private TestingBsonFiles() {}

    static FileSystem localFileSystem() throws IOException {
        return FileSystem.getLocal(new Configuration());
    }

    /** The bytes of a document, as mongodump writes it. */
    static byte[] bytes(BsonDocument document) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        new BsonDocumentCodec()
                .encode(
                        new BsonBinaryWriter(buffer),
                        document,
                        EncoderContext.builder().build());
        return buffer.toByteArray();
    }

    /**
     * Writes the documents back to back; returns the offset of each document and, last, the file's length.
     */
    static List<Long> write(FileSystem fs, Path file, List<BsonDocument> documents) throws IOException {
        return TestingFiles.write(fs, file, bytes(documents));
    }

    /** Writes the documents compressed with the codec; the file name should carry its extension. */
    static void writeCompressed(
            FileSystem fs, Path file, Class<? extends CompressionCodec> codecClass, List<BsonDocument> documents)
            throws IOException {
        TestingFiles.writeCompressed(fs, file, codecClass, bytes(documents));
    }

    private static List<byte[]> bytes(List<BsonDocument> documents) {
        return documents.stream().map(TestingBsonFiles::bytes).toList();
    }

    static void writeBytes(FileSystem fs, Path file, byte[] bytes) throws IOException {
        try (OutputStream out = fs.create(file, true)) {
            out.write(bytes);
        }
    }

    /** Hive's properties of a BSON table at {@code location}. */
    static Properties table(String name, String columns, String types, Path location, Map<String, String> more) {
        Properties properties = new Properties();
        properties.setProperty(hive_metastoreConstants.META_TABLE_NAME, name);
        properties.setProperty(serdeConstants.LIST_COLUMNS, columns);
        properties.setProperty(serdeConstants.LIST_COLUMN_TYPES, types);
        properties.setProperty(serdeConstants.SERIALIZATION_LIB, BsonSerDe.class.getName());
        if (location != null) {
            properties.setProperty(hive_metastoreConstants.META_TABLE_LOCATION, location.toString());
        }
        more.forEach(properties::setProperty);
        return properties;
    }

    /** A job reading {@code location}, with the table registered as Hive's fetch task does (the SerDe first). */
    static JobConf job(Path location, Properties table) throws IOException {
        JobConf job = new JobConf(new Configuration());
        FileInputFormat.setInputPaths(job, location);
        if (table != null) {
            register(job, table);
        }
        return job;
    }

    /** Initializes a BsonSerDe with the job, as Hive's fetch task does before it opens the reader. */
    static void register(JobConf job, Properties table) throws IOException {
        try {
            new BsonSerDe().initialize(job, table, null);
        } catch (SerDeException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    static BsonSerDe serDe(Properties table) throws SerDeException {
        BsonSerDe serDe = new BsonSerDe();
        serDe.initialize(new Configuration(), table, null);
        return serDe;
    }

    /** The rows of one split, each a copy of the reader's values. */
    static List<Object[]> read(BsonFileInputFormat format, JobConf job, InputSplit split) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        try (Closing<RecordReader<NullWritable, RowWritable>> reader =
                new Closing<>(format.getRecordReader(split, job, Reporter.NULL))) {
            NullWritable key = reader.value().createKey();
            RowWritable value = reader.value().createValue();
            while (reader.value().next(key, value)) {
                rows.add(value.values().clone());
            }
        }
        return rows;
    }

    /** The rows of all splits, in split order. */
    static List<Object[]> readAll(BsonFileInputFormat format, JobConf job, int numSplits) throws IOException {
        List<Object[]> rows = new ArrayList<>();
        for (InputSplit split : format.getSplits(job, numSplits)) {
            rows.addAll(read(format, job, split));
        }
        return rows;
    }

    /** Closes a RecordReader in try-with-resources. */
    record Closing<T extends RecordReader<?, ?>>(T value) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            value.close();
        }
    }

    static Map<String, String> mapping(String json) {
        return Map.of(MongoTableProperties.COLUMNS_MAPPING.key(), json);
    }
}
