package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.config.PropertyDocs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The property tables of docs/cassandra.md are the declarations rendered by {@link PropertyDocs}: a property added,
 * renamed or re-documented without updating that page fails here, and the failure shows the table to paste.
 */
class TestCassandraReadmeProperties {
    private static final Path PAGE = Path.of("..", "docs", "cassandra.md");

    @Test
    void cassandraPropertyTableMatchesTheDeclarations() throws IOException {
        assertThat(section("cassandra-properties"))
                .isEqualTo(PropertyDocs.markdownTable(Arrays.asList(CassandraTableProperties.values())));
    }

    private static String section(String name) throws IOException {
        return PropertyDocs.readmeSection(
                Files.readString(PAGE, StandardCharsets.UTF_8), name, "TestCassandraReadmeProperties");
    }
}
