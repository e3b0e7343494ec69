package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Secrets typed where they do not belong: user information in a host list ({@code user:password@host}), a password
 * typed into a {@code *.password.alias} property, a plain-text password set by ALTER TABLE. Each is refused before the
 * metastore records it, and neither the error the client gets nor HiveServer2's log shows it.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SecretLeakIT {
    private static final String DB = "it_secret_leak";
    private static final String REDIS = "STORED BY 'io.hivenosql.redis.RedisStorageHandler'";
    private static final String CASSANDRA = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";
    private static final String MONGO = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler'";

    private HiveStack.Resources stack;
    private HiveInstance hive;
    private String provider;

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        provider = Keystores.create(
                stack.scratch("secret-leak").resolve("other.jceks"), Map.of("some.other.alias", "not-used"));
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
    }

    /**
     * Runs {@code ddl}, which must fail; returns what Hive reported (the harness's own exception, which adds the
     * statement text holding the secret, is left out) and checks that neither it nor the log holds {@code secret}.
     */
    private Throwable refused(String ddl, String secret) {
        Throwable failure;
        String log;
        try (LogCapture capture = LogCapture.start()) {
            failure = catchThrowable(() -> hive.execute(ddl));
            log = capture.text();
        }
        assertThat(failure).as("the statement must fail: %s", ddl).isNotNull();
        Throwable reported = failure.getCause();
        assertThat(Stacks.of(reported)).doesNotContain(secret);
        // the capture does see the failure (Hive logs it), only without the secret
        assertThat(log).as("HiveServer2's log").contains("HNS-").doesNotContain(secret);
        return reported;
    }

    private void assertNoTable(String table) throws SQLException {
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE '" + table + "'")).isEmpty();
    }

    @Test
    void userInformationInRedisNodesIsRefusedWithoutEchoingIt() throws Exception {
        String secret = "Redis-ui-s3cret";
        String server = stack.redis().address();
        for (String nodes : List.of(
                "hive:" + secret + "@" + server,
                "redis://hive:" + secret + "@" + server,
                server + ",default:" + secret + "@" + server,
                secret + "@" + server)) {
            Throwable reported = refused(
                    "CREATE EXTERNAL TABLE " + DB + ".userinfo (id string, v string) " + REDIS
                            + " TBLPROPERTIES ('redis.nodes'='" + nodes + "')",
                    secret);
            assertThat(reported).hasMessageContaining("HNS-131").hasMessageContaining("redis.nodes");
            assertNoTable("userinfo");
        }
    }

    @Test
    void userInformationInCassandraHostsIsRefusedWithoutEchoingIt() throws Exception {
        String secret = "Cass-ui-s3cret";
        Throwable reported = refused(
                "CREATE EXTERNAL TABLE " + DB + ".userinfo_cass (id int, v string) " + CASSANDRA
                        + " TBLPROPERTIES ('cassandra.hosts'='cassandra:" + secret + "@"
                        + stack.cassandra().contactPoint() + "', 'cassandra.keyspace'='" + DB + "')",
                secret);
        assertThat(reported).hasMessageContaining("HNS-131").hasMessageContaining("cassandra.hosts");
        assertNoTable("userinfo_cass");
    }

    @Test
    void userInformationInTheMongoUriIsRefusedWithoutEchoingIt() throws Exception {
        String secret = "Mongo-ui-s3cret";
        TestingMongoServer mongo = stack.mongo();
        Throwable reported = refused(
                "CREATE EXTERNAL TABLE " + DB + ".userinfo_mongo (id int, v string) " + MONGO
                        + " TBLPROPERTIES ('mongo.uri'='mongodb://hive:" + secret + "@" + mongo.host() + ":"
                        + mongo.port() + "/" + DB + ".c')",
                secret);
        assertThat(reported).hasMessageContaining("HNS-131").hasMessageContaining("mongo.uri");
        assertNoTable("userinfo_mongo");
    }

    @Test
    void aPasswordTypedIntoTheAliasPropertyIsNeitherStoredNorEchoed() throws Exception {
        String typed = "Typed-Into-Alias-Pa55";
        String credentials = "'nosql.credentials.provider'='" + provider + "'";
        Throwable redis = refused(
                "CREATE EXTERNAL TABLE " + DB + ".typo_redis (id string, v string) " + REDIS
                        + " TBLPROPERTIES ('redis.nodes'='" + stack.redis().address()
                        + "', 'redis.user'='hive', 'redis.password.alias'='" + typed + "', " + credentials + ")",
                typed);
        assertThat(redis).hasMessageContaining("HNS-132").hasMessageContaining("redis.password.alias");
        assertNoTable("typo_redis");

        Throwable cassandra = refused(
                "CREATE EXTERNAL TABLE " + DB + ".typo_cass (id int, v string) " + CASSANDRA
                        + " TBLPROPERTIES ('cassandra.hosts'='"
                        + stack.cassandra().contactPoint()
                        + "', 'cassandra.user'='hive', 'cassandra.password.alias'='" + typed + "', " + credentials
                        + ")",
                typed);
        assertThat(cassandra).hasMessageContaining("HNS-132").hasMessageContaining("cassandra.password.alias");
        assertNoTable("typo_cass");

        TestingMongoServer mongo = stack.mongo();
        Throwable mongoError = refused(
                "CREATE TABLE " + DB + ".typo_mongo (id int, v string) " + MONGO + " TBLPROPERTIES ('mongo.uri'='"
                        + TestingMongoServer.databaseUri(mongo.uri(), DB, "typo") + "', 'mongo.user'='hive', "
                        + "'mongo.password.alias'='" + typed + "', " + credentials + ")",
                typed);
        assertThat(mongoError).hasMessageContaining("HNS-132").hasMessageContaining("mongo.password.alias");
        assertNoTable("typo_mongo");
    }

    @Test
    void aKeyStorePasswordIsNeverAPropertyAndItsAliasIsCheckedAtCreate() throws Exception {
        java.nio.file.Path keyStore =
                java.nio.file.Files.write(stack.scratch("secret-leak").resolve("client.p12"), new byte[] {0x30, 0x00});
        String tls = "'redis.nodes'='" + stack.redis().address() + "', 'redis.ssl'='true', 'redis.ssl.keystore'='"
                + keyStore + "', 'nosql.credentials.provider'='" + provider + "'";

        String plain = "KeyStore-plain-Pa55";
        Throwable property = refused(
                "CREATE EXTERNAL TABLE " + DB + ".tls_plain (id string, v string) " + REDIS + " TBLPROPERTIES (" + tls
                        + ", 'redis.ssl.keystore.password'='" + plain + "')",
                plain);
        assertThat(property)
                .hasMessageContaining("HNS-131")
                .hasMessageContaining("'redis.ssl.keystore.password'")
                .hasMessageContaining("set 'redis.ssl.keystore.password.alias'='<alias>'");
        assertNoTable("tls_plain");

        String typed = "KeyStore-typed-Pa55";
        Throwable alias = refused(
                "CREATE EXTERNAL TABLE " + DB + ".tls_typo (id string, v string) " + REDIS + " TBLPROPERTIES (" + tls
                        + ", 'redis.ssl.keystore.password.alias'='" + typed + "')",
                typed);
        assertThat(alias).hasMessageContaining("HNS-132").hasMessageContaining("redis.ssl.keystore.password.alias");
        assertNoTable("tls_typo");
    }

    @Test
    void alterTableRefusesSecretsWithoutStoringOrEchoingThem() throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + DB + ".altered");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".altered (id string, v string) " + REDIS
                + " TBLPROPERTIES ('redis.nodes'='" + stack.redis().address() + "', 'redis.key.prefix'='it:alter:')");

        String plain = "Alter-plain-Pa55";
        Throwable password =
                refused("ALTER TABLE " + DB + ".altered SET TBLPROPERTIES ('redis.password'='" + plain + "')", plain);
        assertThat(password)
                .hasMessageContaining("HNS-131")
                .hasMessageContaining("'redis.password'")
                .hasMessageContaining("redis.password.alias")
                .hasMessageContaining("credential provider")
                .hasMessageNotContaining("at least one column");

        String userInfo = "Alter-ui-Pa55";
        Throwable nodes = refused(
                "ALTER TABLE " + DB + ".altered SET TBLPROPERTIES ('redis.nodes'='hive:" + userInfo + "@"
                        + stack.redis().address() + "')",
                userInfo);
        assertThat(nodes).hasMessageContaining("HNS-131").hasMessageContaining("redis.nodes");

        String typed = "Alter-typed-Pa55";
        Throwable alias = refused(
                "ALTER TABLE " + DB + ".altered SET TBLPROPERTIES ('redis.user'='hive', 'redis.password.alias'='"
                        + typed + "', 'nosql.credentials.provider'='" + provider + "')",
                typed);
        assertThat(alias).hasMessageContaining("HNS-132").hasMessageContaining("redis.password.alias");

        String properties = String.join("\n", Rows.of(hive, "SHOW TBLPROPERTIES " + DB + ".altered"));
        assertThat(properties)
                .doesNotContain(plain)
                .doesNotContain(userInfo)
                .doesNotContain(typed)
                .doesNotContain("redis.password")
                .contains(stack.redis().address());
        // the table still works
        hive.execute("INSERT INTO " + DB + ".altered VALUES ('a', 'b')");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".altered")).containsExactly("a|b");
    }
}
