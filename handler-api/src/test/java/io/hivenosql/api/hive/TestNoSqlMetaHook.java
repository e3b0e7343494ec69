package io.hivenosql.api.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.HiveMetaHook;
import org.apache.hadoop.hive.metastore.api.EnvironmentContext;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.MetaException;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;

class TestNoSqlMetaHook {
    private static final String MAPPING_FILE = "classpath:io/hivenosql/api/hive/testing-people.json";

    private final String dataset = TestingStore.newDatasetName();
    private final NoSqlMetaHook hook = new NoSqlMetaHook(new TestingNoSqlConnector(), new Configuration());

    @Test
    void reportsEveryViolationTogetherWithoutEchoingTheSecret() {
        Table table = table("people", dataset, Map.of("testing.splts", "3", "Testing.Password", "hunter2-secret"));

        assertThatThrownBy(() -> hook.preCreateTable(table))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("HNS-131 PLAINTEXT_SECRET")
                .hasMessageContaining("table default.people")
                .hasMessageContaining("unknown property 'testing.splts'; did you mean 'testing.splits'?")
                .hasMessageContaining("'Testing.Password'")
                .hasMessageContaining("hadoop credential create <alias> -provider jceks://")
                .hasMessageContaining("'testing.password.alias'='<alias>'")
                .hasMessageContaining("'nosql.credentials.provider'")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void checksAnAlteredTableAsANewOneWithoutEchoingTheSecret() throws MetaException {
        EnvironmentContext setProperties =
                new EnvironmentContext(Map.of(HiveMetaHook.ALTER_TABLE_OPERATION_TYPE, "ADDPROPS"));
        hook.preAlterTable(table("people", dataset, Map.of("testing.splits", "2")), setProperties);
        assertThatThrownBy(() -> hook.preAlterTable(
                        table("people", dataset, Map.of("testing.password", "hunter2-alter")), setProperties))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("HNS-131 PLAINTEXT_SECRET")
                .hasMessageContaining("'testing.password'")
                .hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> hook.preAlterTable(
                        table("people", dataset, Map.of("testing.splits", "many", "nosql.internal.x", "1")), null))
                .hasMessageContaining("table default.people cannot be altered")
                .hasMessageContaining("testing.splits");
    }

    @Test
    void aTableThatReadsRowsOnlyRecordsTheRowInputFormatAndAnAlterTurnsItBack() throws MetaException {
        NoSqlMetaHook handlerHook =
                new NoSqlMetaHook(new TestingNoSqlConnector(), new Configuration(), TestingRowInputFormat.class);
        Table rows = table("people", dataset, Map.of("nosql.read.vectorized", "false"));
        handlerHook.preCreateTable(rows);
        assertThat(rows.getSd().getInputFormat()).isEqualTo(TestingRowInputFormat.class.getName());

        EnvironmentContext setProperties =
                new EnvironmentContext(Map.of(HiveMetaHook.ALTER_TABLE_OPERATION_TYPE, "ADDPROPS"));
        Table batches = table("people", dataset, Map.of("nosql.read.vectorized", "true"));
        batches.getSd().setInputFormat(TestingRowInputFormat.class.getName());
        handlerHook.preAlterTable(batches, setProperties);
        assertThat(batches.getSd().getInputFormat())
                .as("none recorded: Hive takes the handler's, which fills column batches")
                .isNull();

        assertThatThrownBy(() -> handlerHook.preCreateTable(
                        table("people", dataset, Map.of("nosql.read.vectorized", "sometimes"))))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("nosql.read.vectorized");
    }

    @Test
    void rejectsAMisspeltPropertyWithASuggestion() {
        Table table = table("people", dataset, Map.of("nosql.bad-record.polcy", "skip"));

        assertThatThrownBy(() -> hook.preCreateTable(table))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("HNS-103 UNKNOWN_TABLE_PROPERTY")
                .hasMessageContaining("did you mean 'nosql.bad-record.policy'?");
    }

    @Test
    void rejectsAMissingRequiredPropertyAndReservedKeys() {
        Table table = table("people", dataset, Map.of("nosql.internal.mapping", "{}"));
        table.getParameters().remove("testing.dataset");

        assertThatThrownBy(() -> hook.preCreateTable(table))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("missing required property 'testing.dataset'")
                .hasMessageContaining("'nosql.internal.mapping' is reserved");
    }

    @Test
    void acceptsPasswordAliases() throws MetaException {
        hook.preCreateTable(table("people", dataset, Map.of("testing.password.alias", "people.redis")));
    }

    @Test
    void takesTheColumnsFromTheMappingFileWhenTheDdlHasNone() throws MetaException {
        Table table = table("people", dataset, Map.of("nosql.mapping.url", MAPPING_FILE));
        table.getSd().setCols(new ArrayList<>());
        hook.preCreateTable(table);

        // what Hive stores for columns a SerDe supplies
        table.getSd().setCols(new ArrayList<>(List.of(new FieldSchema("id", "<derived from deserializer>", null))));
        hook.preCreateTable(table);
    }

