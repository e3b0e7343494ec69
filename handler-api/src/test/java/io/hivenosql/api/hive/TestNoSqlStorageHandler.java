package io.hivenosql.api.hive;

import static io.hivenosql.api.hive.TestingExpressions.and;
import static io.hivenosql.api.hive.TestingExpressions.call;
import static io.hivenosql.api.hive.TestingExpressions.column;
import static io.hivenosql.api.hive.TestingExpressions.constant;
import static io.hivenosql.api.hive.TestingExpressions.eq;
import static io.hivenosql.api.hive.TestingExpressions.gt;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.intTypeInfo;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.stringTypeInfo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.split.NoSqlSplit;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.sandbox.hadoop.TestingReporter;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.common.StatsSetupConst;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.metastore.HiveMetaHook;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.metadata.HiveStoragePredicateHandler.DecomposedPredicate;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDynamicListDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.apache.hadoop.hive.ql.plan.TableScanDesc;
import org.apache.hadoop.hive.ql.stats.Partish;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFIn;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFUpper;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.util.ReflectionUtils;
import org.junit.jupiter.api.Test;

/** Smoke test of the generic adapters, wired as a store module wires them, over the in-memory testing connector. */
class TestNoSqlStorageHandler {
    private static final String MAPPING_FILE = "classpath:io/hivenosql/api/hive/testing-people.json";
    private static final String ROW_TYPE =
            "struct<id:string,name:string,age:int,balance:decimal(8,2),tags:array<string>>";

    private final String dataset = TestingStore.newDatasetName();
    private final TestingStorageHandler handler = new TestingStorageHandler();
    private final TestingReporter reporter = new TestingReporter();

    @Test
    void wiresTheStoreClassesHiveInstantiates() throws Exception {
        JobConf conf = new JobConf();

        assertThat(handler.connector().storeName()).isEqualTo("testing");
        assertThat(ReflectionUtils.newInstance(handler.getSerDeClass(), conf)).isInstanceOf(TestingSerDe.class);
        assertThat(ReflectionUtils.newInstance(handler.getInputFormatClass(), conf))
                .isInstanceOf(TestingInputFormat.class);
        assertThat(ReflectionUtils.newInstance(handler.getOutputFormatClass(), conf))
                .isInstanceOf(TestingOutputFormat.class);
        assertThat(handler.getMetaHook()).isInstanceOf(NoSqlMetaHook.class);
        assertThat(handler.supportsTruncateOnNonNativeTables()).isTrue();
        assertThat(handler.canProvideBasicStatistics()).isTrue();
    }

    @Test
    void serDeTakesItsColumnsFromTheDdl() throws SerDeException {
        TestingSerDe serDe = serDe(tableProperties(true, "fail"));

        assertThat(serDe.getObjectInspector().getTypeName()).isEqualTo(ROW_TYPE);
        assertThat(serDe.tableContext().tableName()).isEqualTo("default.people");
        assertThat(serDe.tableContext().mapping().column(0).role()).isEqualTo(ColumnRole.KEY);
        assertThat(serDe.getSerializedClass()).isEqualTo(RowWritable.class);
    }

    @Test
    void serDeTakesItsColumnsFromTheMappingFileWhenTheDdlHasNone() throws SerDeException {
        TestingSerDe serDe = serDe(tableProperties(false, "fail"));

        assertThat(serDe.getObjectInspector().getTypeName()).isEqualTo(ROW_TYPE);
        assertThat(serDe.tableContext().mapping().find("name").orElseThrow().path())
                .isEqualTo("full_name");
    }

    @Test
    void serDeRejectsDdlThatDisagreesWithTheMappingFile() {
        Properties properties = tableProperties(true, "fail");
        properties.setProperty("columns.types", "string:string:bigint:decimal(8,2):array<string>");

        assertThatThrownBy(() -> serDe(properties))
                .isInstanceOf(SerDeException.class)
                .hasMessageContaining("default.people")
                .hasMessageContaining("age");
    }

