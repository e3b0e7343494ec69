package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.readAll;
import static io.hivenosql.redis.TestingRedisTable.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/** A mapping file's roles mean what redis.key.column and redis.ttl.column mean, or are refused. */
class TestRedisMappingRoles {
    private static final TestingRedisServer REDIS = TestingRedisServer.shared();
    private static final String LINES =
            """
            {"columns": [
              {"name": "l_orderkey", "type": "bigint", "role": "key"},
              {"name": "l_linenumber", "type": "int", "role": "key"},
              {"name": "l_comment", "type": "string"},
              {"name": "expires", "type": "int", "role": "ttl"}
            ]}""";

    @TempDir
    Path dir;

    @Test
    void twoKeyRolesMakeACompositeKeyAndTheTtlRoleExpires() throws Exception {
        TableContext table = table(LINES, Map.of());
        assertThat(table.mapping().columns().stream().map(c -> c.role()))
                .containsExactly(ColumnRole.KEY, ColumnRole.KEY, ColumnRole.FIELD, ColumnRole.TTL);
        String prefix = TestingRedisTable.prefix(table);
        write(table, List.of(new Object[] {1L, 1, "a", 600}, new Object[] {1L, 2, "b", null}));
        try (Jedis jedis = REDIS.connect()) {
            assertThat(jedis.keys(prefix + "*")).containsExactlyInAnyOrder(prefix + "1:1", prefix + "1:2");
            assertThat(jedis.hgetAll(prefix + "1:1")).containsOnlyKeys("l_comment");
            assertThat(jedis.ttl(prefix + "1:1")).isBetween(590L, 600L);
            assertThat(jedis.ttl(prefix + "1:2")).isEqualTo(-1L);
        }
        assertThat(readAll(table)).hasSize(2);
        // the same as the properties say
        TableContext properties =
                table(LINES, Map.of("redis.key.column", "l_linenumber,l_orderkey", "redis.ttl.column", "expires"));
        assertThat(properties.mapping().column(3).role()).isEqualTo(ColumnRole.TTL);
    }

    @Test
    void rolesThatContradictThePropertiesAreRefused() {
        assertThatThrownBy(() -> table(LINES, Map.of("redis.key.column", "l_orderkey")))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_MAPPING))
                .hasMessageContaining("role key to column(s) l_orderkey, l_linenumber")
                .hasMessageContaining("redis.key.column is 'l_orderkey'");
        assertThatThrownBy(() -> table(LINES, Map.of("redis.ttl.column", "l_linenumber")))
                .hasMessageContaining("role ttl to column expires")
                .hasMessageContaining("redis.ttl.column is 'l_linenumber'");
        String twoTtl = LINES.replace(
                "\"l_comment\", \"type\": \"string\"", "\"l_comment\", \"type\": \"int\", \"role\": \"ttl\"");
        assertThatThrownBy(() -> table(twoTtl, Map.of()))
                .hasMessageContaining("role ttl to columns l_comment, expires");
    }

    private TableContext table(String mapping, Map<String, String> extra) throws IOException {
        Path file = Files.writeString(dir.resolve("m" + System.nanoTime() + ".json"), mapping);
        Map<String, String> properties = new LinkedHashMap<>(extra);
        properties.put("redis.nodes", REDIS.address());
        properties.put("redis.key.prefix", TestingRedisTable.uniquePrefix("roles"));
        properties.put("nosql.mapping.url", file.toUri().toString());
        return TableContexts.create(new RedisConnector(), "default.roles", properties, List.of(), null);
    }
}
