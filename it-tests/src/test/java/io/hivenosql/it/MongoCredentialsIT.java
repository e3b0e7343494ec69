package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.hivenosql.sandbox.TestingTcpRelay;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A MongoDB password is only ever used with the hosts an administrator bound it to ({@code <alias>.hosts} beside the
 * alias in the same credential provider). The driver's authentication (SCRAM: {@code saslStart}, or
 * {@code speculativeAuthenticate} inside the first {@code hello}) gives whoever receives it material to crack the
 * password offline, so any authentication attempt towards an unbound host is a leak: a recording relay in front of the
 * stack's server stands for an attacker's listener, and must see none.
 *
 * <p>The sandbox's MongoDB test double has no authentication (it answers no SASL command), so a bound table cannot
 * log in to it: what is proven with it is that a bound host does get the authentication attempt (the relay sees it and
 * the server refuses it, HNS-133), and an unbound one never does.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MongoCredentialsIT {
    private static final String DB = "it_mongo_cred";
    private static final String HANDLER = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler'";
    private static final String PASSWORD = "Mongo-Cred-s3cr3t-for-it";
    private static final String ALIAS = "it.mongo.cred";
    private static final String UNBOUND_ALIAS = "it.mongo.unbound";

    private HiveStack.Resources stack;
    private HiveInstance hive;
    private TestingMongoServer mongo;
    private Path keystores;

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        mongo = stack.mongo();
        keystores = stack.scratch("mongo-cred");
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
    }

    private String create(String table, String host, int port, String alias, String provider) throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + table);
        hive.execute("CREATE TABLE " + DB + "." + table + " (id int, v string) " + HANDLER
                + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ('mongo.uri'='"
                + TestingMongoServer.databaseUri("mongodb://" + host + ":" + port, DB, table)
                + "', 'mongo.timeout.ms'='3000', 'mongo.user'='hive', 'mongo.password.alias'='" + alias
                + "', 'nosql.credentials.provider'='" + provider + "')");
        return table;
    }

    /** What the MongoDB driver sends when it authenticates (or announces that it will). */
    private static void assertNoAuthentication(TestingTcpRelay relay) {
        assertThat(relay.receivedText())
                .doesNotContain("saslStart")
                .doesNotContain("speculativeAuthenticate")
                .doesNotContain("saslSupportedMechs")
                .doesNotContain(PASSWORD);
    }

    @Test
    void aStoredPasswordIsNeverSentToAHostItIsNotBoundTo() throws Exception {
        String provider = Keystores.create(
                keystores.resolve("admin.jceks"),
                Map.of(ALIAS, PASSWORD, Keystores.hosts(ALIAS), mongo.host() + ":" + mongo.port()));
        try (TestingTcpRelay attacker = TestingTcpRelay.start(mongo.host(), mongo.port())) {
            Throwable refusal = catchThrowable(() -> {
                create("stolen", attacker.host(), attacker.port(), ALIAS, provider);
                hive.query("SELECT * FROM " + DB + ".stolen");
            });
            assertNoAuthentication(attacker);
            assertThat(refusal)
                    .hasMessageContaining("HNS-135")
                    .hasMessageContaining("mongo.uri")
                    .hasMessageContaining(attacker.address())
                    .hasMessageContaining(ALIAS);
            assertThat(Stacks.of(refusal.getCause())).doesNotContain(PASSWORD);
            assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'stolen'")).isEmpty();
        }
    }

    @Test
    void aSecretWithoutABindingIsNotUsed() throws Exception {
        String provider = Keystores.create(keystores.resolve("unbound.jceks"), Map.of(UNBOUND_ALIAS, PASSWORD));
        try (TestingTcpRelay relay = TestingTcpRelay.start(mongo.host(), mongo.port())) {
            Throwable refusal = catchThrowable(() -> {
                create("unbound", relay.host(), relay.port(), UNBOUND_ALIAS, provider);
                hive.query("SELECT * FROM " + DB + ".unbound");
            });
            assertNoAuthentication(relay);
            assertThat(refusal)
                    .hasMessageContaining("HNS-134")
                    .hasMessageContaining("mongo.password.alias")
                    .hasMessageContaining("hadoop credential create " + UNBOUND_ALIAS + ".hosts");
            assertThat(Stacks.of(refusal.getCause())).doesNotContain(PASSWORD);
        }
    }

    @Test
    void aBoundHostGetsTheAuthentication() throws Exception {
        assumeFalse(mongo.isExternal(), "the external MongoDB of MONGO_URI may authenticate: nothing to refuse here");
        try (TestingTcpRelay bound = TestingTcpRelay.start(mongo.host(), mongo.port())) {
            String provider = Keystores.create(
                    keystores.resolve("bound.jceks"), Map.of(ALIAS, PASSWORD, Keystores.hosts(ALIAS), bound.address()));
            Throwable refusal = catchThrowable(() -> create("bound", bound.host(), bound.port(), ALIAS, provider));
            // the test double cannot authenticate: the attempt reaches it through the relay, and fails
            assertThat(bound.receivedText()).contains("saslStart");
            assertThat(refusal).hasMessageContaining("HNS-133").hasMessageContaining("user 'hive'");
            assertThat(Stacks.of(refusal.getCause())).doesNotContain(PASSWORD);
        }
    }
}
