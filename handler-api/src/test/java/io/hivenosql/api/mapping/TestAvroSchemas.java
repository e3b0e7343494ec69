package io.hivenosql.api.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestAvroSchemas {
    @Test
    void mapsEveryAvroTypeToHive() {
        TableMapping mapping = resolve("classpath:mappings/person.avsc");
        assertThat(mapping.columns())
                .extracting(c -> c.name() + " " + c.type().typeName() + " " + c.path() + " " + c.role())
                .containsExactly(
                        "id string id KEY",
                        "fullname string name FIELD",
                        "age int age FIELD",
                        "visits bigint visits FIELD",
                        "score float score FIELD",
                        "ratio double ratio FIELD",
                        "active boolean active FIELD",
                        "photo binary photo FIELD",
                        "hash binary hash FIELD",
                        "kind string kind FIELD",
                        "balance decimal(12,2) balance FIELD",
                        "birthday date birthday FIELD",
                        "created timestamp created FIELD",
                        "updated timestamp updated FIELD",
                        "address struct<city:string,zipCode:string> address FIELD",
                        "tags array<string> tags FIELD",
                        "attributes map<string,array<struct<city:string,zipCode:string>>> attributes FIELD");
    }

    @Test
    void unsupportedUnionNamesTheField() {
        assertThatThrownBy(() -> resolve("classpath:mappings/bad-union.avsc"))
                .isInstanceOf(HandlerException.class)
                .satisfies(
                        e -> assertThat(((HandlerException) e).errorCode()).isEqualTo(HandlerErrorCode.INVALID_MAPPING))
                .hasMessageContaining("mapping file 'classpath:mappings/bad-union.avsc', line 6: field 'payload'")
                .hasMessageContaining("a union of null and one other type only");
    }

    @Test
    void avroErrorsNameTheLine() {
        assertThatThrownBy(() -> resolve("classpath:mappings/undefined-type.avsc"))
                .hasMessageContaining("line 6: not a valid Avro schema: ")
                .hasMessageContaining("integer");
        // not valid JSON: nothing of it is shown (a mapping URL may name any file)
        assertThatThrownBy(() -> resolve("classpath:mappings/malformed.avsc"))
                .hasMessageContaining("is not a JSON mapping or Avro schema")
                .hasMessageNotContaining("line");
        assertThatThrownBy(() -> resolve("classpath:mappings/recursive.avsc"))
                .hasMessageContaining("line 6: field 'next': record Node contains itself");
    }

    @Test
    void otherSchemaErrors() {
        assertThatThrownBy(() -> resolveContent("{\"type\": \"array\", \"items\": \"int\"}"))
                .hasMessageContaining("is not a JSON mapping or Avro schema")
                .hasMessageContaining("an Avro schema a JSON record schema");
        assertThatThrownBy(() -> resolveContent(
                        record("{\"name\": \"a\", \"type\": \"int\"}, {\"name\": \"A\", \"type\": \"int\"}")))
                .hasMessageContaining("fields 'a' and 'A' are the same Hive column 'a'");
        assertThatThrownBy(
                        () -> resolveContent(
                                record(
                                        "{\"name\": \"d\", \"type\": {\"type\": \"bytes\", \"logicalType\": \"decimal\", \"precision\": 40}}")))
                .hasMessageContaining("field 'd': decimal precision 40 exceeds Hive's maximum of 38");
        assertThatThrownBy(() -> resolveContent(record("{\"name\": \"n\", \"type\": \"null\"}")))
                .hasMessageContaining("field 'n': the type null cannot be a Hive column type");
        assertThatThrownBy(() -> resolveContent(record("{\"name\": \"n\", \"type\": \"int\", \"role\": \"id\"}")))
                .hasMessageContaining("field 'n': the role 'id' is not key, field or ttl");
        assertThatThrownBy(() -> resolveContent(
                        record("{\"name\": \"r\", \"type\": {\"type\": \"record\", \"name\": \"E\", \"fields\": []}}")))
                .hasMessageContaining("field 'r': record E has no fields");
        assertThatThrownBy(() -> resolveContent(
                        record("{\"name\": \"m\", \"type\": {\"type\": \"map\", \"values\": [\"int\", \"string\"]}}")))
                .hasMessageContaining("field 'm{}': the union");
    }

    @Test
    void customPathAndLogicalTypesOnPlainTypes() {
        TableMapping mapping = resolveContent(record("{\"name\": \"u\", \"type\": {\"type\": \"string\", "
                + "\"logicalType\": \"uuid\"}, \"path\": \"meta.uuid\"}, {\"name\": \"t\", \"type\": {\"type\": \"int\", "
                + "\"logicalType\": \"time-millis\"}}"));
        assertThat(mapping.columns())
                .extracting(c -> c.name() + " " + c.type().typeName() + " " + c.path())
                .containsExactly("u string meta.uuid", "t int t");
    }

    private static String record(String fields) {
        return "{\"type\": \"record\", \"name\": \"R\", \"fields\": [" + fields + "]}";
    }

    private static TableMapping resolve(String url) {
        return MappingResolver.resolve("db.t", List.of(), Map.of("nosql.mapping.url", url), null, MappingSource.LOCAL);
    }

    private static TableMapping resolveContent(String content) {
        return MappingResolver.resolve(
                "db.t",
                List.of(),
                Map.of("nosql.mapping.url", "hdfs://nn/schema.avsc"),
                null,
                TestingMappingSources.of(content));
    }
}