    @Test
    @SuppressWarnings("unchecked")
    void serializesAnyInspectorAndDeserializesReaderRows() throws SerDeException {
        TestingSerDe serDe = serDe(tableProperties(true, "fail"));

        RowWritable written =
                (RowWritable) serDe.serialize(writableRow("p1", "Ann", 30, "12.5", "x"), writableRowInspector());

        assertThat(written.values()).containsExactly("p1", "Ann", 30, new BigDecimal("12.50"), List.of("x"));
        Object[] hiveValues = {"p1", "Ann", 30, HiveDecimal.create("12.5"), List.of("x")};
        assertThat((List<Object>) serDe.deserialize(new RowWritable(hiveValues)))
                .containsExactly("p1", "Ann", 30, HiveDecimal.create("12.5"), List.of("x"));
    }

    @Test
    void serDeRejectsRowsOfAnotherShape() throws SerDeException {
        TestingSerDe serDe = serDe(tableProperties(true, "fail"));
        StructObjectInspector twoColumns = ObjectInspectorFactory.getStandardStructObjectInspector(
                List.of("_col0", "_col1"),
                List.of(
                        PrimitiveObjectInspectorFactory.writableStringObjectInspector,
                        PrimitiveObjectInspectorFactory.writableStringObjectInspector));

        assertThatThrownBy(() -> serDe.serialize(List.of(new Text("a"), new Text("b")), twoColumns))
                .isInstanceOf(SerDeException.class)
                .hasMessageContaining("has 5 columns");
    }

    @Test
    void configuresJobsWithTheTablesOwnPropertiesAndResolvedMapping() {
        Map<String, String> jobProperties = new HashMap<>();
        handler.configureInputJobProperties(tableDesc(tableProperties(false, "fail")), jobProperties);

        assertThat(jobProperties)
                .containsEntry("testing.dataset", dataset)
                .containsEntry("nosql.mapping.url", MAPPING_FILE)
                .containsEntry(TableContexts.TABLE_KEY, "default.people")
                .containsKeys(TableContexts.MAPPING_KEY, TableContexts.PROPERTIES_KEY)
                .doesNotContainKeys("name", "columns", "serialization.lib", "location");
    }

