package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TestRedisTableProperties {
    private record Expected(String key, String defaultValue, boolean required) {}

    /** Every property with its key, default and required flag: adding one without updating this test fails. */
    private static final Map<RedisTableProperties, Expected> EXPECTED = expected();

    private static Map<RedisTableProperties, Expected> expected() {
        Map<RedisTableProperties, Expected> map = new LinkedHashMap<>();
        map.put(RedisTableProperties.NODES, new Expected("redis.nodes", null, true));
        map.put(RedisTableProperties.KEY_PREFIX, new Expected("redis.key.prefix", "", false));
        map.put(RedisTableProperties.KEY_COLUMN, new Expected("redis.key.column", null, false));
        map.put(RedisTableProperties.KEY_SEPARATOR, new Expected("redis.key.separator", ":", false));
        map.put(RedisTableProperties.VALUE_TYPE, new Expected("redis.value.type", "hash", false));
        map.put(RedisTableProperties.DATABASE, new Expected("redis.database", "0", false));
        map.put(RedisTableProperties.USER, new Expected("redis.user", null, false));
        map.put(RedisTableProperties.PASSWORD_ALIAS, new Expected("redis.password.alias", null, false));
        map.put(RedisTableProperties.SSL, new Expected("redis.ssl", "false", false));
        map.put(RedisTableProperties.SSL_TRUSTSTORE, new Expected("redis.ssl.truststore", null, false));
        map.put(
                RedisTableProperties.SSL_TRUSTSTORE_PASSWORD_ALIAS,
                new Expected("redis.ssl.truststore.password.alias", null, false));
        map.put(RedisTableProperties.SSL_KEYSTORE, new Expected("redis.ssl.keystore", null, false));
        map.put(
                RedisTableProperties.SSL_KEYSTORE_PASSWORD_ALIAS,
                new Expected("redis.ssl.keystore.password.alias", null, false));
        map.put(
                RedisTableProperties.SSL_HOSTNAME_VERIFICATION,
                new Expected("redis.ssl.hostname.verification", "true", false));
        map.put(RedisTableProperties.TTL_COLUMN, new Expected("redis.ttl.column", null, false));
        map.put(RedisTableProperties.BATCH_SIZE, new Expected("redis.batch.size", "1000", false));
        map.put(RedisTableProperties.SCAN_COUNT, new Expected("redis.scan.count", "1000", false));
        map.put(RedisTableProperties.SPLIT_COUNT, new Expected("redis.split.count", "0", false));
        map.put(RedisTableProperties.TIMEOUT_MS, new Expected("redis.timeout.ms", "10000", false));
        map.put(
                RedisTableProperties.FAILOVER_TIMEOUT_MS,
                new Expected("redis.cluster.failover-timeout-ms", "60000", false));
        map.put(RedisTableProperties.WRITE_REPLICAS, new Expected("redis.write.replicas", "1", false));
        map.put(RedisTableProperties.COLUMNS_MAPPING, new Expected("redis.columns.mapping", null, false));
        return map;
    }

    @Test
    void pinsEveryPropertysKeyDefaultAndRequiredFlag() {
        assertThat(EXPECTED.keySet())
                .as("every RedisTableProperties constant needs an entry here (and a line in docs/redis.md)")
                .containsExactlyInAnyOrder(RedisTableProperties.values());
        for (RedisTableProperties property : RedisTableProperties.values()) {
            Expected expected = EXPECTED.get(property);
            assertThat(property.key()).as(property.name()).isEqualTo(expected.key());
            assertThat(property.defaultValue()).as(property.key()).isEqualTo(expected.defaultValue());
            assertThat(property.required()).as(property.key()).isEqualTo(expected.required());
            assertThat(property.doc()).as(property.key()).isNotBlank().endsWith(".");
            assertThat(property.required() && property.defaultValue() != null).isFalse();
            if (property.defaultValue() != null) {
                property.type().parse(property.defaultValue());
            }
        }
    }

    @Test
    void keysAreUniqueAndPrefixed() {
        Set<String> keys = Arrays.stream(RedisTableProperties.values())
                .map(RedisTableProperties::key)
                .collect(Collectors.toSet());
        assertThat(keys).hasSize(RedisTableProperties.values().length).allMatch(k -> k.startsWith("redis."));
        assertThat(new RedisConnector().columnsMappingProperty()).isEqualTo("redis.columns.mapping");
        assertThat(new RedisConnector().tableProperties()).isEqualTo(List.of(RedisTableProperties.values()));
        assertThat(new RedisConnector().storeName()).isEqualTo("redis");
    }

    @Test
    void parsesTypedValues() {
        TableConfig config = TableConfig.validate(
                "default.t",
                Map.of(
                        "redis.nodes", "a:1, b",
                        "redis.value.type", "STRING",
                        "redis.ssl", "true",
                        "redis.batch.size", "7",
                        "redis.key.column", " a, b ,c",
                        "redis.key.separator", "||"),
                List.of(RedisTableProperties.values()),
                Set.of("redis."));
        assertThat(config.<List<HostAndPort>>get(RedisTableProperties.NODES))
                .containsExactly(new HostAndPort("a", 1), new HostAndPort("b", 6379));
        assertThat(config.<RedisValueType>get(RedisTableProperties.VALUE_TYPE)).isEqualTo(RedisValueType.STRING);
        assertThat(config.<Boolean>get(RedisTableProperties.SSL)).isTrue();
        assertThat(config.<Integer>get(RedisTableProperties.BATCH_SIZE)).isEqualTo(7);
        assertThat(config.<Integer>get(RedisTableProperties.SCAN_COUNT)).isEqualTo(1000);
        assertThat(config.<List<String>>get(RedisTableProperties.KEY_COLUMN)).containsExactly("a", "b", "c");
        assertThat(config.<String>get(RedisTableProperties.KEY_SEPARATOR)).isEqualTo("||");
    }

    @Test
    void rejectsPlainPasswordAndMissingNodes() {
        assertThatThrownBy(() -> TableConfig.validate(
                        "default.t",
                        Map.of("redis.password", "secret"),
                        List.of(RedisTableProperties.values()),
                        Set.of("redis.")))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("missing required property 'redis.nodes'")
                .hasMessageContaining("unknown property 'redis.password'")
                .hasMessageNotContaining("secret");
    }
}
