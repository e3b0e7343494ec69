package io.hivenosql.json;

import static io.hivenosql.json.TestingJsonFiles.job;
import static io.hivenosql.json.TestingJsonFiles.read;
import static io.hivenosql.json.TestingJsonFiles.readAll;
import static io.hivenosql.json.TestingJsonFiles.write;
import static io.hivenosql.json.TestingJsonFiles.writeCompressed;
import static io.hivenosql.json.TestingJsonFiles.writeLines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.hive.NoSqlCounters;
import io.hivenosql.api.hive.RowWritable;
import io.hivenosql.sandbox.hadoop.TestingReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.compress.GzipCodec;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestJsonInputFormat {
    private static final String COLUMNS = "n,name,tags";
    private static final String TYPES = "int:string:array<string>";
    private static final String POLICY = NoSqlTableProperties.BAD_RECORD_POLICY.key();

    @TempDir
    java.nio.file.Path temp;

    private FileSystem fs;
    private Path dir;
    private final JsonInputFormat format = new JsonInputFormat();

    @BeforeEach
    void setUp() throws IOException {
        fs = TestingJsonFiles.localFileSystem();
        dir = new Path(temp.resolve("events").toUri());
        fs.mkdirs(dir);
    }

    private Properties table(Map<String, String> more) {
        return TestingJsonFiles.table("default.events", COLUMNS, TYPES, dir, more);
    }

    private JobConf job(Map<String, String> more) throws IOException {
        return TestingJsonFiles.job(dir, table(more));
    }

    /** Lines numbered by {@code n} from {@code first}, with names of random letters and lengths, from a fixed seed. */
    private static List<String> lines(int count, int first) {
        Random random = new Random(1234 + first);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            char[] name = new char[random.nextInt(300)];
            for (int c = 0; c < name.length; c++) {
                name[c] = (char) ('a' + random.nextInt(26));
            }
            lines.add(line(first + i, new String(name), random.nextInt(4)));
        }
        return lines;
    }

    private static String line(int n, String name, int tags) {
        List<String> values = new ArrayList<>();
        for (int t = 0; t < tags; t++) {
            values.add("\"t" + t + "\"");
        }
        return "{\"n\":" + n + ",\"name\":\"" + name + "\",\"tags\":[" + String.join(",", values) + "]}";
    }

    private static List<Integer> numbers(List<Object[]> rows) {
        return rows.stream().map(row -> (Integer) row[0]).toList();
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> result = new ArrayList<>();
        for (int i = from; i < to; i++) {
            result.add(i);
        }
        return result;
    }

    @Test
    void readsEveryLineOfAFileCutIntoManySmallSplitsExactlyOnce() throws IOException {
        List<String> lines = lines(500, 0);
        List<Long> offsets = writeLines(fs, new Path(dir, "events.json"), lines);
        JobConf job = job(Map.of());

        // 1000 splits: most are shorter than a line, many hold no line start
        for (int numSplits : new int[] {1, 7, 100, 1000}) {
            InputSplit[] splits = format.getSplits(job, numSplits);

            assertThat(splits).hasSizeGreaterThanOrEqualTo(numSplits);
            List<Object[]> rows = new ArrayList<>();
            long expectedStart = 0;
            for (InputSplit split : splits) {
                assertThat(((FileSplit) split).getStart()).isEqualTo(expectedStart);
                expectedStart += split.getLength();
                rows.addAll(read(format, job, split, Reporter.NULL));
            }
            assertThat(expectedStart).isEqualTo(offsets.get(offsets.size() - 1));
            assertThat(numbers(rows)).isEqualTo(range(0, 500));
            for (int i = 0; i < lines.size(); i++) {
                assertThat(line((Integer) rows.get(i)[0], (String) rows.get(i)[1], ((List<?>) rows.get(i)[2]).size()))
                        .isEqualTo(lines.get(i));
            }
        }
    }

    @Test
    void namesTheExactLineOfTheFirstLineOfEverySplit() throws IOException {
        // every line is bad: the first line each split reads fails, naming its line number in the file
        List<String> lines = new ArrayList<>();
        for (String good : lines(300, 0)) {
            lines.add(good.replaceFirst("\"n\":(\\d+)", "\"n\":\"n$1\""));
        }
        Path file = new Path(dir, "events.json");
        List<Long> offsets = writeLines(fs, file, lines);
        JobConf job = job(Map.of());

        InputSplit[] splits = format.getSplits(job, 120);

        assertThat(splits).hasSizeGreaterThanOrEqualTo(120);
        int checked = 0;
        for (InputSplit split : splits) {
            FileSplit fileSplit = (FileSplit) split;
            int first = firstLineOf(offsets, fileSplit.getStart(), fileSplit.getStart() + fileSplit.getLength());
            if (first < 0) {
                assertThat(read(format, job, split, Reporter.NULL)).isEmpty();
                continue;
            }
            assertThatThrownBy(() -> read(format, job, split, Reporter.NULL))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("HNS-121 BAD_RECORD")
                    .hasMessageContaining(
                            "table default.events, file " + file + ", line " + (first + 1) + ", column 'n': ")
                    .hasMessageContaining("n" + first);
            checked++;
        }
        assertThat(checked).isGreaterThan(100);
    }

    /** The index of the first line a split reads (Hadoop's rule: the lines that start in (start, end]), or -1. */
    private static int firstLineOf(List<Long> offsets, long start, long end) {
        for (int i = 0; i < offsets.size() - 1; i++) {
            long offset = offsets.get(i);
            if ((start == 0 ? offset >= 0 : offset > start) && offset <= end) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void namesTheExactLineOfABadLineInTheFirstSplit() throws IOException {
        List<String> lines = new ArrayList<>(lines(1000, 0));
        lines.set(6, "{\"n\":6,\"name\":\"six\",\"tags\":[\"a\"]} trailing");
        Path file = new Path(dir, "events.json");
        writeLines(fs, file, lines);
        JobConf job = job(Map.of());
        InputSplit[] splits = format.getSplits(job, 10);

        assertThat(((FileSplit) splits[0]).getStart()).isZero();
        assertThatThrownBy(() -> read(format, job, splits[0], Reporter.NULL))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(
                        "HNS-121 BAD_RECORD: table default.events, file " + file + ", line 7: " + "malformed JSON")
                .hasMessageContaining("trailing")
                .hasCauseInstanceOf(io.hivenosql.api.error.HandlerException.class);
    }

    @Test
    void namesTheExactLineOfABadLineInALaterSplit() throws IOException {
        List<String> lines = new ArrayList<>(lines(2000, 0));
        lines.set(1733, line(1733, "bad", 1).replace("\"n\":1733", "\"n\":17.5"));
        Path file = new Path(dir, "events.json");
        List<Long> offsets = writeLines(fs, file, lines);
        JobConf job = job(Map.of());
        InputSplit[] splits = format.getSplits(job, 20);
        FileSplit holder = Arrays.stream(splits)
                .map(FileSplit.class::cast)
                .filter(split -> split.getStart() < offsets.get(1733)
                        && offsets.get(1733) <= split.getStart() + split.getLength())
                .findFirst()
                .orElseThrow();
        assertThat(holder.getStart()).isGreaterThan(offsets.get(1000));
        assertThat(firstLineOf(offsets, holder.getStart(), offsets.get(1733))).isLessThan(1733);

        assertThatThrownBy(() -> read(format, job, holder, Reporter.NULL))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("file " + file + ", line 1734, column 'n'")
                .hasMessageContaining("17.5");
        assertThatThrownBy(() -> readAll(format, job, 20, Reporter.NULL))
                .hasMessageContaining("file " + file + ", line 1734, column 'n'");
    }

    @Test
    void readsAGzipFileAsOneSplit() throws IOException {
        Path file = new Path(dir, "events.json.gz");
        List<String> lines = new ArrayList<>(lines(3000, 0));
        writeCompressed(fs, file, GzipCodec.class, lines);
        JobConf job = job(Map.of());

        InputSplit[] splits = format.getSplits(job, 50);

        assertThat(splits).hasSize(1);
        assertThat(((FileSplit) splits[0]).getLength())
                .isEqualTo(fs.getFileStatus(file).getLen());
        assertThat(numbers(read(format, job, splits[0], Reporter.NULL))).isEqualTo(range(0, 3000));
        assertThat(format.isSplitable(fs, file)).isFalse();
        assertThat(format.isSplitable(fs, new Path(dir, "events.json"))).isTrue();
        assertThat(format.isSplitable(fs, new Path(dir, "events.json.bz2"))).isTrue();

        lines.set(2500, "{\"n\":2500,");
        writeCompressed(fs, file, GzipCodec.class, lines);
        assertThatThrownBy(() -> readAll(format, job, 50, Reporter.NULL))
                .hasMessageContaining("file " + file + ", line 2501: malformed JSON");
    }

    @Test
    void readsABzip2FileInSplitsNamingExactLines() throws IOException {
        // bzip2 is splittable at its blocks: 100 kB blocks of 750 kB of lines, read by splits of about 1 block each
        Path file = new Path(dir, "events.json.bz2");
        List<String> lines = new ArrayList<>(lines(4_000, 0));
        lines.set(3_500, "[3500]");
        TestingJsonFiles.writeBzip2(fs, file, 1, lines);
        JobConf job = job(Map.of(POLICY, "null"));

        InputSplit[] splits = format.getSplits(job, 8);
        List<Object[]> rows = new ArrayList<>();
        int splitsWithRows = 0;
        FileSplit holder = null;
        for (InputSplit split : splits) {
            List<Object[]> read = read(format, job, split, Reporter.NULL);
            splitsWithRows += read.isEmpty() ? 0 : 1;
            if (read.stream().anyMatch(row -> row[0] == null)) {
                holder = (FileSplit) split;
            }
            rows.addAll(read);
        }

        assertThat(splitsWithRows).isGreaterThanOrEqualTo(4);
        List<Integer> expected = new ArrayList<>(range(0, 4_000));
        expected.set(3_500, null);
        assertThat(numbers(rows)).isEqualTo(expected);
        assertThat(holder).isNotNull();
        assertThat(holder.getStart()).isPositive();
        JobConf failing = job(Map.of());
        InputSplit bad = holder;
        assertThatThrownBy(() -> read(format, failing, bad, Reporter.NULL))
                .hasMessageContaining("file " + file + ", line 3501: malformed JSON")
                .hasMessageContaining("'[3500]'");
    }

    @Test
    void readsABadValueAsNullAndAMalformedLineAsAllNullsUnderThePolicyNull() throws IOException {
        List<String> lines = new ArrayList<>(lines(10, 0));
        lines.set(3, "{\"n\":\"three\",\"name\":\"three\",\"tags\":[]}");
        lines.set(7, "not json");
        writeLines(fs, new Path(dir, "events.json"), lines);
        JobConf job = job(Map.of(POLICY, "null"));
        TestingReporter reporter = new TestingReporter();

        List<Object[]> rows = readAll(format, job, 1, reporter);

        assertThat(numbers(rows)).containsExactly(0, 1, 2, null, 4, 5, 6, null, 8, 9);
        assertThat(rows.get(3)[1]).isEqualTo("three");
        assertThat(rows.get(7)).containsOnlyNulls();
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_READ))
                .isEqualTo(10);
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_NULLED))
                .isEqualTo(2);
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_SKIPPED))
                .isZero();
    }

    @Test
    void skipsBadLinesUnderThePolicySkip() throws IOException {
        List<String> lines = new ArrayList<>(lines(10, 0));
        lines.set(0, "{\"n\":\"zero\"}");
        lines.set(3, "{\"n\":300000000000}");
        lines.set(7, "{");
        lines.set(9, "");
        writeLines(fs, new Path(dir, "events.json"), lines);
        JobConf job = job(Map.of(POLICY, "skip"));
        TestingReporter reporter = new TestingReporter();

        List<Object[]> rows = readAll(format, job, 1, reporter);

        assertThat(numbers(rows)).containsExactly(1, 2, 4, 5, 6, 8);
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_READ))
                .isEqualTo(6);
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_SKIPPED))
                .isEqualTo(4);
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_NULLED))
                .isZero();
    }

    @Test
    void countsInBatchesAndFlushesAtClose() throws IOException {
        List<String> lines = new ArrayList<>(lines(2500, 0));
        for (int i = 0; i < 1200; i++) {
            lines.set(i, "{\"n\":\"bad\"}");
        }
        writeLines(fs, new Path(dir, "events.json"), lines);
        JobConf job = job(Map.of(POLICY, "skip"));
        TestingReporter reporter = new TestingReporter();
        InputSplit[] splits = format.getSplits(job, 1);
        RecordReader<LongWritable, RowWritable> reader = format.getRecordReader(splits[0], job, reporter);
        try {
            LongWritable key = reader.createKey();
            RowWritable value = reader.createValue();
            assertThat(reader.next(key, value)).isTrue();
            assertThat(value.values()[0]).isEqualTo(1200);
            // the skipped lines were counted in a batch; the rows are not yet
            assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_SKIPPED))
                    .isEqualTo(1000);
            assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_READ))
                    .isZero();
            int read = 1;
            while (reader.next(key, value)) {
                read++;
            }
            assertThat(read).isEqualTo(1300);
        } finally {
            reader.close();
        }
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_SKIPPED))
                .isEqualTo(1200);
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_READ))
                .isEqualTo(1300);
        reader.close(); // twice: counted once
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_READ))
                .isEqualTo(1300);
    }

    @Test
    void readsCrlfLinesAndTreatsAnEmptyLineAsMalformed() throws IOException {
        Path file = new Path(dir, "events.json");
        write(
                fs,
                file,
                "\uFEFF{\"n\":1,\"name\":\"one\"}\r\n{\"n\":2,\"name\":\"two\"}\r\n\r\n{\"n\":4,\"name\":\"four\"}\r\n"
                        + "{\"n\":5,\"name\":\"five\"}");

        List<Object[]> rows = readAll(format, job(Map.of(POLICY, "skip")), 1, Reporter.NULL);

        assertThat(numbers(rows)).containsExactly(1, 2, 4, 5);
        assertThat(rows).extracting(row -> row[1]).containsExactly("one", "two", "four", "five");
        assertThat(numbers(readAll(format, job(Map.of(POLICY, "null")), 1, Reporter.NULL)))
                .containsExactly(1, 2, null, 4, 5);
        assertThatThrownBy(() -> readAll(format, job(Map.of()), 1, Reporter.NULL))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("file " + file + ", line 3: malformed JSON")
                .hasMessageContaining("empty");
    }

    @Test
    void keysRowsByTheirLinesByteOffset() throws IOException {
        List<Long> offsets = writeLines(fs, new Path(dir, "events.json"), lines(5, 0));
        JobConf job = job(Map.of());
        InputSplit split = format.getSplits(job, 1)[0];
        RecordReader<LongWritable, RowWritable> reader = format.getRecordReader(split, job, Reporter.NULL);
        try {
            LongWritable key = reader.createKey();
            RowWritable value = reader.createValue();
            assertThat(reader.getProgress()).isZero();
            for (int i = 0; i < 5; i++) {
                assertThat(reader.next(key, value)).isTrue();
                assertThat(key.get()).isEqualTo(offsets.get(i));
                assertThat(reader.getPos()).isEqualTo(offsets.get(i + 1));
            }
            assertThat(reader.next(key, value)).isFalse();
            assertThat(reader.getProgress()).isEqualTo(1.0f);
        } finally {
            reader.close();
        }
    }

    @Test
    void readsLinesLongerThanHadoopsMaximumLineLength() throws IOException {
        writeLines(fs, new Path(dir, "events.json"), lines(20, 0));
        JobConf job = job(Map.of());
        job.setInt(JsonLineRecordReader.MAX_LINE_LENGTH, 40);

        assertThat(numbers(readAll(format, job, 3, Reporter.NULL))).isEqualTo(range(0, 20));
    }

    @Test
    void readsEveryFileButHiddenOnes() throws IOException {
        writeLines(fs, new Path(dir, "a.json"), lines(3, 0));
        writeLines(fs, new Path(dir, "b.json"), lines(2, 10));
        writeLines(fs, new Path(dir, "empty.json"), List.of());
        write(fs, new Path(dir, "_SUCCESS"), "");
        write(fs, new Path(dir, ".hidden.json"), "garbage");
        write(fs, new Path(dir, "_temporary.json"), "garbage");

        assertThat(numbers(readAll(format, job(Map.of()), 1, Reporter.NULL)))
                .containsExactlyInAnyOrder(0, 1, 2, 10, 11);
    }

    @Test
    void failsClearlyWhenNoTableOwnsTheFile() throws IOException {
        writeLines(fs, new Path(dir, "events.json"), lines(2, 0));
        JobConf job = TestingJsonFiles.job(dir, null);
        InputSplit split = format.getSplits(job, 1)[0];

        assertThatThrownBy(() -> read(format, job, split, Reporter.NULL))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("cannot tell which table the JSON file")
                .hasMessageContaining("events.json")
                .hasMessageContaining("ROW FORMAT SERDE '" + JsonSerDe.class.getName() + "'")
                .hasMessageContaining("STORED AS INPUTFORMAT '" + JsonInputFormat.class.getName() + "' OUTPUTFORMAT "
                        + "'org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat'");
    }

    @Test
    void hasTheRowsTheSerDeHandsToHive() throws Exception {
        writeLines(fs, new Path(dir, "events.json"), List.of(line(7, "seven", 2)));
        Properties table = table(Map.of());
        JobConf job = TestingJsonFiles.job(dir, table);
        JsonSerDe serDe = new JsonSerDe();
        serDe.initialize(job, table, null);
        InputSplit split = format.getSplits(job, 1)[0];
        RecordReader<LongWritable, RowWritable> reader = format.getRecordReader(split, job, Reporter.NULL);
        try {
            LongWritable key = reader.createKey();
            RowWritable value = reader.createValue();
            assertThat(reader.next(key, value)).isTrue();
            assertThat(new ArrayList<Object>((List<?>) serDe.deserialize(value)))
                    .containsExactly(7, "seven", List.of("t0", "t1"));
        } finally {
            reader.close();
        }
    }
}
