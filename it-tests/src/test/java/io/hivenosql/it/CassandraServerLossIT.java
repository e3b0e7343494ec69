package io.hivenosql.it;

import static io.hivenosql.it.Failures.stackTrace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hivenosql.sandbox.ServerFixture;
import io.hivenosql.sandbox.TestingTcpRelay;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * A Cassandra node of its own, with PasswordAuthenticator: first the password comes from a Hadoop credential provider
 * and never shows (not in the DDL, not in any error), and wrong or missing credentials are named; then the node is
 * killed in the middle of a scan ({@link BaseServerLossIT}), once the node's scan statistics show the first range reads,
 * and the query fails with an error naming Cassandra, the node and the table.
 */
class CassandraServerLossIT extends BaseServerLossIT {
    private static final String DB = "it_cass_loss";
    private static final String HANDLER = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";
    private static final String USER = TestingCassandraServer.SUPERUSER;
    private static final String PASSWORD = "Cass-s3cr3t-Pa55-for-it";
    private static final String WRONG_PASSWORD = "not-the-Cass-Pa55";
    private static final String ALIAS = "it.cassandra.password";
    private static final String WRONG_ALIAS = "it.cassandra.wrong";
    private static final String UNBOUND_ALIAS = "it.cassandra.unbound";
    /**
     * Read one row a page: tens of thousands of round trips, so the scan still has most of them ahead when the node
     * is killed, however fast the machine (CI once saw a scan of 4,000 pages end before the kill landed).
     */
    private static final int ROWS = 36_000;

    private TestingCassandraServer doomed;
    private String provider;
    private HandlerJarCqlSession watch;
    private long scansBefore;

    @Override
    String database() {
        return DB;
    }

