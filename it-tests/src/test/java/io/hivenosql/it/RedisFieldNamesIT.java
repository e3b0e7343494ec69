package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * Redis keys whose field names are camelCase, as redis-py writes them ({@code r.hset(key, mapping={...})}: every
 * value a string), read by a table whose Hive columns are lower case: hash fields are fetched in the spelling the
 * hashes use (scans and key lookups alike), a hash with two spellings of one field is a bad record under each policy,
 * INSERT writes the spelling the hashes have, and JSON string values follow the same rule.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisFieldNamesIT {
    private static final String DB = "it_redis_names";
    private static final String PREFIX = "it:names:";
    private static final String COLUMNS = "id int, studentID string, paymentType string, amount decimal(10,2)";

    private HiveInstance hive;
    private TestingRedisServer redis;

    @BeforeAll
    void load(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        redis = stack.redis();
        try (Jedis jedis = redis.connect()) {
            for (String key : jedis.keys(PREFIX + "*")) {
                jedis.del(key);
            }
            // what redis-py's r.hset('it:names:pay:1', mapping={'studentID': 'S1', ...}) stores
            jedis.hset(PREFIX + "pay:1", Map.of("studentID", "S1", "paymentType", "card", "amount", "10.50"));
            jedis.hset(PREFIX + "pay:2", Map.of("studentID", "S2", "paymentType", "cash", "amount", "20"));
            jedis.hset(PREFIX + "pay:3", Map.of("studentID", "S3", "paymentType", "card"));
            jedis.hset(PREFIX + "clash:1", Map.of("studentID", "S1", "StudentId", "s-one", "paymentType", "card"));
            jedis.hset(PREFIX + "clash:2", Map.of("studentID", "S2", "paymentType", "cash"));
            jedis.set(PREFIX + "json:1", "{\"studentID\":\"S1\",\"paymentType\":\"card\",\"amount\":1.5}");
            jedis.set(PREFIX + "json:2", "{\"studentID\":\"S2\",\"StudentId\":\"s-two\"}");
        }
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        create("payments", "pay:", "");
        create("clash", "clash:", "");
        create("json_payments", "json:", ", 'redis.value.type'='string'");
    }

    private void create(String table, String prefix, String extra) throws SQLException {
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + table + " (" + COLUMNS + ") "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='" + PREFIX + prefix + "'" + extra + ")");
    }

    @Test
    void camelCaseHashFieldsReadThroughScansAndKeyLookups() throws Exception {
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".payments WHERE id <= 3 ORDER BY id"))
                .containsExactly("1|S1|card|10.50", "2|S2|cash|20.00", "3|S3|card|NULL");
        // a fetch task (HMGET in HiveServer2) and a key lookup (HGETALL) read the same
        assertThat(Rows.of(hive, "SELECT studentid, paymenttype FROM " + DB + ".payments WHERE id = 2"))
                .containsExactly("S2|cash");
        assertThat(Rows.of(
                        hive,
                        "SELECT count(*), count(studentid), count(amount) FROM " + DB + ".payments WHERE id <= 3"))
                .containsExactly("3|3|2");
    }

    @Test
    void aHashWithTwoSpellingsOfAFieldIsABadRecordUnderEachPolicy() throws Exception {
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + DB + ".clash"))
                .hasMessageContaining("HNS-121")
                .hasMessageContaining("table " + DB + ".clash")
                .hasMessageContaining("key '" + PREFIX + "clash:1'")
                .hasMessageContaining("column 'studentid'")
                .hasMessageContaining("'StudentId' and 'studentID'")
                .hasMessageContaining("redis.columns.mapping");
        hive.execute("ALTER TABLE " + DB + ".clash SET TBLPROPERTIES ('nosql.bad-record.policy'='null')");
        assertThat(Rows.of(hive, "SELECT id, studentid, paymenttype FROM " + DB + ".clash ORDER BY id"))
                .containsExactly("1|NULL|card", "2|S2|cash");
        hive.execute("ALTER TABLE " + DB + ".clash SET TBLPROPERTIES ('nosql.bad-record.policy'='skip')");
        assertThat(Rows.of(hive, "SELECT id, studentid, paymenttype FROM " + DB + ".clash ORDER BY id"))
                .containsExactly("2|S2|cash");
        // a mapping that spells one exactly picks it where a hash has it; a hash with only the other spelling reads
        // that one (the one field equal to the mapped name ignoring case)
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".clash_mapped (id int, studentid string) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='" + PREFIX + "clash:', "
                + "'redis.columns.mapping'='{\"studentid\":\"StudentId\"}')");
        assertThat(Rows.of(hive, "SELECT id, studentid FROM " + DB + ".clash_mapped ORDER BY id"))
                .containsExactly("1|s-one", "2|S2");
    }

    @Test
    void insertWritesTheSpellingTheHashesHave() throws Exception {
        hive.execute("INSERT INTO " + DB + ".payments VALUES (4, 'S4', 'cash', 40)");
        try (Jedis jedis = redis.connect()) {
            assertThat(jedis.hgetAll(PREFIX + "pay:4"))
                    .containsExactlyInAnyOrderEntriesOf(
                            Map.of("studentID", "S4", "paymentType", "cash", "amount", "40.00"));
        }
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".payments WHERE id = 4"))
                .containsExactly("4|S4|cash|40.00");
    }

    @Test
    void jsonValuesFollowTheSameRule() throws Exception {
        assertThat(Rows.of(
                        hive, "SELECT id, studentid, paymenttype, amount FROM " + DB + ".json_payments WHERE id = 1"))
                .containsExactly("1|S1|card|1.50");
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + DB + ".json_payments"))
                .hasMessageContaining("HNS-121")
                .hasMessageContaining("key '" + PREFIX + "json:2'")
                .hasMessageContaining("'studentID' and 'StudentId'");
    }
}
