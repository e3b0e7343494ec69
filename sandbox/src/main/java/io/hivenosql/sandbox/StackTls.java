package io.hivenosql.sandbox;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.mongo.MongoFlavour;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import io.hivenosql.sandbox.tls.TestingCertificates;
import io.hivenosql.sandbox.tls.TestingCertificates.Validity;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;

/**
 * The TLS of a stack started with {@code --tls} ({@link StackBuilder#tls}): a private CA made at start in
 * {@code <work>/tls} (never checked in, made afresh each time), a certificate for each store server, and HiveServer2
 * settings that make every table of the stack connect with TLS without a word in its DDL, as an administrator would
 * set them in hive-site.xml ({@code hivenosql.<store>.ssl*}, see docs/tls.md):
 * <ul>
 *   <li>Redis requires client certificates: HiveServer2's settings name a PKCS12 key store of the CA whose password
 *       lives only in a JCEKS credential provider of the stack (its {@code hadoop.security.credential.provider.path});
 *   <li>Cassandra and MongoDB (FerretDB; the test double has no TLS) serve TLS to any client that trusts the CA.
 * </ul>
 */
final class StackTls {
    /** The alias of the Redis client key store's password in the stack's credential provider. */
    static final String KEY_STORE_ALIAS = "stack.redis.keystore";

    private final Path dir;
    private final TestingCertificates ca;
    private final TlsServerMaterial redis;
    private final TlsServerMaterial cassandra;
    private final TlsServerMaterial mongo;
    private final Path keyStore;
    private final String provider;

    private StackTls(
            Path dir,
            TestingCertificates ca,
            TlsServerMaterial redis,
            TlsServerMaterial cassandra,
            TlsServerMaterial mongo,
            Path keyStore,
            String provider) {
        this.dir = dir;
        this.ca = ca;
        this.redis = redis;
        this.cassandra = cassandra;
        this.mongo = mongo;
        this.keyStore = keyStore;
        this.provider = provider;
    }

    /** Makes the CA and every certificate in {@code dir} (whatever an earlier stack left there is replaced). */
    static StackTls create(Path dir) {
        requireNonNull(dir, "dir is null");
        ServerProcess.deleteRecursively(dir);
        TestingCertificates ca = TestingCertificates.create(dir, "hive-nosql sandbox CA");
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        String password = HexFormat.of().formatHex(random);
        Path keyStore = ca.keyStore(ca.issue("hive", List.of(), Validity.CURRENT), password);
        Path jceks = dir.resolve("stack.jceks");
        String provider = "jceks://file" + jceks.toAbsolutePath();
        try {
            Configuration conf = new Configuration(false);
            conf.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, provider);
            CredentialProvider credentials =
                    CredentialProviderFactory.getProviders(conf).get(0);
            credentials.createCredentialEntry(KEY_STORE_ALIAS, password.toCharArray());
            credentials.flush();
            Files.setPosixFilePermissions(jceks, PosixFilePermissions.fromString("rw-------"));
            Files.setPosixFilePermissions(keyStore, PosixFilePermissions.fromString("rw-------"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the stack's credential provider " + jceks, e);
        }
        return new StackTls(
                dir,
                ca,
                TlsServerMaterial.issue(ca, "redis", true),
                TlsServerMaterial.issue(ca, "cassandra", false),
                TlsServerMaterial.issue(ca, "mongo", false),
                keyStore,
                provider);
    }

    /** Whether the MongoDB server a builder starts can serve TLS: FerretDB, and no external server of MONGO_URI. */
    static boolean canServeTls(TestingMongoServer.Builder builder) {
        return builder.flavour() == MongoFlavour.FERRETDB
                && TestingMongoServer.environmentUri().isEmpty();
    }

    Path dir() {
        return dir;
    }

    /** The CA's PEM file, which clients trust. */
    Path caPem() {
        return ca.caPem();
    }

    TlsServerMaterial redis() {
        return redis;
    }

    TlsServerMaterial cassandra() {
        return cassandra;
    }

    TlsServerMaterial mongo() {
        return mongo;
    }

    /**
     * HiveServer2's settings: TLS for every store that runs with TLS ({@code mongo}: whether the MongoDB server does,
     * i.e. it is FerretDB), and the credential provider that holds the Redis key store's password.
     */
    Map<String, String> hiveConf(boolean cassandraTls, boolean mongoTls) {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, provider);
        conf.put("hivenosql.redis.ssl", "true");
        conf.put("hivenosql.redis.ssl.truststore", caPem().toString());
        conf.put("hivenosql.redis.ssl.keystore", keyStore.toString());
        conf.put("hivenosql.redis.ssl.keystore.password.alias", KEY_STORE_ALIAS);
        if (cassandraTls) {
            conf.put("hivenosql.cassandra.ssl", "true");
            conf.put("hivenosql.cassandra.ssl.truststore", caPem().toString());
        }
        if (mongoTls) {
            conf.put("hivenosql.mongo.ssl", "true");
            conf.put("hivenosql.mongo.ssl.truststore", caPem().toString());
        }
        return conf;
    }
}
