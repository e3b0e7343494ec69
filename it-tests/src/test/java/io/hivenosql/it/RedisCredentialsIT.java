package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hivenosql.sandbox.TestingTcpRelay;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The password lives in a Hadoop credential provider (a JCEKS keystore), named by alias: it never appears in the DDL,
 * in SHOW CREATE TABLE, or in any error message; and it is only ever sent to the hosts an administrator bound it to
 * ({@code <alias>.hosts} in the same provider). A recording relay in front of the real server stands for an attacker's
 * listener: a table that names it must be refused before any credential goes through.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisCredentialsIT {
    private static final String DB = "it_cred";
    private static final String HANDLER = "STORED BY 'io.hivenosql.redis.RedisStorageHandler'";
    private static final String PASSWORD = "s3cr3t-Pa55-for-it";
    private static final String ALIAS = "it.redis.password";
    private static final String UNBOUND_ALIAS = "it.redis.unbound";
    /** A user whose ACL allows reading the keys under {@code ro:}, exactly as docs/redis.md says, and no writing. */
    private static final String READER = "reader";

    private static final String READER_PASSWORD = "r3ad-0nly-Pa55-for-it";
    private static final String READER_ALIAS = "it.redis.reader.password";

    private HiveStack.Resources stack;
    private HiveInstance hive;
    private TestingRedisServer secured;
    /** The administrator's provider: the password, bound to the secured server; and a copy that is bound nowhere. */
    private String provider;

    @BeforeAll
    void start(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        secured = TestingRedisServer.builder()
                .password("the-default-users-password")
                .aclUser("hive", PASSWORD)
                .aclUser(READER, READER_PASSWORD, "~ro:* +@read +info +ping +client|setname +select")
                .build();
        provider = Keystores.create(
                stack.scratch("credentials").resolve("redis.jceks"),
                Map.of(
                        ALIAS,
                        PASSWORD,
                        Keystores.hosts(ALIAS),
                        secured.address(),
                        UNBOUND_ALIAS,
                        PASSWORD,
                        READER_ALIAS,
                        READER_PASSWORD,
                        Keystores.hosts(READER_ALIAS),
                        secured.address()));
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
    }

    @AfterAll
    void stop() {
        if (secured != null) {
            secured.close();
        }
    }

    private static String table(String name, String nodes, String alias, String provider) {
        return table(name, nodes, "sec:", "hive", alias, provider);
    }

    private static String table(String name, String nodes, String prefix, String user, String alias, String provider) {
        return "CREATE EXTERNAL TABLE " + DB + "." + name + " (id string, v int) " + HANDLER
                + " TBLPROPERTIES ('redis.nodes'='" + nodes + "', 'redis.key.prefix'='" + prefix + "', 'redis.user'='"
                + user + "', 'redis.password.alias'='" + alias + "', 'nosql.credentials.provider'='" + provider + "')";
    }

    @Test
    void aReadOnlyUserReadsAndItsInsertFailsSayingSo() throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + DB + ".ro_owner");
        hive.execute("DROP TABLE IF EXISTS " + DB + ".ro");
        hive.execute(table("ro_owner", secured.address(), "ro:", "hive", ALIAS, provider));
        hive.execute(table("ro", secured.address(), "ro:", READER, READER_ALIAS, provider));
        hive.execute("INSERT INTO " + DB + ".ro_owner VALUES ('a', 1), ('b', 2)");

        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".ro ORDER BY id")).containsExactly("a|1", "b|2");
        Throwable refused = catchThrowable(() -> hive.execute("INSERT INTO " + DB + ".ro VALUES ('c', 3)"));
        assertThat(Stacks.of(refused))
                .contains("HNS-203")
                .contains("NOPERM")
                .contains("user '" + READER + "' of redis.user may not write the table's keys")
                .contains("+@write on ~ro:*")
                .doesNotContain(READER_PASSWORD)
                .doesNotContain(PASSWORD);
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".ro_owner ORDER BY id"))
                .containsExactly("a|1", "b|2");
    }

    @Test
    void passwordComesFromACredentialProvider() throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + DB + ".secured");
        hive.execute(table("secured", secured.address(), ALIAS, provider));
        hive.execute("INSERT INTO " + DB + ".secured VALUES ('a', 1), ('b', 2)");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".secured ORDER BY id"))
                .containsExactly("a|1", "b|2");
        List<String> ddl = Rows.of(hive, "SHOW CREATE TABLE " + DB + ".secured");
        assertThat(String.join("\n", ddl)).doesNotContain(PASSWORD).contains(ALIAS);

        // an alias the provider does not hold is refused at CREATE, without echoing it (it may be a mistyped password)
        hive.execute("DROP TABLE IF EXISTS " + DB + ".wrong_alias");
        assertThatThrownBy(() -> hive.execute(table("wrong_alias", secured.address(), "no.such.alias", provider)))
                .hasMessageContaining("HNS-132")
                .hasMessageContaining("redis.password.alias")
                .satisfies(e -> assertThat(Stacks.of(e.getCause()))
                        .doesNotContain("no.such.alias")
                        .doesNotContain(PASSWORD));
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'wrong_alias'")).isEmpty();

        hive.execute("DROP TABLE IF EXISTS " + DB + ".no_password");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".no_password (id string, v int) " + HANDLER
                + " TBLPROPERTIES ('redis.nodes'='" + secured.address() + "', 'redis.key.prefix'='sec:')");
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + DB + ".no_password"))
                .hasStackTraceContaining(secured.address())
                .hasStackTraceContaining("redis.password.alias");
    }

    @Test
    void aStoredPasswordIsNeverSentToAHostItIsNotBoundTo() throws Exception {
        try (TestingTcpRelay attacker = TestingTcpRelay.start(secured.host(), secured.port())) {
            hive.execute("DROP TABLE IF EXISTS " + DB + ".stolen");
            Throwable refusal = catchThrowable(() -> {
                hive.execute(table("stolen", attacker.address(), ALIAS, provider));
                hive.query("SELECT * FROM " + DB + ".stolen");
            });
            assertThat(attacker.receivedText()).doesNotContain(PASSWORD).doesNotContain("AUTH");
            assertThat(refusal)
                    .hasMessageContaining("HNS-135")
                    .hasMessageContaining("redis.nodes")
                    .hasMessageContaining(attacker.address())
                    .hasMessageContaining(ALIAS);
            assertThat(Stacks.of(refusal.getCause())).doesNotContain(PASSWORD);
            assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'stolen'")).isEmpty();

            // one bound node does not vouch for another
            hive.execute("DROP TABLE IF EXISTS " + DB + ".stolen");
            Throwable mixed = catchThrowable(() -> {
                hive.execute(table("stolen", secured.address() + "," + attacker.address(), ALIAS, provider));
                hive.query("SELECT * FROM " + DB + ".stolen");
            });
            assertThat(attacker.receivedText()).doesNotContain(PASSWORD);
            assertThat(mixed).hasMessageContaining("HNS-135").hasMessageContaining(attacker.address());

            // nor can an existing, bound table be pointed elsewhere
            hive.execute("DROP TABLE IF EXISTS " + DB + ".moved");
            hive.execute(table("moved", secured.address(), ALIAS, provider));
            Throwable moved = catchThrowable(() -> {
                hive.execute(
                        "ALTER TABLE " + DB + ".moved SET TBLPROPERTIES ('redis.nodes'='" + attacker.address() + "')");
                hive.query("SELECT * FROM " + DB + ".moved");
            });
            assertThat(attacker.receivedText()).doesNotContain(PASSWORD);
            assertThat(moved).hasMessageContaining("HNS-135");
            assertThat(attacker.connections()).isZero();
        }
    }

    @Test
    void aSecretWithoutABindingIsNotUsed() throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + DB + ".unbound");
        Throwable refusal = catchThrowable(() -> {
            hive.execute(table("unbound", secured.address(), UNBOUND_ALIAS, provider));
            hive.query("SELECT * FROM " + DB + ".unbound");
        });
        assertThat(refusal)
                .hasMessageContaining("HNS-134")
                .hasMessageContaining("redis.password.alias")
                .hasMessageContaining("hadoop credential create " + UNBOUND_ALIAS + ".hosts");
        assertThat(Stacks.of(refusal.getCause())).doesNotContain(PASSWORD);
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'unbound'")).isEmpty();
    }

    @Test
    void theBindingComesFromTheProviderThatHoldsTheSecret() throws Exception {
        try (TestingTcpRelay attacker = TestingTcpRelay.start(secured.host(), secured.port())) {
            // a provider of the user's own, listed first, binds the administrator's alias to the user's listener
            String mine = Keystores.create(
                    stack.scratch("credentials").resolve("mine.jceks"),
                    Map.of(Keystores.hosts(ALIAS), attacker.address()));
            hive.execute("DROP TABLE IF EXISTS " + DB + ".smuggled");
            Throwable refusal = catchThrowable(() -> {
                hive.execute(table("smuggled", attacker.address(), ALIAS, mine + "," + provider));
                hive.query("SELECT * FROM " + DB + ".smuggled");
            });
            assertThat(attacker.receivedText()).doesNotContain(PASSWORD).doesNotContain("AUTH");
            assertThat(refusal).hasMessageContaining("HNS-135").hasMessageContaining(attacker.address());
        }
    }

    @Test
    void aProviderTheSessionUserCannotReadIsNotUsed() throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + DB + ".owned");
        hive.execute(table("owned", secured.address(), ALIAS, provider));
        // the keystore is readable by its owner only (0600): the stack's own user, not mallory
        try (Connection mallory = DriverManager.getConnection(hive.jdbcUrl(), "mallory", "");
                Statement statement = mallory.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS " + DB + ".borrowed");
            assertThatThrownBy(() -> statement.execute(table("borrowed", secured.address(), ALIAS, provider)))
                    .hasMessageContaining("HNS-136")
                    .hasMessageContaining("mallory")
                    .hasMessageContaining(
                            Path.of(provider.substring("jceks://file".length())).toString())
                    .satisfies(e -> assertThat(Stacks.of(e)).doesNotContain(PASSWORD));
            assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'borrowed'")).isEmpty();

            assertThatThrownBy(() -> statement.executeQuery("SELECT * FROM " + DB + ".owned"))
                    .hasMessageContaining("HNS-136")
                    .hasMessageContaining("mallory");

            // the same provider given by a session setting instead of the table
            statement.execute("SET hadoop.security.credential.provider.path=" + provider);
            assertThatThrownBy(() -> statement.execute("CREATE EXTERNAL TABLE " + DB + ".borrowed (id string, v int) "
                            + HANDLER + " TBLPROPERTIES ('redis.nodes'='" + secured.address()
                            + "', 'redis.user'='hive', 'redis.password.alias'='" + ALIAS + "')"))
                    .hasMessageContaining("HNS-136")
                    .hasMessageContaining("mallory");
        }
    }
}
