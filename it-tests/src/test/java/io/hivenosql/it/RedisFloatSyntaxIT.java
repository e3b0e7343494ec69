package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * Float and double columns read decimal numbers only (an optional sign, digits with an optional fraction, an optional
 * exponent, surrounding blanks) and NaN / Infinity in their usual spellings: Java's literal syntax ({@code 1.5f},
 * {@code 1.5d}, {@code 0x1p3}) is a bad record, as {@code 0x2A} is for an int column; in hash fields, keys and JSON
 * strings alike.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisFloatSyntaxIT {
    private static final String DB = "it_float_syntax";

    private HiveInstance hive;
    private TestingRedisServer redis;

    @BeforeAll
    void load(HiveInstance hive, TestingRedisServer redis) throws Exception {
        this.hive = hive;
        this.redis = redis;
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            for (String key : jedis.keys("it:fl*")) {
                jedis.del(key);
            }
            // as redis-cli HSET would store them
            jedis.hset("it:fl:1", Map.of("f", "1.5", "d", "1.5"));
            jedis.hset("it:fl:2", Map.of("f", "1.5f", "d", "1.5d"));
            jedis.hset("it:fl:3", Map.of("f", "0x1p3", "d", "0x1p3"));
            jedis.hset("it:fl:4", Map.of("f", "-2.5e3", "d", "+1.5"));
            jedis.hset("it:fl:5", Map.of("f", "NaN", "d", "-Infinity"));
            jedis.hset("it:fl:6", Map.of("f", " 2.5", "d", ".5"));
            jedis.hset("it:fl:7", Map.of("f", "1_0", "d", "1.5D"));
            jedis.hset("it:fl:8", Map.of("f", "inf", "d", "nan"));
            jedis.set("it:flj:1", "{\"d\":\"1.5d\"}");
            jedis.set("it:flj:2", "{\"d\":\"2.5\"}");
            jedis.set("it:flj:3", "{\"d\":3.5}");
            jedis.hset("it:flk:1.5", Map.of("v", "a"));
            jedis.hset("it:flk:0x1p3", Map.of("v", "b"));
        }
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        for (String policy : List.of("fail", "null", "skip")) {
            create("numbers_" + policy, "id int, f float, d double", "it:fl:", policy, "");
        }
        create("json_null", "id int, d double", "it:flj:", "null", ", 'redis.value.type'='string'");
        create("keys_null", "k double, v string", "it:flk:", "null", "");
    }

    private void create(String table, String columns, String prefix, String policy, String extra) throws SQLException {
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + table + " (" + columns + ") "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='" + prefix + "', 'nosql.bad-record.policy'='" + policy
                + "'" + extra + ")");
    }

    @Test
    void javaLiteralSyntaxIsABadRecord() {
        assertThatThrownBy(() -> hive.query("SELECT f FROM " + DB + ".numbers_fail WHERE id = 2"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining(DB + ".numbers_fail")
                .hasStackTraceContaining("key 'it:fl:2'")
                .hasStackTraceContaining("column 'f'")
                .hasStackTraceContaining("'1.5f'");
        assertThatThrownBy(() -> hive.query("SELECT d FROM " + DB + ".numbers_fail WHERE id = 3"))
                .hasStackTraceContaining("key 'it:fl:3'")
                .hasStackTraceContaining("column 'd'")
                .hasStackTraceContaining("'0x1p3'");
    }

    @Test
    void nullAndSkipPolicies() throws Exception {
        assertThat(Rows.of(hive, "SELECT id, f, d FROM " + DB + ".numbers_null ORDER BY id"))
                .containsExactly(
                        "1|1.5|1.5",
                        "2|NULL|NULL",
                        "3|NULL|NULL",
                        "4|-2500.0|1.5",
                        "5|NaN|-Infinity",
                        "6|2.5|0.5",
                        "7|NULL|NULL",
                        "8|Infinity|NaN");
        assertThat(Rows.of(
                        hive,
                        "SELECT id FROM " + DB + ".numbers_skip WHERE f IS NOT NULL OR d IS NOT NULL" + " ORDER BY id"))
                .containsExactly("1", "4", "5", "6", "8");
    }

    @Test
    void jsonStringsAndKeysFollowTheSameGrammar() throws Exception {
        assertThat(Rows.of(hive, "SELECT id, d FROM " + DB + ".json_null ORDER BY id"))
                .containsExactly("1|NULL", "2|2.5", "3|3.5");
        assertThat(Rows.of(hive, "SELECT k, v FROM " + DB + ".keys_null ORDER BY v"))
                .containsExactly("1.5|a", "NULL|b");
    }
}
