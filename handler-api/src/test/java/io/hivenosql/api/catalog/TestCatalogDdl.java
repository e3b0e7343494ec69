package io.hivenosql.api.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.MappingResolver;
import io.hivenosql.api.mapping.MappingSource;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestCatalogDdl {
    private static final Instant AT = Instant.parse("2025-03-04T05:06:07.890Z");

    static MappedTable table(List<String> notes, List<String> nameNotes) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("cassandra.hosts", "h:9042");
        properties.put("cassandra.keyspace", "shop");
        properties.put("cassandra.table", "\"userEvents\"");
        properties.put("nosql.mapping.url", "file:///elsewhere.json");
        TableMapping mapping = new TableMapping(List.of(
                new ColumnMapping("userid", DataTypes.parse("int"), "\"userId\"", ColumnRole.KEY),
                new ColumnMapping("tags", DataTypes.parse("array<string>"), "tags", ColumnRole.FIELD),
                new ColumnMapping("home", DataTypes.parse("struct<street:string,zip:int>"), "home", ColumnRole.FIELD)));
        return new MappedTable(
                "userEvents",
                "keyspace shop",
                "shop",
                "userevents",
                "io.hivenosql.cassandra.CassandraStorageHandler",
                properties,
                "file:///out/userevents.json",
                new InferredSchema(mapping, notes, "the CQL schema of shop.\"userEvents\""),
                nameNotes,
                AT);
    }

    @Test
    void statementNamesTheMappingFileAndRecordsTheInference() {
        MappedTable table = table(List.of("c: a CQL decimal; reads as decimal(38,18)"), List.of());
        assertThat(CatalogDdl.statement(table))
                .isEqualTo(
                        """
                        CREATE EXTERNAL TABLE `shop`.`userevents`
                        STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'
                        TBLPROPERTIES (
                          'cassandra.hosts' = 'h:9042',
                          'cassandra.keyspace' = 'shop',
                          'cassandra.table' = '"userEvents"',
                          'nosql.mapping.url' = 'file:///out/userevents.json',
                          'nosql.schema.inferred' = '2025-03-04T05:06:07Z: the CQL schema of shop."userEvents" \
                        (bin/hive-nosql map)',
                          'nosql.schema.notes' = 'c: a CQL decimal; reads as decimal(38,18)'
                        )""");
    }

    @Test
    void thePropertiesTheInferredColumnsNeedAreRecorded() {
        MappedTable plain = table(List.of(), List.of());
        InferredSchema schema = plain.schema().withProperty("mongo.read.prune-nested", "false", "nested capitals");
        MappedTable table = new MappedTable(
                plain.objectName(),
                plain.scopeName(),
                plain.hiveDatabase(),
                plain.hiveName(),
                plain.storageHandler(),
                plain.properties(),
                plain.mappingUrl(),
                schema,
                plain.nameNotes(),
                plain.inferredAt());
        assertThat(CatalogDdl.properties(table))
                .containsEntry("mongo.read.prune-nested", "false")
                .containsEntry("nosql.schema.notes", "nested capitals");
    }

    @Test
    void noNotesNoNotesProperty() {
        assertThat(CatalogDdl.properties(table(List.of(), List.of()))).doesNotContainKey("nosql.schema.notes");
    }

    @Test
    void commentSaysWhatWasSampledAndEveryNoteWithoutSemicolons() {
        MappedTable table = table(
                List.of("price: int and double seen; reads as double", "blob: gave up\non a type"),
                List.of("Hive name userevents_2: userevents was taken by userevents"));
        String script = CatalogDdl.script(table);
        assertThat(script)
                .startsWith(
                        """
                        -- keyspace shop: userEvents -> shop.userevents
                        -- sampled: the CQL schema of shop."userEvents"
                        -- mapping: file:///out/userevents.json
                        -- note: price: int and double seen, reads as double
                        -- note: blob: gave up on a type
                        -- note: Hive name userevents_2: userevents was taken by userevents
                        CREATE EXTERNAL TABLE""")
                .endsWith(");\n");
        assertThat(CatalogDdl.comment(table(List.of(), List.of())))
                .contains("-- notes: none (every column took the one type it was seen with)");
    }

    @Test
    void quotesAnyTextAsAHiveStringLiteral() {
        assertThat(CatalogDdl.quote("plain")).isEqualTo("'plain'");
        assertThat(CatalogDdl.quote("it's")).isEqualTo("'it\\'s'");
        assertThat(CatalogDdl.quote("a\\b")).isEqualTo("'a\\\\b'");
        assertThat(CatalogDdl.quote("{\"a\": 1}")).isEqualTo("'{\"a\": 1}'");
        assertThat(CatalogDdl.quote("line\nbreak\r")).isEqualTo("'line\\nbreak\\r'");
        assertThat(CatalogDdl.identifier("we`ird")).isEqualTo("`we``ird`");
    }

    @Test
    void mappingFileReadsBackAsTheInferredColumns(@TempDir Path dir) throws Exception {
        MappedTable table = table(List.of("tags: \"quoted\" note"), List.of());
        String json = CatalogDdl.mappingFile(table);
        assertThat(json)
                .contains(
                        "    {\"name\": \"userid\", \"type\": \"int\", \"path\": \"\\\"userId\\\"\", \"role\": \"key\"},\n")
                .contains("    {\"name\": \"tags\", \"type\": \"array<string>\", \"path\": \"tags\"},\n")
                .contains("\"comment\": \"bin/hive-nosql map: keyspace shop: userEvents, sampled the CQL schema of "
                        + "shop.\\\"userEvents\\\" at 2025-03-04T05:06:07Z; notes: tags: \\\"quoted\\\" note\"");
        Path file = Files.writeString(dir.resolve("userevents.json"), json);
        TableMapping read = MappingResolver.resolve(
                "shop.userevents",
                List.of(),
                Map.of("nosql.mapping.url", file.toUri().toString()),
                null,
                MappingSource.LOCAL);
        assertThat(read).isEqualTo(table.schema().mapping());
    }
}
