package io.hivenosql.api.mapping;

import static io.hivenosql.api.types.PrimitiveType.INT;
import static io.hivenosql.api.types.PrimitiveType.STRING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import io.hivenosql.api.error.HandlerException;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestJsonMappingReader {
    private static final String MAPPING =
            """
            {"comment": "people",
             "columns": [
               {"name": "Id", "type": "string", "path": "_id", "role": "KEY"},
               {"name": "Age", "type": "int", "comment": "years"},
               {"name": "n", "type": "int", "stored": ["N", "n"]}]}""";

    @Test
    void readsTheColumnsInOrderWithTheirDefaults() throws IOException {
        assertThat(read(MAPPING.replace(", \"stored\": [\"N\", \"n\"]", ""), true))
                .containsExactly(
                        new ColumnMapping("id", STRING, "_id", ColumnRole.KEY),
                        // the path defaults to the name as written; the role to field
                        new ColumnMapping("age", INT, "Age", ColumnRole.FIELD),
                        new ColumnMapping("n", INT, "n", ColumnRole.FIELD));
    }

    @Test
    void onlyASerializedMappingKeepsTheCaseOfNamesAndHoldsStoredSpellings() throws IOException {
        assertThat(read(MAPPING, false))
                .containsExactly(
                        new ColumnMapping("Id", STRING, "_id", ColumnRole.KEY),
                        new ColumnMapping("Age", INT, "Age", ColumnRole.FIELD),
                        new ColumnMapping("n", INT, "n", ColumnRole.FIELD, List.of("N", "n")));
        assertThatThrownBy(() -> read(MAPPING, true))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining(
                        "table t: mapping file 'm.json', line 5, column 4: column 'n': unknown key 'stored'")
                .hasMessageContaining("allowed keys: name, type, path, role, comment");
    }

    @Test
    void errorsNameTheLineAndColumn() {
        assertThatThrownBy(() -> read("{\"columns\": [{\"name\": \"a\", \"type\": \"int\", \"path\": \"\"}]}", true))
                .hasMessageContaining("line 1, column 51: column 'a' has an empty \"path\"");
        // names that differ in case only are one Hive column
        assertThatThrownBy(() -> read(
                        "{\"columns\": [\n  {\"name\": \"a\", \"type\": \"int\"},\n  {\"name\": \"A\", "
                                + "\"type\": \"int\"}]}",
                        true))
                .hasMessageContaining("line 3: column 'a' is declared twice (first at line 2)");
        assertThatThrownBy(() -> read("{\"columns\": [{\"name\": \"a\", \"type\": \"int\"}]} []", true))
                .hasMessageContaining("line 1, column 45: unexpected text after the mapping object");
        assertThatThrownBy(() -> read("{\"comment\": \"no columns\"}", true))
                .hasMessageContaining("the mapping has no \"columns\" array");
    }

    private static List<ColumnMapping> read(String json, boolean lowerCaseNames) throws IOException {
        try (JsonParser parser = new JsonFactory().createParser(json)) {
            return new JsonMappingReader("table t: mapping file 'm.json'", parser, lowerCaseNames).read();
        }
    }
}
