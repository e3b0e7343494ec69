package io.hivenosql.api.hive;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hadoop.TestingReporter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatchCtx;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A vectorized task (Hive's map work in vector mode) gets column batches from the input format, filled with the values
 * a row-mode reader reads, under the same bad-record policy; a count gets batches that carry only their size; the
 * row-only input format keeps reading rows.
 */
class TestVectorizedReads {
    private static final String[] NAMES = {"id", "name", "age", "balance", "tags"};
    private static final String[] TYPES = {"string", "string", "int", "decimal(8,2)", "array<string>"};
    private static final String MAPPING_FILE = "classpath:io/hivenosql/api/hive/testing-people.json";

    private final String dataset = TestingStore.newDatasetName();
    private final TestingReporter reporter = new TestingReporter();
    private JobConf job;

    @AfterEach
    void clearPlan() {
        if (job != null) {
            Utilities.clearWorkMap(job);
        }
    }

    @Test
    void aVectorizedTaskGetsTheRowsValuesInColumnVectors() throws Exception {
        putPeople();
        job = vectorizedJob("fail", new int[] {0, 2, 3});
        ColumnProjectionUtils.setReadColumns(job, List.of(0, 2, 3));

        Map<String, String> rows = readBatches(new TestingInputFormat());

        assertThat(rows)
                .containsExactly(Map.entry("p1", "30|12.50"), Map.entry("p2", "NULL|7.00"), Map.entry("p3", "41|NULL"));
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_READ))
                .isEqualTo(3);
    }

    @Test
    void theBadRecordPolicyAppliesAsInRowMode() throws Exception {
        putPeople();
        TestingStore.put(dataset, "p9", Map.of("full_name", "Dee", "age", "abc", "balance", "1.5"));

        job = vectorizedJob("skip", new int[] {0, 2, 3});
        ColumnProjectionUtils.setReadColumns(job, List.of(0, 2, 3));
        assertThat(readBatches(new TestingInputFormat())).containsOnlyKeys("p1", "p2", "p3");
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_SKIPPED))
                .isEqualTo(1);
        clearPlan();

        job = vectorizedJob("null", new int[] {0, 2, 3});
        ColumnProjectionUtils.setReadColumns(job, List.of(0, 2, 3));
        assertThat(readBatches(new TestingInputFormat())).containsEntry("p9", "NULL|1.50");
        clearPlan();

        job = vectorizedJob("fail", new int[] {0, 2, 3});
        ColumnProjectionUtils.setReadColumns(job, List.of(0, 2, 3));
        assertThatThrownBy(() -> readBatches(new TestingInputFormat()))
                .hasMessageContaining("HNS-121 BAD_RECORD")
                .hasMessageContaining("key 'p9', column 'age'");
    }

    @Test
    void aCountGetsBatchesThatCarryOnlyTheirSize() throws Exception {
        for (int i = 0; i < 2_500; i++) {
            TestingStore.put(dataset, "k" + i, Map.of("full_name", "n" + i));
        }
        job = vectorizedJob("fail", new int[0]);
        ColumnProjectionUtils.setReadColumns(job, List.of());

        TestingInputFormat format = new TestingInputFormat();
        long rows = 0;
        for (InputSplit split : format.getSplits(job, 2)) {
            try (RecordReader<NullWritable, VectorizedRowBatch> reader = batchReader(format, split)) {
                VectorizedRowBatch batch = reader.createValue();
                assertThat(batch.cols).as("no column vector at all").containsOnlyNulls();
                while (reader.next(reader.createKey(), batch)) {
                    assertThat(batch.size).isBetween(1, VectorizedRowBatch.DEFAULT_SIZE);
                    rows += batch.size;
                }
            }
        }
        assertThat(rows).isEqualTo(2_500);
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_COUNTED))
                .isEqualTo(2_500);
    }

    @Test
    void theRowOnlyInputFormatReadsRowsInAVectorizedTask() throws Exception {
        putPeople();
        job = vectorizedJob("fail", new int[] {0});
        ColumnProjectionUtils.setReadColumns(job, List.of(0));
        TestingRowInputFormat format = new TestingRowInputFormat();
        List<Object> ids = new ArrayList<>();
        for (InputSplit split : format.getSplits(job, 2)) {
            try (RecordReader<NullWritable, RowWritable> reader = format.getRecordReader(split, job, reporter)) {
                RowWritable row = reader.createValue();
                while (reader.next(reader.createKey(), row)) {
                    ids.add(row.values()[0]);
                }
            }
        }
        assertThat(ids).containsExactlyInAnyOrder("p1", "p2", "p3");
    }

    private void putPeople() {
        TestingStore.put(dataset, "p1", Map.of("full_name", "Ann", "age", "30", "balance", "12.5"));
        TestingStore.put(dataset, "p2", Map.of("full_name", "Bob", "balance", "7"));
        TestingStore.put(dataset, "p3", Map.of("full_name", "Cy", "age", "41"));
    }

    /** The job of a task whose map work Hive vectorized, reading {@code dataColumns}. */
    private JobConf vectorizedJob(String badRecordPolicy, int[] dataColumns) {
        Properties properties = new Properties();
        properties.setProperty("name", "default.people");
        properties.setProperty("serialization.lib", TestingSerDe.class.getName());
        properties.setProperty("storage_handler", TestingStorageHandler.class.getName());
        properties.setProperty("location", "file:/tmp/warehouse/people");
        properties.setProperty("nosql.mapping.url", MAPPING_FILE);
        properties.setProperty("nosql.bad-record.policy", badRecordPolicy);
        properties.setProperty("testing.dataset", dataset);
        JobConf conf = new JobConf();
        Map<String, String> jobProperties = new HashMap<>();
        new TestingStorageHandler()
                .configureInputJobProperties(
                        new TableDesc(TestingInputFormat.class, TestingOutputFormat.class, properties), jobProperties);
        jobProperties.forEach(conf::set);
        FileInputFormat.setInputPaths(conf, new Path("file:/tmp/warehouse/people"));

        TypeInfo[] types = new TypeInfo[TYPES.length];
        for (int i = 0; i < types.length; i++) {
            types[i] = TypeInfoUtils.getTypeInfoFromTypeString(TYPES[i]);
        }
        MapWork work = new MapWork();
        work.setVectorMode(true);
        work.setVectorizedRowBatchCtx(
                new VectorizedRowBatchCtx(NAMES, types, null, dataColumns, 0, 0, null, new String[0], null));
        HiveConf.setVar(conf, HiveConf.ConfVars.PLAN, "file:/tmp/hive-nosql-test-plan-" + dataset);
        conf.setBoolean(HiveConf.ConfVars.HIVE_VECTORIZATION_ENABLED.varname, true);
        Utilities.setMapWork(conf, work);
        return conf;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private RecordReader<NullWritable, VectorizedRowBatch> batchReader(TestingInputFormat format, InputSplit split)
            throws Exception {
        RecordReader reader = format.getRecordReader(split, job, reporter);
        assertThat(reader).isInstanceOf(NoSqlBatchReader.class);
        return reader;
    }

    /** id -> "age|balance" of every row the batches hold, in id order. */
    private Map<String, String> readBatches(TestingInputFormat format) throws Exception {
        Map<String, String> rows = new TreeMap<>();
        for (InputSplit split : format.getSplits(job, 2)) {
            try (RecordReader<NullWritable, VectorizedRowBatch> reader = batchReader(format, split)) {
                VectorizedRowBatch batch = reader.createValue();
                while (reader.next(reader.createKey(), batch)) {
                    BytesColumnVector id = (BytesColumnVector) batch.cols[0];
                    LongColumnVector age = (LongColumnVector) batch.cols[2];
                    DecimalColumnVector balance = (DecimalColumnVector) batch.cols[3];
                    assertThat(batch.cols[1])
                            .as("a column the task does not read")
                            .isNull();
                    for (int row = 0; row < batch.size; row++) {
                        rows.put(
                                new String(id.vector[row], id.start[row], id.length[row], UTF_8),
                                (age.isNull[row] ? "NULL" : Long.toString(age.vector[row])) + "|"
                                        + (balance.isNull[row]
                                                ? "NULL"
                                                : balance.vector[row]
                                                        .getHiveDecimal()
                                                        .toFormatString(2)));
                    }
                }
            }
        }
        return rows;
    }
}
