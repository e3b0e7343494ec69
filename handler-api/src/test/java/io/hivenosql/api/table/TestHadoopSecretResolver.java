package io.hivenosql.api.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SecretUse;
import io.hivenosql.api.spi.StoredSecret;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestHadoopSecretResolver {
    @TempDir
    Path dir;

    private String keystore(String name, Map<String, String> entries) throws Exception {
        String provider = "jceks://file" + dir.resolve(name).toAbsolutePath();
        Configuration conf = new Configuration(false);
        conf.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, provider);
        CredentialProvider credentials =
                CredentialProviderFactory.getProviders(conf).get(0);
        for (Map.Entry<String, String> entry : entries.entrySet()) {
            credentials.createCredentialEntry(entry.getKey(), entry.getValue().toCharArray());
        }
        credentials.flush();
        return provider;
    }

    private static HadoopSecretResolver resolver(String providers) {
        TableConfig config = TableConfig.validate(
                "db.t",
                Map.of(NoSqlTableProperties.CREDENTIALS_PROVIDER.key(), providers),
                List.of(NoSqlTableProperties.values()),
                Set.of("nosql."));
        return HadoopSecretResolver.forTable(new Configuration(false), config);
    }

    @Test
    void theBindingComesFromTheProviderThatHoldsTheSecret() throws Exception {
        String admin = keystore("admin.jceks", Map.of("a", "pw", "a.hosts", "redis-1:6379"));
        String mine = keystore("mine.jceks", Map.of("a.hosts", "evil:6379", "b", "other"));
        HadoopSecretResolver resolver = resolver(mine + "," + admin);
        StoredSecret secret = resolver.lookup("a").orElseThrow();
        assertThat(new String(secret.value())).isEqualTo("pw");
        assertThat(secret.source()).isEqualTo(admin);
        assertThat(secret.binding().orElseThrow().permits("redis-1", 6379)).isTrue();
        assertThat(secret.binding().orElseThrow().permits("evil", 6379)).isFalse();
        // a secret whose provider holds no binding has none, whatever another provider holds
        assertThat(resolver.lookup("b").orElseThrow().binding()).isEmpty();
        assertThat(resolver.lookup("c")).isEmpty();
        assertThat(resolver.providerPath()).isEqualTo(mine + "," + admin);
    }

    @Test
    void nothingFallsBackToTheConfigurationsClearTextValues() throws Exception {
        Configuration conf = new Configuration(false);
        conf.set("javax.jdo.option.ConnectionPassword", "metastore-pw");
        assertThat(conf.getPassword("javax.jdo.option.ConnectionPassword")).isNotNull(); // what Hadoop would do
        HadoopSecretResolver resolver = HadoopSecretResolver.of(conf, "");
        assertThat(resolver.lookup("javax.jdo.option.ConnectionPassword")).isEmpty();
        assertThat(resolver.describe()).contains("no credential provider");
    }

    @Test
    void aMalformedBindingIsReportedToTheAdministrator() throws Exception {
        String admin = keystore("bad.jceks", Map.of("a", "pw", "a.hosts", "redis-1"));
        assertThatThrownBy(() -> resolver(admin).lookup("a"))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_HOST_BINDING))
                .hasMessageContaining("a.hosts in the credential provider " + admin)
                .hasMessageContaining("has no port");
    }

    @Test
    void anUnreadableProviderIsReportedWithoutTheAlias() throws Exception {
        Path garbage = Files.writeString(dir.resolve("garbage.jceks"), "not a keystore");
        String provider = "jceks://file" + garbage.toAbsolutePath();
        assertThatThrownBy(() -> resolver(provider).lookup("Typed-Pa55word"))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining(provider)
                .satisfies(e -> assertThat(e.getCause()).isNull())
                .hasMessageNotContaining("Typed-Pa55word");
    }

    @Test
    void aProviderTheUserCannotReadIsRefusedUnlessItIsTheServersOwn() throws Exception {
        String admin = keystore("private.jceks", Map.of("a", "pw", "a.hosts", "h:1"));
        Files.setPosixFilePermissions(dir.resolve("private.jceks"), PosixFilePermissions.fromString("rw-------"));
        Configuration conf = new Configuration();
        String owner = System.getProperty("user.name");
        ProviderAccess.check(List.of(admin), "nosql.credentials.provider", conf, List.of(), owner);
        ProviderAccess.check(List.of(admin), "nosql.credentials.provider", conf, List.of(admin), "mallory");
        assertThatThrownBy(() ->
                        ProviderAccess.check(List.of(admin), "nosql.credentials.provider", conf, List.of(), "mallory"))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.PROVIDER_NOT_PERMITTED))
                .hasMessageContaining(admin)
                .hasMessageContaining("user 'mallory'")
                .hasMessageContaining("nosql.credentials.provider");
        assertThatThrownBy(() -> ProviderAccess.check(List.of("user:///"), "p", conf, List.of(), owner))
                .hasMessageContaining("only keystore providers");
        assertThatThrownBy(() -> ProviderAccess.check(
                        List.of("jceks://file" + dir.resolve("missing.jceks")), "p", conf, List.of(), owner))
                .hasMessageContaining("HNS-136");
    }

    @Test
    void requireBoundChecksTheTablesHostsAgainstTheProvidersBinding() throws Exception {
        String admin = keystore("admin2.jceks", Map.of("a", "pw", "a.hosts", "127.0.0.1:6379"));
        SecretUse use =
                new SecretUse("redis.password.alias", "a", "redis.nodes", List.of(new HostAndPort("127.0.0.1", 6380)));
        assertThatThrownBy(() -> resolver(admin).requireBound("db.t", use))
                .hasMessageContaining("HNS-135")
                .hasMessageContaining("127.0.0.1:6380");
        assertThat(resolver(admin)
                        .requireBound("db.t", new SecretUse("p", "a", "h", List.of(new HostAndPort("127.0.0.1", 6379))))
                        .binding()
                        .toString())
                .isEqualTo("127.0.0.1:6379");
    }
}
