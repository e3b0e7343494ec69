package io.hivenosql.sandbox.tls;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.tls.TestingCertificates.Issued;
import io.hivenosql.sandbox.tls.TestingCertificates.Validity;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * What a TLS server of the sandbox is started with: the private CA, the server's certificate (naming {@code 127.0.0.1}
 * and {@code localhost} unless a test asks otherwise), whether it requires client certificates, and a client
 * certificate of the same CA for the fixture's own connections (start-up checks, shutdown, test setup).
 */
public record TlsServerMaterial(TestingCertificates ca, Issued server, Issued client, boolean clientAuth) {
    /** The names a sandbox server's certificate gives by default. */
    public static final List<String> LOCAL_NAMES = List.of("127.0.0.1", "localhost");

    public TlsServerMaterial {
        requireNonNull(ca, "ca is null");
        requireNonNull(server, "server is null");
        requireNonNull(client, "client is null");
    }

    /** A server certificate {@code <name>-server} for {@link #LOCAL_NAMES}, and a fixture client certificate. */
    public static TlsServerMaterial issue(TestingCertificates ca, String name, boolean clientAuth) {
        return new TlsServerMaterial(
                ca,
                ca.issue(name + "-server", LOCAL_NAMES, Validity.CURRENT),
                ca.issue(name + "-fixture", List.of(), Validity.CURRENT),
                clientAuth);
    }

    /** The same server with another certificate (an expired one, one of another CA, one for another host). */
    public TlsServerMaterial withServer(Issued other) {
        return new TlsServerMaterial(ca, other, client, clientAuth);
    }

    /**
     * The context of the fixture's own connections to the server it started (readiness, shutdown, test setup): it
     * presents the fixture's client certificate, and accepts whatever certificate the server presents, since tests
     * start servers with expired certificates or certificates of another CA on purpose. Never for a handler.
     */
    public SSLContext fixtureContext() {
        try {
            char[] password = "fixture".toCharArray();
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry(
                    "fixture", client.key(), password, new Certificate[] {client.certificate(), client.issuer()});
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(keys, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers.getKeyManagers(), new TrustManager[] {new OwnServer()}, null);
            return context;
        } catch (java.io.IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot make the fixture's TLS context of " + ca.name(), e);
        }
    }

    /** Accepts the certificate of the server the fixture itself started, whatever it is. */
    private static final class OwnServer implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
            throw new UnsupportedOperationException("the fixture is only ever a client");
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
            // the fixture's own child process, on the loopback address
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
