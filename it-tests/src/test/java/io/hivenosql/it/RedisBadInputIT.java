package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.net.ServerSocket;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/** Stored values that do not convert, under each bad-record policy, and a server that cannot be reached. */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisBadInputIT {
    private static final String DB = "it_bad";

    private HiveInstance hive;
    private TestingRedisServer redis;

    @BeforeAll
    void load(HiveInstance hive, TestingRedisServer redis) throws Exception {
        this.hive = hive;
        this.redis = redis;
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            jedis.hset("it:bad:u:1", Map.of("name", "ok", "age", "41"));
            jedis.hset("it:bad:u:2", Map.of("name", "typo", "age", "forty-two"));
            jedis.hset("it:bad:u:3", Map.of("name", "huge", "age", "99999999999"));
            jedis.hset("it:bad:u:x", Map.of("name", "bad key", "age", "7"));
        }
    }

    private String table(String policy) throws SQLException {
        String table = DB + ".users_" + policy;
        hive.execute("DROP TABLE IF EXISTS " + table);
        hive.execute("CREATE EXTERNAL TABLE " + table + " (id int, name string, age int) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='it:bad:u:', 'nosql.bad-record.policy'='" + policy + "')");
        return table;
    }

    @Test
    void failPolicyNamesTableKeyColumnAndValue() throws Exception {
        String table = table("fail");
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + table + " ORDER BY id"))
                .isInstanceOf(SQLException.class)
                .hasStackTraceContaining("users_fail")
                .hasStackTraceContaining("it:bad:u:")
                .hasStackTraceContaining("nosql.bad-record.policy");
        // a key lookup reads exactly one record: the error names its key, column and value
        assertThatThrownBy(() -> hive.query("SELECT name, age FROM " + table + " WHERE id = 2"))
                .hasStackTraceContaining("it:bad:u:2")
                .hasStackTraceContaining("age")
                .hasStackTraceContaining("forty-two");

        // a failed scan leaves nothing behind in the server: the next job (a sort) returns all its rows
        assertThat(Rows.of(hive, "SELECT name FROM " + table("null") + " ORDER BY name"))
                .containsExactly("bad key", "huge", "ok", "typo");
    }

    @Test
    void nullPolicyReadsBadFieldsAsNull() throws Exception {
        String table = table("null");
        assertThat(Rows.of(hive, "SELECT id, name, age FROM " + table + " ORDER BY name"))
                .containsExactly("NULL|bad key|7", "3|huge|NULL", "1|ok|41", "2|typo|NULL");
    }

    @Test
    void skipPolicyDropsBadRecords() throws Exception {
        String table = table("skip");
        assertThat(Rows.of(hive, "SELECT id, name, age FROM " + table + " ORDER BY id"))
                .containsExactly("1|ok|41");
    }

    @Test
    void unreachableServerNamesHostAndPort() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String table = DB + ".nowhere";
        hive.execute("DROP TABLE IF EXISTS " + table);
        hive.execute("CREATE EXTERNAL TABLE " + table + " (id int, name string) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='127.0.0.1:"
                + closedPort + "', 'redis.key.prefix'='x:')");
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + table))
                .hasStackTraceContaining("127.0.0.1:" + closedPort)
                .hasStackTraceContaining("redis.nodes");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + table + " VALUES (1, 'a')"))
                .hasStackTraceContaining("127.0.0.1:" + closedPort);
    }
}
