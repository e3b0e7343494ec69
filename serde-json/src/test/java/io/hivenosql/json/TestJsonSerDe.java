package io.hivenosql.json;

import static io.hivenosql.json.TestingJsonTables.line;
import static io.hivenosql.json.TestingJsonTables.serDe;
import static io.hivenosql.json.TestingJsonTables.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorConverters;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

class TestJsonSerDe {
    private static final String COLUMNS = "id,name,city,address,tags,scores,price,seen,day,payload";
    private static final String TYPES = "bigint:string:string:struct<street:string,zip:int>"
            + ":array<struct<tag:string,weight:int>>:map<string,double>:decimal(38,18):timestamp:date:binary";
    private static final String MAPPING = "{\"id\":\"_id\",\"city\":\"addr.city\",\"address\":\"addr.street\"}";

    private static Properties people(Map<String, String> more) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("json.columns.mapping", MAPPING);
        properties.putAll(more);
        return table("default.people", COLUMNS, TYPES, properties);
    }

    private static List<Object> row() {
        Map<String, Double> scores = new LinkedHashMap<>();
        scores.put("math", 1.5);
        scores.put("art", null);
        return Arrays.asList(
                9007199254740993L,
                "Ada \"the\" first\nline",
                "London",
                Arrays.asList("Main St", 12345),
                List.of(Arrays.asList("math", 10), Arrays.asList("poetry", null)),
                scores,
                HiveDecimal.create("12345678901234567890.123456789012345678"),
                Timestamp.valueOf("2024-02-29 12:34:56.123456789"),
                Date.valueOf("1815-12-10"),
                new byte[] {0, 1, 2, (byte) 255});
    }

    private static final String LINE = "{\"_id\":9007199254740993,\"name\":\"Ada \\\"the\\\" first\\nline\","
            + "\"addr\":{\"city\":\"London\",\"street\":{\"street\":\"Main St\",\"zip\":12345}},"
            + "\"tags\":[{\"tag\":\"math\",\"weight\":10},{\"tag\":\"poetry\",\"weight\":null}],"
            + "\"scores\":{\"math\":1.5,\"art\":null},\"price\":12345678901234567890.123456789012345678,"
            + "\"seen\":\"2024-02-29T12:34:56.123456789\",\"day\":\"1815-12-10\",\"payload\":\"AAEC/w==\"}";

    private static Text serialize(JsonSerDe serDe, List<Object> row) throws SerDeException {
        ObjectInspector inspector = serDe.getObjectInspector();
        return new Text((Text) serDe.serialize(row, inspector));
    }

    @Test
    void writesOneObjectPerRowWithNestedPaths() throws SerDeException {
        JsonSerDe serDe = serDe(people(Map.of()));
        assertThat(serialize(serDe, row()).toString()).isEqualTo(LINE);
    }

    @Test
    void readsWhatItWrites() throws SerDeException {
        JsonSerDe serDe = serDe(people(Map.of()));
        Object read = serDe.deserialize(line(LINE));
        List<Object> expected = row();
        List<?> actual = (List<?>) read;
        assertThat(actual).hasSize(expected.size());
        for (int i = 0; i < expected.size(); i++) {
            if (expected.get(i) instanceof byte[] bytes) {
                assertThat((byte[]) actual.get(i)).isEqualTo(bytes);
            } else {
                assertThat(actual.get(i)).as(COLUMNS.split(",")[i]).isEqualTo(expected.get(i));
            }
        }
    }

    @Test
    void matchesFieldsCaseInsensitivelyInAnyOrderSkippingUnknownOnes() throws SerDeException {
        JsonSerDe serDe = serDe(people(Map.of()));
        List<?> row = (List<?>) serDe.deserialize(line(
                "{\"unknown\":{\"a\":[1,2,{}]},\"ADDR\":{\"Street\":{\"ZIP\":7},\"CITY\":\"Oslo\"},\"_ID\":\"42\"}"));
        assertThat(row.get(0)).isEqualTo(42L);
        assertThat(row.get(2)).isEqualTo("Oslo");
        assertThat(row.get(3)).isEqualTo(Arrays.asList(null, 7));
        assertThat(row.get(1)).isNull();
    }

    @Test
    void caseSensitiveWhenAsked() throws SerDeException {
        JsonSerDe serDe = serDe(people(Map.of("json.case-insensitive", "false")));
        List<?> row =
                (List<?>) serDe.deserialize(line("{\"NAME\":\"x\",\"addr\":{\"City\":\"Oslo\",\"city\":\"Lima\"}}"));
        assertThat(row.get(1)).isNull();
        assertThat(row.get(2)).isEqualTo("Lima");
    }

    @Test
    void missingParentsAndNonObjectsReadAsNull() throws SerDeException {
        JsonSerDe serDe = serDe(people(Map.of()));
        List<?> row = (List<?>) serDe.deserialize(line("{\"addr\":\"not an object\",\"name\":null}"));
        assertThat(row).containsOnlyNulls();
    }

    @Test
    void aValueThatDoesNotFitFailsNamingTableColumnAndValue() throws SerDeException {
        JsonSerDe serDe = serDe(people(Map.of()));
        assertThatThrownBy(() -> serDe.deserialize(line("{\"_id\":1e40}")))
                .isInstanceOf(SerDeException.class)
                .hasMessageContaining("HNS-121 BAD_RECORD")
                .hasMessageContaining("table default.people")
                .hasMessageContaining("column 'id' (JSON path '_id')")
                .hasMessageContaining("1e40")
                .hasMessageContaining("the line: '{\"_id\":1e40}'");
    }

    @Test
    void nullPolicyNullsOnlyTheBadColumn() throws SerDeException {
        JsonSerDe serDe = serDe(people(Map.of("nosql.bad-record.policy", "null")));
        List<?> row =
                (List<?>) serDe.deserialize(line("{\"_id\":42.5,\"name\":\"kept\",\"tags\":[{\"weight\":\"x\"}]}"));
        assertThat(row.get(0)).isNull();
        assertThat(row.get(1)).isEqualTo("kept");
        assertThat(row.get(4)).isNull();
        assertThat((List<?>) serDe.deserialize(line("[1,2]"))).containsOnlyNulls();
    }

    @Test
    void malformedLinesFailWithWhatIsWrong() throws SerDeException {
        JsonSerDe serDe = serDe(people(Map.of()));
        assertThatThrownBy(() -> serDe.deserialize(line("{\"_id\":1")))
                .hasMessageContaining("malformed JSON")
                .hasMessageContaining("table default.people");
        assertThatThrownBy(() -> serDe.deserialize(line("{\"_id\":1} x")))
                .hasMessageContaining("after the JSON object");
        assertThatThrownBy(() -> serDe.deserialize(line("42")))
                .hasMessageContaining("expected a JSON object, got a number");
        assertThatThrownBy(() -> serDe.deserialize(line(""))).hasMessageContaining("the line is empty");
    }

    @Test
    void skipNeedsTheJsonInputFormat() throws SerDeException {
        Properties text = people(Map.of("nosql.bad-record.policy", "skip"));
        text.setProperty(hive_metastoreConstants.FILE_INPUT_FORMAT, "org.apache.hadoop.mapred.TextInputFormat");
        assertThatThrownBy(() -> serDe(text))
                .hasMessageContaining("'nosql.bad-record.policy'='skip' needs io.hivenosql.json.JsonInputFormat")
                .hasMessageContaining("table default.people");
        JsonSerDe unknownReader = serDe(people(Map.of("nosql.bad-record.policy", "skip")));
        List<?> good = (List<?>) unknownReader.deserialize(line("{\"_id\":1,\"name\":\"a\"}"));
        assertThat(good.subList(0, 2)).isEqualTo(List.of(1L, "a"));
        assertThatThrownBy(() -> unknownReader.deserialize(line("{\"_id\":\"two\",\"name\":\"b\"}")))
                .hasMessageContaining("reached the SerDe from a reader that cannot drop it");
        Properties json = people(Map.of("nosql.bad-record.policy", "skip"));
        json.setProperty(hive_metastoreConstants.FILE_INPUT_FORMAT, JsonInputFormat.class.getName());
        serDe(json);
    }

    @Test
    void temporalFormatsAreWrittenAsConfiguredAndReadBack() throws SerDeException {
        Properties properties = table(
                "default.times",
                "at,day",
                "timestamp:date",
                Map.of("json.timestamp.format", "epoch-millis", "json.date.format", "epoch-days"));
        JsonSerDe serDe = serDe(properties);
        List<Object> row = Arrays.asList(Timestamp.valueOf("2024-01-01 00:00:00.0015"), Date.valueOf("1970-01-11"));
        Text text = serialize(serDe, row);
        assertThat(text.toString()).isEqualTo("{\"at\":1704067200001.5,\"day\":10}");
        assertThat(serDe.deserialize(text)).isEqualTo(row);

        JsonSerDe pattern = serDe(
                table("default.times", "at", "timestamp", Map.of("json.timestamp.format", "yyyy/MM/dd HH:mm:ss")));
        assertThat(serialize(pattern, Arrays.asList(Timestamp.valueOf("2024-01-01 10:00:00")))
                        .toString())
                .isEqualTo("{\"at\":\"2024/01/01 10:00:00\"}");
        assertThatThrownBy(() -> pattern.serialize(
                        Arrays.asList(Timestamp.valueOf("2024-01-01 10:00:00.5")), pattern.getObjectInspector()))
                .hasMessageContaining("column 'at'")
                .hasMessageContaining("yyyy/MM/dd HH:mm:ss");
        assertThat(pattern.deserialize(line("{\"at\":\"2024-01-01T10:00:00+02:00\"}")))
                .isEqualTo(Arrays.asList(Timestamp.valueOf("2024-01-01 08:00:00")));
    }

    @Test
    void badPropertiesAreRefusedNamingThem() {
        assertThatThrownBy(() -> serDe(people(Map.of("json.timestamp.format", "yyyy-qqq-bogus{"))))
                .hasMessageContaining("json.timestamp.format");
        assertThatThrownBy(() -> serDe(people(Map.of("json.case-insensitve", "true"))))
                .hasMessageContaining("json.case-insensitve")
                .hasMessageContaining("json.case-insensitive");
        assertThatThrownBy(() -> serDe(
                        table("default.twice", "a,b", "int:int", Map.of("json.columns.mapping", "{\"b\":\"A\"}"))))
                .hasMessageContaining("columns 'a' and 'b' are both mapped to JSON field 'A'");
    }

    @Test
    void overlappingColumnsReadButCannotBeWritten() throws SerDeException {
        JsonSerDe serDe = serDe(table(
                "default.overlap",
                "address,city",
                "struct<city:string,zip:int>:string",
                Map.of("json.columns.mapping", "{\"city\":\"address.city\"}")));
        assertThat(serDe.deserialize(line("{\"address\":{\"zip\":1,\"city\":\"Oslo\"}}")))
                .isEqualTo(Arrays.asList(Arrays.asList("Oslo", 1), "Oslo"));
        assertThatThrownBy(() -> serDe.serialize(Arrays.asList(null, "x"), serDe.getObjectInspector()))
                .hasMessageContaining("overlap");
    }

    @Test
    void initializingAgainTakesTheNewTable() throws SerDeException {
        JsonSerDe serDe = serDe(table("default.a", "a,b", "int:string", Map.of()));
        assertThat(serialize(serDe, Arrays.asList(1, null)).toString()).isEqualTo("{\"a\":1}");
        serDe.initialize(
                new org.apache.hadoop.conf.Configuration(),
                table(
                        "default.a",
                        "a,b",
                        "int:string",
                        Map.of("json.write.nulls", "true", "json.columns.mapping", "{\"a\":\"x.y\"}")),
                null);
        assertThat(serialize(serDe, Arrays.asList(1, null)).toString()).isEqualTo("{\"x\":{\"y\":1},\"b\":null}");
    }

    @Test
    void writesNullsWhenAsked() throws SerDeException {
        JsonSerDe serDe = serDe(table(
                "default.n",
                "a,b",
                "int:string",
                Map.of("json.write.nulls", "true", "json.columns.mapping", "{\"b\":\"x.y\"}")));
        assertThat(serialize(serDe, Arrays.asList(null, null)).toString()).isEqualTo("{\"a\":null,\"x\":{\"y\":null}}");
        JsonSerDe omitting =
                serDe(table("default.n", "a,b", "int:string", Map.of("json.columns.mapping", "{\"b\":\"x.y\"}")));
        assertThat(serialize(omitting, Arrays.asList(null, null)).toString()).isEqualTo("{}");
    }

    @Test
    void serializesRowsOfOtherInspectors() throws SerDeException {
        JsonSerDe serDe = serDe(table("default.w", "n,s", "int:string", Map.of()));
        StructObjectInspector writable = (StructObjectInspector) ObjectInspectorConverters.getConvertedOI(
                serDe.getObjectInspector(),
                org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils.getStandardWritableObjectInspectorFromTypeInfo(
                        TypeInfoUtils.getTypeInfoFromTypeString("struct<n:int,s:string>")));
        Object row = Arrays.asList(new org.apache.hadoop.io.IntWritable(7), new Text("seven"));
        assertThat(serDe.serialize(row, writable).toString()).isEqualTo("{\"n\":7,\"s\":\"seven\"}");
    }
}
