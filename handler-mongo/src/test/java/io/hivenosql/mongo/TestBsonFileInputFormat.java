package io.hivenosql.mongo;

import static io.hivenosql.mongo.TestingBsonFiles.job;
import static io.hivenosql.mongo.TestingBsonFiles.read;
import static io.hivenosql.mongo.TestingBsonFiles.readAll;
import static io.hivenosql.mongo.TestingBsonFiles.table;
import static io.hivenosql.mongo.TestingBsonFiles.write;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.hive.RowWritable;
import io.hivenosql.api.hive.TestingProjections;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.PartitionDesc;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.apache.hadoop.io.compress.GzipCodec;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.util.ReflectionUtils;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestBsonFileInputFormat {
    private static final String COLUMNS = "id,n,name,tags";
    private static final String TYPES = "string:int:string:array<string>";

    @TempDir
    java.nio.file.Path temp;

    private FileSystem fs;
    private Path dir;
    private final BsonFileInputFormat format = new BsonFileInputFormat();

    @BeforeEach
    void setUp() throws IOException {
        fs = TestingBsonFiles.localFileSystem();
        dir = new Path(temp.resolve("person").toUri());
        fs.mkdirs(dir);
    }

    /** Documents numbered by {@code n}, of random sizes (0 to 2000 bytes of padding), from a fixed seed. */
    private static List<BsonDocument> documents(int count, int firstNumber) {
        Random random = new Random(1234 + firstNumber);
        List<BsonDocument> documents = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            BsonArray tags = new BsonArray();
            for (int t = random.nextInt(4); t > 0; t--) {
                tags.add(new BsonString("t" + random.nextInt(100)));
            }
            documents.add(new BsonDocument("_id", new org.bson.BsonObjectId(new ObjectId()))
                    .append("n", new BsonInt32(firstNumber + i))
                    .append("name", new BsonString("x".repeat(random.nextInt(2000))))
                    .append("tags", tags));
        }
        return documents;
    }

    private Properties table(Map<String, String> more) {
        Map<String, String> properties = new LinkedHashMap<>(TestingBsonFiles.mapping("{\"id\":\"_id\"}"));
        properties.putAll(more);
        return TestingBsonFiles.table("default.person_dump", COLUMNS, TYPES, dir, properties);
    }

    private static List<Integer> numbers(List<Object[]> rows) {
        return rows.stream().map(row -> (Integer) row[1]).toList();
    }

    @Test
    void cutsAnUncompressedFileAtDocumentBoundariesAndReadsEveryDocumentOnce() throws IOException {
        List<BsonDocument> documents = documents(2000, 0);
        List<Long> offsets = write(fs, new Path(dir, "person.bson"), documents);
        long fileLength = offsets.get(offsets.size() - 1);
        Set<Long> boundaries = new HashSet<>(offsets);
        JobConf job = job(dir, table(Map.of()));

        InputSplit[] splits = format.getSplits(job, 40);

        assertThat(splits).hasSizeBetween(35, 45);
        long expectedStart = 0;
        List<Integer> all = new ArrayList<>();
        for (InputSplit split : splits) {
            FileSplit fileSplit = (FileSplit) split;
            assertThat(fileSplit.getStart()).isEqualTo(expectedStart);
            assertThat(boundaries).contains(fileSplit.getStart(), fileSplit.getStart() + fileSplit.getLength());
            expectedStart += fileSplit.getLength();
            List<Integer> numbers = numbers(read(format, job, split));
            assertThat(numbers).isNotEmpty().isSorted();
            all.addAll(numbers);
        }
        assertThat(expectedStart).isEqualTo(fileLength);
        assertThat(all).hasSize(2000).doesNotHaveDuplicates().isSorted();
        assertThat(all.get(0)).isZero();
        assertThat(all.get(1999)).isEqualTo(1999);
    }

    @Test
    void givesEachDocumentItsOwnSplitWhenTheSplitSizeIsSmallerThanADocument() throws IOException {
        write(fs, new Path(dir, "person.bson"), documents(50, 0));
        JobConf job = job(dir, table(Map.of()));
        job.setLong(BsonFileInputFormat.SPLIT_MAXSIZE, 1);

        InputSplit[] splits = format.getSplits(job, 1);

        assertThat(splits).hasSize(50);
        assertThat(numbers(readAll(format, job, 1))).hasSize(50).isSorted();
        for (InputSplit split : splits) {
            assertThat(read(format, job, split)).hasSize(1);
        }
    }

    @Test
    void addsASmallRemainderToTheLastSplit() throws IOException {
        List<Long> offsets = write(fs, new Path(dir, "person.bson"), documents(300, 0));
        long fileLength = offsets.get(offsets.size() - 1);
        JobConf job = job(dir, table(Map.of()));
        // a split size just under the file's length: the remainder is far less than a tenth of it
        job.setLong(BsonFileInputFormat.SPLIT_MAXSIZE, fileLength - 10);

        assertThat(format.getSplits(job, 1)).hasSize(1);
    }

    @Test
    void readsEveryFileButHiddenEmptyAndMongodumpMetadataOnes() throws IOException {
        write(fs, new Path(dir, "a.bson"), documents(10, 0));
        write(fs, new Path(dir, "b.bson"), documents(5, 100));
        write(fs, new Path(dir, "empty.bson"), List.of());
        TestingBsonFiles.writeBytes(fs, new Path(dir, "_SUCCESS"), new byte[0]);
        TestingBsonFiles.writeBytes(fs, new Path(dir, "_garbage"), new byte[] {1, 2, 3});
        TestingBsonFiles.writeBytes(fs, new Path(dir, ".garbage.bson"), new byte[] {1, 2, 3});
        TestingBsonFiles.writeBytes(fs, new Path(dir, "a.metadata.json"), "{\"indexes\": []}".getBytes(UTF_8));
        TestingBsonFiles.writeBytes(fs, new Path(dir, "b.metadata.json.gz"), new byte[] {1, 2, 3});
        JobConf job = job(dir, table(Map.of()));

        InputSplit[] splits = format.getSplits(job, 1);

        assertThat(splits)
                .extracting(split -> ((FileSplit) split).getPath().getName())
                .containsExactlyInAnyOrder("a.bson", "b.bson");
        assertThat(numbers(readAll(format, job, 1)))
                .containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 100, 101, 102, 103, 104);
    }

    @Test
    void readsAnEmptyLocationAsNoRows() throws IOException {
        write(fs, new Path(dir, "empty.bson"), List.of());
        JobConf job = job(dir, table(Map.of()));

        assertThat(format.getSplits(job, 4)).isEmpty();
    }

    @Test
    void readsEachCompressedFileAsOneSplitWhateverTheCodec() throws IOException {
        TestingBsonFiles.writeCompressed(fs, new Path(dir, "a.bson.gz"), GzipCodec.class, documents(500, 0));
        // bzip2 is a splittable codec, but where documents start in it is still unknown
        TestingBsonFiles.writeCompressed(fs, new Path(dir, "b.bson.bz2"), BZip2Codec.class, documents(500, 1000));
        JobConf job = job(dir, table(Map.of()));
        job.setLong(BsonFileInputFormat.SPLIT_MAXSIZE, 1024);

        InputSplit[] splits = format.getSplits(job, 100);

        assertThat(splits).hasSize(2);
        for (InputSplit split : splits) {
            FileSplit fileSplit = (FileSplit) split;
            assertThat(fileSplit.getStart()).isZero();
            assertThat(fileSplit.getLength())
                    .isEqualTo(fs.getFileStatus(fileSplit.getPath()).getLen());
            List<Integer> numbers = numbers(read(format, job, split));
            assertThat(numbers).hasSize(500).isSorted();
            assertThat(numbers.get(0)).isIn(0, 1000);
        }
        assertThat(format.isSplitable(fs, new Path(dir, "a.bson.gz"))).isFalse();
        assertThat(format.isSplitable(fs, new Path(dir, "b.bson.bz2"))).isFalse();
        assertThat(format.isSplitable(fs, new Path(dir, "c.bson"))).isTrue();
        assertThat(format.shouldSkipCombine(dir, job)).isTrue();
    }

    @Test
    void failsOnALengthBelowFiveNamingTheFileAndOffset() throws IOException {
        List<BsonDocument> documents = documents(3, 0);
        byte[] good = concat(documents);
        Path file = new Path(dir, "person.bson");
        TestingBsonFiles.writeBytes(fs, file, concat(good, new byte[] {3, 0, 0, 0, 0, 0}));
        JobConf job = job(dir, table(Map.of()));
        job.setLong(BsonFileInputFormat.SPLIT_MAXSIZE, 100); // smaller than the file: planning walks it

        assertThatThrownBy(() -> format.getSplits(job, 1))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HNS-121 BAD_RECORD")
                .hasMessageContaining("person.bson")
                .hasMessageContaining("byte offset " + good.length)
                .hasMessageContaining("the document length 3 is less than 5");
    }

    @Test
    void failsOnALengthPastTheEndOfTheFile() throws IOException {
        byte[] good = concat(documents(2, 0));
        Path file = new Path(dir, "person.bson");
        TestingBsonFiles.writeBytes(fs, file, concat(good, new byte[] {(byte) 0xe8, 3, 0, 0, 1, 2, 3, 0}));
        JobConf job = job(dir, table(Map.of()));
        job.setLong(BsonFileInputFormat.SPLIT_MAXSIZE, 100); // smaller than the file: planning walks it

        assertThatThrownBy(() -> format.getSplits(job, 1))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("person.bson")
                .hasMessageContaining("byte offset " + good.length)
                .hasMessageContaining("the document length 1000 runs past the end of the file (8 bytes left)");
    }

    @Test
    void failsOnATruncatedLengthHeader() throws IOException {
        byte[] good = concat(documents(2, 0));
        TestingBsonFiles.writeBytes(fs, new Path(dir, "person.bson"), concat(good, new byte[] {7, 0}));
        JobConf job = job(dir, table(Map.of()));
        job.setLong(BsonFileInputFormat.SPLIT_MAXSIZE, 100); // smaller than the file: planning walks it

        assertThatThrownBy(() -> format.getSplits(job, 1))
                .hasMessageContaining("byte offset " + good.length)
                .hasMessageContaining("truncated");
    }

    @Test
    void failsOnADocumentThatDoesNotEndWithAZeroByte() throws IOException {
        byte[] bytes = concat(documents(2, 0));
        bytes[bytes.length - 1] = 7;
        TestingBsonFiles.writeBytes(fs, new Path(dir, "person.bson"), bytes);
        JobConf job = job(dir, table(Map.of()));
        InputSplit[] splits = format.getSplits(job, 1);

        assertThatThrownBy(() -> read(format, job, splits[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("person.bson")
                .hasMessageContaining("does not end with a 0 byte");
    }

    @Test
    void failsOnACorruptCompressedFileWhenReadingIt() throws IOException {
        byte[] good = concat(documents(4, 0));
        Path file = new Path(dir, "person.bson.gz");
        // a codec with its configuration, as Hadoop's own code makes them (Hadoop 3.4's gzip compressor reads it)
        GzipCodec codec = ReflectionUtils.newInstance(GzipCodec.class, fs.getConf());
        try (var out = codec.createOutputStream(fs.create(file))) {
            out.write(good);
            out.write(new byte[] {-1, -1, -1, 127, 0});
        }
        JobConf job = job(dir, table(Map.of()));
        InputSplit[] splits = format.getSplits(job, 1);

        assertThat(splits).hasSize(1);
        assertThatThrownBy(() -> read(format, job, splits[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("person.bson.gz")
                .hasMessageContaining("decompressed byte offset " + good.length)
                .hasMessageContaining("exceeds");
    }

    @Test
    void readsOnlyTheProjectedColumns() throws IOException {
        List<BsonDocument> documents = documents(5, 0);
        documents.get(2).put("n", new BsonString("two")); // not read: no bad record
        write(fs, new Path(dir, "person.bson"), documents);
        JobConf job = job(dir, table(Map.of()));
        TestingProjections.readOnly(job, List.of(2), List.of("name"));

        List<Object[]> rows = readAll(format, job, 1);

        assertThat(rows).hasSize(5);
        assertThat(rows).allSatisfy(row -> {
            assertThat(row[0]).isNull();
            assertThat(row[1]).isNull();
            assertThat(row[2]).isInstanceOf(String.class);
        });
    }

    @Test
    void failsOnABadValueNamingTableColumnIdAndOffset() throws IOException {
        List<BsonDocument> documents = documents(5, 0);
        documents.get(3).put("n", new BsonString("three"));
        String id = documents.get(3).getObjectId("_id").getValue().toHexString();
        List<Long> offsets = write(fs, new Path(dir, "person.bson"), documents);
        JobConf job = job(dir, table(Map.of()));

        assertThatThrownBy(() -> readAll(format, job, 1))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HNS-121 BAD_RECORD")
                .hasMessageContaining("table default.person_dump")
                .hasMessageContaining(id)
                .hasMessageContaining("byte offset " + offsets.get(3))
                .hasMessageContaining("person.bson")
                .hasMessageContaining("column 'n'")
                .hasMessageContaining("three");
    }

    @Test
    void readsABadValueAsNullUnderThePolicyNull() throws IOException {
        List<BsonDocument> documents = documents(5, 0);
        documents.get(3).put("n", new BsonString("three"));
        write(fs, new Path(dir, "person.bson"), documents);
        JobConf job = job(dir, table(Map.of(NoSqlTableProperties.BAD_RECORD_POLICY.key(), "null")));

        assertThat(numbers(readAll(format, job, 1))).containsExactly(0, 1, 2, null, 4);
    }

    @Test
    void skipsTheDocumentOfABadValueUnderThePolicySkip() throws IOException {
        List<BsonDocument> documents = documents(5, 0);
        documents.get(3).put("n", new BsonString("three"));
        write(fs, new Path(dir, "person.bson"), documents);
        JobConf job = job(dir, table(Map.of(NoSqlTableProperties.BAD_RECORD_POLICY.key(), "skip")));

        assertThat(numbers(readAll(format, job, 1))).containsExactly(0, 1, 2, 4);
    }

    @Test
    void findsTheTableInTheQueryPlanOfATask() throws IOException {
        Path partition = new Path(dir, "yob=1970");
        fs.mkdirs(partition);
        List<BsonDocument> documents = documents(5, 0);
        documents.get(1).put("n", new BsonString("one"));
        write(fs, new Path(partition, "person.bson"), documents);
        Properties properties = table(Map.of(NoSqlTableProperties.BAD_RECORD_POLICY.key(), "skip"));
        MapWork work = new MapWork();
        work.addPathToPartitionInfo(
                partition,
                new PartitionDesc(
                        new TableDesc(BsonFileInputFormat.class, BsonFileOutputFormat.class, properties),
                        new LinkedHashMap<>(Map.of("yob", "1970"))));
        JobConf job = job(partition, null); // no SerDe registered the table: a task finds it in the plan
        HiveConf.setVar(
                job, HiveConf.ConfVars.PLAN, new Path(temp.resolve("plan").toUri()).toString());
        Utilities.setMapWork(job, work);
        try {
            assertThat(numbers(readAll(format, job, 1))).containsExactly(0, 2, 3, 4);
        } finally {
            Utilities.clearWork(job);
        }
    }

    @Test
    void overlaysAPartitionsPropertiesOnItsTablesFromTheQueryPlan() throws IOException {
        Path partition = new Path(dir, "yob=1971");
        fs.mkdirs(partition);
        List<BsonDocument> documents = documents(5, 0);
        documents.get(2).put("n", new BsonString("two"));
        write(fs, new Path(partition, "person.bson"), documents);
        // the table's TBLPROPERTIES say skip; the partition's own properties (its SerDe's) do not have the key
        Properties tableProperties = table(Map.of(NoSqlTableProperties.BAD_RECORD_POLICY.key(), "skip"));
        Properties partitionProperties = table(Map.of());
        PartitionDesc desc = new PartitionDesc(
                new TableDesc(BsonFileInputFormat.class, BsonFileOutputFormat.class, tableProperties),
                new LinkedHashMap<>(Map.of("yob", "1971")));
        desc.setProperties(partitionProperties);
        MapWork work = new MapWork();
        work.addPathToPartitionInfo(partition, desc);
        JobConf job = job(partition, null);
        HiveConf.setVar(
                job, HiveConf.ConfVars.PLAN, new Path(temp.resolve("plan").toUri()).toString());
        Utilities.setMapWork(job, work);
        try {
            assertThat(numbers(readAll(format, job, 1))).containsExactly(0, 1, 3, 4);
        } finally {
            Utilities.clearWork(job);
        }
    }

    @Test
    void readsAFileOfOneSplitWithoutWalkingItAtPlanningTime() throws IOException {
        // a corrupt length in a file no larger than the split size: planning does not read the file, the reader fails
        byte[] good = concat(documents(3, 0));
        TestingBsonFiles.writeBytes(fs, new Path(dir, "person.bson"), concat(good, new byte[] {3, 0, 0, 0, 0, 0}));
        JobConf job = job(dir, table(Map.of()));

        InputSplit[] splits = format.getSplits(job, 1);

        assertThat(splits).hasSize(1);
        assertThat(((FileSplit) splits[0]).getStart()).isZero();
        assertThat(((FileSplit) splits[0]).getLength()).isEqualTo(good.length + 6L);
        assertThatThrownBy(() -> read(format, job, splits[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("person.bson")
                .hasMessageContaining("byte offset " + good.length)
                .hasMessageContaining("the document length 3 is less than 5");
    }

    @Test
    void takesTheDeepestRegisteredLocationAboveTheFile() throws IOException {
        Path inner = new Path(dir, "inner");
        fs.mkdirs(inner);
        List<BsonDocument> documents = documents(3, 0);
        documents.get(0).put("n", new BsonString("zero"));
        write(fs, new Path(inner, "person.bson"), documents);
        JobConf job = job(inner, table(Map.of())); // the outer table fails on bad values
        Properties innerTable = TestingBsonFiles.table(
                "default.inner", COLUMNS, TYPES, inner, Map.of(NoSqlTableProperties.BAD_RECORD_POLICY.key(), "null"));
        TestingBsonFiles.register(job, innerTable);

        assertThat(numbers(readAll(format, job, 1))).containsExactly(null, 1, 2);
    }

    @Test
    void failsClearlyWhenNoTableOwnsTheFile() throws IOException {
        write(fs, new Path(dir, "person.bson"), documents(2, 0));
        JobConf job = job(dir, null);
        InputSplit[] splits = format.getSplits(job, 1);

        assertThatThrownBy(() -> read(format, job, splits[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("cannot tell which table the BSON file")
                .hasMessageContaining("person.bson")
                .hasMessageContaining(BsonSerDe.class.getName());
    }

    @Test
    void reportsProgressAndPositionInBytes() throws IOException {
        write(fs, new Path(dir, "person.bson"), documents(10, 0));
        JobConf job = job(dir, table(Map.of()));
        InputSplit split = format.getSplits(job, 1)[0];

        RecordReader<NullWritable, RowWritable> reader = format.getRecordReader(split, job, null);
        try {
            NullWritable key = reader.createKey();
            RowWritable value = reader.createValue();
            assertThat(reader.getProgress()).isZero();
            assertThat(reader.next(key, value)).isTrue();
            assertThat(reader.getProgress()).isBetween(0.01f, 0.99f);
            while (reader.next(key, value)) {
                assertThat(value.values()).hasSize(4);
            }
            assertThat(reader.getProgress()).isEqualTo(1.0f);
            assertThat(reader.getPos()).isEqualTo(split.getLength());
        } finally {
            reader.close();
        }
    }

    private static byte[] concat(List<BsonDocument> documents) {
        byte[] result = new byte[0];
        for (BsonDocument document : documents) {
            result = concat(result, TestingBsonFiles.bytes(document));
        }
        return result;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] result = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, result, a.length, b.length);
        return result;
    }
}
