package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TestingCassandraTableContext.CONNECTOR;
import static io.hivenosql.cassandra.TestingCassandraTableContext.write;
import static io.hivenosql.cassandra.TestingCassandraTables.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampleBudget;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.StoredSecret;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.tls.TestingCertificates;
import io.hivenosql.sandbox.tls.TestingCertificates.Validity;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS to real Cassandra 5 nodes whose native port speaks only TLS, with certificates of a private CA made for the
 * test. Two TLS nodes, started together: {@code server} presents a certificate that names only {@code localhost} (so a
 * table that names it {@code 127.0.0.1} meets a certificate of another host), {@code mutual} requires client
 * certificates; the plain-text node is the suite's shared one ({@link TestingCassandraServer#shared()}). Proven: reads, writes, schema changes and schema inference over TLS with the trust material of the
 * table's properties; mutual TLS with PKCS12 stores whose passwords come from the secret resolver; a server of another
 * CA, a certificate of another host, an expired certificate (which {@code server} presents for one test, reloaded
 * at run time: no third node), a missing client certificate and a node that answers in plain text as HNS-140 naming
 * host and property; a plain-text table against a TLS node as an error that says to turn TLS on; TLS material on a plain-text table refused at bind.
 * Never a fallback to plain text.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestCassandraTls {
    private static final String KEY_STORE_PASSWORD = "client-key-store-pass";
    private static final String TRUST_STORE_PASSWORD = "client-trust-store-pass";
    private static final SecretResolver SECRETS = alias -> Optional.ofNullable(
                    Map.of("cassandra.keystore", KEY_STORE_PASSWORD, "cassandra.truststore", TRUST_STORE_PASSWORD)
                            .get(alias))
            .map(password -> new StoredSecret(password.toCharArray(), Optional.empty(), "test provider"));

    @TempDir
    static Path dir;

    private TestingCertificates ca;
    private TestingCassandraServer server;
    private TestingCassandraServer mutual;

    @BeforeAll
    void start() {
        ca = TestingCertificates.create(dir.resolve("ca"), "cassandra test CA");
        TlsServerMaterial localhostOnly = TlsServerMaterial.issue(ca, "cassandra", false)
                .withServer(ca.issue("cassandra-localhost", List.of("localhost"), Validity.CURRENT));
        // the nodes start together, in about the time one takes alone (12-15 s here, on two cores)
        CompletableFuture<TestingCassandraServer> first = CompletableFuture.supplyAsync(
                () -> TestingCassandraServer.builder().tls(localhostOnly).build());
        CompletableFuture<TestingCassandraServer> second =
                CompletableFuture.supplyAsync(() -> TestingCassandraServer.builder()
                        .tls(TlsServerMaterial.issue(ca, "cassandra-mutual", true))
                        .build());
        // the suite's plain-text node, started meanwhile unless another test class of this JVM did
        CompletableFuture<TestingCassandraServer> plain = CompletableFuture.supplyAsync(TestingCassandraServer::shared);
        try {
            server = first.join();
        } finally {
            try {
                mutual = second.join();
            } finally {
                plain.join();
            }
        }
    }

    @AfterAll
    void stop() {
        CassandraClients.closeIdle();
        for (TestingCassandraServer node : new TestingCassandraServer[] {server, mutual}) {
            if (node != null) {
                node.close();
            }
        }
    }

    /** A table on {@code host:port} of {@code node} that connects with TLS and trusts the test CA's PEM file. */
    private TestingCassandraTableContext tlsTable(String name, String host, TestingCassandraServer node) {
        return plainTable(name, host, node)
                .property("cassandra.ssl", "true")
                .property("cassandra.ssl.truststore", ca.caPem().toString());
    }

    private static TestingCassandraTableContext plainTable(String name, String host, TestingCassandraServer node) {
        return TestingCassandraTableContext.table(name, host + ":" + node.nativePort(), "tls")
                .property("cassandra.timeout.ms", "5000")
                .column("id", "int")
                .column("v", "string");
    }

    private static void createAndWrite(TableContext table, int... ids) throws IOException {
        CONNECTOR.createTable(table, true);
        List<Object[]> rows = new java.util.ArrayList<>();
        for (int id : ids) {
            rows.add(new Object[] {id, "v" + id});
        }
        write(table, rows);
    }

    @Test
    void aTableTrustingThePrivateCaCreatesWritesReadsAndInfers() throws IOException {
        TableContext table = tlsTable("trusted", "localhost", server).build();
        createAndWrite(table, 1, 2);
        assertThat(readAll(table)).containsExactlyInAnyOrder(List.of(1, "v1"), List.of(2, "v2"));

        // inference reads the trust material through the files it is given
        List<String> opened = new CopyOnWriteArrayList<>();
        TableFiles files = (property, url) -> {
            opened.add(property);
            return TableFiles.LOCAL.open(property, url);
        };
        TestingCassandraTableContext withoutColumns = TestingCassandraTableContext.table(
                        "trusted", "localhost:" + server.nativePort(), "tls")
                .property("cassandra.ssl", "true")
                .property("cassandra.ssl.truststore", ca.caPem().toString());
        InferredSchema inferred = CONNECTOR.inferSchema(
                "default.trusted", withoutColumns.config(), SecretResolver.NONE, files, SampleBudget.defaults());
        assertThat(inferred.mapping().columns()).extracting(c -> c.name()).containsExactly("id", "v");
        assertThat(opened).containsExactly("cassandra.ssl.truststore");
    }

    @Test
    void aServerOfAnotherCaIsRefusedNamingHostAndTrustStoreEvenBesideATrustedSession() throws IOException {
        TableContext trusted = tlsTable("beside", "localhost", server).build();
        createAndWrite(trusted, 3);
        assertThat(readAll(trusted)).containsExactly(List.of(3, "v3"));

        // the same cluster, user and timeout: only the trust material differs, and it must not share the open session
        TestingCertificates other = TestingCertificates.create(dir.resolve("other"), "another CA");
        TableContext stranger = plainTable("beside", "localhost", server)
                .property("cassandra.ssl", "true")
                .property("cassandra.ssl.truststore", other.caPem().toString())
                .build();
        assertThatThrownBy(() -> readAll(stranger))
                .isInstanceOfSatisfying(
                        HandlerException.class, e -> assertThat(e.errorCode()).isEqualTo(HandlerErrorCode.TLS_FAILED))
                .hasMessageContaining("HNS-140 TLS_FAILED")
                .hasMessageContaining("table default.beside: the TLS handshake with localhost:" + server.nativePort())
                .hasMessageContaining("is not signed by a CA that the trust material of cassandra.ssl.truststore ("
                        + other.caPem() + ") trusts")
                .hasMessageContaining("set cassandra.ssl.truststore to the PEM file");
    }

    @Test
    void aCertificateThatDoesNotNameTheHostIsRefusedUnlessVerificationIsOff() throws IOException {
        String byAddress = "127.0.0.1:" + server.nativePort();
        assertThatThrownBy(() ->
                        readAll(tlsTable("by_address", "127.0.0.1", server).build()))
                .hasMessageContaining("HNS-140 TLS_FAILED")
                .hasMessageContaining("the certificate " + byAddress + " presents does not name that host")
                .hasMessageContaining("name the server in cassandra.hosts as its certificate does")
                .hasMessageContaining("cassandra.ssl.hostname.verification=false");

        TableContext unverified = tlsTable("by_address", "127.0.0.1", server)
                .property("cassandra.ssl.hostname.verification", "false")
                .build();
        createAndWrite(unverified, 7);
        assertThat(readAll(unverified)).containsExactly(List.of(7, "v7"));
    }

    @Test
    void anExpiredCertificateIsRefusedAsNotValidNow() throws IOException {
        // the node presents an expired certificate to new connections (a reload, not a third node), then its own again
        String node = "localhost:" + server.nativePort();
        TableContext table = tlsTable("expired", "localhost", server).build();
        server.presentCertificate(ca.issue("cassandra-expired", TlsServerMaterial.LOCAL_NAMES, Validity.EXPIRED));
        try {
            // no session of an earlier test's handshake may answer for the node
            CassandraClients.closeIdle();
            assertThatThrownBy(() -> readAll(table))
                    .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(HandlerErrorCode.TLS_FAILED))
                    .hasMessageContaining("HNS-140 TLS_FAILED")
                    .hasMessageContaining("table default.expired: the TLS handshake with " + node)
                    .hasMessageContaining("the certificate " + node + " presents is not valid now")
                    .hasMessageContaining("the server needs a current certificate");
        } finally {
            server.presentCertificate(server.tls().orElseThrow().server());
        }
        createAndWrite(table, 4);
        assertThat(readAll(table)).containsExactly(List.of(4, "v4"));
    }

    @Test
    void aPlainTextTableAgainstATlsNodeIsToldToTurnTlsOn() {
        TableContext plain = plainTable("plain", "localhost", server).build();
        assertThatThrownBy(() -> readAll(plain))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.STORE_UNREACHABLE))
                .hasMessageContaining(
                        "cannot connect to Cassandra at localhost:" + server.nativePort() + " for table default.plain")
                .hasMessageContaining(
                        "a node that requires TLS closes a plain-text connection this way: if it does, "
                                + "set cassandra.ssl=true (and cassandra.ssl.truststore to the CA that signed its certificate)");
    }

    @Test
    void aTlsTableAgainstAPlainTextNodeIsRefusedNeverAFallback() {
        TestingCassandraServer plain = TestingCassandraServer.shared();
        String node = "localhost:" + plain.nativePort();
        assertThatThrownBy(
                        () -> readAll(tlsTable("to_plain", "localhost", plain).build()))
                .hasMessageContaining("HNS-140 TLS_FAILED")
                .hasMessageContaining("table default.to_plain: the TLS handshake with " + node + " failed: " + node
                        + " answered in plain text, not TLS: name the server's TLS port in cassandra.hosts, or, for a "
                        + "server without TLS, set cassandra.ssl=false");
    }

    @Test
    void tlsMaterialOfAPlainTextTableIsRefusedAtBind() {
        assertThatThrownBy(() -> plainTable("mixed", "localhost", server)
                        .property("cassandra.ssl.truststore", ca.caPem().toString())
                        .property("cassandra.ssl.hostname.verification", "false")
                        .build())
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_TABLE_PROPERTY))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("table default.mixed: cassandra.ssl.truststore is set, but the table connects in "
                        + "plain text: set cassandra.ssl=true to connect with TLS, or remove cassandra.ssl.truststore")
                .hasMessageContaining("cassandra.ssl.hostname.verification is set");
    }

    @Test
    void mutualTlsPresentsTheKeyStoreOpenedWithThePasswordOfItsAlias() throws IOException {
        Path keyStore = ca.keyStore(ca.issue("hive-client", List.of(), Validity.CURRENT), KEY_STORE_PASSWORD);
        Path trustStore = ca.trustStore("client-truststore.p12", TRUST_STORE_PASSWORD);
        TableContext table = plainTable("mutual", "127.0.0.1", mutual)
                .property("cassandra.ssl", "true")
                .property("cassandra.ssl.truststore", trustStore.toString())
                .property("cassandra.ssl.truststore.password.alias", "cassandra.truststore")
                .property("cassandra.ssl.keystore", keyStore.toString())
                .property("cassandra.ssl.keystore.password.alias", "cassandra.keystore")
                .secrets(SECRETS)
                .build();
        createAndWrite(table, 1, 2, 3);
        assertThat(readAll(table)).hasSize(3).contains(List.of(2, "v2"));

        TableContext withoutCertificate =
                tlsTable("mutual", "127.0.0.1", mutual).build();
        assertThatThrownBy(() -> readAll(withoutCertificate))
                .hasMessageContaining("HNS-140 TLS_FAILED")
                .hasMessageContaining("127.0.0.1:" + mutual.nativePort())
                .hasMessageContaining("set cassandra.ssl.keystore to the client's key and certificate")
                .hasMessageNotContaining(KEY_STORE_PASSWORD)
                .hasMessageNotContaining(TRUST_STORE_PASSWORD);
    }
}
