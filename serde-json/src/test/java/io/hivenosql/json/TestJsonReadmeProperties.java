package io.hivenosql.json;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.config.PropertyDocs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The property table of docs/json.md is the declarations rendered by {@link PropertyDocs}: a property added, renamed
 * or re-documented without updating that page fails here, and the failure shows the table to paste.
 */
class TestJsonReadmeProperties {
    private static final Path PAGE = Path.of("..", "docs", "json.md");

    @Test
    void jsonPropertyTableMatchesTheDeclarations() throws IOException {
        assertThat(PropertyDocs.readmeSection(
                        Files.readString(PAGE, StandardCharsets.UTF_8), "json-properties", "TestJsonReadmeProperties"))
                .isEqualTo(PropertyDocs.markdownTable(Arrays.asList(JsonTableProperties.values())));
    }
}
