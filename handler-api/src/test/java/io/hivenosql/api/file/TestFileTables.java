package io.hivenosql.api.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.PartitionDesc;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.apache.hadoop.hive.serde.serdeConstants;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.TextInputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestFileTables {
    private static final FileTables TABLES = new FileTables(
            "XML", List.of("xml.", "nosql."), "org.example.XmlSerDe", "org.example.XmlInputFormat", "org.example.Out");

    @TempDir
    java.nio.file.Path temp;

    private static Properties table(String name, String location, Map<String, String> more) {
        Properties properties = new Properties();
        properties.setProperty(hive_metastoreConstants.META_TABLE_NAME, name);
        properties.setProperty(serdeConstants.LIST_COLUMNS, "id,name");
        properties.setProperty(serdeConstants.LIST_COLUMN_TYPES, "bigint:string");
        if (location != null) {
            properties.setProperty(hive_metastoreConstants.META_TABLE_LOCATION, location);
        }
        more.forEach(properties::setProperty);
        return properties;
    }

    @Test
    void registersTheKeptPropertiesOfATableUnderItsLocationsPath() throws IOException {
        JobConf job = new JobConf(false);
        Map<String, String> more = new LinkedHashMap<>();
        more.put("xml.root", "items");
        more.put("XML.Upper", "kept regardless of case");
        more.put("nosql.bad-record.policy", "null");
        more.put("nosql.internal.mapping", "never kept");
        more.put("json.columns.mapping", "another store's");
        more.put(serdeConstants.SERIALIZATION_LIB, "org.example.XmlSerDe");
        more.put("EXTERNAL", "TRUE");
        TABLES.register(job, table("default.items", "hdfs://nn:8020/data/items/", more));

        assertThat(TABLES.registeredPrefix()).isEqualTo("nosql.internal.xml.table.");
        assertThat(job.getPropsWithPrefix(TABLES.registeredPrefix())).containsOnlyKeys("/data/items");
        Properties found = TABLES.find(job, new Path("hdfs://nn:8020/data/items/part-0.xml"));
        assertThat(found.stringPropertyNames())
                .containsExactlyInAnyOrder(
                        hive_metastoreConstants.META_TABLE_NAME,
                        hive_metastoreConstants.META_TABLE_LOCATION,
                        serdeConstants.LIST_COLUMNS,
                        serdeConstants.LIST_COLUMN_TYPES,
                        "xml.root",
                        "XML.Upper",
                        "nosql.bad-record.policy");
        assertThat(found.getProperty("nosql.bad-record.policy")).isEqualTo("null");
        assertThat(found.getProperty(serdeConstants.LIST_COLUMN_TYPES)).isEqualTo("bigint:string");
    }

    @Test
    void writesOnlyToJobConfs() {
        Configuration conf = new Configuration(false);
        TABLES.register(conf, table("default.items", "/data/items", Map.of()));

        assertThat(conf.getPropsWithPrefix(TABLES.registeredPrefix())).isEmpty();
    }

    @Test
    void takesTheDeepestRegisteredLocationAboveTheFile() throws IOException {
        JobConf job = new JobConf(false);
        TABLES.register(job, table("default.outer", "file:/data/t", Map.of()));
        TABLES.register(job, table("default.inner", "file:/data/t/inner", Map.of()));
        TABLES.register(job, table("default.sibling", "file:/data/t/inner2", Map.of()));

        assertThat(name(TABLES.find(job, new Path("file:/data/t/inner/a.xml")))).isEqualTo("default.inner");
        assertThat(name(TABLES.find(job, new Path("file:/data/t/inner/x=1/a.xml"))))
                .isEqualTo("default.inner");
        assertThat(name(TABLES.find(job, new Path("file:/data/t/b.xml")))).isEqualTo("default.outer");
        assertThat(name(TABLES.find(job, new Path("/data/t/inner2/c.xml")))).isEqualTo("default.sibling");
        assertThatThrownBy(() -> TABLES.find(job, new Path("file:/data/tt/a.xml")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("cannot tell which table");
    }

    @Test
    void takesTheOnlyRegisteredTableWhateverItsLocation() throws IOException {
        JobConf job = new JobConf(false);
        TABLES.register(job, table("default.items", "/data/items", Map.of()));

        assertThat(name(TABLES.find(job, new Path("/elsewhere/partition/a.xml"))))
                .isEqualTo("default.items");
    }

    @Test
    void failsClearlyWhenNoTableOwnsTheFile() {
        JobConf job = new JobConf(false);

        assertThatThrownBy(() -> TABLES.find(job, new Path("/data/items/a.xml")))
                .isInstanceOf(IOException.class)
                .hasMessage("cannot tell which table the XML file /data/items/a.xml belongs to: XmlInputFormat reads "
                        + "the files of Hive tables declared with ROW FORMAT SERDE 'org.example.XmlSerDe', and found "
                        + "neither a Hive query plan nor the table's properties in the job configuration. Declare the "
                        + "table with that SerDe (and STORED AS INPUTFORMAT 'org.example.XmlInputFormat' OUTPUTFORMAT "
                        + "'org.example.Out').");
    }

    @Test
    void failsOnACorruptRegistration() {
        JobConf job = new JobConf(false);
        job.set(TABLES.registeredPrefix() + "/data/items", "{not json");

        assertThatThrownBy(() -> TABLES.find(job, new Path("/data/items/a.xml")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("the XML table properties registered in the job configuration under "
                        + "nosql.internal.xml.table./data/items are corrupt");
    }

    @Test
    void keepsTheRegistrationsOfEachFormatApart() {
        FileTables other = new FileTables(
                "CSV", List.of("csv."), "org.example.CsvSerDe", "org.example.CsvInputFormat", "org.example.Out");
        JobConf job = new JobConf(false);
        TABLES.register(job, table("default.items", "/data/items", Map.of()));

        assertThatThrownBy(() -> other.find(job, new Path("/data/items/a.csv")))
                .hasMessageContaining("the CSV file /data/items/a.csv")
                .hasMessageContaining("org.example.CsvSerDe");
    }

    @Test
    void findsTheTableInTheQueryPlanBeforeTheRegistrationsWithThePartitionsPropertiesOverItsTables()
            throws IOException {
        Path partition = new Path(temp.resolve("items/day=1").toUri());
        Properties tableProperties = table("default.items", null, Map.of("nosql.bad-record.policy", "skip"));
        Properties partitionProperties = table("default.items", null, Map.of("xml.root", "day"));
        PartitionDesc desc = new PartitionDesc(
                new TableDesc(TextInputFormat.class, HiveIgnoreKeyTextOutputFormat.class, tableProperties),
                new LinkedHashMap<>(Map.of("day", "1")));
        desc.setProperties(partitionProperties);
        MapWork work = new MapWork();
        work.addPathToPartitionInfo(partition, desc);
        JobConf job = new JobConf();
        TABLES.register(job, table("default.registered", partition.toString(), Map.of()));
        HiveConf.setVar(
                job, HiveConf.ConfVars.PLAN, new Path(temp.resolve("plan").toUri()).toString());
        Utilities.setMapWork(job, work);
        try {
            Properties found = TABLES.find(job, new Path(partition, "a.xml"));

            assertThat(name(found)).isEqualTo("default.items");
            assertThat(found.getProperty("nosql.bad-record.policy")).isEqualTo("skip");
            assertThat(found.getProperty("xml.root")).isEqualTo("day");
            // a file outside the plan's directories: the registrations
            assertThat(name(TABLES.find(
                            job, new Path(temp.resolve("other/a.xml").toUri()))))
                    .isEqualTo("default.registered");
        } finally {
            Utilities.clearWork(job);
        }
    }

    @Test
    void overlaysAPartitionsPropertiesOnItsTables() {
        PartitionDesc desc = new PartitionDesc(
                new TableDesc(
                        TextInputFormat.class,
                        HiveIgnoreKeyTextOutputFormat.class,
                        table("default.items", null, Map.of("xml.root", "table", "nosql.bad-record.policy", "null"))),
                new LinkedHashMap<>(Map.of("day", "1")));
        desc.setProperties(table("default.items", null, Map.of("xml.root", "partition")));

        Properties merged = FileTables.properties(desc);

        assertThat(merged.getProperty("xml.root")).isEqualTo("partition");
        assertThat(merged.getProperty("nosql.bad-record.policy")).isEqualTo("null");
    }

    @Test
    void takesThePathOfALocation() {
        assertThat(FileTables.pathOf("hdfs://nn:8020/data/items/")).isEqualTo("/data/items");
        assertThat(FileTables.pathOf("file:///data/items")).isEqualTo("/data/items");
        assertThat(FileTables.pathOf("/")).isEqualTo("/");
    }

    @Test
    void validatesItsArguments() {
        assertThatThrownBy(() -> new FileTables("", List.of("x."), "s", "i", "o"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("format is empty");
        assertThatThrownBy(() -> new FileTables("X", List.of(), "s", "i", "o"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("keptPrefixes is empty");
        assertThatThrownBy(() -> new FileTables("X", List.of("x."), null, "i", "o"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("serDeClass is null");
    }

    private static String name(Properties properties) {
        return properties.getProperty(hive_metastoreConstants.META_TABLE_NAME);
    }
}
