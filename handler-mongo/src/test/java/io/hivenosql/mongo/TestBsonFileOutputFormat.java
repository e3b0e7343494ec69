package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.mongo.dump.BsonDocumentStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.GzipCodec;
import org.apache.hadoop.mapred.FileOutputFormat;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordWriter;
import org.apache.hadoop.mapred.Reporter;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestBsonFileOutputFormat {
    @TempDir
    java.nio.file.Path temp;

    private FileSystem fs;
    private Path dir;
    private final BsonFileOutputFormat format = new BsonFileOutputFormat();

    @BeforeEach
    void setUp() throws IOException {
        fs = TestingBsonFiles.localFileSystem();
        dir = new Path(temp.resolve("out").toUri());
        fs.mkdirs(dir);
    }

    private static List<BsonDocument> documents(int count) {
        List<BsonDocument> documents = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            documents.add(new BsonDocument("n", new BsonInt32(i)).append("name", new BsonString("p" + "x".repeat(i))));
        }
        return documents;
    }

    private static List<BsonDocument> readBack(FileSystem fs, Path file) throws IOException {
        CompressionCodecFactory codecs = new CompressionCodecFactory(fs.getConf());
        var codec = codecs.getCodec(file);
        InputStream in = codec == null ? fs.open(file) : codec.createInputStream(fs.open(file));
        List<BsonDocument> documents = new ArrayList<>();
        try (BsonDocumentStream stream = codec == null
                ? new BsonDocumentStream(
                        in,
                        file,
                        0,
                        fs.getFileStatus(file).getLen(),
                        fs.getFileStatus(file).getLen())
                : BsonDocumentStream.compressed(in, file)) {
            while (stream.next()) {
                documents.add(new RawBsonDocument(
                        java.util.Arrays.copyOf(stream.buffer(), stream.length()), 0, stream.length()));
            }
        }
        return documents;
    }

    private void writeAll(FileSinkOperator.RecordWriter writer, List<BsonDocument> documents) throws IOException {
        BytesWritable value = new BytesWritable();
        for (BsonDocument document : documents) {
            byte[] bytes = TestingBsonFiles.bytes(document);
            value.set(bytes, 0, bytes.length);
            writer.write(value);
        }
        writer.close(false);
    }

    @Test
    void writesTheDocumentsBackToBack() throws IOException {
        JobConf job = new JobConf();
        Path file = new Path(dir, "000000_0");
        List<BsonDocument> documents = documents(200);

        writeAll(
                format.getHiveRecordWriter(job, file, BytesWritable.class, false, new Properties(), Reporter.NULL),
                documents);

        assertThat(readBack(fs, file)).isEqualTo(documents);
        long expectedLength = documents.stream()
                .mapToLong(d -> TestingBsonFiles.bytes(d).length)
                .sum();
        assertThat(fs.getFileStatus(file).getLen()).isEqualTo(expectedLength);
    }

    @Test
    void compressesWithTheJobsCodecAndHiveGivesTheFileItsExtension() throws IOException {
        JobConf job = new JobConf();
        FileOutputFormat.setOutputCompressorClass(job, GzipCodec.class);
        // what Hive appends to the final file name, for this output format
        String extension = Utilities.getFileExtension(job, true, format);
        assertThat(extension).isEqualTo(".gz");
        Path file = new Path(dir, "000000_0" + extension);
        List<BsonDocument> documents = documents(300);

        writeAll(
                format.getHiveRecordWriter(job, file, BytesWritable.class, true, new Properties(), Reporter.NULL),
                documents);

        try (InputStream in = fs.open(file)) {
            assertThat(in.read()).isEqualTo(0x1f); // gzip's magic bytes
            assertThat(in.read()).isEqualTo(0x8b);
        }
        assertThat(readBack(fs, file)).isEqualTo(documents);
    }

    @Test
    void refusesAFileExtensionThatWouldHideTheCodec() {
        JobConf job = new JobConf();
        FileOutputFormat.setOutputCompressorClass(job, GzipCodec.class);
        HiveConf.setVar(job, HiveConf.ConfVars.OUTPUT_FILE_EXTENSION, ".bson");

        assertThatThrownBy(() -> format.getHiveRecordWriter(
                        job, new Path(dir, "000000_0"), BytesWritable.class, true, new Properties(), Reporter.NULL))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("with the extension '.bson'")
                .hasMessageContaining("written with GzipCodec but read back uncompressed")
                .hasMessageContaining("hive.output.file.extension");
    }

    @Test
    void namesUncompressedFilesBsonWithHivesExtensionSetting() throws IOException {
        JobConf job = new JobConf();
        HiveConf.setVar(job, HiveConf.ConfVars.OUTPUT_FILE_EXTENSION, BsonFileOutputFormat.EXTENSION);
        assertThat(Utilities.getFileExtension(job, false, format)).isEqualTo(".bson");
        Path file = new Path(dir, "000000_0.bson");

        writeAll(
                format.getHiveRecordWriter(job, file, BytesWritable.class, false, new Properties(), Reporter.NULL),
                documents(3));

        assertThat(readBack(fs, file)).isEqualTo(documents(3));
    }

    @Test
    void refusesValuesThatAreNoBsonDocument() throws IOException {
        JobConf job = new JobConf();
        Path file = new Path(dir, "000000_0");
        FileSinkOperator.RecordWriter writer =
                format.getHiveRecordWriter(job, file, BytesWritable.class, false, new Properties(), Reporter.NULL);
        try {
            assertThatThrownBy(() -> writer.write(new Text("x")))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("expected the BytesWritable of a BSON document")
                    .hasMessageContaining(BsonSerDe.class.getName());
            assertThatThrownBy(() -> writer.write(new BytesWritable(new byte[] {9, 0, 0, 0, 1, 2, 3, 4, 5})))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("refusing to write 9 bytes that are no BSON document");
            assertThatThrownBy(() -> writer.write(new BytesWritable(new byte[] {6, 0, 0, 0, 0})))
                    .hasMessageContaining("refusing to write 5 bytes");
        } finally {
            writer.close(true);
        }
        assertThat(fs.getFileStatus(file).getLen()).isZero();
    }

    @Test
    void namesFilesBsonOutsideHive() throws IOException {
        JobConf job = new JobConf();
        FileOutputFormat.setOutputPath(job, dir);
        FileOutputFormat.setCompressOutput(job, true);
        FileOutputFormat.setOutputCompressorClass(job, GzipCodec.class);
        job.set("mapreduce.task.attempt.id", "attempt_200707121733_0003_m_000005_0");

        RecordWriter<NullWritable, BytesWritable> writer =
                format.getRecordWriter(null, job, "part-00005", Reporter.NULL);
        for (BsonDocument document : documents(4)) {
            writer.write(NullWritable.get(), new BytesWritable(TestingBsonFiles.bytes(document)));
        }
        writer.close(Reporter.NULL);

        List<Path> written = new ArrayList<>();
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(dir, true);
        while (files.hasNext()) {
            FileStatus status = files.next();
            if (!status.getPath().getName().startsWith(".")) {
                written.add(status.getPath());
            }
        }
        assertThat(written).singleElement().satisfies(path -> assertThat(path.getName())
                .isEqualTo("part-00005.bson.gz"));
        assertThat(readBack(fs, written.get(0))).isEqualTo(documents(4));
    }

    @Test
    void writesWhatTheSerDeSerializesAndTheInputFormatReadsItBack() throws Exception {
        Properties table = TestingBsonFiles.table(
                "default.people", "name,n", "string:int", dir, TestingBsonFiles.mapping("{\"n\":\"stats.n\"}"));
        BsonSerDe serDe = TestingBsonFiles.serDe(table);
        JobConf job = new JobConf();
        FileOutputFormat.setOutputCompressorClass(job, GzipCodec.class);
        FileSinkOperator.RecordWriter writer = format.getHiveRecordWriter(
                job, new Path(dir, "000000_0.gz"), BytesWritable.class, true, table, Reporter.NULL);
        for (int i = 0; i < 50; i++) {
            writer.write(serDe.serialize(List.of("p" + i, i), serDe.getObjectInspector()));
        }
        writer.close(false);

        JobConf readJob = TestingBsonFiles.job(dir, table);
        List<Object[]> rows = TestingBsonFiles.readAll(new BsonFileInputFormat(), readJob, 8);

        assertThat(rows).hasSize(50);
        for (int i = 0; i < 50; i++) {
            assertThat(rows.get(i)).containsExactly("p" + i, i);
        }
        assertThat(readBack(fs, new Path(dir, "000000_0.gz")).get(7))
                .isEqualTo(BsonDocument.parse("{name: 'p7', stats: {n: 7}}"));
    }
}
