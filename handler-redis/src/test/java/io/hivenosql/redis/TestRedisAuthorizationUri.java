package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.table.TableContexts;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The URI Hive's authorizer is asked about for a Redis table: its nodes, database and key prefix, nothing secret. */
class TestRedisAuthorizationUri {
    private static final RedisConnector CONNECTOR = new RedisConnector();

    private static String uri(Map<String, String> properties) {
        return CONNECTOR
                .authorizationUri(TableContexts.validate(CONNECTOR, "sales.orders", properties))
                .orElseThrow()
                .toString();
    }

    @Test
    void namesTheNodesTheDatabaseAndThePrefix() {
        assertThat(uri(Map.of(
                        "redis.nodes", "Redis-2:7000, redis-1",
                        "redis.database", "3",
                        "redis.key.prefix", "sales:orders:",
                        "redis.user", "hive",
                        "redis.password.alias", "redis.sales.password",
                        "nosql.credentials.provider", "jceks://hdfs/keys/nosql.jceks")))
                .isEqualTo("redis://redis-1:6379,redis-2:7000/3/sales:orders:");
        assertThat(uri(Map.of("redis.nodes", "redis-1:6379"))).isEqualTo("redis://redis-1:6379/0/");
        assertThat(uri(Map.of("redis.nodes", "redis-1:6379", "redis.key.prefix", "a b/c")))
                .isEqualTo("redis://redis-1:6379/0/a%20b%2Fc");
    }
}
