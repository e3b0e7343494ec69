package io.hivenosql.api.tls;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableProperty;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The table properties of one store that configure TLS, e.g. {@code redis.ssl}, {@code redis.ssl.truststore},
 * {@code redis.ssl.truststore.password.alias}, {@code redis.ssl.keystore}, {@code redis.ssl.keystore.password.alias} and
 * {@code redis.ssl.hostname.verification}. Each store declares them in its own property enum, with the documentation
 * below, and names them here so that {@link TlsSettings} reads them the same way for every store.
 *
 * <p>An administrator may give the material once for a whole HiveServer2 instead of in each table: the setting
 * {@code hivenosql.<property>} of its configuration (e.g. {@code hivenosql.redis.ssl.truststore} in hive-site.xml)
 * applies to every table that does not set the property itself ({@link #serverDefaultKey}).
 */
public record TlsProperties(
        TableProperty enabled,
        TableProperty trustStore,
        TableProperty trustStorePasswordAlias,
        TableProperty keyStore,
        TableProperty keyStorePasswordAlias,
        TableProperty hostnameVerification) {
    public static final String TRUST_STORE_DOC = "The CA certificates that sign the servers' certificates: a PEM file "
            + "of one or more certificates, or a PKCS12 or JKS trust store; a path Hive's tasks can read (hdfs:, s3a:, "
            + "or a local file under hivenosql.mapping.file.roots), read under the rules of nosql.mapping.url. Unset: "
            + "the JVM's default trust store.";
    public static final String TRUST_STORE_PASSWORD_ALIAS_DOC = "Alias of the trust store's password in a Hadoop "
            + "credential provider, for a PKCS12 or JKS trust store (not for a PEM file). Never a property value.";
    public static final String KEY_STORE_DOC = "For mutual TLS, the client's private key and certificate chain: a "
            + "PKCS12 or JKS key store holding one key entry, or a PEM file holding an unencrypted PKCS#8 private key "
            + "and its certificates; a path as for the trust store.";
    public static final String KEY_STORE_PASSWORD_ALIAS_DOC = "Alias of the key store's password (also the key's) in a "
            + "Hadoop credential provider; required for a PKCS12 or JKS key store. Never a property value.";
    public static final String HOSTNAME_VERIFICATION_DOC = "Whether the server's certificate must name the host "
            + "connected to (a subject alternative name). Turning it off lets any holder of a certificate of a "
            + "trusted CA stand in for the server.";

    /** The prefix of HiveServer2's settings that give a TLS property for every table that does not set it. */
    public static final String SERVER_DEFAULT_PREFIX = "hivenosql.";

    public TlsProperties {
        requireNonNull(enabled, "enabled is null");
        requireNonNull(trustStore, "trustStore is null");
        requireNonNull(trustStorePasswordAlias, "trustStorePasswordAlias is null");
        requireNonNull(keyStore, "keyStore is null");
        requireNonNull(keyStorePasswordAlias, "keyStorePasswordAlias is null");
        requireNonNull(hostnameVerification, "hostnameVerification is null");
    }

    /** Every property but {@link #enabled}: what only matters with TLS on. */
    public List<TableProperty> material() {
        return List.of(trustStore, trustStorePasswordAlias, keyStore, keyStorePasswordAlias, hostnameVerification);
    }

    /** The properties a server-level setting may give ({@link #serverDefaultKey}): all of them. */
    public List<TableProperty> all() {
        return List.of(
                enabled, trustStore, trustStorePasswordAlias, keyStore, keyStorePasswordAlias, hostnameVerification);
    }

    /**
     * A table's properties with the server-level values of those it does not set ({@code server} looks up a setting
     * of HiveServer2's configuration, {@link #serverDefaultKey}): {@link #enabled} first, then, when the table connects
     * with TLS, the material. A table that turned TLS off takes no server-level material.
     */
    public Map<String, String> withServerDefaults(Map<String, String> table, Function<String, String> server) {
        Map<String, String> result = new LinkedHashMap<>(table);
        addDefault(result, enabled, server);
        String on = result.get(enabled.key());
        if (on != null && on.trim().toLowerCase(Locale.ROOT).equals("true")) {
            material().forEach(property -> addDefault(result, property, server));
        }
        return result;
    }

    private static void addDefault(
            Map<String, String> result, TableProperty property, Function<String, String> server) {
        if (!result.containsKey(property.key())) {
            String value = server.apply(serverDefaultKey(property));
            if (value != null && !value.isBlank()) {
                result.put(property.key(), value.trim());
            }
        }
    }

    /** HiveServer2's setting for {@code property}'s server-level value, e.g. {@code hivenosql.redis.ssl.truststore}. */
    public static String serverDefaultKey(TableProperty property) {
        return SERVER_DEFAULT_PREFIX + property.key();
    }
}
