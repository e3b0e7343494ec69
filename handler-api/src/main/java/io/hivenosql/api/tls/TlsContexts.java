package io.hivenosql.api.tls;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.StoredSecret;
import io.hivenosql.api.spi.TableFiles;
import java.io.IOException;
import java.io.InputStream;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * Builds the {@link SSLContext} a table connects with: the CAs it trusts (its trust material, else the JVM's default
 * trust store) and, for mutual TLS, its client key and chain. The files are read through {@link TableFiles} each time
 * (so that HiveServer2 checks that the session user may read them, and a task reads them from HDFS), and their
 * passwords come from the table's credential providers only. Passwords never leave this JVM, so they need no host
 * binding; they are cleared once the stores are open.
 */
public final class TlsContexts {
    /** The largest trust or key file read: such files are a few kilobytes. */
    static final int MAX_BYTES = 1 << 20;

    private TlsContexts() {}

    /** A table's TLS context and a digest of the material it was built from (to tell shared clients apart). */
    public record Context(SSLContext sslContext, String fingerprint) {
        public Context {
            requireNonNull(sslContext, "sslContext is null");
            requireNonNull(fingerprint, "fingerprint is null");
        }
    }

    /**
     * The context of a table's settings.
     *
     * @throws HandlerException INVALID_TABLE_PROPERTY naming the property and file when the material cannot be read or
     *     used; MAPPING_URL_NOT_ALLOWED when the session may not read it; CREDENTIAL_NOT_FOUND for an alias no provider
     *     holds
     */
    public static Context create(TlsSettings settings, TableFiles files, SecretResolver secrets) {
        requireNonNull(settings, "settings is null");
        requireNonNull(files, "files is null");
        requireNonNull(secrets, "secrets is null");
        TlsProperties properties = settings.properties();
        MessageDigest digest = sha256();
        digest.update((byte) (settings.hostnameVerification() ? 1 : 0));
        TrustManager[] trust = null;
        if (settings.trustStore().isPresent()) {
            byte[] bytes = read(
                    settings, properties.trustStore(), settings.trustStore().get(), files);
            digest.update(bytes);
            char[] password = password(
                    settings, properties.trustStorePasswordAlias(), settings.trustStorePasswordAlias(), secrets);
            try {
                KeyStore store = TlsMaterial.trustStore(bytes, password);
                TrustManagerFactory factory =
                        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                factory.init(store);
                trust = factory.getTrustManagers();
            } catch (IllegalArgumentException | GeneralSecurityException | IOException e) {
                throw invalid(
                        settings, properties.trustStore(), settings.trustStore().get(), e);
            } finally {
                clear(password);
            }
        }
        KeyManager[] keys = null;
        if (settings.keyStore().isPresent()) {
            byte[] bytes =
                    read(settings, properties.keyStore(), settings.keyStore().get(), files);
            digest.update(bytes);
            char[] password =
                    password(settings, properties.keyStorePasswordAlias(), settings.keyStorePasswordAlias(), secrets);
            try {
                KeyStore store = TlsMaterial.keyStore(bytes, password);
                KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                char[] entry = TlsMaterial.isPem(bytes) ? TlsMaterial.inMemoryPassword() : password;
                factory.init(store, entry);
                keys = factory.getKeyManagers();
            } catch (IllegalArgumentException | GeneralSecurityException | IOException e) {
                throw invalid(
                        settings, properties.keyStore(), settings.keyStore().get(), e);
            } finally {
                clear(password);
            }
        }
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys, trust, null);
            return new Context(context, HexFormat.of().formatHex(digest.digest()));
        } catch (GeneralSecurityException e) {
            throw new HandlerException(
                    HandlerErrorCode.INTERNAL_ERROR, "table " + settings.tableName() + ": cannot set up TLS", e);
        }
    }

    /** The parameters of every connection: host name verification unless the table turned it off. */
    public static SSLParameters parameters(TlsSettings settings) {
        SSLParameters parameters = new SSLParameters();
        if (settings.hostnameVerification()) {
            // the certificate must name the host connected to, so that no other holder of a certificate of the
            // trusted CAs receives the table's credentials
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
        }
        return parameters;
    }

    /**
     * A socket factory of {@code context} that applies {@link #parameters} and completes each handshake before the
     * client talks, so that a plain-text server that never answers the hello fails as a TLS failure that says so.
     */
    public static SSLSocketFactory handshakingSocketFactory(Context context, TlsSettings settings) {
        return new HandshakingSocketFactory(context.sslContext().getSocketFactory(), parameters(settings));
    }

    private static byte[] read(TlsSettings settings, TableProperty property, String url, TableFiles files) {
        try (InputStream in = files.open(property.key(), url)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new IllegalArgumentException(
                        "it is larger than " + (MAX_BYTES >> 10) + " KiB, which no trust or " + "key file is");
            }
            if (bytes.length == 0) {
                throw new IllegalArgumentException("it is empty");
            }
            return bytes;
        } catch (IOException | IllegalArgumentException e) {
            throw invalid(settings, property, url, e);
        }
    }

    private static char[] password(
            TlsSettings settings, TableProperty aliasProperty, Optional<String> alias, SecretResolver secrets) {
        if (alias.isEmpty()) {
            return null;
        }
        Optional<StoredSecret> stored = secrets.lookup(alias.get());
        if (stored.isEmpty()) {
            throw new HandlerException(
                    HandlerErrorCode.CREDENTIAL_NOT_FOUND,
                    "table " + settings.tableName() + ": " + secrets.describe() + " holds no secret under the alias "
                            + "that " + aliasProperty.key() + " names (the value is not shown: it may be a password "
                            + "typed there by mistake). Store the password with 'hadoop credential create <alias> "
                            + "-provider <path>' and set " + aliasProperty.key() + " to the alias");
        }
        return stored.get().value();
    }

    private static HandlerException invalid(TlsSettings settings, TableProperty property, String url, Exception e) {
        if (e instanceof HandlerException handler) {
            return handler;
        }
        String why = e instanceof IllegalArgumentException ? e.getMessage() : describe(e);
        return new HandlerException(
                HandlerErrorCode.INVALID_TABLE_PROPERTY,
                "table " + settings.tableName() + ": " + property.key() + " '" + url + "' cannot be used: " + why);
    }

    private static String describe(Exception e) {
        String message = e.getMessage();
        return e instanceof java.io.FileNotFoundException || e instanceof java.nio.file.NoSuchFileException
                ? "no such file (" + message + ")"
                : e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    private static void clear(char[] password) {
        if (password != null) {
            Arrays.fill(password, '\0');
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
