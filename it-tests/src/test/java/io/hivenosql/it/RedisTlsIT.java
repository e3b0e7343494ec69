package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import io.hivenosql.sandbox.tls.TestingCertificates;
import io.hivenosql.sandbox.tls.TestingCertificates.Validity;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Redis over mutual TLS through HiveServer2: a {@code redis-server} that speaks only TLS and requires client
 * certificates of a private CA made for the test; the table names the CA's PEM file and a PKCS12 key store under the
 * server's allowed directories, and the key store's password comes from a credential provider. It is never in the DDL,
 * SHOW CREATE TABLE, an error or HiveServer2's log. Material outside the allowed directories is refused, a
 * server-level trust store serves tables that name none, and a server of another CA fails the query saying so.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisTlsIT {
    private static final String DB = "it_tls";
    private static final String HANDLER = "STORED BY 'io.hivenosql.redis.RedisStorageHandler'";
    private static final String KEY_STORE_PASSWORD = "K3y-st0re-Pa55-for-it";
    private static final String KEY_STORE_ALIAS = "it.redis.keystore";

    private HiveStack.Resources stack;
    private HiveInstance hive;
    private TestingCertificates ca;
    private TestingRedisServer server;
    private Path keyStore;
    private String provider;

    @BeforeAll
    void start(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        Path tls = stack.scratch("tls");
        ca = TestingCertificates.create(tls.resolve("ca"), "it CA");
        server = TestingRedisServer.builder()
                .tls(TlsServerMaterial.issue(ca, "it-redis", true))
                .build();
        keyStore = ca.keyStore(ca.issue("hive", List.of(), Validity.CURRENT), KEY_STORE_PASSWORD);
        provider = Keystores.create(tls.resolve("tls.jceks"), Map.of(KEY_STORE_ALIAS, KEY_STORE_PASSWORD));
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private String create(String name, String trustStore) {
        String trust = trustStore == null ? "" : "'redis.ssl.truststore'='" + trustStore + "', ";
        return "CREATE EXTERNAL TABLE " + DB + "." + name + " (id string, v int) " + HANDLER + " TBLPROPERTIES ("
                + "'redis.nodes'='" + server.address() + "', 'redis.key.prefix'='tls:" + name + ":', "
                + "'redis.ssl'='true', " + trust + "'redis.ssl.keystore'='" + keyStore + "', "
                + "'redis.ssl.keystore.password.alias'='" + KEY_STORE_ALIAS + "', "
                + "'nosql.credentials.provider'='" + provider + "')";
    }

    @Test
    void mutualTlsWithMaterialUnderTheServersDirectoriesAndTheKeyStorePasswordNowhere() throws Exception {
        String log;
        List<String> ddl;
        try (LogCapture capture = LogCapture.start()) {
            hive.execute("DROP TABLE IF EXISTS " + DB + ".mutual");
            hive.execute(create("mutual", ca.caPem().toString()));
            hive.execute("INSERT INTO " + DB + ".mutual VALUES ('a', 1), ('b', 2)");
            assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".mutual ORDER BY id"))
                    .containsExactly("a|1", "b|2");
            assertThat(Rows.of(hive, "SELECT v FROM " + DB + ".mutual WHERE id = 'b'"))
                    .containsExactly("2");
            ddl = Rows.of(hive, "SHOW CREATE TABLE " + DB + ".mutual");
            log = capture.text();
        }
        try (var jedis = server.connect()) {
            assertThat(jedis.hget("tls:mutual:a", "v")).isEqualTo("1");
        }
        assertThat(String.join("\n", ddl)).contains(KEY_STORE_ALIAS).doesNotContain(KEY_STORE_PASSWORD);
        assertThat(log).as("HiveServer2's log").contains("it_tls.mutual").doesNotContain(KEY_STORE_PASSWORD);
    }

    @Test
    void materialOutsideTheAllowedDirectoriesIsNotRead() throws Exception {
        Path elsewhere = Files.createTempDirectory("it-tls-outside-");
        try {
            Path copy = Files.copy(ca.caPem(), elsewhere.resolve("ca.pem"));
            hive.execute("DROP TABLE IF EXISTS " + DB + ".outside");
            Throwable refused = catchThrowable(() -> {
                hive.execute(create("outside", copy.toString()));
                hive.query("SELECT * FROM " + DB + ".outside");
            });
            assertThat(refused)
                    .hasStackTraceContaining("HNS-137")
                    .hasStackTraceContaining("redis.ssl.truststore '" + copy + "' is not read")
                    .hasStackTraceContaining("hivenosql.mapping.file.roots");
        } finally {
            hive.execute("DROP TABLE IF EXISTS " + DB + ".outside");
            ServerProcess.deleteRecursively(elsewhere);
        }
    }

    @Test
    void aServerLevelTrustStoreServesTablesThatNameNone() throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + DB + ".server_trust");
        hive.execute("SET hivenosql.redis.ssl.truststore=" + ca.caPem());
        try {
            hive.execute(create("server_trust", null));
            hive.execute("INSERT INTO " + DB + ".server_trust VALUES ('c', 3)");
            assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".server_trust")).containsExactly("c|3");
        } finally {
            // RESET keeps a setting Hive has no default for: blank counts as unset
            hive.execute("SET hivenosql.redis.ssl.truststore=");
        }
        // without it, the JVM's default trust store does not know the private CA
        hive.execute("DROP TABLE IF EXISTS " + DB + ".default_trust");
        hive.execute(create("default_trust", null));
        Throwable untrusted = catchThrowable(() -> hive.query("SELECT * FROM " + DB + ".default_trust"));
        assertThat(untrusted)
                .hasStackTraceContaining("HNS-140 TLS_FAILED")
                .hasStackTraceContaining("the TLS handshake with " + server.address() + " failed")
                .hasStackTraceContaining("not signed by a CA that the JVM's default trust store");
    }

    @Test
    void aServerOfAnotherCaFailsTheQueryNamingHostAndTrustStore() throws Exception {
        TestingCertificates other =
                TestingCertificates.create(stack.scratch("tls").resolve("other"), "other CA");
        hive.execute("DROP TABLE IF EXISTS " + DB + ".stranger");
        hive.execute(create("stranger", other.caPem().toString()));
        Throwable untrusted = catchThrowable(() -> hive.query("SELECT * FROM " + DB + ".stranger"));
        assertThat(untrusted)
                .hasStackTraceContaining("HNS-140 TLS_FAILED")
                .hasStackTraceContaining(server.address())
                .hasStackTraceContaining("redis.ssl.truststore (" + other.caPem() + ")");
        assertThat(Stacks.of(untrusted)).doesNotContain(KEY_STORE_PASSWORD);
    }
}
