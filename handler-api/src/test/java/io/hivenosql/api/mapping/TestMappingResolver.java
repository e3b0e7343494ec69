package io.hivenosql.api.mapping;

import static io.hivenosql.api.types.PrimitiveType.BIGINT;
import static io.hivenosql.api.types.PrimitiveType.INT;
import static io.hivenosql.api.types.PrimitiveType.STRING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.DecimalType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestMappingResolver {
    private static final String INLINE = "redis.columns.mapping";
    private static final String PERSON_JSON = "classpath:mappings/person.json";

    private static final List<HiveColumn> PERSON_DDL = List.of(
            HiveColumn.of("id", "string"),
            HiveColumn.of("name", "string"),
            HiveColumn.of("address", "struct<city:string,zipcode:string>"),
            HiveColumn.of("tags", "array<string>"),
            HiveColumn.of("balance", "decimal(12,2)"),
            HiveColumn.of("expires", "bigint"));

    @Test
    void ddlColumnsMapToTheirNames() {
        TableMapping mapping = resolve(List.of(HiveColumn.of("ID", "string"), HiveColumn.of("age", "int")), Map.of());
        assertThat(mapping.columns())
                .containsExactly(
                        new ColumnMapping("id", STRING, "ID", ColumnRole.FIELD),
                        new ColumnMapping("age", INT, "age", ColumnRole.FIELD));
    }

    @Test
    void inlineMappingOverridesPaths() {
        List<HiveColumn> ddl = List.of(HiveColumn.of("id", "string"), HiveColumn.of("age", "int"));
        assertThat(resolve(ddl, Map.of(INLINE, " ID : _id , age:person.age ")).columns())
                .extracting(ColumnMapping::path)
                .containsExactly("_id", "person.age");
        assertThat(resolve(ddl, Map.of(INLINE, "{\"age\": \"p.age\"}")).columns())
                .extracting(ColumnMapping::path)
                .containsExactly("id", "p.age");
        assertThat(resolve(ddl, Map.of(INLINE, "id:key:with:colons,")).column(0).path())
                .isEqualTo("key:with:colons");
    }

    @Test
    void inlineMappingOfAnUnknownColumnSuggestsTheClosest() {
        List<HiveColumn> ddl = List.of(HiveColumn.of("id", "string"), HiveColumn.of("name", "string"));
        assertThatThrownBy(() -> resolve(ddl, Map.of(INLINE, "nmae:n,id:_id")))
                .isInstanceOf(HandlerException.class)
                .satisfies(e ->
                        assertThat(((HandlerException) e).errorCode()).isEqualTo(HandlerErrorCode.COLUMN_NOT_FOUND))
                .hasMessageContaining("table db.person")
                .hasMessageContaining("property 'redis.columns.mapping' maps column 'nmae' (did you mean 'name'?)")
                .hasMessageContaining("The table's columns are: id, name");
        assertThatThrownBy(() -> resolve(ddl, Map.of(INLINE, "{\"zzzzzz\": \"x\"}")))
                .hasMessageContaining("column 'zzzzzz', but")
                .hasMessageNotContaining("did you mean");
    }

    @Test
    void malformedInlineMappings() {
        List<HiveColumn> ddl = List.of(HiveColumn.of("id", "string"));
        assertThatThrownBy(() -> resolve(ddl, Map.of(INLINE, "id")))
                .satisfies(
                        e -> assertThat(((HandlerException) e).errorCode()).isEqualTo(HandlerErrorCode.INVALID_MAPPING))
                .hasMessageContaining("the entry 'id' has no ':'");
        assertThatThrownBy(() -> resolve(ddl, Map.of(INLINE, "id:a,ID:b"))).hasMessageContaining("mapped twice");
        assertThatThrownBy(() -> resolve(ddl, Map.of(INLINE, "id:")))
                .hasMessageContaining("column 'id' has an empty path");
        assertThatThrownBy(() -> resolve(ddl, Map.of(INLINE, "{\"id\": 1}")))
                .hasMessageContaining("the path of column 'id' must be a JSON string");
        assertThatThrownBy(() -> resolve(ddl, Map.of(INLINE, "{\"id\": \"x\"")))
                .hasMessageContaining("not a valid JSON object")
                .hasMessageContaining("at character");
    }

    @Test
    void mappingFileSuppliesTheColumns() {
        TableMapping mapping = resolve(List.of(), Map.of("nosql.mapping.url", PERSON_JSON));
        assertThat(mapping.columns())
                .containsExactly(
                        new ColumnMapping("id", STRING, "id", ColumnRole.KEY),
                        new ColumnMapping("name", STRING, "Name", ColumnRole.FIELD),
                        new ColumnMapping(
                                "address",
                                DataTypes.parse("struct<city:string,zipCode:string>"),
                                "addr",
                                ColumnRole.FIELD),
                        new ColumnMapping("tags", DataTypes.parse("array<string>"), "tags", ColumnRole.FIELD),
                        new ColumnMapping("balance", new DecimalType(12, 2), "balance", ColumnRole.FIELD),
                        new ColumnMapping("expires", BIGINT, "expires", ColumnRole.TTL));
    }

    @Test
    void mappingFileAndAgreeingDdl() {
        TableMapping mapping = resolve(PERSON_DDL, Map.of("nosql.mapping.url", PERSON_JSON));
        assertThat(mapping.names()).containsExactly("id", "name", "address", "tags", "balance", "expires");
        assertThat(mapping.column(2).path()).isEqualTo("addr");
        assertThat(mapping.withRole(ColumnRole.KEY))
                .extracting(ColumnMapping::name)
                .containsExactly("id");
    }

    @Test
    void inlineMappingOverridesTheFile() {
        TableMapping mapping =
                resolve(PERSON_DDL, Map.of("nosql.mapping.url", PERSON_JSON, INLINE, "address:location,id:_id"));
        assertThat(mapping.column(0)).isEqualTo(new ColumnMapping("id", STRING, "_id", ColumnRole.KEY));
        assertThat(mapping.column(2).path()).isEqualTo("location");
        assertThat(mapping.column(1).path()).isEqualTo("Name");
    }

    @Test
    void ddlAndFileDisagree() {
        List<HiveColumn> ddl = List.of(
                HiveColumn.of("name", "string"),
                HiveColumn.of("id", "string"),
                HiveColumn.of("address", "struct<city:string,zipcode:string>"),
                HiveColumn.of("tags", "array<int>"),
                HiveColumn.of("balance", "decimal(12,2)"),
                HiveColumn.of("nickname", "string"));
        assertThatThrownBy(() -> resolve(ddl, Map.of("nosql.mapping.url", PERSON_JSON)))
                .isInstanceOf(HandlerException.class)
                .satisfies(
                        e -> assertThat(((HandlerException) e).errorCode()).isEqualTo(HandlerErrorCode.INVALID_MAPPING))
                .hasMessageContaining(
                        "table db.person: the DDL columns and the mapping file '" + PERSON_JSON + "' disagree")
                .hasMessageContaining("column 'tags' is array<int> in the DDL but array<string> in the mapping file")
                .hasMessageContaining("column 'nickname' (string) is in the DDL but not in the mapping file")
                .hasMessageContaining("column 'expires' (bigint) is in the mapping file but not in the DDL")
                .hasMessageContaining("different order: DDL (name, id, address, tags, balance), "
                        + "mapping file (id, name, address, tags, balance)")
                .hasMessageNotContaining("column 'address'")
                .hasMessageContaining("leave the column list out of the DDL");
    }

    @Test
    void noColumnsAnywhere() {
        assertThatThrownBy(() -> resolve(List.of(), Map.of(INLINE, "a:b")))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining(
                        "table db.person has no columns: declare them in the DDL or set nosql.mapping.url");
    }

    @Test
    void unreadableFileNamesUrlAndCause() {
        assertThatThrownBy(() -> resolve(List.of(), Map.of("nosql.mapping.url", "/no/such/mapping.json")))
                .isInstanceOf(HandlerException.class)
                .satisfies(e -> assertThat(((HandlerException) e).errorCode())
                        .isEqualTo(HandlerErrorCode.MAPPING_FILE_UNREADABLE))
                .hasMessageContaining(
                        "cannot read the mapping file '/no/such/mapping.json' (property nosql.mapping.url)")
                .hasMessageContaining("NoSuchFileException")
                .hasMessageContaining("Check that the file exists");
        assertThatThrownBy(() -> resolve(List.of(), Map.of("nosql.mapping.url", "classpath:mappings/none.json")))
                .hasMessageContaining("classpath resource 'mappings/none.json' not found");
        assertThatThrownBy(() -> resolve(List.of(), Map.of("nosql.mapping.url", "hdfs://nn/m.json")))
                .hasMessageContaining("the URL scheme 'hdfs:' cannot be read here");
        MappingSource failing = url -> {
            throw new IOException("Permission denied");
        };
        assertThatThrownBy(() -> MappingResolver.resolve(
                        "t", List.of(), Map.of("nosql.mapping.url", "hdfs://nn/m.json"), INLINE, failing))
                .hasMessageContaining("'hdfs://nn/m.json'")
                .hasMessageContaining("IOException: Permission denied");
    }

    @Test
    void aFileThatIsNotValidJsonIsNotQuoted() {
        // a mapping URL may name any file the server reads: nothing of it is shown until it is known to be a mapping
        assertThatThrownBy(() -> resolve(List.of(), Map.of("nosql.mapping.url", "classpath:mappings/malformed.json")))
                .isInstanceOf(HandlerException.class)
                .satisfies(
                        e -> assertThat(((HandlerException) e).errorCode()).isEqualTo(HandlerErrorCode.INVALID_MAPPING))
                .hasMessageContaining("table db.person: the mapping file 'classpath:mappings/malformed.json' (property "
                        + "nosql.mapping.url) is not a JSON mapping or Avro schema; its content is not shown")
                .hasMessageNotContaining("line")
                .hasMessageNotContaining("\"id\"");
        assertThatThrownBy(() -> resolveContent("passwd", "root:x:0:0:root:/root:/bin/bash\n"))
                .hasMessageContaining("is not a JSON mapping or Avro schema")
                .hasMessageNotContaining("root:")
                .hasMessageNotContaining("'root'")
                .hasMessageNotContaining("bash");
        assertThatThrownBy(() -> resolveContent("m.json", "{\"columns\": []} trailing-s3cret"))
                .hasMessageContaining("is not a JSON mapping or Avro schema")
                .hasMessageNotContaining("s3cret");
        assertThatThrownBy(() -> resolveContent("big.json", "[" + " ".repeat(MappingFiles.MAX_BYTES) + "]"))
                .hasMessageContaining("is not a JSON mapping or Avro schema (it is larger than 16 MiB)");
    }

    @Test
    void badTypeNamesLineAndColumnEntry() {
        assertThatThrownBy(() -> resolve(List.of(), Map.of("nosql.mapping.url", "classpath:mappings/bad-type.json")))
                .hasMessageContaining("line 4, column 33")
                .hasMessageContaining("column 'address' has an invalid type")
                .hasMessageContaining("expected ':' after struct field name 'city'");
    }

    @Test
    void unknownEntryKeyNamesLineAndSuggests() {
        assertThatThrownBy(() -> resolve(List.of(), Map.of("nosql.mapping.url", "classpath:mappings/unknown-key.json")))
                .hasMessageContaining("column 'id': unknown key 'paht', did you mean 'path'? (line 4)")
                .hasMessageContaining("allowed keys: name, type, path, role, comment");
    }

    @Test
    void duplicateColumnInFile() {
        assertThatThrownBy(() ->
                        resolve(List.of(), Map.of("nosql.mapping.url", "classpath:mappings/duplicate-column.json")))
                .hasMessageContaining("line 4: column 'id' is declared twice (first at line 3)");
    }

    @Test
    void otherFileErrors() {
        // JSON of another shape is no mapping: neither quoted nor parsed further
        assertThatThrownBy(() -> resolveContent("m.json", "[]")).hasMessageContaining("is not a JSON mapping");
        assertThatThrownBy(() -> resolveContent("m.json", "{}")).hasMessageContaining("is not a JSON mapping");
        assertThatThrownBy(() -> resolveContent("m.json", "{\"colums\": []}"))
                .hasMessageContaining("is not a JSON mapping")
                .hasMessageNotContaining("colums");
        assertThatThrownBy(() -> resolveContent("m.json", "{\"columns\": 3}"))
                .hasMessageContaining("is not a JSON mapping");
        assertThatThrownBy(() -> resolveContent("m.json", "{\"columns\": []}")).hasMessageContaining("is empty");
        assertThatThrownBy(() -> resolveContent("m.json", "{\"columns\": [], \"colums\": 1}"))
                .hasMessageContaining(
                        "line 1, column 17: unknown key 'colums', did you mean 'columns'? at the top level");
        assertThatThrownBy(() -> resolveContent("m.json", "{\"columns\": [{\"name\": \"a\"}]}"))
                .hasMessageContaining("column 'a' has no \"type\"");
        assertThatThrownBy(() -> resolveContent("m.json", "{\"columns\": [{\"type\": \"int\"}]}"))
                .hasMessageContaining("the column entry has no \"name\"");
        assertThatThrownBy(() -> resolveContent("m.json", "{\"columns\": [{\"name\": \"a\", \"type\": 3}]}"))
                .hasMessageContaining("\"type\" must be a string");
        assertThatThrownBy(() -> resolveContent(
                        "m.json", "{\"columns\": [{\"name\": \"a\", \"type\": \"int\", " + "\"role\": \"primary\"}]}"))
                .hasMessageContaining("column 'a' has the role 'primary'; use key, field or ttl");
        assertThatThrownBy(() -> resolveContent("m.json", "{\"columns\": [{\"name\": \"a\", \"name\": \"b\"}]}"))
                .hasMessageContaining("Duplicate field 'name'");
    }

    @Test
    void avroSchemaByExtensionOrContent() {
        TableMapping avro = resolve(List.of(), Map.of("nosql.mapping.url", "classpath:mappings/person.avsc"));
        assertThat(avro.names()).startsWith("id", "fullname", "age");
        TableMapping sniffed = resolve(List.of(), Map.of("nosql.mapping.url", "classpath:mappings/person-schema.json"));
        assertThat(sniffed.columns())
                .containsExactly(
                        new ColumnMapping("id", STRING, "id", ColumnRole.FIELD),
                        new ColumnMapping("n", INT, "n", ColumnRole.FIELD));
    }

    @Test
    void byteOrderMarkIsIgnored() {
        TableMapping mapping = resolveContent("m.json", "\uFEFF{\"columns\": [{\"name\": \"a\", \"type\": \"int\"}]}");
        assertThat(mapping.names()).containsExactly("a");
    }

    @Test
    void serializedMappingRoundTripsExactly() {
        TableMapping mapping = new TableMapping(List.of(
                new ColumnMapping("Id", STRING, "_id", ColumnRole.KEY),
                new ColumnMapping(
                        "s",
                        DataTypes.parse("struct<`odd name`:int,`x:y`:map<string,decimal(38,18)>>"),
                        "a.b",
                        ColumnRole.FIELD),
                new ColumnMapping("ttl", BIGINT, "ttl", ColumnRole.TTL)));
        String json = MappingResolver.toJson(mapping);
        assertThat(json)
                .startsWith("{\"columns\":[{\"name\":\"Id\",\"type\":\"string\",\"path\":\"_id\",\"role\":\"key\"}");
        assertThat(MappingResolver.fromJson(json)).isEqualTo(mapping);
        TableMapping resolved = resolve(List.of(), Map.of("nosql.mapping.url", "classpath:mappings/person.avsc"));
        assertThat(MappingResolver.fromJson(MappingResolver.toJson(resolved))).isEqualTo(resolved);
        assertThatThrownBy(() -> MappingResolver.fromJson("{"))
                .satisfies(
                        e -> assertThat(((HandlerException) e).errorCode()).isEqualTo(HandlerErrorCode.INTERNAL_ERROR))
                .hasMessageContaining("corrupt");
    }

    private static TableMapping resolve(List<HiveColumn> ddl, Map<String, String> properties) {
        return MappingResolver.resolve("db.person", ddl, properties, INLINE, MappingSource.LOCAL);
    }

    private static TableMapping resolveContent(String url, String content) {
        MappingSource source = ignored -> new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8));
        return MappingResolver.resolve("t", List.of(), Map.of("nosql.mapping.url", url), INLINE, source);
    }
}
