package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.PropertyDocs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The property tables of docs/redis.md are the declarations rendered by {@link PropertyDocs}: a property added,
 * renamed or re-documented without updating that page fails here, and the failure shows the table to paste.
 */
class TestRedisReadmeProperties {
    private static final Path PAGE = Path.of("..", "docs", "redis.md");

    @Test
    void redisPropertyTableMatchesTheDeclarations() throws IOException {
        assertThat(section("redis-properties"))
                .isEqualTo(PropertyDocs.markdownTable(Arrays.asList(RedisTableProperties.values())));
    }

    @Test
    void sharedPropertyTableMatchesTheDeclarations() throws IOException {
        assertThat(section("nosql-properties"))
                .isEqualTo(PropertyDocs.markdownTable(Arrays.asList(NoSqlTableProperties.values())));
    }

    private static String section(String name) throws IOException {
        return PropertyDocs.readmeSection(
                Files.readString(PAGE, StandardCharsets.UTF_8), name, "TestRedisReadmeProperties");
    }
}
