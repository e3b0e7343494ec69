package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProviderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The password lives in a Hadoop credential provider (a JCEKS keystore), named by alias: it never appears in the DDL,
 * in SHOW CREATE TABLE, or in any error message.
 */
@ExtendWith(HiveStack.class)
class RedisCredentialsIT {
    private static final String PASSWORD = "s3cr3t-Pa55-for-it";

    @Test
    void passwordComesFromACredentialProvider(HiveStack.Resources stack) throws Exception {
        HiveInstance hive = stack.hive();
        Path keystore = stack.scratch("credentials").resolve("redis.jceks");
        String provider = "jceks://file" + keystore.toAbsolutePath();
        Configuration conf = new Configuration(false);
        conf.set(CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH, provider);
        CredentialProvider credentials =
                CredentialProviderFactory.getProviders(conf).get(0);
        credentials.createCredentialEntry("it.redis.password", PASSWORD.toCharArray());
        credentials.flush();

        try (TestingRedisServer secured = TestingRedisServer.builder()
                .password("the-default-users-password")
                .aclUser("hive", PASSWORD)
                .build()) {
            hive.execute("CREATE DATABASE IF NOT EXISTS it_cred");
            hive.execute("DROP TABLE IF EXISTS it_cred.secured");
            hive.execute("CREATE EXTERNAL TABLE it_cred.secured (id string, v int) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + secured.address() + "', 'redis.key.prefix'='sec:', 'redis.user'='hive', "
                    + "'redis.password.alias'='it.redis.password', 'nosql.credentials.provider'='" + provider + "')");
            hive.execute("INSERT INTO it_cred.secured VALUES ('a', 1), ('b', 2)");
            assertThat(Rows.of(hive, "SELECT * FROM it_cred.secured ORDER BY id"))
                    .containsExactly("a|1", "b|2");
            List<String> ddl = Rows.of(hive, "SHOW CREATE TABLE it_cred.secured");
            assertThat(String.join("\n", ddl)).doesNotContain(PASSWORD).contains("it.redis.password");

            hive.execute("DROP TABLE IF EXISTS it_cred.wrong_alias");
            hive.execute("CREATE EXTERNAL TABLE it_cred.wrong_alias (id string, v int) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + secured.address() + "', 'redis.key.prefix'='sec:', 'redis.user'='hive', "
                    + "'redis.password.alias'='no.such.alias', 'nosql.credentials.provider'='" + provider + "')");
            assertThatThrownBy(() -> hive.query("SELECT * FROM it_cred.wrong_alias"))
                    .hasStackTraceContaining("no.such.alias")
                    .satisfies(e -> assertThat(e.toString()).doesNotContain(PASSWORD));

            hive.execute("DROP TABLE IF EXISTS it_cred.no_password");
            hive.execute("CREATE EXTERNAL TABLE it_cred.no_password (id string, v int) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + secured.address() + "', 'redis.key.prefix'='sec:')");
            assertThatThrownBy(() -> hive.query("SELECT * FROM it_cred.no_password"))
                    .hasStackTraceContaining(secured.address())
                    .hasStackTraceContaining("redis.password.alias");
        }
    }
}
