package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.config.PropertyDocs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The property tables of docs/mongodb.md are the declarations rendered by {@link PropertyDocs}: a property added,
 * renamed or re-documented without updating that page fails here, and the failure shows the table to paste.
 */
class TestMongoReadmeProperties {
    private static final Path PAGE = Path.of("..", "docs", "mongodb.md");

    @Test
    void mongoPropertyTableMatchesTheDeclarations() throws IOException {
        assertThat(section("mongo-properties"))
                .isEqualTo(PropertyDocs.markdownTable(Arrays.asList(MongoTableProperties.values())));
    }

    private static String section(String name) throws IOException {
        return PropertyDocs.readmeSection(
                Files.readString(PAGE, StandardCharsets.UTF_8), name, "TestMongoReadmeProperties");
    }
}
