package io.hivenosql.json;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.file.FileRecordReader;
import io.hivenosql.api.hive.NoSqlCounters;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;
import java.util.function.Supplier;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.LineRecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the lines of one split of a JSON-lines file as rows: Hadoop's {@link LineRecordReader} cuts the split into
 * lines (split boundaries, codecs, CRLF), {@link JsonLines} turns each into the row's Hive values under the table's
 * bad-record policy (fail naming file and line number, NULLs, or skip the line). Counts the lines in the
 * {@value NoSqlCounters#GROUP} counters (in batches, flushed at close) and logs the totals at close.
 *
 * <p>Line numbers are exact and 1-based within the file: the number of lines before the split (0 for the first split;
 * otherwise counted once, on the first error, by reading the file up to the split's first line with the same line
 * rules) plus the line's index in the split.
 */
final class JsonLineRecordReader extends FileRecordReader<LongWritable> {
    /** TextInputFormat's key for a record delimiter other than LF / CRLF / CR. */
    static final String RECORD_DELIMITER = "textinputformat.record.delimiter";
    /** Hadoop drops lines longer than this silently; not applied here (every line goes through the policy). */
    static final String MAX_LINE_LENGTH = org.apache.hadoop.mapreduce.lib.input.LineRecordReader.MAX_LINE_LENGTH;

    private static final Logger LOG = LoggerFactory.getLogger(JsonLineRecordReader.class);

    private final JobConf job;
    private final byte[] delimiter;
    private final LineRecordReader lines;
    private final JsonLines json;
    private final Text line = new Text();
    private final Supplier<String> where = this::where;

    private long index;
    private long linesBefore = -1;

    private JsonLineRecordReader(
            FileSplit split,
            JobConf job,
            byte[] delimiter,
            LineRecordReader lines,
            JsonLines json,
            TableContext table,
            Reporter reporter) {
        super(table, json.badRecords(), split, reporter);
        this.job = job;
        this.delimiter = delimiter;
        this.lines = lines;
        this.json = json;
    }

    /** Opens the split's lines; {@code job} is the task's configuration. */
    static JsonLineRecordReader open(FileSplit split, JobConf job, TableContext table, Reporter reporter)
            throws IOException {
        requireNonNull(split, "split is null");
        requireNonNull(table, "table is null");
        JsonLines json;
        try {
            json = new JsonLines(table, JsonTables.layout(table.config(), table.mapping()));
        } catch (HandlerException e) {
            throw new IOException(e.getMessage(), e);
        }
        JobConf conf = withoutMaxLineLength(requireNonNull(job, "job is null"));
        String delimiterText = conf.get(RECORD_DELIMITER);
        byte[] delimiter = delimiterText == null ? null : delimiterText.getBytes(UTF_8);
        LineRecordReader lines = new LineRecordReader(conf, split, delimiter);
        return new JsonLineRecordReader(split, conf, delimiter, lines, json, table, reporter);
    }

    private static JobConf withoutMaxLineLength(JobConf job) {
        if (job.get(MAX_LINE_LENGTH) == null) {
            return job;
        }
        JobConf copy = new JobConf(job);
        copy.unset(MAX_LINE_LENGTH);
        return copy;
    }

    @Override
    protected boolean advance(LongWritable key) throws IOException {
        if (!lines.next(key, line)) {
            return false;
        }
        index++;
        return true;
    }

    /** The current line's row; the row's array is reused by the next line. */
    @Override
    protected boolean convert(Object[] row) {
        return json.read(line.getBytes(), line.getLength(), where, row);
    }

    /** Where the current line is, for messages: {@code file <path>, line <n>}. */
    private String where() {
        return "file " + split().getPath() + ", line " + lineNumber();
    }

    private String lineNumber() {
        try {
            return Long.toString(linesBefore() + index);
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot count the lines of {} before byte {}", split().getPath(), split().getStart(), e);
            return index + " of the split starting at byte " + split().getStart()
                    + " (the lines before the split could " + "not be counted: " + e.getMessage() + ")";
        }
    }

    /**
     * The lines of the file before the split's first line: those a reader of the split {@code [0, start)} returns, as
     * each line belongs to the split in which it starts whatever the split boundaries.
     */
    private long linesBefore() throws IOException {
        if (linesBefore < 0) {
            linesBefore = split().getStart() == 0 ? 0 : countLines(split().getPath(), split().getStart());
        }
        return linesBefore;
    }

    private long countLines(Path path, long end) throws IOException {
        long started = System.nanoTime();
        LineRecordReader prefix = new LineRecordReader(job, new FileSplit(path, 0, end, (String[]) null), delimiter);
        long count = 0;
        try {
            LongWritable offset = prefix.createKey();
            Text text = prefix.createValue();
            while (prefix.next(offset, text)) {
                count++;
            }
        } finally {
            prefix.close();
        }
        LOG.debug("{} lines before byte {} of {} ({} ms)", count, end, path, (System.nanoTime() - started) / 1_000_000);
        return count;
    }

    @Override
    public LongWritable createKey() {
        return lines.createKey();
    }

    /** The file offset after the last line read (as Hadoop's line reader tells it). */
    @Override
    public long getPos() throws IOException {
        return lines.getPos();
    }

    @Override
    public float getProgress() throws IOException {
        return lines.getProgress();
    }

    @Override
    protected String readSummary(long rows) {
        return "read " + index + " lines into " + rows + " rows";
    }

    /** Closes the file (and returns any decompressor to Hadoop's pool). */
    @Override
    protected void closeInput() throws IOException {
        lines.close();
    }
}
