package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/** DELETE, UPDATE and MERGE on Redis tables through HiveServer2. */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisDmlIT {
    private static final String DB = "it_redis_dml";

    private HiveInstance hive;
    private TestingRedisServer redis;

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        redis = stack.redis();
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
    }

    private void people(String table, String prefix) throws Exception {
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            for (String key : jedis.keys(prefix + "*")) {
                jedis.del(key);
            }
            jedis.hset(prefix + "1", Map.of("name", "Ada", "age", "36", "extra", "kept"));
            jedis.hset(prefix + "2", Map.of("name", "Bob", "age", "40"));
            jedis.hset(prefix + "3", Map.of("name", "Cy", "age", "7"));
            jedis.hset(prefix + "k*", Map.of("name", "Glob", "age", "1"));
        }
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + table);
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + table + " (id string, name string, age int) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='" + prefix + "')");
    }

    @Test
    void deleteUpdateAndMerge() throws Exception {
        people("people", "it:dml:p:");
        hive.execute("DELETE FROM " + DB + ".people WHERE id = 'k*'");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people ORDER BY id"))
                .containsExactly("1|Ada|36", "2|Bob|40", "3|Cy|7");
        hive.execute("UPDATE " + DB + ".people SET age = age + 1 WHERE name <> 'Bob'");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people ORDER BY id"))
                .containsExactly("1|Ada|37", "2|Bob|40", "3|Cy|8");
        hive.execute("MERGE INTO " + DB + ".people t USING (SELECT '2' AS id, 'Bobby' AS name, 41 AS age "
                + "UNION ALL SELECT '3', 'Cy', 0 UNION ALL SELECT '9', 'Nine', 9) s ON t.id = s.id "
                + "WHEN MATCHED AND s.age = 0 THEN DELETE "
                + "WHEN MATCHED THEN UPDATE SET name = s.name, age = s.age "
                + "WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.name, s.age)");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people ORDER BY id"))
                .containsExactly("1|Ada|37", "2|Bobby|41", "9|Nine|9");
    }
}
