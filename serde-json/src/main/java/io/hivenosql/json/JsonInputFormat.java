package io.hivenosql.json;

import io.hivenosql.api.file.FileTableInputFormat;
import io.hivenosql.api.file.FileTables;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.SplittableCompressionCodec;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.JobConfigurable;
import org.apache.hadoop.mapred.Reporter;

/**
 * The full-featured reader of JSON-lines tables ({@link JsonSerDe}): knows each line's file and exact line number for
 * error messages, and can drop lines, so that {@code 'nosql.bad-record.policy'='skip'} works.
 *
 * <pre>{@code
 * CREATE EXTERNAL TABLE events (id bigint, city string, tags array<string>)
 * ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe'
 * WITH SERDEPROPERTIES ('json.columns.mapping'='{"city":"address.city"}', 'nosql.bad-record.policy'='skip')
 * STORED AS INPUTFORMAT 'io.hivenosql.json.JsonInputFormat'
 *   OUTPUTFORMAT 'org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat'
 * LOCATION '/data/events';
 * }</pre>
 *
 * <p>Splits and lines are Hadoop's text ones, as with {@code STORED AS TEXTFILE}: uncompressed files are cut into
 * splits of Hadoop's split size, files compressed by a splittable codec (bzip2) too, files of other codecs (gzip) are
 * one split each; lines end at LF, CRLF or CR (or at {@code textinputformat.record.delimiter} when set), and a UTF-8
 * byte order mark is skipped. Unlike Hive's text format, every line is read whole and goes through the bad-record
 * policy: {@code mapreduce.input.linerecordreader.line.maxlength}, which would drop long lines silently, is not
 * applied. The key is the line's byte offset (as with {@code TextInputFormat}), the value the row of Hive values the
 * reader converted ({@link JsonLineRecordReader}).
 *
 * <p>The reader finds its table in the query plan (Tez, MapReduce) or in the job configuration where {@link JsonSerDe}
 * registered it (HiveServer2's fetch tasks), see {@link FileTables}.
 */
public class JsonInputFormat extends FileTableInputFormat<LongWritable> implements JobConfigurable {
    /**
     * Finds a file's table: in the query plan, or registered by {@link JsonSerDe} (fetch tasks); keeps the
     * {@code json.*} and {@code nosql.*} properties.
     */
    static final FileTables FILE_TABLES = new FileTables(
            "JSON",
            List.of("json.", "nosql."),
            JsonSerDe.class.getName(),
            JsonInputFormat.class.getName(),
            HiveIgnoreKeyTextOutputFormat.class.getName()); // named beside JsonInputFormat in the DDL

    private CompressionCodecFactory codecs;

    public JsonInputFormat() {
        super(new JsonTableModel(), FILE_TABLES);
    }

    @Override
    public void configure(JobConf job) {
        codecs = new CompressionCodecFactory(job);
    }

    /** Uncompressed files, and files of splittable codecs. */
    @Override
    protected boolean isSplitable(FileSystem fs, Path file) {
        CompressionCodecFactory factory = codecs == null ? new CompressionCodecFactory(fs.getConf()) : codecs;
        CompressionCodec codec = factory.getCodec(file);
        return codec == null || codec instanceof SplittableCompressionCodec;
    }

    @Override
    protected JsonLineRecordReader openReader(FileSplit split, JobConf job, TableContext table, Reporter reporter)
            throws IOException {
        return JsonLineRecordReader.open(split, job, table, reporter);
    }
}
