package io.hivenosql.api.file;

import io.hivenosql.api.hive.MapredRecordWriter;
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
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordWriter;
import org.apache.hadoop.util.Progressable;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * The output format of a binary file table: the records its {@link FileSerDe} serialized, written to one (buffered,
 * optionally compressed) file per task by the format's writer ({@link #open}).
 *
 * <p>Compression follows Hive's settings as for text tables: with {@code hive.exec.compress.output=true} the files are
 * compressed with {@code mapreduce.output.fileoutputformat.compress.codec} (default: deflate). Hive names the files
 * ({@code 000000_0}) and appends the codec's extension ({@code .gz}, {@code .deflate}, ...) only for subclasses of
 * {@link HiveIgnoreKeyTextOutputFormat}; that is why this binary format extends it, as Hive's own
 * {@code TeradataBinaryFileOutputFormat} does: readers recognise compressed files by that extension. A file whose name
 * would make readers pick another codec than it is written with (e.g. {@code hive.output.file.extension=.bson} with
 * compression on) is refused. Outside Hive ({@link #getRecordWriter}) files are named {@code <name>} plus the format's
 * {@linkplain #extension extension} and the codec's.
 */
public abstract class FileTableOutputFormat<V extends Writable> extends HiveIgnoreKeyTextOutputFormat<NullWritable, V> {
    private static final int BUFFER_SIZE = 64 * 1024;

    /** The files' format as messages name it, e.g. {@code BSON}. */
    protected abstract String format();

    /** The extension of the format's files outside Hive, e.g. {@code .bson}. */
    protected abstract String extension();

    /** The writer of the format's records to {@code out}, which it closes. */
    protected abstract FileSinkOperator.RecordWriter open(Path file, OutputStream out);

    @Override
    public final FileSinkOperator.RecordWriter getHiveRecordWriter(
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
        return open(finalOutPath, new BufferedOutputStream(out, BUFFER_SIZE));
    }

    /** For tools other than Hive: the task's file {@code <name>} plus the extension, and the codec's when compressed. */
    @Override
    public final RecordWriter<NullWritable, V> getRecordWriter(
            FileSystem ignored, JobConf job, String name, Progressable progress) throws IOException {
        boolean compressed = getCompressOutput(job);
        String fileExtension = extension() + (compressed ? codec(job).getDefaultExtension() : "");
        Path file = getTaskOutputPath(job, name + fileExtension);
        OutputStream out =
                Utilities.createCompressedStream(job, file.getFileSystem(job).create(file, progress), compressed);
        return new MapredRecordWriter<>(open(file, new BufferedOutputStream(out, BUFFER_SIZE)));
    }

    private static CompressionCodec codec(JobConf job) {
        return ReflectionUtils.newInstance(getOutputCompressorClass(job, DefaultCodec.class), job);
    }

    /** Readers pick the codec by the file's extension; it must be the codec the file is written with. */
    private void checkCodecMatchesExtension(JobConf job, Path file, String fileExtension, boolean compressed)
            throws IOException {
        CompressionCodec written = compressed ? codec(job) : null;
        CompressionCodec byName = new CompressionCodecFactory(job).getCodec(new Path("file" + fileExtension));
        Class<?> writtenClass = written == null ? null : written.getClass();
        Class<?> byNameClass = byName == null ? null : byName.getClass();
        if (!Objects.equals(writtenClass, byNameClass)) {
            throw new IOException("cannot write " + format() + " file " + file + " with the extension '"
                    + fileExtension + "': it would be written "
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
}
