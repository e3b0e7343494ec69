package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.mongo.FerretDbSecurity;
import io.hivenosql.sandbox.mongo.MongoFlavour;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import io.hivenosql.sandbox.tls.TestingCertificates;
import io.hivenosql.sandbox.tls.TestingCertificates.Validity;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * MongoDB authentication and TLS against a server that enforces both: FerretDB 1.24 with only a TLS listener that
 * requires client certificates of a private CA, and SCRAM enforced ({@code --test-enable-new-auth}; see
 * {@link FerretDbSecurity} for what FerretDB 1.x enforces and what it does not). The table signs in with
 * SCRAM-SHA-256 over mutual TLS, presenting a PEM key file; the password comes from a credential provider, bound to the
 * server. A wrong password, no credentials, a CA the server's certificate is not signed by and a plain-text table each
 * fail saying so. Runs in the FerretDB execution only (the test double has neither TLS nor authentication).
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FerretDbSecurityIT {
    private static final String DB = "it_ferret_sec";
    private static final String HANDLER = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler'";
    private static final String PASSWORD = "Scram-Pa55-over-TLS-for-it";
    private static final String ALIAS = "it.ferretdb.hive";
    private static final String WRONG_ALIAS = "it.ferretdb.wrong";

    private HiveInstance hive;
    private TestingCertificates ca;
    private TestingCertificates otherCa;
    private TestingMongoServer ferretDb;
    private Path clientPem;
    private String provider;

    @BeforeAll
    void start(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        Path tls = stack.scratch("ferretdb-tls");
        ca = TestingCertificates.create(tls.resolve("ca"), "FerretDB CA");
        otherCa = TestingCertificates.create(tls.resolve("other"), "another CA");
        ferretDb = TestingMongoServer.builder()
                .flavour(MongoFlavour.FERRETDB)
                .tls(TlsServerMaterial.issue(ca, "ferretdb", true))
                .scramUser(new FerretDbSecurity.User("admin", "hive", PASSWORD))
                .build();
        clientPem = ca.issue("hive-client", List.of(), Validity.CURRENT).pem();
        String address = ferretDb.host() + ":" + ferretDb.port();
        provider = Keystores.create(
                tls.resolve("ferretdb.jceks"),
                Map.of(
                        ALIAS,
                        PASSWORD,
                        Keystores.hosts(ALIAS),
                        address,
                        WRONG_ALIAS,
                        "not-" + PASSWORD,
                        Keystores.hosts(WRONG_ALIAS),
                        address));
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
    }

    @AfterAll
    void stop() {
        if (ferretDb != null) {
            ferretDb.close();
        }
    }

    private String create(String table, Map<String, String> properties) throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + table);
        StringBuilder ddl = new StringBuilder("CREATE EXTERNAL TABLE " + DB + "." + table + " (id int, v string) "
                + HANDLER + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ("
                + "'mongo.uri'='" + ferretDb.databaseUri(DB, table) + "', 'mongo.timeout.ms'='3000', "
                + "'nosql.credentials.provider'='" + provider + "'");
        properties.forEach((key, value) ->
                ddl.append(", '").append(key).append("'='").append(value).append("'"));
        hive.execute(ddl.append(")").toString());
        return DB + "." + table;
    }

    private Map<String, String> secured(String alias, String trustStore) {
        return Map.of(
                "mongo.ssl", "true",
                "mongo.ssl.truststore", trustStore,
                "mongo.ssl.keystore", clientPem.toString(),
                "mongo.user", "hive",
                "mongo.auth.source", "admin",
                "mongo.auth.mechanism", "scram-sha-256",
                "mongo.password.alias", alias);
    }

    @Test
    void scramSha256OverMutualTlsWritesAndReads() throws Exception {
        String table = create("people", secured(ALIAS, ca.caPem().toString()));
        hive.execute("INSERT INTO " + table + " VALUES (1, 'ada'), (2, 'bob')");
        assertThat(Rows.of(hive, "SELECT * FROM " + table + " ORDER BY id")).containsExactly("1|ada", "2|bob");
        assertThat(Rows.of(hive, "SELECT v FROM " + table + " WHERE id = 2")).containsExactly("bob");
        assertThat(String.join("\n", Rows.of(hive, "SHOW CREATE TABLE " + table)))
                .contains(ALIAS)
                .doesNotContain(PASSWORD);
    }

    @Test
    void aWrongPasswordAndNoCredentialsAreRefusedSayingWhich() throws Exception {
        // CREATE of an existing collection's table already signs in, so it fails there
        Throwable refused = catchThrowable(
                () -> create("wrong", secured(WRONG_ALIAS, ca.caPem().toString())));
        assertThat(refused)
                .hasStackTraceContaining("HNS-133")
                .hasStackTraceContaining("refused the credentials of user 'hive'")
                .hasStackTraceContaining(WRONG_ALIAS);
        assertThat(Stacks.of(refused)).doesNotContain(PASSWORD);
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'wrong'")).isEmpty();

        Map<String, String> anonymous = Map.of(
                "mongo.ssl", "true",
                "mongo.ssl.truststore", ca.caPem().toString(),
                "mongo.ssl.keystore", clientPem.toString());
        assertThat(catchThrowable(() -> create("anonymous", anonymous)))
                .hasStackTraceContaining("HNS-133")
                .hasStackTraceContaining("requires authentication")
                .hasStackTraceContaining("set mongo.user and mongo.password.alias");
    }

    @Test
    void anotherCaAndAPlainTextTableFailSayingSo() throws Exception {
        assertThat(catchThrowable(
                        () -> create("stranger", secured(ALIAS, otherCa.caPem().toString()))))
                .hasStackTraceContaining("HNS-140 TLS_FAILED")
                .hasStackTraceContaining(ferretDb.host() + ":" + ferretDb.port())
                .hasStackTraceContaining("not signed by a CA that the trust material of mongo.ssl.truststore");

        Map<String, String> plain =
                Map.of("mongo.user", "hive", "mongo.auth.source", "admin", "mongo.password.alias", ALIAS);
        Throwable refused = catchThrowable(() -> create("plain", plain));
        assertThat(refused).hasStackTraceContaining("HNS-201").hasStackTraceContaining("set mongo.ssl=true");
        assertThat(Stacks.of(refused)).doesNotContain(PASSWORD);
    }
}
