package io.hivenosql.mongo;

import static io.hivenosql.mongo.TestingBsonFiles.mapping;
import static io.hivenosql.mongo.TestingBsonFiles.serDe;
import static io.hivenosql.mongo.TestingBsonFiles.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.hive.RowWritable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorConverters;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.JobConf;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestBsonSerDe {
    private static final String COLUMNS = "id,name,yob,address,tags,scores,price,seen";
    private static final String TYPES = "string:string:int:struct<city:string,geo:struct<lat:double,lon:double>>"
            + ":array<struct<tag:string,weight:bigint>>:map<string,array<int>>:decimal(10,2):timestamp";
    private static final String MAPPING = "{\"id\":\"_id\",\"yob\":\"born.year\",\"address\":\"addr\"}";
    private static final String HEX = "5f1e2d3c4b5a697887960a1b";

    @TempDir
    java.nio.file.Path temp;

    private static Properties people(Map<String, String> more) {
        Map<String, String> properties = new LinkedHashMap<>(mapping(MAPPING));
        properties.putAll(more);
        return table("default.people", COLUMNS, TYPES, null, properties);
    }

    /** A row as Hive's standard Java objects, in column order. */
    private static List<Object> row() {
        Map<String, List<Integer>> scores = new LinkedHashMap<>();
        scores.put("math", List.of(1, 2));
        scores.put("art", Arrays.asList(3, null));
        return Arrays.asList(
                HEX,
                "Ada",
                1815,
                Arrays.asList("London", Arrays.asList(51.5, -0.12)),
                List.of(Arrays.asList("math", 10L), Arrays.asList("poetry", null)),
                scores,
                HiveDecimal.create("12.50"),
                Timestamp.valueOf("2024-02-29 12:34:56.789"));
    }

    private static final BsonDocument EXPECTED = BsonDocument.parse("{_id: {$oid: '" + HEX + "'}, name: 'Ada', "
            + "born: {year: 1815}, addr: {city: 'London', geo: {lat: 51.5, lon: -0.12}}, "
            + "tags: [{tag: 'math', weight: {$numberLong: '10'}}, {tag: 'poetry'}], "
            + "scores: {math: [1, 2], art: [3, null]}, price: {$numberDecimal: '12.50'}, "
            + "seen: {$date: '2024-02-29T12:34:56.789Z'}}");

    private static BsonDocument document(org.apache.hadoop.io.Writable written) {
        BytesWritable bytes = (BytesWritable) written;
        return new RawBsonDocument(Arrays.copyOf(bytes.getBytes(), bytes.getLength()));
    }

    @Test
    void describesTheColumnsWithTheirHiveTypes() throws SerDeException {
        BsonSerDe serDe = serDe(people(Map.of()));

        assertThat(serDe.getObjectInspector().getTypeName())
                .isEqualTo("struct<id:string,name:string,yob:int,address:struct<city:string,geo:struct<lat:double,"
                        + "lon:double>>,tags:array<struct<tag:string,weight:bigint>>,scores:map<string,array<int>>,"
                        + "price:decimal(10,2),seen:timestamp>");
        assertThat(serDe.getSerializedClass()).isEqualTo(BytesWritable.class);
        assertThat(serDe.tableContext().mapping().column(2).path()).isEqualTo("born.year");
    }

    @Test
    void serializesNestedValuesToOneDocumentWithTheMappedPaths() throws SerDeException {
        BsonSerDe serDe = serDe(people(Map.of()));

        BsonDocument document = document(serDe.serialize(row(), serDe.getObjectInspector()));

        assertThat(document).isEqualTo(EXPECTED);
        assertThat(document.keySet()).first().isEqualTo("_id");
        assertThat(serDe.getSerDeStats().getRawDataSize()).isEqualTo(TestingBsonFiles.bytes(EXPECTED).length);
    }

    @Test
    void serializesRowsSeenThroughWritableObjectInspectors() throws SerDeException {
        BsonSerDe serDe = serDe(people(Map.of()));
        ObjectInspector java = serDe.getObjectInspector();
        StructObjectInspector writable =
                (StructObjectInspector) TypeInfoUtils.getStandardWritableObjectInspectorFromTypeInfo(
                        TypeInfoUtils.getTypeInfoFromObjectInspector(java));
        Object converted =
                ObjectInspectorConverters.getConverter(java, writable).convert(row());

        assertThat(document(serDe.serialize(converted, writable))).isEqualTo(EXPECTED);
    }

    @Test
    void writesNullsOnlyWhenAsked() throws SerDeException {
        List<Object> row = Arrays.asList(null, "Ada", null, null, null, null, null, null);

        assertThat(document(serDe(people(Map.of()))
                        .serialize(row, serDe(people(Map.of())).getObjectInspector())))
                .isEqualTo(BsonDocument.parse("{name: 'Ada'}"));
        BsonSerDe nulls = serDe(people(Map.of(MongoTableProperties.WRITE_NULLS.key(), "true")));
        assertThat(document(nulls.serialize(row, nulls.getObjectInspector())))
                .isEqualTo(BsonDocument.parse("{name: 'Ada', born: {year: null}, addr: null, tags: null, "
                        + "scores: null, price: null, seen: null}"));
    }

    @Test
    void roundTripsThroughTheFileFormats() throws Exception {
        Path dir = new Path(temp.resolve("people").toUri());
        Properties table = table("default.people", COLUMNS, TYPES, dir, mapping(MAPPING));
        BsonSerDe serDe = serDe(table);
        org.apache.hadoop.hive.ql.exec.FileSinkOperator.RecordWriter writer = new BsonFileOutputFormat()
                .getHiveRecordWriter(
                        new JobConf(),
                        new Path(dir, "000000_0"),
                        BytesWritable.class,
                        false,
                        table,
                        org.apache.hadoop.mapred.Reporter.NULL);
        writer.write(serDe.serialize(row(), serDe.getObjectInspector()));
        writer.close(false);

        JobConf job = TestingBsonFiles.job(dir, table);
        List<Object[]> rows = TestingBsonFiles.readAll(new BsonFileInputFormat(), job, 1);

        assertThat(rows).hasSize(1);
        BsonSerDe reader = new BsonSerDe();
        reader.initialize(job, table, null);
        Object deserialized = reader.deserialize(new RowWritable(rows.get(0)));
        StructObjectInspector inspector = (StructObjectInspector) reader.getObjectInspector();
        assertThat(inspector.getStructFieldsDataAsList(deserialized)).isEqualTo(row());
    }

    @Test
    void refusesRowsThatDoNotComeFromTheBsonFileReader() throws SerDeException {
        BsonSerDe serDe = serDe(people(Map.of()));

        assertThatThrownBy(() -> serDe.deserialize(new Text("{}")))
                .isInstanceOf(SerDeException.class)
                .hasMessageContaining("default.people")
                .hasMessageContaining(BsonFileInputFormat.class.getName())
                .hasMessageContaining("org.apache.hadoop.io.Text");
    }

    @Test
    void namesTableColumnAndValueOfAValueItCannotWrite() throws SerDeException {
        BsonSerDe serDe = serDe(people(Map.of()));
        List<Object> row = row();
        row.set(0, "not-an-object-id");

        assertThatThrownBy(() -> serDe.serialize(row, serDe.getObjectInspector()))
                .isInstanceOf(SerDeException.class)
                .hasMessageContaining("default.people")
                .hasMessageContaining("column id")
                .hasMessageContaining("not-an-object-id")
                .hasMessageContaining(MongoTableProperties.OBJECTID_COLUMNS.key());
    }

    @Test
    void keepsIdsThatAreNoObjectIdsAsStringsWhenTold() throws SerDeException {
        BsonSerDe serDe = serDe(people(Map.of(MongoTableProperties.OBJECTID_COLUMNS.key(), "")));
        List<Object> row = row();
        row.set(0, "ada-1815");

        assertThat(document(serDe.serialize(row, serDe.getObjectInspector())).get("_id"))
                .isEqualTo(new org.bson.BsonString("ada-1815"));
    }

    @Test
    void refusesPropertiesOfCollectionTablesNamingThem() {
        Properties table = people(Map.of(
                MongoTableProperties.URI.key(), "mongodb://localhost/test.people", "mongo.columns.maping", "{}"));

        assertThatThrownBy(() -> serDe(table))
                .isInstanceOf(SerDeException.class)
                .hasMessageContaining("default.people")
                .hasMessageContaining("unknown property 'mongo.uri'")
                .hasMessageContaining("unknown property 'mongo.columns.maping'")
                .hasMessageContaining("did you mean 'mongo.columns.mapping'");
    }

    @Test
    void refusesAnObjectIdColumnOfAnotherType() {
        Properties table = people(Map.of(MongoTableProperties.OBJECTID_COLUMNS.key(), "yob"));

        assertThatThrownBy(() -> serDe(table))
                .isInstanceOf(SerDeException.class)
                .hasMessageContaining("column yob")
                .hasMessageContaining("an ObjectId column must be string");
    }

    @Test
    void refusesAPathThatIsNoFieldPath() {
        Properties table = table("default.people", "name", "string", null, mapping("{\"name\":\"a..b\"}"));

        assertThatThrownBy(() -> serDe(table))
                .isInstanceOf(SerDeException.class)
                .hasMessageContaining("column name")
                .hasMessageContaining("'a..b' is not a BSON field path");
    }

    @Test
    void takesItsColumnsFromAMappingFileWhenTheDdlHasNone() throws IOException, SerDeException {
        java.nio.file.Path file = temp.resolve("people.json");
        Files.writeString(
                file,
                "{\"columns\": [{\"name\": \"id\", \"type\": \"string\", \"path\": \"_id\"},"
                        + " {\"name\": \"city\", \"type\": \"string\", \"path\": \"addr.city\"}]}",
                StandardCharsets.UTF_8);
        Properties table = table(
                "default.people",
                "",
                "",
                null,
                Map.of(NoSqlTableProperties.MAPPING_URL.key(), file.toUri().toString()));

        BsonSerDe serDe = serDe(table);

        assertThat(serDe.getObjectInspector().getTypeName()).isEqualTo("struct<id:string,city:string>");
        assertThat(document(serDe.serialize(
                        Arrays.asList(new ObjectId(HEX).toHexString(), "Paris"), serDe.getObjectInspector())))
                .isEqualTo(BsonDocument.parse("{_id: {$oid: '" + HEX + "'}, addr: {city: 'Paris'}}"));
    }

    @Test
    void isCreatedReflectivelyAsHiveDoes() throws ReflectiveOperationException {
        assertThat(BsonSerDe.class.getConstructor().newInstance()).isNotNull();
        assertThat(BsonFileInputFormat.class.getConstructor().newInstance()).isNotNull();
        assertThat(BsonFileOutputFormat.class.getConstructor().newInstance())
                .isInstanceOf(org.apache.hadoop.hive.ql.io.HiveOutputFormat.class);
    }
}
