package io.hivenosql.api.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.dml.StagedChanges;
import io.hivenosql.api.dml.StatementCommit;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DELETE, UPDATE or MERGE end to end in one JVM, as Hive on Tez drives it: each branch's task attempts write through
 * the SerDe and the output format with Hive's write operation in their configuration, which stage the rows; the
 * statement's commit applies the net effect to the testing store. Branch order and retried attempts must not matter.
 */
class TestStagedStatements {
    private static final String TABLE = "default.people";
    private static final String QUERY = "hive_20261206_q1";

    @TempDir
    Path scratch;

    private final String dataset = TestingStore.newDatasetName();
    private final TestingNoSqlConnector connector = new TestingNoSqlConnector();
    private org.apache.hadoop.fs.Path directory;

    @BeforeEach
    void seed() {
        TestingStore.put(dataset, "a", Map.of("name", "Ada", "age", "36"));
        TestingStore.put(dataset, "b", Map.of("name", "Bob", "age", "40"));
        TestingStore.put(dataset, "c", Map.of("name", "Cy", "age", "7"));
        directory = StagedChanges.directory(new org.apache.hadoop.fs.Path(scratch.toUri()), QUERY, TABLE);
    }

    @Test
    void anUpdateEndsTheSameWhicheverBranchRanFirst() throws Exception {
        // UPDATE people SET age = age + 1 WHERE id IN ('a', 'b'): the delete branch hands the keys, the insert branch
        // the new rows; the delete branch's task runs first here, last in the second statement
        stage("DELETE", 1, 0, 0, key("a"), key("b"));
        stage("OTHER", 2, 0, 0, row("a", "Ada", 37), row("b", "Bob", 41));
        assertThat(commit()).isEqualTo(new StatementCommit.Outcome(true, 0, 2));
        Map<String, Map<String, String>> first = TestingStore.snapshot(dataset);

        seed();
        stage("OTHER", 2, 0, 0, row("a", "Ada", 37), row("b", "Bob", 41));
        stage("DELETE", 1, 0, 0, key("a"), key("b"));
        commit();

        assertThat(TestingStore.snapshot(dataset))
                .isEqualTo(first)
                .containsEntry("a", Map.of("name", "Ada", "age", "37"))
                .containsEntry("b", Map.of("name", "Bob", "age", "41"))
                .containsEntry("c", Map.of("name", "Cy", "age", "7"));
        assertThat(TestingNoSqlConnector.DELETED.get(dataset))
                .as("a key the statement upserts is never deleted")
                .isNull();
    }

    @Test
    void aMergeDeletesUpdatesAndInsertsExactlyOnceThoughTasksRanTwice() throws Exception {
        // WHEN MATCHED AND c THEN DELETE (b), WHEN MATCHED THEN UPDATE (a), WHEN NOT MATCHED THEN INSERT (d); the
        // delete task ran twice (a retry after its writer had closed), the insert task's first attempt failed
        stage("DELETE", 3, 0, 0, key("a"), key("b"));
        stage("DELETE", 3, 0, 1, key("a"), key("b"));
        stageAborted("OTHER", 4, 0, 0, row("a", "Ada", 99), row("d", "Dee", 1));
        stage("OTHER", 4, 0, 1, row("a", "Ada", 38), row("d", "Dee", 1));

        assertThat(commit()).isEqualTo(new StatementCommit.Outcome(true, 1, 2));

        assertThat(TestingStore.snapshot(dataset))
                .containsOnlyKeys("a", "c", "d")
                .containsEntry("a", Map.of("name", "Ada", "age", "38"))
                .containsEntry("d", Map.of("name", "Dee", "age", "1"));
        assertThat(TestingNoSqlConnector.DELETED.get(dataset)).containsExactly("b");
        assertThat(Files.exists(Path.of(directory.toUri())))
                .as("the staged files are gone")
                .isFalse();
        assertThat(commit())
                .as("the commit of the statement's next branch finds nothing left")
                .isEqualTo(new StatementCommit.Outcome(false, 0, 0));
    }

    @Test
    void twoDifferentRowsForOneKeyFailTheStatementBeforeAnythingChanges() throws Exception {
        stage("DELETE", 1, 0, 0, key("c"));
        stage("OTHER", 2, 0, 0, row("d", "Dee", 1));
        stage("OTHER", 2, 1, 0, row("d", "Dot", 2));

        assertThatThrownBy(this::commit)
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("table default.people")
                .hasMessageContaining("two different rows with the key (id='d')")
                .hasMessageContaining("nothing was changed");
        assertThat(TestingStore.snapshot(dataset)).containsOnlyKeys("a", "b", "c");
    }

    @Test
    void aRowMovedOntoANullKeyFailsTheStatementBeforeItsOldRecordIsDeleted() throws Exception {
        // UPDATE people SET id = NULL WHERE id = 'a'
        stage("DELETE", 1, 0, 0, key("a"));
        stage("OTHER", 2, 0, 0, row(null, "Ada", 36));

        assertThatThrownBy(this::commit)
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("HNS-122 NULL_KEY")
                .hasMessageContaining("table default.people")
                .hasMessageContaining("key column 'id' is NULL")
                .hasMessageContaining("nothing was changed");
        assertThat(TestingStore.snapshot(dataset)).containsOnlyKeys("a", "b", "c");
    }

