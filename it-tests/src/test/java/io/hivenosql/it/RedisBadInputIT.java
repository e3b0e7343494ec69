package io.hivenosql.it;

import static io.hivenosql.it.Failures.stackTrace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * The bad input of {@link BaseStoreBadInputIT} on Redis: hashes whose fields do not convert (and a key whose id does
 * not), read under each bad-record policy, and a server that cannot be reached by reads or writes; and what only Redis
 * tables have (invalid values reported together, a key column that is no column, a password given as a property).
 */
class RedisBadInputIT extends BaseStoreBadInputIT {
    private static final String DB = "it_bad";

    private TestingRedisServer redis;

    @Override
    String database() {
        return DB;
    }

    @Override
    void plant() {
        redis = stack.redis();
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            jedis.hset("it:bad:u:1", Map.of("name", "ok", "age", "41"));
            jedis.hset("it:bad:u:2", Map.of("name", "typo", "age", "forty-two"));
            jedis.hset("it:bad:u:3", Map.of("name", "huge", "age", "99999999999"));
            jedis.hset("it:bad:u:x", Map.of("name", "bad key", "age", "7"));
        }
    }

    @Override
    String handler() {
        return "io.hivenosql.redis.RedisStorageHandler";
    }

    @Override
    String sourceProperties() {
        return "'redis.nodes'='" + redis.address() + "', 'redis.key.prefix'='it:bad:u:'";
    }

    @Override
    Misspelt misspeltProperty() {
        return new Misspelt("redis.key.prefx", "redis.key.prefix", "x:");
    }

    @Override
    String mappingProperty() {
        return "redis.columns.mapping";
    }

    @Override
    String mappingOfNmaeToName() {
        return "{\"nmae\":\"name\"}";
    }

    @Override
    Required requiredProperty() {
        return new Required("redis.nodes", "redis.ndoes", redis.address(), "'redis.key.prefix'='x:'");
    }

    @Override
    String policyTable(String policy) throws SQLException {
        String table = "users_" + policy;
        create(
                table,
                "id int, name string, age int",
                sourceProperties() + ", 'nosql.bad-record.policy'='" + policy + "'");
        return DB + "." + table;
    }

    @Override
    List<BadValue> badValues() {
        return List.of(
                new BadValue(2, "it:bad:u:2", "age", "forty-two", List.of()),
                new BadValue(3, "it:bad:u:3", "age", "99999999999", List.of()));
    }

    /** A scan may fail on either bad value, or on the key whose id is no int. */
    @Override
    List<String> scanFailureNames() {
        return List.of("it:bad:u:");
    }

    @Override
    String orderBy() {
        return " ORDER BY name";
    }

    @Override
    List<String> nullPolicyRows() {
        return List.of("NULL|bad key|7", "3|huge|NULL", "1|ok|41", "2|typo|NULL");
    }

    @Override
    List<String> skipPolicyRows() {
        return List.of("1|ok|41");
    }

    /** A failed scan leaves nothing behind in the server: the next job (a sort) returns all its rows. */
    @Override
    void assertReadableAfterAFailedScan(String failTable) throws Exception {
        assertThat(Rows.of(hive, "SELECT name FROM " + policyTable("null") + " ORDER BY name"))
                .containsExactly("bad key", "huge", "ok", "typo");
    }

    /** CREATE does not connect: the read fails (in the base test), and so does a write. */
    @Override
    String unreachableProperties(String address) {
        return "'redis.nodes'='" + address + "', 'redis.key.prefix'='x:'";
    }

    @Override
    String addressProperty() {
        return "redis.nodes";
    }

    @Override
    void assertUnreachable(String address) {
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".nowhere VALUES (1, 'a')"))
                .hasStackTraceContaining(address);
    }

    @Test
    void invalidValuesAreReportedTogetherWithPropertyAndValue() {
        assertThatThrownBy(() -> create(
                        "bad_many", "id string, v string", "'redis.batch.size'='lots', 'redis.value.type'='list'"))
                .hasMessageContaining("missing required property 'redis.nodes'")
                .hasMessageContaining("redis.batch.size")
                .hasMessageContaining("lots")
                .hasMessageContaining("redis.value.type")
                .hasMessageContaining("bad_many");
    }

    @Test
    void keyColumnNamingAMissingColumnIsRejected() {
        assertThatThrownBy(() -> create("bad_key", "id string, name string", withSource("'redis.key.column'='ident'")))
                .hasMessageContaining("ident")
                .hasMessageContaining("redis.key.column");
    }

    @Test
    void plainPasswordIsRejectedWithoutEchoingIt() {
        assertThatThrownBy(() ->
                        create("bad_secret", "id string, v string", withSource("'redis.password'='hunter2-secret'")))
                .hasMessageContaining("redis.password")
                .hasMessageContaining("redis.password.alias")
                .satisfies(e -> assertThat(e).hasStackTraceContaining("credential"))
                // what Hive reports (the harness's own exception adds the statement text, which holds the secret)
                .satisfies(e -> assertThat(stackTrace(e.getCause())).doesNotContain("hunter2-secret"));
    }
}
