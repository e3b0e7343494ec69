package io.hivenosql.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.alias.CredentialProviderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A TLS stack's material: HiveServer2's settings name the CA, the Redis client key store and the alias of its
 * password, and that password is only in the stack's credential provider, where it opens the key store.
 */
class TestStackTls {
    @TempDir
    Path dir;

    @Test
    void hiveServerSettingsNameTheMaterialAndThePasswordOnlyByAlias() throws Exception {
        StackTls tls = StackTls.create(dir.resolve("tls"));
        Map<String, String> conf = tls.hiveConf(true, false);

        assertThat(conf)
                .containsEntry("hivenosql.redis.ssl", "true")
                .containsEntry("hivenosql.redis.ssl.truststore", tls.caPem().toString())
                .containsEntry("hivenosql.redis.ssl.keystore.password.alias", StackTls.KEY_STORE_ALIAS)
                .containsEntry("hivenosql.cassandra.ssl", "true")
                .doesNotContainKey("hivenosql.mongo.ssl");
        Path keyStore = Path.of(conf.get("hivenosql.redis.ssl.keystore"));
        assertThat(Files.getPosixFilePermissions(keyStore)).isEqualTo(PosixFilePermissions.fromString("rw-------"));

        Configuration hadoop = new Configuration(false);
        hadoop.set(
                CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH,
                conf.get(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH));
        char[] password = hadoop.getPassword(StackTls.KEY_STORE_ALIAS);
        assertThat(password).isNotNull().hasSizeGreaterThanOrEqualTo(32);
        assertThat(conf.values()).noneMatch(value -> value.contains(new String(password)));
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(keyStore)) {
            store.load(in, password);
        }
        assertThat(store.isKeyEntry("hive")).isTrue();

        assertThat(tls.redis().clientAuth()).isTrue();
        assertThat(tls.cassandra().clientAuth()).isFalse();
        assertThat(tls.mongo().server().certificate().getSubjectAlternativeNames())
                .hasSize(2);
    }
}
