package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * INSERT from text and ORC tables into Redis and back, row by row, through HiveServer2 with the jar from aux jars: what
 * only Redis has (values as hash fields and JSON strings, nested JSON paths, NULL keys, TTLs). Joins, INSERT OVERWRITE,
 * TRUNCATE and DROP on TPC-H tables are {@link RedisTpchIT}'s.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisReadWriteIT {
    private static final String DB = "it_rw";
    private static final String PRIMITIVE_COLUMNS =
            "id bigint, name string, age int, score decimal(10,2), signup date, "
                    + "seen timestamp, active boolean, big bigint, ratio double";
    private static final String COMPLEX_COLUMNS = PRIMITIVE_COLUMNS
            + ", tags array<string>, attrs map<string,int>, address struct<city:string,zip:string>, "
            + "items array<struct<sku:string,price:decimal(10,2)>>";

    private HiveInstance hive;
    private TestingRedisServer redis;

    @BeforeAll
    void createSources(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        redis = stack.redis();
        Path textDir = stack.scratch("rw-people-text");
        Files.writeString(
                textDir.resolve("people.tsv"),
                String.join(
                        "\n",
                        "1\tAda\t36\t12.50\t2024-01-31\t2024-01-31 10:11:12.123\ttrue\t9007199254740993\t0.1",
                        "2\tBob\t\\N\t0.00\t1999-12-31\t1999-12-31 23:59:59\tfalse\t-9223372036854775808\t1.0E300",
                        "3\tĆesar Ünïcode 東京\t70\t-99999999.99\t0001-01-01\t2024-02-29 00:00:00.123456789\ttrue"
                                + "\t9223372036854775807\t-0.0",
                        "4\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N",
                        "5\tpipe|and\"quote'\t18\t1.05\t2020-02-29\t2020-02-29 12:00:00\tfalse\t0\t3.141592653589793",
                        ""),
                StandardCharsets.UTF_8);
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
        hive.execute("DROP TABLE IF EXISTS " + DB + ".people_text");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".people_text (" + PRIMITIVE_COLUMNS + ") "
                + "ROW FORMAT DELIMITED FIELDS TERMINATED BY '\\t' STORED AS TEXTFILE LOCATION '"
                + textDir.toUri() + "'");
        Path orcDir = stack.scratch("rw-people-orc");
        hive.execute("DROP TABLE IF EXISTS " + DB + ".people_orc");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".people_orc (" + COMPLEX_COLUMNS + ") STORED AS ORC LOCATION '"
                + orcDir.toUri() + "'");
        hive.execute("INSERT OVERWRITE TABLE " + DB + ".people_orc SELECT id, name, age, score, signup, seen, active, "
                + "big, ratio, "
                + "CASE WHEN name IS NULL THEN NULL ELSE array(name, 'tag') END, "
                + "CASE WHEN age IS NULL THEN NULL ELSE map('age', age, 'twice', age * 2) END, "
                + "CASE WHEN name IS NULL THEN NULL ELSE named_struct('city', name, 'zip', cast(id AS string)) END, "
                + "CASE WHEN score IS NULL THEN NULL "
                + "ELSE array(named_struct('sku', concat('s', cast(id AS string)), 'price', score)) END "
                + "FROM " + DB + ".people_text");
    }

    private void createRedisTable(String table, String columns, String prefix, String extraProperties)
            throws SQLException {
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + table);
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + table + " (" + columns + ") "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ("
                + "'redis.nodes'='" + redis.address() + "', 'redis.key.prefix'='" + prefix + "'" + extraProperties
                + ")");
    }

    @Test
    void insertFromTextTableAndReadBackRowByRow() throws Exception {
        createRedisTable("people_from_text", PRIMITIVE_COLUMNS, "it:rw:text:", "");
        hive.execute("INSERT INTO " + DB + ".people_from_text SELECT * FROM " + DB + ".people_text");

        List<String> expected = Rows.of(hive, "SELECT * FROM " + DB + ".people_text ORDER BY id");
        assertThat(expected).hasSize(5);
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people_from_text ORDER BY id"))
                .containsExactlyElementsOf(expected);
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + DB + ".people_from_text"))
                .isEqualTo(5L);

        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            Map<String, String> ada = jedis.hgetAll("it:rw:text:1");
            // canonical text other clients can read, every digit kept
            assertThat(ada)
                    .containsEntry("name", "Ada")
                    .containsEntry("age", "36")
                    .containsEntry("score", "12.50")
                    .containsEntry("signup", "2024-01-31")
                    .containsEntry("seen", "2024-01-31T10:11:12.123")
                    .containsEntry("active", "true")
                    .containsEntry("big", "9007199254740993")
                    .doesNotContainKey("id");
            assertThat(jedis.hgetAll("it:rw:text:2")).doesNotContainKey("age");
            assertThat(jedis.hget("it:rw:text:3", "seen")).isEqualTo("2024-02-29T00:00:00.123456789");
            assertThat(jedis.exists("it:rw:text:4"))
                    .as("a row whose fields are all NULL is kept")
                    .isTrue();
        }

        // INSERT INTO an existing key replaces that row (no stale fields survive)
        hive.execute(
                "INSERT INTO " + DB + ".people_from_text SELECT 2, 'Bobby', NULL, NULL, NULL, NULL, NULL, NULL, NULL");
        assertThat(Rows.of(
                        hive, "SELECT id, name, score FROM " + DB + ".people_from_text WHERE id IN (2, 3) ORDER BY id"))
                .containsExactly("2|Bobby|NULL", "3|Ćesar Ünïcode 東京|-99999999.99");
    }

    @Test
    void insertFromOrcTableWithNestedTypesAndReadBackRowByRow() throws Exception {
        createRedisTable("people_from_orc", COMPLEX_COLUMNS, "it:rw:orc:", "");
        hive.execute("INSERT INTO " + DB + ".people_from_orc SELECT * FROM " + DB + ".people_orc");

        List<String> expected = Rows.of(hive, "SELECT * FROM " + DB + ".people_orc ORDER BY id");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people_from_orc ORDER BY id"))
                .containsExactlyElementsOf(expected);
        // nested access and projection of a subset of columns
        assertThat(Rows.of(
                        hive,
                        "SELECT id, address.city, tags[0], attrs['twice'], items[0].price FROM " + DB
                                + ".people_from_orc WHERE id IN (1, 4) ORDER BY id"))
                .containsExactly("1|Ada|Ada|72|12.50", "4|NULL|NULL|NULL|NULL");
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            assertThat(jedis.hget("it:rw:orc:1", "tags")).isEqualTo("[\"Ada\",\"tag\"]");
            assertThat(jedis.hget("it:rw:orc:1", "items")).isEqualTo("[{\"sku\":\"s1\",\"price\":12.50}]");
        }

        // and back: Redis into a new ORC table, compared with the original source
        hive.execute("DROP TABLE IF EXISTS " + DB + ".people_back");
        hive.execute("CREATE TABLE " + DB + ".people_back STORED AS ORC AS SELECT * FROM " + DB + ".people_from_orc");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people_back ORDER BY id"))
                .containsExactlyElementsOf(expected);
    }

    @Test
    void stringValueTypeStoresOneJsonDocumentPerRow() throws Exception {
        createRedisTable("people_json", COMPLEX_COLUMNS, "it:rw:json:", ", 'redis.value.type'='string'");
        hive.execute("INSERT INTO " + DB + ".people_json SELECT * FROM " + DB + ".people_orc");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people_json ORDER BY id"))
                .containsExactlyElementsOf(Rows.of(hive, "SELECT * FROM " + DB + ".people_orc ORDER BY id"));
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            assertThat(jedis.type("it:rw:json:1")).isEqualTo("string");
            assertThat(jedis.get("it:rw:json:1")).contains("\"name\":\"Ada\"").contains("\"big\":9007199254740993");
        }
    }

    @Test
    void stringValueTypeReadsAndWritesNestedJsonPaths() throws Exception {
        createRedisTable(
                "people_nested",
                "id bigint, name string, city string, zip string, tags array<string>",
                "it:rw:nested:",
                ", 'redis.value.type'='string', "
                        + "'redis.columns.mapping'='{\"name\":\"profile.Name\",\"city\":\"address.city\","
                        + "\"zip\":\"address.zip\"}'");
        hive.execute("INSERT INTO " + DB + ".people_nested SELECT id, name, address.city, address.zip, tags FROM " + DB
                + ".people_orc");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people_nested ORDER BY id"))
                .containsExactlyElementsOf(Rows.of(
                        hive,
                        "SELECT id, name, address.city, address.zip, tags FROM " + DB + ".people_orc ORDER BY id"));
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            // nested objects in column order, NULL columns (and objects of nothing but NULLs) left out
            assertThat(jedis.get("it:rw:nested:1"))
                    .isEqualTo("{\"profile\":{\"Name\":\"Ada\"},\"address\":{\"city\":\"Ada\",\"zip\":\"1\"},"
                            + "\"tags\":[\"Ada\",\"tag\"]}");
            assertThat(jedis.get("it:rw:nested:4")).isEqualTo("{}");
            // another client's document: names in any case, unknown fields skipped, a missing field is NULL
            jedis.set(
                    "it:rw:nested:9",
                    "{\"ADDRESS\":{\"City\":\"Paris\",\"lat\":48.8},\"profile\":{\"name\":\"Zoé\",\"x\":[1]},"
                            + "\"other\":{\"zip\":\"no\"}}");
        }
        assertThat(Rows.of(hive, "SELECT id, name, city, zip, tags FROM " + DB + ".people_nested WHERE id = 9"))
                .containsExactly("9|Zoé|Paris|NULL|NULL");
        assertThat(Rows.of(hive, "SELECT id, city FROM " + DB + ".people_nested WHERE zip = '3'"))
                .containsExactly("3|Ćesar Ünïcode 東京");

        // a table over the same keys with a struct and a column inside it: readable, but a write is refused
        createRedisTable(
                "people_overlap",
                "id bigint, address struct<city:string,zip:string>, city string",
                "it:rw:nested:",
                ", 'redis.value.type'='string', 'redis.columns.mapping'='{\"city\":\"address.city\"}'");
        assertThat(Rows.of(
                        hive,
                        "SELECT id, address.zip, city FROM " + DB + ".people_overlap WHERE id IN (1, 9)"
                                + " ORDER BY id"))
                .containsExactly("1|1|Ada", "9|NULL|Paris");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".people_overlap SELECT 10, "
                        + "named_struct('city', 'Oslo', 'zip', '0150'), 'Oslo'"))
                .isInstanceOf(SQLException.class)
                .hasStackTraceContaining("people_overlap")
                .hasStackTraceContaining("'city' (JSON path 'address.city')")
                .hasStackTraceContaining("cannot be written");
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            assertThat(jedis.exists("it:rw:nested:10")).isFalse();
        }
    }

    @Test
    void nullKeyOnInsertFailsTheQueryNamingTableAndColumn() throws Exception {
        createRedisTable("people_nullkey", PRIMITIVE_COLUMNS, "it:rw:nullkey:", "");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".people_nullkey SELECT * FROM " + DB
                        + ".people_text UNION ALL SELECT NULL, 'nobody', 1, NULL, NULL, NULL, NULL, NULL, NULL"))
                .isInstanceOf(SQLException.class)
                .hasStackTraceContaining("people_nullkey")
                .hasStackTraceContaining("'id'")
                .hasStackTraceContaining("IS NOT NULL");
    }

    @Test
    void ttlColumnWritesExpireAndReadsRemainingTime() throws Exception {
        createRedisTable(
                "sessions", "token string, user_id bigint, ttl bigint", "it:rw:session:", ", 'redis.ttl.column'='ttl'");
        hive.execute("INSERT INTO " + DB + ".sessions VALUES ('t1', 1, 3600), ('t2', 2, NULL)");
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            assertThat(jedis.ttl("it:rw:session:t1")).isBetween(3000L, 3600L);
            assertThat(jedis.ttl("it:rw:session:t2")).isEqualTo(-1L);
            assertThat(jedis.hgetAll("it:rw:session:t1")).containsOnlyKeys("user_id");
        }
        List<String> rows =
                Rows.of(hive, "SELECT token, user_id, ttl > 3000, ttl IS NULL FROM " + DB + ".sessions ORDER BY token");
        assertThat(rows).containsExactly("t1|1|true|false", "t2|2|NULL|true");
    }
}
