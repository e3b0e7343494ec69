package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;
import java.util.Properties;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordWriter;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.util.Progressable;
import org.apache.hadoop.util.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the rows of a {@link BsonSerDe} table as BSON dump files: the documents {@link BsonSerDe#serialize} made,
 * back to back, as mongodump writes them (and mongorestore and {@link BsonFileInputFormat} read them).
 *
 * <p>Compression follows Hive's settings as for text tables: with {@code hive.exec.compress.output=true} the files are
 * compressed with {@code mapreduce.output.fileoutputformat.compress.codec} (default: deflate). Hive names the files
 * ({@code 000000_0}) and appends the codec's extension ({@code .gz}, {@code .deflate}, ...) only for subclasses of
 * {@link HiveIgnoreKeyTextOutputFormat}; that is why this binary format extends it, as Hive's own
 * {@code TeradataBinaryFileOutputFormat} does: readers recognise compressed files by that extension. A file whose name
 * would make readers pick another codec than it is written with (e.g. {@code hive.output.file.extension=.bson} with
 * compression on) is refused. In Hive, {@code SET hive.output.file.extension=.bson} names uncompressed files
 * {@code 000000_0.bson}; outside Hive ({@link #getRecordWriter}) files are named {@code <name>.bson} plus the codec's
 * extension.
 */
public class BsonFileOutputFormat extends HiveIgnoreKeyTextOutputFormat<NullWritable, BytesWritable> {
    /** The extension of BSON dump files. */
    public static final String EXTENSION = ".bson";

    private static final Logger LOG = LoggerFactory.getLogger(BsonFileOutputFormat.class);
    private static final int BUFFER_SIZE = 64 * 1024;

    public BsonFileOutputFormat() {}

    @Override
    public FileSinkOperator.RecordWriter getHiveRecordWriter(
            JobConf jc,
            Path finalOutPath,
            Class<? extends Writable> valueClass,
            boolean isCompressed,
            Properties tableProperties,
            Progressable progress)
            throws IOException {
        // Hive writes a temporary file and renames it to its final name, whose extension it computes thus
        checkCodecMatchesExtension(jc, finalOutPath, Utilities.getFileExtension(jc, isCompressed, this), isCompressed);
        FileSystem fs = finalOutPath.getFileSystem(jc);
        OutputStream out = Utilities.createCompressedStream(jc, fs.create(finalOutPath, progress), isCompressed);
        return new DocumentWriter(finalOutPath, new BufferedOutputStream(out, BUFFER_SIZE));
    }

    /** For tools other than Hive: the task's file {@code <name>.bson}, plus the codec's extension when compressed. */
    @Override
    public RecordWriter<NullWritable, BytesWritable> getRecordWriter(
            FileSystem ignored, JobConf job, String name, Progressable progress) throws IOException {
        boolean compressed = getCompressOutput(job);
        String extension = EXTENSION + (compressed ? codec(job).getDefaultExtension() : "");
        Path file = getTaskOutputPath(job, name + extension);
        OutputStream out =
                Utilities.createCompressedStream(job, file.getFileSystem(job).create(file, progress), compressed);
        DocumentWriter writer = new DocumentWriter(file, new BufferedOutputStream(out, BUFFER_SIZE));
        return new RecordWriter<>() {
            @Override
            public void write(NullWritable key, BytesWritable value) throws IOException {
                writer.write(value);
            }

            @Override
            public void close(Reporter reporter) throws IOException {
                writer.close(false);
            }
        };
    }

    private static CompressionCodec codec(JobConf job) {
        return ReflectionUtils.newInstance(getOutputCompressorClass(job, DefaultCodec.class), job);
    }

    /** Readers pick the codec by the file's extension; it must be the codec the file is written with. */
    private static void checkCodecMatchesExtension(JobConf job, Path file, String extension, boolean compressed)
            throws IOException {
        CompressionCodec written = compressed ? codec(job) : null;
        CompressionCodec byName = new CompressionCodecFactory(job).getCodec(new Path("file" + extension));
        Class<?> writtenClass = written == null ? null : written.getClass();
        Class<?> byNameClass = byName == null ? null : byName.getClass();
        if (!Objects.equals(writtenClass, byNameClass)) {
            throw new IOException("cannot write BSON file " + file + " with the extension '" + extension
                    + "': it would be written "
                    + (written == null
                            ? "uncompressed"
                            : "with " + written.getClass().getSimpleName())
                    + " but read back "
                    + (byName == null
                            ? "uncompressed"
                            : "with " + byName.getClass().getSimpleName())
                    + ", as readers choose the codec by the file's extension; unset hive.output.file.extension, or "
                    + "set it to the codec's extension ("
                    + (written == null ? "none" : written.getDefaultExtension()) + ")");
        }
    }

    /** Appends raw BSON documents to a file; a value that is not one is refused (it would corrupt the file). */
    private static final class DocumentWriter implements FileSinkOperator.RecordWriter {
        private final Path file;
        private final OutputStream out;
        private long documents;
        private long bytes;
        private boolean closed;

        DocumentWriter(Path file, OutputStream out) {
            this.file = requireNonNull(file, "file is null");
            this.out = requireNonNull(out, "out is null");
        }

        @Override
        public void write(Writable w) throws IOException {
            if (!(w instanceof BytesWritable document)) {
                throw new IOException("file " + file + ": expected the BytesWritable of a BSON document from "
                        + BsonSerDe.class.getSimpleName() + ", got "
                        + (w == null ? "null" : w.getClass().getName())
                        + "; declare the table with ROW FORMAT SERDE '" + BsonSerDe.class.getName() + "'");
            }
            byte[] data = document.getBytes();
            int length = document.getLength();
            if (length < BsonDocumentStream.MIN_LENGTH
                    || BsonDocumentStream.littleEndianInt(data, 0) != length
                    || data[length - 1] != 0) {
                throw new IOException("file " + file + ": refusing to write " + length + " bytes that are no BSON "
                        + "document (its length header and trailing 0 byte do not match), which would corrupt the "
                        + "file");
            }
            out.write(data, 0, length);
            documents++;
            bytes += length;
        }

        @Override
        public void close(boolean abort) throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            out.close();
            LOG.info(
                    "{} BSON file {}: {} documents, {} bytes before compression",
                    abort ? "aborted" : "wrote",
                    file,
                    documents,
                    bytes);
        }
    }
}