    @Override
    void startServer(HiveStack.Resources stack) throws Exception {
        doomed = TestingCassandraServer.builder()
                .passwordAuthenticator(true)
                .workDir(stack.workDir().resolve("cassandra-loss"))
                .build();
        // the superuser gets a password of its own, so that "not in any message" means something
        try (HandlerJarCqlSession cql = cql(USER, TestingCassandraServer.SUPERUSER_PASSWORD)) {
            cql.execute("ALTER ROLE " + USER + " WITH PASSWORD = '" + PASSWORD + "'");
        }
        try (HandlerJarCqlSession cql = cql(USER, PASSWORD)) {
            cql.execute("CREATE KEYSPACE " + DB
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
            cql.execute("CREATE TABLE " + DB + ".accounts (id int PRIMARY KEY, owner text)");
        }

        provider = Keystores.create(
                stack.scratch("cassandra-credentials").resolve("cassandra.jceks"),
                Map.of(
                        ALIAS,
                        PASSWORD,
                        Keystores.hosts(ALIAS),
                        doomed.contactPoint(),
                        WRONG_ALIAS,
                        WRONG_PASSWORD,
                        Keystores.hosts(WRONG_ALIAS),
                        doomed.contactPoint(),
                        UNBOUND_ALIAS,
                        PASSWORD));
    }

    @Override
    void stopServer() {
        if (doomed != null) {
            doomed.close();
        }
    }

    @Override
    String createBigTable() throws Exception {
        try (HandlerJarCqlSession cql = cql(USER, PASSWORD)) {
            cql.execute("CREATE TABLE " + DB + ".big (id int PRIMARY KEY, v int)");
        }
        create("big", "id int, v int", credentials(ALIAS) + ", 'cassandra.page.size'='1'");
        hive.execute("INSERT INTO " + DB + ".big SELECT n, 1 FROM (SELECT posexplode(split(space(" + (ROWS - 1)
                + "), ' ')) AS (n, unused)) ids");
        return DB + ".big";
    }

    @Override
    void watchForTheScan() {
        watch = cql(USER, PASSWORD);
        scansBefore = scans(watch);
    }

    /** Once the scan has read its first pages: tens of thousands remain at one row a page. */
    @Override
    void awaitTheScan(Future<?> query) throws Exception {
        try {
            awaitWhileRunning(query, "scan", 20, () -> scans(watch) >= scansBefore + 3);
        } finally {
            watch.close();
        }
    }

    @Override
    ServerFixture doomedServer() {
        return doomed;
    }

    @Override
    void assertFailure(String stackTrace, String table, double secondsAfterTheKill) {
        assertThat(stackTrace).contains("Cassandra").contains(doomed.contactPoint());
    }

    private HandlerJarCqlSession cql(String user, String password) {
        return HandlerJarCqlSession.connect(
                HiveStack.Resources.cassandraHandlerJar(),
                doomed.contactPoint(),
                doomed.localDatacenter(),
                user,
                password);
    }

    private void create(String table, String columns, String properties) throws SQLException {
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + table);
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + table + " (" + columns + ") " + HANDLER + " TBLPROPERTIES ('"
                + "cassandra.hosts'='" + doomed.contactPoint() + "'" + properties + ")");
    }

    private String credentials(String alias) {
        return ", 'cassandra.user'='" + USER + "', 'cassandra.password.alias'='" + alias
                + "', 'nosql.credentials.provider'='" + provider + "'";
    }

    @Test
    @Order(1)
    void passwordFromACredentialProviderReadsAndWrites() throws Exception {
        create("accounts", "id int, owner string", credentials(ALIAS));
        hive.execute("INSERT INTO " + DB + ".accounts VALUES (1, 'ada'), (2, 'grace')");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".accounts ORDER BY id"))
                .containsExactly("1|ada", "2|grace");
        assertThat(Rows.of(hive, "SELECT owner FROM " + DB + ".accounts WHERE id = 2"))
                .containsExactly("grace");
        assertThat(String.join("\n", Rows.of(hive, "SHOW CREATE TABLE " + DB + ".accounts")))
                .contains(ALIAS)
                .doesNotContain(PASSWORD);
    }

    @Test
    @Order(2)
    void wrongPasswordNamesUserAndAliasButNotThePassword() {
        assertThatThrownBy(() -> create("wrong_password", "id int, owner string", credentials(WRONG_ALIAS)))
                .hasMessageContaining("HNS-133 AUTHENTICATION_FAILED")
                .hasMessageContaining(doomed.contactPoint())
                .hasMessageContaining("user '" + USER + "'")
                .hasMessageContaining(WRONG_ALIAS)
                .hasMessageContaining(DB + ".wrong_password")
                .satisfies(e ->
                        assertThat(stackTrace(e)).doesNotContain(WRONG_PASSWORD).doesNotContain(PASSWORD));
    }

    @Test
    @Order(3)
    void missingCredentialsAreNamed() {
        assertThatThrownBy(() -> create(
                        "user_only",
                        "id int, owner string",
                        ", 'cassandra.user'='" + USER + "', 'cassandra.table'='accounts'"))
                .hasMessageContaining("HNS-102")
                .hasMessageContaining(DB + ".user_only")
                .hasMessageContaining("cassandra.user is set but cassandra.password.alias is not");
        // and an alias without a user: no silent default user
        assertThatThrownBy(() -> create(
                        "alias_only",
                        "id int, owner string",
                        ", 'cassandra.password.alias'='" + ALIAS + "', 'nosql.credentials.provider'='" + provider
                                + "', 'cassandra.table'='accounts'"))
                .hasMessageContaining("HNS-102")
                .hasMessageContaining("cassandra.password.alias is set but cassandra.user is not");
        assertThatThrownBy(() -> create("anonymous", "id int, owner string", ", 'cassandra.table'='accounts'"))
                .hasMessageContaining("HNS-133")
                .hasMessageContaining("requires authentication")
                .hasMessageContaining("cassandra.user")
                .hasMessageContaining("cassandra.password.alias");
        assertThatThrownBy(() -> create(
                        "no_such_alias",
                        "id int, owner string",
                        credentials("it.cassandra.nothing") + ", 'cassandra.table'='accounts'"))
                .hasMessageContaining("HNS-132")
                .hasMessageContaining("cassandra.password.alias")
                .satisfies(e -> assertThat(stackTrace(e.getCause())).doesNotContain("it.cassandra.nothing"));
    }

    /**
     * A recording relay in front of the node stands for an attacker's listener: a table naming it must be refused
     * before the driver's SASL PLAIN response (user and password in clear) goes through; so must a secret that no
     * administrator bound to any host.
     */
    @Test
    @Order(4)
    void aStoredPasswordIsNeverSentToAHostItIsNotBoundTo() throws Exception {
        try (TestingTcpRelay attacker = TestingTcpRelay.start(TestingCassandraServer.HOST, doomed.nativePort())) {
            String hosts = ", 'cassandra.table'='accounts'";
            Throwable refusal = catchThrowable(() -> {
                hive.execute("DROP TABLE IF EXISTS " + DB + ".stolen");
                hive.execute("CREATE EXTERNAL TABLE " + DB + ".stolen (id int, owner string) " + HANDLER
                        + " TBLPROPERTIES ('cassandra.hosts'='" + attacker.address() + "'" + credentials(ALIAS) + hosts
                        + ")");
                hive.query("SELECT * FROM " + DB + ".stolen");
            });
            assertThat(attacker.receivedText()).doesNotContain(PASSWORD);
            assertThat(refusal)
                    .hasMessageContaining("HNS-135")
                    .hasMessageContaining("cassandra.hosts")
                    .hasMessageContaining(attacker.address())
                    .hasMessageContaining(ALIAS);
            assertThat(stackTrace(refusal.getCause())).doesNotContain(PASSWORD);
            assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'stolen'")).isEmpty();

            Throwable unbound =
                    catchThrowable(() -> create("unbound", "id int, owner string", credentials(UNBOUND_ALIAS) + hosts));
            assertThat(unbound)
                    .hasMessageContaining("HNS-134")
                    .hasMessageContaining("cassandra.password.alias")
                    .hasMessageContaining("hadoop credential create " + UNBOUND_ALIAS + ".hosts");
            assertThat(stackTrace(unbound.getCause())).doesNotContain(PASSWORD);
            assertThat(attacker.connections()).isZero();
        }
    }

    /** Range reads the node has served for the table so far. */
    private static long scans(HandlerJarCqlSession cql) {
        List<List<Object>> rows = cql.rows("SELECT count FROM system_views.local_scan_latency WHERE keyspace_name = '"
                + DB + "' AND table_name = 'big'");
        return rows.isEmpty() ? 0 : ((Number) rows.get(0).get(0)).longValue();
    }
}
