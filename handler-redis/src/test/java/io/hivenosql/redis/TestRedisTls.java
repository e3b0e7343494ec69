package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.normalizedRow;
import static io.hivenosql.redis.TestingRedisTable.readAll;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.StoredSecret;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisCluster;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import io.hivenosql.sandbox.tls.TestingCertificates;
import io.hivenosql.sandbox.tls.TestingCertificates.Validity;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS to real {@code redis-server}s that speak only TLS, with certificates of a private CA made for the test: the
 * trust material of the table's properties, mutual TLS with a PKCS12 key store whose password comes from the secret
 * resolver, and each way a handshake goes wrong (another CA, an expired certificate, another host's certificate, a
 * plain-text server, a missing client certificate), plus a plain-text table against a TLS server. Never a fallback to
 * plain text. A TLS Redis Cluster is read and written through its TLS bus.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestRedisTls {
    private static final String KEY_STORE_PASSWORD = "client-key-store-pass";

    @TempDir
    static Path dir;

    private TestingCertificates ca;
    private TestingRedisServer server;
    private TestingRedisServer mutual;

    @BeforeAll
    void start() {
        ca = TestingCertificates.create(dir.resolve("ca"), "redis test CA");
        server = TestingRedisServer.builder()
                .tls(TlsServerMaterial.issue(ca, "redis", false))
                .build();
        mutual = TestingRedisServer.builder()
                .tls(TlsServerMaterial.issue(ca, "redis-mutual", true))
                .build();
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
        if (mutual != null) {
            mutual.close();
        }
    }

    private TestingRedisTable tlsTable(String name, String nodes) {
        return table(name, nodes)
                .property("redis.ssl", "true")
                .property("redis.ssl.truststore", ca.caPem().toString())
                .column("id", "int")
                .column("v", "string");
    }

    @Test
    void aTableTrustingThePrivateCaWritesAndReads() throws Exception {
        TableContext table = tlsTable("tls", server.address()).build();
        write(table, List.<Object[]>of(new Object[] {1, "one"}, new Object[] {2, "two"}));
        assertThat(readAll(table)).containsExactlyInAnyOrder(normalizedRow(1, "one"), normalizedRow(2, "two"));
    }

    @Test
    void mutualTlsPresentsTheKeyStoreOpenedWithThePasswordOfItsAlias() throws Exception {
        Path keyStore = ca.keyStore(ca.issue("hive-client", List.of(), Validity.CURRENT), KEY_STORE_PASSWORD);
        SecretResolver secrets = alias -> Optional.ofNullable(
                        Map.of("redis.keystore", KEY_STORE_PASSWORD).get(alias))
                .map(password -> new StoredSecret(password.toCharArray(), Optional.empty(), "test provider"));
        TableContext table = tlsTable("mutual", mutual.address())
                .property("redis.ssl.keystore", keyStore.toString())
                .property("redis.ssl.keystore.password.alias", "redis.keystore")
                .secrets(secrets)
                .build();
        write(table, List.<Object[]>of(new Object[] {1, "one"}));
        assertThat(readAll(table)).containsExactly(normalizedRow(1, "one"));

        TableContext withoutCertificate = tlsTable("mutual", mutual.address()).build();
        assertThatThrownBy(() -> readAll(withoutCertificate))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("HNS-140 TLS_FAILED")
                // the server's refusal arrives as its alert or, when the client wrote first, as the connection closing
                .hasMessageContaining(mutual.address())
                .hasMessageContaining("requires a client certificate")
                .hasMessageContaining("set redis.ssl.keystore")
                .hasMessageNotContaining(KEY_STORE_PASSWORD);
    }

    @Test
    void aServerOfAnotherCaIsRefusedNamingTheTrustStore() {
        TestingCertificates other = TestingCertificates.create(dir.resolve("other"), "another CA");
        TableContext table = table("stranger", server.address())
                .property("redis.ssl", "true")
                .property("redis.ssl.truststore", other.caPem().toString())
                .column("id", "int")
                .build();
        assertThatThrownBy(() -> readAll(table))
                .hasMessageContaining("HNS-140 TLS_FAILED")
                .hasMessageContaining("is not signed by a CA that the trust material of redis.ssl.truststore ("
                        + other.caPem() + ") trusts");
    }

    @Test
    void expiredAndMisnamedCertificatesAreRefused() {
        TlsServerMaterial material = TlsServerMaterial.issue(ca, "redis-bad", false);
        try (TestingRedisServer expired = TestingRedisServer.builder()
                        .tls(material.withServer(ca.issue("expired", List.of("127.0.0.1"), Validity.EXPIRED)))
                        .build();
                TestingRedisServer misnamed = TestingRedisServer.builder()
                        .tls(material.withServer(ca.issue("misnamed", List.of("redis.example.com"), Validity.CURRENT)))
                        .build()) {
            assertThatThrownBy(
                            () -> readAll(tlsTable("expired", expired.address()).build()))
                    .hasMessageContaining("HNS-140 TLS_FAILED")
                    .hasMessageContaining("the certificate " + expired.address() + " presents is not valid now");
            assertThatThrownBy(() ->
                            readAll(tlsTable("misnamed", misnamed.address()).build()))
                    .hasMessageContaining("HNS-140 TLS_FAILED")
                    .hasMessageContaining("does not name that host")
                    .hasMessageContaining("redis.ssl.hostname.verification=false");

            TableContext unverified = tlsTable("misnamed", misnamed.address())
                    .property("redis.ssl.hostname.verification", "false")
                    .build();
            try {
                write(unverified, List.<Object[]>of(new Object[] {7, "seven"}));
                assertThat(readAll(unverified)).containsExactly(normalizedRow(7, "seven"));
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    void plainTextOnEitherSideIsAnErrorNeverAFallback() {
        TestingRedisServer plain = TestingRedisServer.shared();
        TableContext toPlainServer = tlsTable("plain-server", plain.address())
                .property("redis.timeout.ms", "2000")
                .build();
        assertThatThrownBy(() -> readAll(toPlainServer))
                .hasMessageContaining("HNS-140 TLS_FAILED")
                .hasMessageContaining(plain.address() + " did not answer the TLS handshake (no answer to the TLS "
                        + "handshake from " + plain.address() + " within 2000 ms), as a server that speaks plain text "
                        + "does")
                .hasMessageContaining("redis.ssl=false");

        TableContext plainTable =
                table("plain-table", server.address()).column("id", "int").build();
        assertThatThrownBy(() -> CONNECTOR.openWriter(plainTable))
                .hasMessageContaining("HNS-201")
                .hasMessageContaining("set redis.ssl=true");
    }

    @Test
    void materialForAPlainTextTableIsRefusedAtBind() {
        assertThatThrownBy(() -> table("mixed", server.address())
                        .property("redis.ssl.truststore", ca.caPem().toString())
                        .column("id", "int")
                        .build())
                .hasMessageContaining("HNS-101")
                .hasMessageContaining(
                        "redis.ssl.truststore is set, but the table connects in plain text: set " + "redis.ssl=true");
    }

    @Test
    void aTlsClusterIsReadAndWrittenThroughItsTlsPorts() throws Exception {
        try (TestingRedisCluster cluster =
                TestingRedisCluster.startTls(TlsServerMaterial.issue(ca, "cluster", false))) {
            TableContext table = tlsTable("cluster", cluster.nodes()).build();
            List<Object[]> rows = new java.util.ArrayList<>();
            for (int i = 0; i < 50; i++) {
                rows.add(new Object[] {i, "v" + i});
            }
            write(table, rows);
            assertThat(readAll(table)).hasSize(50).contains(normalizedRow(49, "v49"));
        }
    }
}
