package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * The roles of a mapping file mean exactly what the DDL properties mean: on Redis, two {@code "role":"key"} columns
 * are a composite key as {@code redis.key.column} makes it (distinct rows stay distinct) and {@code "role":"ttl"} sets
 * EXPIRE as {@code redis.ttl.column} does; roles that contradict the properties, or that a store cannot honour, are
 * refused at CREATE TABLE.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MappingFileRolesIT {
    private static final String DB = "it_roles";
    private static final String REDIS = "STORED BY 'io.hivenosql.redis.RedisStorageHandler'";
    private static final String LINES =
            """
            {"columns": [
              {"name": "l_orderkey", "type": "bigint", "role": "key"},
              {"name": "l_linenumber", "type": "int", "role": "key"},
              {"name": "l_comment", "type": "string"},
              {"name": "expires", "type": "int", "role": "ttl"}
            ]}""";

    private HiveInstance hive;
    private HiveStack.Resources stack;
    private TestingRedisServer redis;
    private Path mappings;

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        redis = stack.redis();
        mappings = stack.scratch("roles-mappings");
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        try (Jedis jedis = redis.connect()) {
            for (String key : jedis.keys("it:roles:*")) {
                jedis.del(key);
            }
        }
    }

    private String file(String name, String content) throws Exception {
        return Files.writeString(mappings.resolve(name), content).toUri().toString();
    }

    private String redisTable(String table, String prefix, String mappingUrl, String extra) {
        return "CREATE EXTERNAL TABLE " + DB + "." + table + " " + REDIS + " TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='" + prefix + "', 'nosql.mapping.url'='" + mappingUrl
                + "'" + extra + ")";
    }

    @Test
    void twoKeyRolesAreACompositeKeyAndTheTtlRoleSetsExpire() throws Exception {
        String url = file("lines.json", LINES);
        hive.execute(redisTable("lines_file", "it:roles:file:", url, ""));
        hive.execute("INSERT INTO " + DB + ".lines_file VALUES (1, 1, 'first', 3600), (1, 2, 'second', NULL), "
                + "(2, 1, 'third', NULL)");
        assertThat(Rows.of(
                        hive,
                        "SELECT l_orderkey, l_linenumber, l_comment FROM " + DB + ".lines_file "
                                + "ORDER BY l_orderkey, l_linenumber"))
                .containsExactly("1|1|first", "1|2|second", "2|1|third");
        // the same keys, fields and expiry as redis.key.column and redis.ttl.column give
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".lines_props (l_orderkey bigint, l_linenumber int, "
                + "l_comment string, expires int) " + REDIS + " TBLPROPERTIES ('redis.nodes'='" + redis.address()
                + "', 'redis.key.prefix'='it:roles:props:', 'redis.key.column'='l_orderkey,l_linenumber', "
                + "'redis.ttl.column'='expires')");
        hive.execute("INSERT INTO " + DB + ".lines_props SELECT * FROM " + DB + ".lines_file");
        try (Jedis jedis = redis.connect()) {
            for (String prefix : new String[] {"it:roles:file:", "it:roles:props:"}) {
                assertThat(jedis.keys(prefix + "*"))
                        .as(prefix)
                        .containsExactlyInAnyOrder(prefix + "1:1", prefix + "1:2", prefix + "2:1");
                assertThat(jedis.hgetAll(prefix + "1:1")).as(prefix).containsOnlyKeys("l_comment");
                assertThat(jedis.ttl(prefix + "1:1")).as(prefix).isBetween(3000L, 3600L);
                assertThat(jedis.ttl(prefix + "1:2")).as(prefix).isEqualTo(-1L);
            }
        }
        // a key lookup on both key columns finds the row, as with redis.key.column
        assertThat(Rows.of(
                        hive,
                        "SELECT l_comment, expires > 3000 FROM " + DB + ".lines_file "
                                + "WHERE l_orderkey = 1 AND l_linenumber = 1"))
                .containsExactly("first|true");
    }

    @Test
    void rolesThatContradictThePropertiesOrThatAStoreCannotHonourAreRefused() throws Exception {
        String url = file("lines-refused.json", LINES);
        assertThatThrownBy(() -> hive.execute(
                        redisTable("lines_conflict", "it:roles:c:", url, ", 'redis.key.column'='l_orderkey'")))
                .hasMessageContaining("HNS-111")
                .hasMessageContaining("role key to column(s) l_orderkey, l_linenumber")
                .hasMessageContaining("redis.key.column is 'l_orderkey'");
        assertThatThrownBy(() -> hive.execute(
                        redisTable("ttl_conflict", "it:roles:t:", url, ", 'redis.ttl.column'='l_linenumber'")))
                .hasMessageContaining("HNS-111")
                .hasMessageContaining("redis.ttl.column is 'l_linenumber'");
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE '*conflict'")).isEmpty();

        String mongoFile = file(
                "people-ttl.json",
                """
                {"columns": [{"name": "id", "type": "string", "path": "_id", "role": "key"},
                             {"name": "expires", "type": "int", "role": "ttl"}]}""");
        assertThatThrownBy(() -> hive.execute("CREATE EXTERNAL TABLE " + DB + ".people_ttl "
                        + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' TBLPROPERTIES ('mongo.uri'='"
                        + stack.mongo().databaseUri(DB, "people") + "', 'nosql.mapping.url'='" + mongoFile + "')"))
                .hasMessageContaining("HNS-111")
                .hasMessageContaining("column 'expires' the role ttl");
        String cassandraFile = file(
                "orders-keys.json",
                """
                {"columns": [{"name": "o_custkey", "type": "bigint", "role": "key"},
                             {"name": "o_orderkey", "type": "bigint", "role": "key"},
                             {"name": "o_comment", "type": "string"}]}""");
        assertThatThrownBy(() -> hive.execute("CREATE TABLE " + DB + ".orders_keys "
                        + "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ("
                        + "'cassandra.hosts'='" + stack.cassandra().contactPoint() + "', 'cassandra.keyspace'='"
                        + DB + "', 'nosql.mapping.url'='" + cassandraFile + "')"))
                .hasMessageContaining("HNS-111")
                .hasMessageContaining("partition key")
                .hasMessageContaining("cassandra.primary-key");
    }
}
