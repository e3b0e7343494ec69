package io.hivenosql.api.hive;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.hadoop.TestingReporter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.apache.hadoop.hive.ql.plan.TableScanDesc;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.junit.jupiter.api.Test;

/**
 * A scan that reads no column (count(*)) asks the store to count each split and hands Hive that many empty rows
 * without opening a reader; a scan that reads a column (also one of the pushed filter's), or a store that cannot
 * count, reads the records.
 */
class TestCountedSplits {
    private final String dataset = TestingStore.newDatasetName();
    private final TestingReporter reporter = new TestingReporter();

    @Test
    void aScanOfNoColumnHandsHiveTheStoresCountOfEachSplit() throws Exception {
        putPeople(5);
        JobConf job = readJob(true);
        ColumnProjectionUtils.setReadColumns(job, List.of());

        List<Object[]> rows = readAll(job);

        assertThat(rows).hasSize(5).allSatisfy(row -> assertThat(row).hasSize(2).containsOnlyNulls());
        assertThat(calls(TestingNoSqlConnector.COUNTS)).isEqualTo(2);
        assertThat(calls(TestingNoSqlConnector.READERS)).isZero();
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_COUNTED))
                .isEqualTo(5);
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_READ))
                .isEqualTo(5);
    }

    @Test
    void anEmptyTableCountsNoRecord() throws Exception {
        JobConf job = readJob(true);
        ColumnProjectionUtils.setReadColumns(job, List.of());

        assertThat(readAll(job)).isEmpty();
        assertThat(calls(TestingNoSqlConnector.COUNTS)).isEqualTo(2);
        assertThat(calls(TestingNoSqlConnector.READERS)).isZero();
    }

    @Test
    void aStoreThatCannotCountIsRead() throws Exception {
        putPeople(5);
        JobConf job = readJob(false);
        ColumnProjectionUtils.setReadColumns(job, List.of());

        assertThat(readAll(job)).hasSize(5);
        assertThat(calls(TestingNoSqlConnector.COUNTS)).isEqualTo(2);
        assertThat(calls(TestingNoSqlConnector.READERS)).isEqualTo(2);
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_COUNTED))
                .isZero();
    }

    @Test
    void aCountWithAPushedFilterReadsTheFilteredColumn() throws Exception {
        putPeople(5);
        JobConf job = readJob(true);
        ColumnProjectionUtils.setReadColumns(job, List.of());
        job.set(
                TableScanDesc.FILTER_EXPR_CONF_STR,
                SerializationUtilities.serializeExpression(TestingExpressions.eq(
                        TestingExpressions.column("id", TypeInfoFactory.stringTypeInfo),
                        TestingExpressions.constant(TypeInfoFactory.stringTypeInfo, "p3"))));

        List<Object[]> rows = readAll(job);

        assertThat(rows).hasSize(1);
        assertThat(rows.get(0)).containsExactly("p3", null);
        assertThat(calls(TestingNoSqlConnector.COUNTS)).isZero();
        assertThat(calls(TestingNoSqlConnector.READERS)).isEqualTo(2);
    }

    private void putPeople(int count) {
        for (int i = 1; i <= count; i++) {
            TestingStore.put(dataset, "p" + i, Map.of("name", "name " + i));
        }
    }

    private int calls(Map<String, AtomicInteger> counts) {
        AtomicInteger calls = counts.get(dataset);
        return calls == null ? 0 : calls.get();
    }

    private JobConf readJob(boolean counts) {
        Properties properties = new Properties();
        properties.setProperty("name", "default.people");
        properties.setProperty("columns", "id,name");
        properties.setProperty("columns.types", "string:string");
        properties.setProperty("serialization.lib", TestingSerDe.class.getName());
        properties.setProperty("storage_handler", TestingStorageHandler.class.getName());
        properties.setProperty("location", "file:/tmp/warehouse/people");
        properties.setProperty("testing.dataset", dataset);
        properties.setProperty("testing.counts", Boolean.toString(counts));
        JobConf job = new JobConf();
        Map<String, String> jobProperties = new HashMap<>();
        new TestingStorageHandler()
                .configureInputJobProperties(
                        new TableDesc(TestingInputFormat.class, TestingOutputFormat.class, properties), jobProperties);
        jobProperties.forEach(job::set);
        FileInputFormat.setInputPaths(job, new Path("file:/tmp/warehouse/people"));
        return job;
    }

    private List<Object[]> readAll(JobConf job) throws Exception {
        TestingInputFormat format = new TestingInputFormat();
        List<Object[]> rows = new ArrayList<>();
        for (InputSplit split : format.getSplits(job, 2)) {
            try (RecordReader<NullWritable, RowWritable> reader = format.getRecordReader(split, job, reporter)) {
                RowWritable value = reader.createValue();
                while (reader.next(reader.createKey(), value)) {
                    rows.add(Arrays.copyOf(value.values(), value.values().length));
                }
                assertThat(reader.getProgress()).isEqualTo(1.0f);
            }
        }
        return rows;
    }
}