    @Test
    void aCutFileFailsTheStatementBeforeAnythingChanges() throws Exception {
        stage("DELETE", 1, 0, 0, key("a"), key("b"));
        stage("OTHER", 2, 0, 0, row("d", "Dee", 1));
        Path staged;
        try (Stream<Path> files = Files.list(Path.of(directory.toUri()))) {
            staged = files.filter(file -> file.getFileName().toString().startsWith("d."))
                    .findFirst()
                    .orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(staged);
        Files.write(staged, Arrays.copyOf(bytes, bytes.length - 3));
        // as a file system without checksums (HDFS checks blocks, not what a writer never wrote) would see it
        Files.deleteIfExists(staged.resolveSibling("." + staged.getFileName() + ".crc"));

        assertThatThrownBy(this::commit).isInstanceOf(IOException.class).hasMessageContaining("cut short");
        assertThat(TestingStore.snapshot(dataset)).containsOnlyKeys("a", "b", "c");
    }

    @Test
    void aDeleteBranchWithoutAStagingDirectoryFailsItsTask() {
        JobConf conf = taskConf("DELETE", 1, 0, 0);
        conf.unset("nosql.internal.dml.staging." + TABLE);
        assertThatThrownBy(() -> new TestingOutputFormat()
                        .getHiveRecordWriter(conf, null, RowWritable.class, false, properties(), null))
                .hasMessageContaining("table default.people")
                .hasMessageContaining("hive.execution.engine=tez");
    }

    private StatementCommit.Outcome commit() throws IOException {
        TableContext table = TableContexts.fromTableProperties(connector, properties(), new Configuration());
        return StatementCommit.apply(connector, table, FileSystem.getLocal(new Configuration()), directory);
    }

    /** One task attempt of a branch: rows through the SerDe and the output format, closed as a successful task. */
    private void stage(String operation, int vertex, int task, int attempt, Object[]... rows) throws Exception {
        write(operation, vertex, task, attempt, false, rows);
    }

    private void stageAborted(String operation, int vertex, int task, int attempt, Object[]... rows) throws Exception {
        write(operation, vertex, task, attempt, true, rows);
    }

    private void write(String operation, int vertex, int task, int attempt, boolean abort, Object[]... rows)
            throws Exception {
        JobConf conf = taskConf(operation, vertex, task, attempt);
        TestingSerDe serDe = new TestingSerDe();
        serDe.initialize(conf, properties(), null);
        FileSinkOperator.RecordWriter writer =
                new TestingOutputFormat().getHiveRecordWriter(conf, null, RowWritable.class, false, properties(), null);
        StructObjectInspector inspector = "DELETE".equals(operation) ? keyInspector() : rowInspector();
        for (Object[] row : rows) {
            writer.write(serDe.serialize(Arrays.asList(row), inspector));
        }
        writer.close(abort);
    }

    private JobConf taskConf(String operation, int vertex, int task, int attempt) {
        JobConf conf = new JobConf();
        conf.set("hive.execution.engine", "tez");
        conf.set("hive.query.id", QUERY);
        conf.set("mapreduce.task.attempt.id", "attempt_1796550818195_0001_m_00000" + task + "_" + attempt);
        conf.setInt("hive.tez.vertex.index", vertex);
        conf.setInt("hive.tez.task.index", task);
        conf.setInt("hive.tez.task.attempt.number", attempt);
        conf.set("file.sink.write.operation." + TABLE, operation);
        conf.set("nosql.internal.dml.staging." + TABLE, directory.toString());
        return conf;
    }

    private Properties properties() {
        Properties properties = new Properties();
        properties.setProperty("name", TABLE);
        properties.setProperty("columns", "id,name,age");
        properties.setProperty("columns.types", "string:string:int");
        properties.setProperty("testing.dataset", dataset);
        return properties;
    }

    private static StructObjectInspector keyInspector() {
        return ObjectInspectorFactory.getStandardStructObjectInspector(
                List.of("__d__id"), List.of(PrimitiveObjectInspectorFactory.javaStringObjectInspector));
    }

    private static StructObjectInspector rowInspector() {
        List<ObjectInspector> inspectors = new ArrayList<>(List.of(
                PrimitiveObjectInspectorFactory.javaStringObjectInspector,
                PrimitiveObjectInspectorFactory.javaStringObjectInspector,
                PrimitiveObjectInspectorFactory.javaIntObjectInspector));
        return ObjectInspectorFactory.getStandardStructObjectInspector(List.of("id", "name", "age"), inspectors);
    }

    private static Object[] key(String id) {
        return new Object[] {id};
    }

    private static Object[] row(String id, String name, int age) {
        return new Object[] {id, name, age};
    }
}