    @Test
    void aTableWithNoColumnListTakesTheStoresColumnsAndRecordsHowTheyWereFound() throws Exception {
        TestingStore.put(dataset, "k1", Map.of("fullName", "Ada", "yob", "1815"));
        TestingStore.put(dataset, "k2", Map.of("fullName", "Grace", "city", "Arlington"));
        Table table = table("inferred", dataset, Map.of());
        table.getSd().setCols(new ArrayList<>());

        // what Hive does at CREATE: open the SerDe (with no columns), store its columns, then call the hook
        TestingSerDe serDe = new TestingSerDe();
        java.util.Properties properties = new java.util.Properties();
        properties.putAll(table.getParameters());
        properties.setProperty("name", "default.inferred");
        properties.setProperty("columns", "");
        properties.setProperty("columns.types", "");
        serDe.initialize(new Configuration(), properties, null);
        assertThat(serDe.tableContext().mapping().columns())
                .extracting(c -> c.name() + " " + c.type().typeName() + " " + c.path())
                .containsExactlyInAnyOrder(
                        "id string id", "fullname string fullName", "yob string yob", "city string city");
        serDe.initialize(new Configuration(), properties, null);
        // Hive stores the columns the SerDe reports, in its order
        List<FieldSchema> stored = new ArrayList<>();
        serDe.tableContext()
                .mapping()
                .columns()
                .forEach(c -> stored.add(new FieldSchema(c.name(), c.type().typeName(), null)));
        table.getSd().setCols(stored);
        hook.preCreateTable(table);

        assertThat(TestingNoSqlConnector.INFERENCES.get(dataset))
                .as("one sample per CREATE")
                .hasValue(1);
        assertThat(table.getParameters())
                .containsEntry("testing.columns.mapping", "{\"fullname\":\"fullName\"}")
                .containsEntry("nosql.schema.notes", "every field reads as string")
                .hasEntrySatisfying("nosql.schema.inferred", recorded -> assertThat(recorded)
                        .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ: 2 records of dataset " + dataset));
    }

    @Test
    void aTableWithAColumnListRecordsNoInference() throws MetaException {
        TestingStore.put(dataset, "k1", Map.of("fullName", "Ada"));
        Table table = table("listed", dataset, Map.of());
        hook.preCreateTable(table);
        assertThat(table.getParameters()).doesNotContainKeys("nosql.schema.inferred", "testing.columns.mapping");
        assertThat(TestingNoSqlConnector.INFERENCES.get(dataset)).isNull();
    }

    @Test
    void reportsMappingErrorsAtCreate() {
        Table table = table("people", dataset, Map.of("testing.columns.mapping", "nmae:full_name"));

        assertThatThrownBy(() -> hook.preCreateTable(table))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("HNS-113 COLUMN_NOT_FOUND")
                .hasMessageContaining("did you mean 'name'?");
    }

    @Test
    void createsTheStoresCollectionForManagedTablesOnly() throws MetaException {
        Table managed = table("people", dataset, Map.of());
        managed.setTableType("MANAGED_TABLE");
        managed.getParameters().remove("EXTERNAL");
        hook.preCreateTable(managed);
        hook.commitCreateTable(managed);
        assertThat(TestingStore.created(dataset)).isTrue();

        String external = TestingStore.newDatasetName();
        hook.preCreateTable(table("people", external, Map.of()));
        assertThat(TestingStore.created(external)).isFalse();
    }

    @Test
    void removesTheCreatedCollectionWhenTheMetastoreFailsToRecordTheTable() throws MetaException {
        Table managed = table("people", dataset, Map.of());
        managed.setTableType("MANAGED_TABLE");
        managed.getParameters().remove("EXTERNAL");
        TestingStore.put(dataset, "k", Map.of("name", "x"));
        hook.preCreateTable(managed);
        hook.rollbackCreateTable(managed);
        assertThat(TestingStore.dataset(dataset)).isEmpty();
    }

    @Test
    void emptiesTheTableForInsertOverwriteAndTruncate() throws MetaException {
        Table table = table("people", dataset, Map.of());
        TestingStore.put(dataset, "p1", Map.of("name", "Ann"));

        hook.preInsertTable(table, false);
        assertThat(TestingStore.snapshot(dataset)).containsOnlyKeys("p1");

        hook.preInsertTable(table, true);
        assertThat(TestingStore.snapshot(dataset)).isEmpty();

        TestingStore.put(dataset, "p2", Map.of("name", "Bob"));
        hook.preTruncateTable(table, null, null);
        assertThat(TestingStore.snapshot(dataset)).isEmpty();
    }

    @Test
    void purgesOnDropOnlyWhenHiveOwnsTheData() throws MetaException {
        TestingStore.put(dataset, "p1", Map.of("name", "Ann"));
        hook.commitDropTable(table("people", dataset, Map.of()), true);
        assertThat(TestingStore.exists(dataset)).as("external table").isTrue();

        Table managed = table("people", dataset, Map.of());
        managed.setTableType("MANAGED_TABLE");
        hook.commitDropTable(managed, false);
        assertThat(TestingStore.exists(dataset)).as("managed, deleteData=false").isTrue();

        hook.commitDropTable(table("people", dataset, Map.of("external.table.purge", "true")), true);
        assertThat(TestingStore.exists(dataset)).as("external.table.purge").isFalse();
    }

    @Test
    void dropsATableWithBrokenSettingsWhenNothingIsToBeDeleted() throws MetaException {
        Table table = table("people", dataset, Map.of("testing.splits", "many"));

        hook.commitDropTable(table, true);

        assertThatThrownBy(() -> hook.commitDropTable(
                        table("people", dataset, Map.of("testing.splits", "many", "external.table.purge", "true")),
                        true))
                .isInstanceOf(MetaException.class)
                .hasMessageContaining("not deleted")
                .hasMessageContaining("testing.splits");
    }

    @Test
    void anInsertOnTezIsBegunAndCommittedForTheQueryThatBeganIt() throws MetaException {
        TestingNoSqlConnector connector = new TestingNoSqlConnector();
        Configuration session = new Configuration(false);
        session.set("hive.execution.engine", "tez");
        session.set("hive.query.id", "hive_1");
        NoSqlMetaHook insertHook = new NoSqlMetaHook(connector, session);
        Table table = table("people", dataset, Map.of());

        insertHook.preInsertTable(table, false);
        // another query of the session starts before this one commits
        session.set("hive.query.id", "hive_2");
        insertHook.commitInsertTable(table, false);

        assertThat(connector.inserts).containsExactly("begin hive_1", "commit hive_1");
    }

    @Test
    void aFailedCommitIsRolledBackForTheSameQuery() throws MetaException {
        TestingNoSqlConnector connector = new TestingNoSqlConnector();
        Configuration session = new Configuration(false);
        session.set("hive.execution.engine", "tez");
        session.set("hive.query.id", "hive_3");
        NoSqlMetaHook insertHook = new NoSqlMetaHook(connector, session);
        Table table = table("people", dataset, Map.of());

        insertHook.preInsertTable(table, false);
        session.set("hive.query.id", "hive_4");
        insertHook.rollbackInsertTable(table, false);

        assertThat(connector.inserts).containsExactly("begin hive_3", "rollback hive_3");
    }

    @Test
    void anInsertOnMapReduceIsNeitherBegunNorCommitted() throws MetaException {
        TestingNoSqlConnector connector = new TestingNoSqlConnector();
        Configuration session = new Configuration(false);
        session.set("hive.execution.engine", "mr");
        session.set("hive.query.id", "hive_5");
        NoSqlMetaHook insertHook = new NoSqlMetaHook(connector, session);
        Table table = table("people", dataset, Map.of());

        insertHook.preInsertTable(table, false);
        insertHook.commitInsertTable(table, false);

        assertThat(connector.inserts).isEmpty();
    }

    /** An external table of the testing store, as the metastore client hands it to the hook. */
    static Table table(String name, String dataset, Map<String, String> extraParameters) {
        Map<String, String> parameters = new HashMap<>();
        parameters.put("EXTERNAL", "TRUE");
        parameters.put("storage_handler", TestingStorageHandler.class.getName());
        parameters.put("testing.dataset", dataset);
        parameters.putAll(extraParameters);
        SerDeInfo serDe = new SerDeInfo();
        serDe.setSerializationLib(TestingSerDe.class.getName());
        serDe.setParameters(new HashMap<>());
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(new ArrayList<>(List.of(
                new FieldSchema("id", "string", null),
                new FieldSchema("name", "string", null),
                new FieldSchema("age", "int", null),
                new FieldSchema("balance", "decimal(8,2)", null),
                new FieldSchema("tags", "array<string>", null))));
        sd.setSerdeInfo(serDe);
        sd.setLocation("file:/tmp/warehouse/" + name);
        sd.setBucketCols(new ArrayList<>());
        sd.setSortCols(new ArrayList<>());
        sd.setParameters(new HashMap<>());
        Table table = new Table();
        table.setDbName("default");
        table.setTableName(name);
        table.setTableType("EXTERNAL_TABLE");
        table.setParameters(parameters);
        table.setSd(sd);
        table.setPartitionKeys(new ArrayList<>());
        return table;
    }
}
