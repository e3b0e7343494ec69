package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * DELETE, UPDATE and MERGE on Redis tables through HiveServer2, on data another Redis client wrote: every key ends as
 * the statement says, hash fields the table does not map stay, keys that look like glob patterns change only their own
 * row, and a statement whose key predicate Redis evaluates reads by key, never by SCAN.
 */
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

    /** Four hashes written by Jedis, one with a field the table does not map, one whose key is a glob pattern. */
    private void people(String table, String prefix, String extraProperties) throws Exception {
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            for (String key : jedis.keys(prefix + "*")) {
                jedis.del(key);
            }
            jedis.hset(prefix + "1", Map.of("fullName", "Ada", "age", "36", "extra", "kept"));
            jedis.hset(prefix + "2", Map.of("fullName", "Bob", "age", "40"));
            jedis.hset(prefix + "3", Map.of("fullName", "Cy", "age", "7"));
            jedis.hset(prefix + "k*", Map.of("fullName", "Glob", "age", "1"));
            jedis.hset(prefix + "it's", Map.of("fullName", "Quote", "age", "2"));
        }
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + table);
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + table + " (id string, fullname string, age int) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='" + prefix + "'" + extraProperties + ")");
    }

    private List<String> rows(String table) throws Exception {
        return Rows.of(hive, "SELECT * FROM " + DB + "." + table + " ORDER BY id");
    }

    @Test
    void deleteByKeyReadsByKeyAndDeletesExactlyThatKey() throws Exception {
        people("by_key", "it:dml:key:", "");
        Map<String, Long> before = RedisStats.commandCalls(redis.host(), redis.port());
        hive.execute("DELETE FROM " + DB + ".by_key WHERE id = 'k*'");
        Map<String, Long> after = RedisStats.commandCalls(redis.host(), redis.port());
        assertThat(RedisStats.delta(before, after, "scan"))
                .as("the pinned key is read by key")
                .isZero();
        assertThat(RedisStats.delta(before, after, "del")).as("one DEL").isEqualTo(1);

        hive.execute("DELETE FROM " + DB + ".by_key WHERE id IN ('it\\'s', 'absent')");
        assertThat(rows("by_key")).containsExactly("1|Ada|36", "2|Bob|40", "3|Cy|7");
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            assertThat(jedis.hgetAll("it:dml:key:1")).containsEntry("extra", "kept");
        }
    }

    @Test
    void updateKeepsUnmappedFieldsAndNullRemovesTheField() throws Exception {
        people("updated", "it:dml:upd:", "");
        hive.execute("UPDATE " + DB + ".updated SET age = age + 1, fullname = upper(fullname) WHERE age > 5");
        hive.execute("UPDATE " + DB + ".updated SET age = NULL WHERE id = '2'");

        assertThat(rows("updated")).containsExactly("1|ADA|37", "2|BOB|NULL", "3|CY|8", "it's|Quote|2", "k*|Glob|1");
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            assertThat(new TreeMap<>(jedis.hgetAll("it:dml:upd:1")))
                    .isEqualTo(new TreeMap<>(Map.of("fullName", "ADA", "age", "37", "extra", "kept")));
            assertThat(jedis.hgetAll("it:dml:upd:2")).isEqualTo(Map.of("fullName", "BOB"));
            assertThat(jedis.hgetAll("it:dml:upd:k*")).isEqualTo(Map.of("fullName", "Glob", "age", "1"));
        }
    }

    @Test
    void anUpdateOfTheKeyMovesTheRow() throws Exception {
        people("moved", "it:dml:mv:", "");
        hive.execute("UPDATE " + DB + ".moved SET id = concat('n', id) WHERE id IN ('1', '2')");

        assertThat(rows("moved")).containsExactly("3|Cy|7", "it's|Quote|2", "k*|Glob|1", "n1|Ada|36", "n2|Bob|40");
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            assertThat(jedis.exists("it:dml:mv:1")).isFalse();
            assertThat(jedis.hgetAll("it:dml:mv:n1"))
                    .as("a moved row is written from its columns: a field the table does not map stays behind")
                    .doesNotContainKey("extra");
        }
    }

    @Test
    void mergeDeletesUpdatesAndInsertsByKey() throws Exception {
        people("merged", "it:dml:mrg:", "");
        hive.execute("MERGE INTO " + DB + ".merged t USING (SELECT '2' AS id, 'Bobby' AS fullname, 41 AS age "
                + "UNION ALL SELECT '3', 'Cy', 0 UNION ALL SELECT '9', 'Nine', 9 UNION ALL SELECT 'k?', 'Q', 5) s "
                + "ON t.id = s.id "
                + "WHEN MATCHED AND s.age = 0 THEN DELETE "
                + "WHEN MATCHED THEN UPDATE SET fullname = s.fullname, age = s.age "
                + "WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.fullname, s.age)");
        assertThat(rows("merged"))
                .containsExactly("1|Ada|36", "2|Bobby|41", "9|Nine|9", "it's|Quote|2", "k*|Glob|1", "k?|Q|5");

        // two source rows for one target row: Hive's cardinality check fails the statement, nothing changes
        assertThatThrownBy(() -> hive.execute("MERGE INTO " + DB + ".merged t USING (SELECT '1' AS id, 50 AS age "
                        + "UNION ALL SELECT '1', 51) s ON t.id = s.id "
                        + "WHEN MATCHED THEN UPDATE SET age = s.age"))
                .hasMessageContaining("merge");
        assertThat(rows("merged")).contains("1|Ada|36");
    }

    @Test
    void aValueTheTableCannotReadFailsTheStatementWhateverThePolicy() throws Exception {
        people("strict", "it:dml:bad:", ", 'nosql.bad-record.policy'='null'");
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            jedis.hset("it:dml:bad:3", "age", "seven");
        }
        assertThat(Rows.of(hive, "SELECT age FROM " + DB + ".strict WHERE id = '3'"))
                .as("a SELECT reads it as NULL under the table's policy")
                .containsExactly("NULL");

        assertThatThrownBy(() -> hive.execute("UPDATE " + DB + ".strict SET fullname = 'x' WHERE age IS NULL"))
                .hasMessageContaining("seven");
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            assertThat(jedis.hget("it:dml:bad:3", "age"))
                    .as("never written back as NULL")
                    .isEqualTo("seven");
        }
    }

    @Test
    void aJsonStringRowIsRewrittenFromItsColumns() throws Exception {
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            jedis.set("it:dml:json:1", "{\"fullName\":\"Ada\",\"age\":36,\"address\":{\"city\":\"Paris\"}}");
            jedis.set("it:dml:json:2", "{\"fullName\":\"Bob\",\"age\":40}");
        }
        hive.execute("DROP TABLE IF EXISTS " + DB + ".json_people");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".json_people (id bigint, fullname string, age int, "
                + "address struct<city:string>) STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ("
                + "'redis.nodes'='" + redis.address() + "', 'redis.key.prefix'='it:dml:json:', "
                + "'redis.value.type'='string')");
        hive.execute("UPDATE " + DB + ".json_people SET address = named_struct('city', 'Lyon') WHERE id = 1");
        hive.execute("DELETE FROM " + DB + ".json_people WHERE fullname = 'Bob'");

        assertThat(Rows.of(hive, "SELECT id, fullname, age, address.city FROM " + DB + ".json_people"))
                .containsExactly("1|Ada|36|Lyon");
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            assertThat(jedis.exists("it:dml:json:2")).isFalse();
        }
    }

    @Test
    void whatCannotRunItIsRefusedWhenTheStatementIsCompiled(HiveStack.Resources stack) throws Exception {
        people("refused", "it:dml:ref:", "");
        hive.execute("SET hive.execution.engine=mr");
        try {
            assertThatThrownBy(() -> hive.execute("DELETE FROM " + DB + ".refused WHERE id = '1'"))
                    .hasMessageContaining("HNS-141")
                    .hasMessageContaining("it_redis_dml.refused")
                    .hasMessageContaining("hive.execution.engine=tez");
        } finally {
            hive.execute("SET hive.execution.engine=tez");
        }
        // a JSON file table is a native Hive table: Hive refuses the statement, as on any table that is neither
        // transactional (which needs Hive's transaction manager) nor a handler's that takes row-level DML
        hive.execute("DROP TABLE IF EXISTS " + DB + ".json_lines");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".json_lines (id string, age int) ROW FORMAT SERDE "
                + "'io.hivenosql.json.JsonSerDe' STORED AS TEXTFILE LOCATION '"
                + stack.scratch("dml-json-lines").toUri() + "'");
        assertThatThrownBy(() -> hive.execute("DELETE FROM " + DB + ".json_lines WHERE id = '1'"))
                .hasMessageContaining("does not support these operations");
        assertThat(rows("refused")).hasSize(5);

        // DELETE with no WHERE empties the table (Hive turns it into TRUNCATE)
        hive.execute("DELETE FROM " + DB + ".refused");
        assertThat(rows("refused")).isEmpty();
    }
}
