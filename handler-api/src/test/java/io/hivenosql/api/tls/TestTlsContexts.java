package io.hivenosql.api.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.StoredSecret;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.sandbox.tls.TestingCertificates;
import io.hivenosql.sandbox.tls.TestingCertificates.Issued;
import io.hivenosql.sandbox.tls.TestingCertificates.Validity;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TLS contexts tables build, and the errors their handshakes fail with, against real TLS listeners of the JDK
 * with certificates of a private CA made for the test: a trusted server, one whose certificate expired, one that names
 * another host, one of another CA, one that speaks plain text, and one that requires a client certificate.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestTlsContexts {
    private static final String STORE_PASSWORD = "store-pass-for-test";

    @TempDir
    static Path dir;

    private TestingCertificates ca;
    private TestingCertificates otherCa;
    private Issued client;
    private final ExecutorService servers = Executors.newCachedThreadPool();

    @BeforeAll
    void createCa() {
        ca = TestingCertificates.create(dir.resolve("ca"), "test CA");
        otherCa = TestingCertificates.create(dir.resolve("other"), "other CA");
        client = ca.issue("client", List.of(), Validity.CURRENT);
    }

    @AfterAll
    void stop() {
        servers.shutdownNow();
    }

    private static TableConfig config(Map<String, String> properties) {
        return TableConfig.validate("db.t", properties, List.of(TestingTlsProperties.values()), Set.of("teststore."));
    }

    private static TlsSettings settings(Map<String, String> properties) {
        Map<String, String> all = new HashMap<>(properties);
        all.put("teststore.ssl", "true");
        return TlsSettings.of(config(all), TestingTlsProperties.TLS, true).orElseThrow();
    }

    private static SecretResolver secrets(Map<String, String> passwords) {
        return alias -> Optional.ofNullable(passwords.get(alias))
                .map(value -> new StoredSecret(value.toCharArray(), Optional.empty(), "test provider"));
    }

    /** A TLS listener on 127.0.0.1 that answers each handshake with one byte, and its address. */
    private String server(Issued certificate, boolean needClientAuth) throws Exception {
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(ca.keyStore(certificate, STORE_PASSWORD))) {
            store.load(in, STORE_PASSWORD.toCharArray());
        }
        keys.init(store, STORE_PASSWORD.toCharArray());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        java.security.KeyStore trusted = java.security.KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("ca", ca.certificate());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
        SSLServerSocket socket = (SSLServerSocket)
                context.getServerSocketFactory().createServerSocket(0, 10, InetAddress.getLoopbackAddress());
        socket.setNeedClientAuth(needClientAuth);
        servers.submit(() -> {
            while (!socket.isClosed()) {
                try (Socket accepted = socket.accept()) {
                    ((SSLSocket) accepted).startHandshake();
                    accepted.getOutputStream().write('+');
                    accepted.getOutputStream().flush();
                    accepted.getInputStream().read();
                } catch (IOException e) {
                    // the client's failed handshake
                }
            }
            return null;
        });
        return "127.0.0.1:" + socket.getLocalPort();
    }

    /** A listener that answers in plain text, as a server without TLS does. */
    private String plainServer() throws IOException {
        ServerSocket socket = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        servers.submit(() -> {
            while (!socket.isClosed()) {
                try (Socket accepted = socket.accept()) {
                    OutputStream out = accepted.getOutputStream();
                    out.write(
                            "-ERR unknown command\r\n".repeat(20).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    out.flush();
                    accepted.getInputStream().read(new byte[4096]);
                } catch (IOException e) {
                    // closed
                }
            }
            return null;
        });
        return "127.0.0.1:" + socket.getLocalPort();
    }

    private static void connect(TlsSettings settings, SecretResolver secrets, String address) throws IOException {
        SSLContext context =
                TlsContexts.create(settings, TableFiles.LOCAL, secrets).sslContext();
        String[] parts = address.split(":");
        try (SSLSocket socket =
                (SSLSocket) context.getSocketFactory().createSocket(parts[0], Integer.parseInt(parts[1]))) {
            socket.setSSLParameters(TlsContexts.parameters(settings));
            socket.setSoTimeout(10_000);
            socket.startHandshake();
            assertThat(socket.getInputStream().read()).isEqualTo('+');
        }
    }

    /** The message of the failed handshake of a table that trusts the test's CA. */
    private String failureTrustingTheCa(String server) {
        return failure(settings(Map.of("teststore.ssl.truststore", ca.caPem().toString())), SecretResolver.NONE, server)
                .getMessage();
    }

    private static HandlerException failure(TlsSettings settings, SecretResolver secrets, String address) {
        try {
            connect(settings, secrets, address);
        } catch (IOException e) {
            return TlsFailures.describe(settings, address, "teststore.hosts", e)
                    .orElseThrow(() -> new AssertionError("not told as a TLS failure", e));
        }
        throw new AssertionError("the handshake with " + address + " succeeded");
    }

    @Test
    void aPemCaFileTrustsTheServersItSigned() throws Exception {
        String server = server(ca.issue("server", List.of("127.0.0.1", "localhost"), Validity.CURRENT), false);
        connect(settings(Map.of("teststore.ssl.truststore", ca.caPem().toString())), SecretResolver.NONE, server);
    }

    @Test
    void aPkcs12TrustStoreOpensWithThePasswordOfItsAlias() throws Exception {
        String server = server(ca.issue("server-p12", List.of("127.0.0.1"), Validity.CURRENT), false);
        Path store = ca.trustStore("trust.p12", "trust-pass");
        TlsSettings settings = settings(Map.of(
                "teststore.ssl.truststore",
                store.toString(),
                "teststore.ssl.truststore.password.alias",
                "trust.alias"));
        connect(settings, secrets(Map.of("trust.alias", "trust-pass")), server);

        assertThatThrownBy(
                        () -> TlsContexts.create(settings, TableFiles.LOCAL, secrets(Map.of("trust.alias", "wrong"))))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("teststore.ssl.truststore '" + store + "' cannot be used: the password under "
                        + "the alias does not open it")
                .hasMessageNotContaining("wrong");
        assertThatThrownBy(() -> TlsContexts.create(settings, TableFiles.LOCAL, SecretResolver.NONE))
                .hasMessageContaining("HNS-132")
                .hasMessageContaining("teststore.ssl.truststore.password.alias");
    }

    @Test
    void aServerOfAnotherCaIsNotTrustedAndTheErrorSaysWhatToSet() throws Exception {
        String server = server(otherCa.issue("stranger", List.of("127.0.0.1"), Validity.CURRENT), false);
        HandlerException e = failure(
                settings(Map.of("teststore.ssl.truststore", ca.caPem().toString())), SecretResolver.NONE, server);
        assertThat(e.getMessage())
                .contains("HNS-140 TLS_FAILED")
                .contains("table db.t: the TLS handshake with " + server + " failed")
                .contains("is not signed by a CA that the trust material of teststore.ssl.truststore (" + ca.caPem()
                        + ") trusts: set teststore.ssl.truststore");
    }

    @Test
    void theJvmDefaultTrustStoreIsNamedWhenNoneIsSet() throws Exception {
        String server = server(ca.issue("server-default", List.of("127.0.0.1"), Validity.CURRENT), false);
        assertThat(failure(settings(Map.of()), SecretResolver.NONE, server).getMessage())
                .contains(
                        "not signed by a CA that the JVM's default trust store (teststore.ssl.truststore is not set)");
    }

    @Test
    void anExpiredCertificateIsToldAsExpired() throws Exception {
        String server = server(ca.issue("expired", List.of("127.0.0.1"), Validity.EXPIRED), false);
        assertThat(failureTrustingTheCa(server))
                .contains("the certificate " + server + " presents is not valid now")
                .contains("NotAfter")
                .contains("renews it");
    }

    @Test
    void aCertificateForAnotherHostIsRefusedUnlessVerificationIsOff() throws Exception {
        String server = server(ca.issue("elsewhere", List.of("db.example.com"), Validity.CURRENT), false);
        Map<String, String> properties =
                Map.of("teststore.ssl.truststore", ca.caPem().toString());
        assertThat(failure(settings(properties), SecretResolver.NONE, server).getMessage())
                .contains("does not name that host")
                .contains("name the server in teststore.hosts as its certificate does")
                .contains("teststore.ssl.hostname.verification=false turns the check off");

        Map<String, String> unverified = new HashMap<>(properties);
        unverified.put("teststore.ssl.hostname.verification", "false");
        connect(settings(unverified), SecretResolver.NONE, server);
    }

    @Test
    void aPlainTextServerIsToldAsSuch() throws Exception {
        String server = plainServer();
        assertThat(failureTrustingTheCa(server))
                .contains(server + " answered in plain text, not TLS")
                .contains("teststore.ssl=false");
    }

    @Test
    void mutualTlsWithAPkcs12KeyStoreOrAPemKeyFile() throws Exception {
        String server = server(ca.issue("mutual", List.of("127.0.0.1"), Validity.CURRENT), true);
        Map<String, String> trust =
                Map.of("teststore.ssl.truststore", ca.caPem().toString());

        HandlerException missing = failure(settings(trust), SecretResolver.NONE, server);
        assertThat(missing.getMessage())
                .contains("requires a client certificate")
                .contains("set teststore.ssl.keystore");

        Map<String, String> p12 = new HashMap<>(trust);
        p12.put("teststore.ssl.keystore", ca.keyStore(client, "key-pass").toString());
        p12.put("teststore.ssl.keystore.password.alias", "key.alias");
        connect(settings(p12), secrets(Map.of("key.alias", "key-pass")), server);

        Map<String, String> pem = new HashMap<>(trust);
        pem.put("teststore.ssl.keystore", client.pem().toString());
        connect(settings(pem), SecretResolver.NONE, server);

        Issued stranger = otherCa.issue("stranger-client", List.of(), Validity.CURRENT);
        Map<String, String> refused = new HashMap<>(trust);
        refused.put("teststore.ssl.keystore", stranger.pem().toString());
        assertThat(failure(settings(refused), SecretResolver.NONE, server).getMessage())
                .contains("refused the client certificate of teststore.ssl.keystore");
    }

    @Test
    void unusableFilesAreNamedWithTheirProperty() throws Exception {
        Path notPem = Files.writeString(dir.resolve("garbage.txt"), "not a certificate");
        assertThatThrownBy(() -> TlsContexts.create(
                        settings(Map.of("teststore.ssl.truststore", notPem.toString())),
                        TableFiles.LOCAL,
                        SecretResolver.NONE))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("teststore.ssl.truststore '" + notPem + "' cannot be used: it is neither a PEM "
                        + "file nor a PKCS12 or JKS trust store")
                .hasMessageNotContaining("not a certificate");
        Path missing = dir.resolve("missing.pem");
        assertThatThrownBy(() -> TlsContexts.create(
                        settings(Map.of("teststore.ssl.truststore", missing.toString())),
                        TableFiles.LOCAL,
                        SecretResolver.NONE))
                .hasMessageContaining("teststore.ssl.truststore '" + missing + "' cannot be used: no such file");
        assertThatThrownBy(() -> TlsContexts.create(
                        settings(Map.of(
                                "teststore.ssl.keystore", client.certPem().toString())),
                        TableFiles.LOCAL,
                        SecretResolver.NONE))
                .hasMessageContaining("a PEM key file must hold the client's PRIVATE KEY and its CERTIFICATE");
    }

    @Test
    void materialForAPlainTextTableIsAnErrorAndServerDefaultsApplyOnlyWithTls() {
        TableConfig plain = config(Map.of("teststore.ssl.truststore", "/ca.pem"));
        assertThat(TlsSettings.problems(plain, TestingTlsProperties.TLS, false))
                .containsExactly("teststore.ssl.truststore is set, but the table connects in plain text: set "
                        + "teststore.ssl=true to connect with TLS, or remove teststore.ssl.truststore");
        TableConfig alone = config(Map.of("teststore.ssl", "true", "teststore.ssl.keystore.password.alias", "a"));
        assertThat(TlsSettings.problems(alone, TestingTlsProperties.TLS, true))
                .containsExactly("teststore.ssl.keystore.password.alias is set, but teststore.ssl.keystore is not: set "
                        + "teststore.ssl.keystore to the store whose password it names, or remove "
                        + "teststore.ssl.keystore.password.alias");

        Map<String, String> server =
                Map.of("hivenosql.teststore.ssl", "true", "hivenosql.teststore.ssl.truststore", "hdfs:///ca.pem");
        assertThat(TestingTlsProperties.TLS.withServerDefaults(Map.of(), server::get))
                .containsEntry("teststore.ssl", "true")
                .containsEntry("teststore.ssl.truststore", "hdfs:///ca.pem");
        assertThat(TestingTlsProperties.TLS.withServerDefaults(Map.of("teststore.ssl", "false"), server::get))
                .containsExactly(Map.entry("teststore.ssl", "false"));
        assertThat(TestingTlsProperties.TLS.withServerDefaults(
                        Map.of("teststore.ssl.truststore", "/mine.pem"), server::get))
                .containsEntry("teststore.ssl.truststore", "/mine.pem");
    }

    /** MongoDB reports a handshake only as the text of its cluster's state: the message quotes its innermost cause. */
    @Test
    void aFailureReportedAsTextQuotesItsInnermostCause() {
        String state = "Timed out while waiting for a server that matches ReadPreferenceServerSelector{readPreference="
                + "primary}. Client view of cluster state is {type=UNKNOWN, servers=[{address=127.0.0.1:27017, "
                + "type=UNKNOWN, state=CONNECTING, exception={com.mongodb.MongoSocketWriteException: Exception sending "
                + "message}, caused by {javax.net.ssl.SSLHandshakeException: PKIX path validation failed: "
                + "java.security.cert.CertPathValidatorException: validity check failed}, caused by "
                + "{java.security.cert.CertificateExpiredException: NotAfter: Sun Dec 06 03:29:25 UTC 2026}}]";
        HandlerException expired = TlsFailures.describe(
                        settings(Map.of()), "127.0.0.1:27017", "teststore.hosts", new RuntimeException(state))
                .orElseThrow();

        assertThat(expired.getMessage())
                .contains("the certificate 127.0.0.1:27017 presents is not valid now "
                        + "(java.security.cert.CertificateExpiredException: NotAfter: Sun Dec 06 03:29:25 UTC 2026): ")
                .doesNotContain("Client view of cluster state");
        assertThat(TlsFailures.reason(new RuntimeException("No name matching localhost found")))
                .isEqualTo("No name matching localhost found");
    }
}
