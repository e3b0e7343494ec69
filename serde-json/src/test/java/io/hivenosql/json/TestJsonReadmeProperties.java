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
 * The README's JSON property table is the declarations rendered by {@link PropertyDocs}: a property added, renamed or
 * re-documented without updating the README fails here, and the failure shows the table to paste.
 */
class TestJsonReadmeProperties {
    private static final Path README = Path.of("..", "README.md");

    @Test
    void jsonPropertyTableMatchesTheDeclarations() throws IOException {
        assertThat(PropertyDocs.readmeSection(
                        Files.readString(README, StandardCharsets.UTF_8),
                        "json-properties",
                        "TestJsonReadmeProperties"))
                .isEqualTo(PropertyDocs.markdownTable(Arrays.asList(JsonTableProperties.values())));
    }
}