    @Test
    void writesThroughTheOutputFormatAndReadsThroughTheInputFormat() throws Exception {
        Properties properties = tableProperties(false, "fail");
        writePeople(properties);

        assertThat(TestingStore.snapshot(dataset)).containsOnlyKeys("p1", "p2", "p3");
        assertThat(TestingStore.snapshot(dataset).get("p1")).containsEntry("full_name", "Ann");
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_WRITTEN))
                .isEqualTo(3);

        JobConf job = readJob(properties);
        InputSplit[] splits = new TestingInputFormat().getSplits(job, 4);

        assertThat(splits).hasSize(2).allSatisfy(split -> assertThat(split).isInstanceOf(NoSqlSplit.class));
        assertThat(splits[0].getLocations()).containsExactly("host-0");
        assertThat(((NoSqlSplit) splits[0]).getPath()).isEqualTo(new Path("file:/tmp/warehouse/people"));
        assertThat(readAll(job, serDe(properties)))
                .containsExactlyInAnyOrder(
                        Arrays.asList("p1", "Ann", 30, HiveDecimal.create("12.5"), List.of("x")),
                        Arrays.asList("p2", "Bob", 40, HiveDecimal.create("7"), List.of()),
                        Arrays.asList("p3", "Cy", null, null, null));
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_READ))
                .isEqualTo(3);
    }

    @Test
    void aTaskBindsItsTableAndWorksOutItsScanOnceForAllItsSplits() throws Exception {
        Properties properties = tableProperties(false, "fail");
        writePeople(properties);
        JobConf job = readJob(properties);
        TestingSerDe serDe = serDe(properties);
        job.set(
                TableScanDesc.FILTER_EXPR_CONF_STR,
                SerializationUtilities.serializeExpression(handler.decomposePredicate(
                                job, serDe, eq(column("id", stringTypeInfo), constant(stringTypeInfo, "p2")))
                        .pushedPredicate));
        assertThat(readAll(job, serDe)).hasSize(1);
        int binds = TestingNoSqlConnector.BINDS.get(dataset).get();
        int capabilities = TestingNoSqlConnector.CAPABILITIES.get(dataset).get();

        assertThat(readAll(job, serDe)).hasSize(1);

        // the job's table is bound already (this JVM's handles); planning works out the scan once, and the two readers
        // of the input format once between them
        assertThat(TestingNoSqlConnector.BINDS.get(dataset).get() - binds).isZero();
        assertThat(TestingNoSqlConnector.CAPABILITIES.get(dataset).get() - capabilities)
                .isEqualTo(2);
    }

    @Test
    void planningAndTheSplitsItPlansShareOneHandle() throws Exception {
        Properties properties = tableProperties(false, "fail");

        // HiveServer2 plans a query over a table this JVM has not opened yet: the SerDe, the job properties, then
        // getSplits from the job configuration those properties made
        serDe(properties);
        JobConf job = readJob(properties);
        new TestingInputFormat().getSplits(job, 2);

        assertThat(TestingNoSqlConnector.BINDS.get(dataset)).hasValue(1);
    }

    @Test
    void readsOnlyTheProjectedColumns() throws Exception {
        Properties properties = tableProperties(false, "fail");
        writePeople(properties);
        JobConf job = readJob(properties);
        TestingProjections.readOnly(job, List.of(2), List.of("age"));

        assertThat(readAll(job, serDe(properties)))
                .containsExactlyInAnyOrder(
                        Arrays.asList(null, null, 30, null, null),
                        Arrays.asList(null, null, 40, null, null),
                        Arrays.asList(null, null, null, null, null));
    }

    @Test
    void nestedPathsLeaveOutColumnsThatAreAlsoReadWhole() {
        TableMapping mapping = new TableMapping(List.of(
                new ColumnMapping("id", DataTypes.parse("string"), "id", ColumnRole.FIELD),
                new ColumnMapping("addr", DataTypes.parse("struct<city:string,zip:int>"), "address", ColumnRole.FIELD),
                new ColumnMapping("geo", DataTypes.parse("struct<lat:double,lng:double>"), "geo", ColumnRole.FIELD)));
        JobConf job = new JobConf(false);
        // one alias of the table reads addr.city only, another the whole addr; geo is pruned everywhere
        ColumnProjectionUtils.appendNestedColumnPaths(job, List.of("addr.city", "Addr", "geo.lat", "other.x"));
        assertThat(NoSqlInputFormat.nestedPaths(mapping, job)).containsExactly("geo.lat");
    }

    @Test
    void readsWithThePushedFilter() throws Exception {
        Properties properties = tableProperties(false, "fail");
        writePeople(properties);
        JobConf job = readJob(properties);
        TestingSerDe serDe = serDe(properties);
        DecomposedPredicate decomposed = handler.decomposePredicate(
                job,
                serDe,
                and(
                        eq(column("id", stringTypeInfo), constant(stringTypeInfo, "p2")),
                        gt(column("age", intTypeInfo), constant(intTypeInfo, 3))));

        assertThat(decomposed.pushedPredicate.getExprString()).isEqualTo("(id = 'p2')");
        assertThat(decomposed.residualPredicate.getExprString()).isEqualTo("(age > 3)");
        job.set(
                TableScanDesc.FILTER_EXPR_CONF_STR,
                SerializationUtilities.serializeExpression(decomposed.pushedPredicate));
        job.set(
                TableScanDesc.FILTER_OBJECT_CONF_STR,
                SerializationUtilities.serializeObject(decomposed.pushedPredicateObject));
        assertThat(readAll(job, serDe))
                .containsExactly(Arrays.asList("p2", "Bob", 40, HiveDecimal.create("7"), List.of()));
    }

    @Test
    void failsOnABadRecordNamingEverythingNeededToFixIt() throws Exception {
        Properties properties = tableProperties(false, "fail");
        writePeople(properties);
        TestingStore.put(dataset, "p9", Map.of("full_name", "Dee", "age", "abc"));

        assertThatThrownBy(() -> readAll(readJob(properties), serDe(properties)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HNS-121 BAD_RECORD")
                .hasMessageContaining("table default.people")
                .hasMessageContaining("key 'p9'")
                .hasMessageContaining("column 'age' (path 'age')")
                .hasMessageContaining("'abc'")
                .hasMessageContaining("int")
                .hasMessageContaining("'nosql.bad-record.policy'='null' or 'skip'");
    }

    @Test
    void readsBadFieldsAsNullWhenAsked() throws Exception {
        Properties properties = tableProperties(false, "null");
        writePeople(properties);
        TestingStore.put(dataset, "p9", Map.of("full_name", "Dee", "age", "abc", "balance", "1.5"));

        assertThat(readAll(readJob(properties), serDe(properties)))
                .hasSize(4)
                .contains(Arrays.asList("p9", "Dee", null, HiveDecimal.create("1.5"), null));
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_NULLED))
                .isEqualTo(1);
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_READ))
                .isEqualTo(4);
    }

    @Test
    void skipsBadRecordsWhenAsked() throws Exception {
        Properties properties = tableProperties(false, "skip");
        writePeople(properties);
        TestingStore.put(dataset, "p9", Map.of("full_name", "Dee", "age", "abc"));
        TestingStore.put(dataset, "p8", Map.of("full_name", "Eve", "balance", "123456789"));

        assertThat(readAll(readJob(properties), serDe(properties)))
                .extracting(row -> (Object) row.get(0))
                .containsExactlyInAnyOrder("p1", "p2", "p3");
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_SKIPPED))
                .isEqualTo(2);
        assertThat(reporter.counter(NoSqlCounters.GROUP, NoSqlCounters.RECORDS_READ))
                .isEqualTo(3);
    }

    @Test
    void reportsTheStoresStatistics() throws Exception {
        Properties properties = tableProperties(false, "fail");
        writePeople(properties);
        org.apache.hadoop.hive.ql.metadata.Table table = new org.apache.hadoop.hive.ql.metadata.Table(
                TestNoSqlMetaHook.table("people", dataset, Map.of("nosql.mapping.url", MAPPING_FILE)));

        Map<String, String> statistics = handler.getBasicStatistics(Partish.buildFor(table));

        assertThat(statistics).containsEntry(StatsSetupConst.ROW_COUNT, "3").containsKey(StatsSetupConst.TOTAL_SIZE);
        assertThat(handler.getMetaHook()).isInstanceOf(HiveMetaHook.class);
        // ANALYZE on Hive 4.1+: the store's figures, as Hive 4.0 gets them
        assertThat(handler.computeBasicStatistics(Partish.buildFor(table)))
                .containsEntry(StatsSetupConst.ROW_COUNT, "3");
    }

    @Test
    void computedStatisticsAreNeverNullWhenTheTableCannotBeRead() {
        // Hive 4.1's BasicStatsTask puts every entry of the map into the table's parameters: null would fail ANALYZE
        org.apache.hadoop.hive.ql.metadata.Table table =
                new org.apache.hadoop.hive.ql.metadata.Table(TestNoSqlMetaHook.table(
                        "broken", dataset, Map.of("nosql.mapping.url", "file:///no/such/mapping.json")));

        assertThat(handler.computeBasicStatistics(Partish.buildFor(table)))
                .isNotNull()
                .isEmpty();
    }

    @Test
    void asksTezForTheJoinKeysOfAJoinOnTheKey() {
        org.apache.hadoop.hive.ql.metadata.Table table = new org.apache.hadoop.hive.ql.metadata.Table(
                TestNoSqlMetaHook.table("people", dataset, Map.of("nosql.mapping.url", MAPPING_FILE)));
        org.apache.hadoop.hive.ql.metadata.Table off =
                new org.apache.hadoop.hive.ql.metadata.Table(TestNoSqlMetaHook.table(
                        "people",
                        dataset,
                        Map.of("nosql.mapping.url", MAPPING_FILE, "nosql.read.runtime-keys.max", "0")));

        assertThat(handler.addDynamicSplitPruningEdge(table, joinKeys(column("id", stringTypeInfo))))
                .isTrue();
        // not the key; not a plain column; turned off by the table
        assertThat(handler.addDynamicSplitPruningEdge(table, joinKeys(column("name", stringTypeInfo))))
                .isFalse();
        assertThat(handler.addDynamicSplitPruningEdge(
                        table, joinKeys(call(new GenericUDFUpper(), column("id", stringTypeInfo)))))
                .isFalse();
        assertThat(handler.addDynamicSplitPruningEdge(off, joinKeys(column("id", stringTypeInfo))))
                .isFalse();
    }

    /** What Hive's SyntheticJoinPredicate adds for a join: {@code column IN (RS[n])}, a list from the other side. */
    private static ExprNodeGenericFuncDesc joinKeys(ExprNodeDesc column) {
        return call(new GenericUDFIn(), column, new ExprNodeDynamicListDesc(stringTypeInfo, null, 0));
    }

    private void writePeople(Properties properties) throws Exception {
        TestingSerDe serDe = serDe(properties);
        JobConf job = new JobConf();
        Map<String, String> jobProperties = new HashMap<>();
        handler.configureOutputJobProperties(tableDesc(properties), jobProperties);
        jobProperties.forEach(job::set);
        FileSinkOperator.RecordWriter writer = new TestingOutputFormat()
                .getHiveRecordWriter(job, new Path("file:/tmp/out"), RowWritable.class, false, properties, reporter);
        StructObjectInspector inspector = writableRowInspector();
        writer.write(serDe.serialize(writableRow("p1", "Ann", 30, "12.5", "x"), inspector));
        writer.write(serDe.serialize(
                Arrays.asList(
                        new Text("p2"), new Text("Bob"), new IntWritable(40), new HiveDecimalWritable("7"), List.of()),
                inspector));
        writer.write(serDe.serialize(Arrays.asList(new Text("p3"), new Text("Cy"), null, null, null), inspector));
        writer.close(false);
    }

    private JobConf readJob(Properties properties) {
        JobConf job = new JobConf();
        Map<String, String> jobProperties = new HashMap<>();
        handler.configureInputJobProperties(tableDesc(properties), jobProperties);
        jobProperties.forEach(job::set);
        FileInputFormat.setInputPaths(job, new Path("file:/tmp/warehouse/people"));
        return job;
    }

    private List<List<?>> readAll(JobConf job, TestingSerDe serDe) throws Exception {
        TestingInputFormat format = new TestingInputFormat();
        List<List<?>> rows = new ArrayList<>();
        for (InputSplit split : format.getSplits(job, 2)) {
            try (RecordReader<NullWritable, RowWritable> reader = format.getRecordReader(split, job, reporter)) {
                RowWritable value = reader.createValue();
                while (reader.next(reader.createKey(), value)) {
                    rows.add(new ArrayList<>((List<?>) serDe.deserialize(value)));
                }
                assertThat(reader.getProgress()).isEqualTo(1.0f);
            }
        }
        return rows;
    }

    private Properties tableProperties(boolean withDdlColumns, String badRecordPolicy) {
        Properties properties = new Properties();
        properties.setProperty("name", "default.people");
        if (withDdlColumns) {
            properties.setProperty("columns", "id,name,age,balance,tags");
            properties.setProperty("columns.types", "string:string:int:decimal(8,2):array<string>");
        }
        properties.setProperty("serialization.lib", TestingSerDe.class.getName());
        properties.setProperty("storage_handler", TestingStorageHandler.class.getName());
        properties.setProperty("location", "file:/tmp/warehouse/people");
        properties.setProperty("nosql.mapping.url", MAPPING_FILE);
        properties.setProperty("nosql.bad-record.policy", badRecordPolicy);
        properties.setProperty("testing.dataset", dataset);
        return properties;
    }

    private static TableDesc tableDesc(Properties properties) {
        return new TableDesc(TestingInputFormat.class, TestingOutputFormat.class, properties);
    }

    private static TestingSerDe serDe(Properties properties) throws SerDeException {
        TestingSerDe serDe = new TestingSerDe();
        serDe.initialize(new JobConf(), properties, null);
        return serDe;
    }

    /** The row inspector Hive's FileSink hands a SerDe: writable values, internal column names. */
    private static StructObjectInspector writableRowInspector() {
        List<ObjectInspector> inspectors = List.of(
                PrimitiveObjectInspectorFactory.writableStringObjectInspector,
                PrimitiveObjectInspectorFactory.writableStringObjectInspector,
                PrimitiveObjectInspectorFactory.writableIntObjectInspector,
                PrimitiveObjectInspectorFactory.getPrimitiveWritableObjectInspector(
                        TypeInfoFactory.getDecimalTypeInfo(8, 2)),
                ObjectInspectorFactory.getStandardListObjectInspector(
                        PrimitiveObjectInspectorFactory.writableStringObjectInspector));
        return ObjectInspectorFactory.getStandardStructObjectInspector(
                List.of("_col0", "_col1", "_col2", "_col3", "_col4"), inspectors);
    }

    private static List<Object> writableRow(String id, String name, int age, String balance, String tag) {
        return Arrays.asList(
                new Text(id),
                new Text(name),
                new IntWritable(age),
                new HiveDecimalWritable(balance),
                List.of(new Text(tag)));
    }
}
