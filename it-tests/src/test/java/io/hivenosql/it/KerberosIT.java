package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.cluster.ClusterOptions;
import io.hivenosql.sandbox.cluster.ClusterState;
import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.cluster.TestingHiveCluster;
import io.hivenosql.sandbox.hive.BeelineRunner;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.AclEntryScope;
import org.apache.hadoop.fs.permission.AclEntryType;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;

/**
 * The handlers on a Kerberized cluster ({@code ClusterOptions --kerberos}: a KDC, HDFS, YARN and HiveServer2 secured
 * with Kerberos, HiveServer2 running queries as {@code hive}, as clusters with Ranger do), proven once through Redis:
 * a client without a ticket is refused; the analyst's principal connects (JDBC inside a keytab login, and the real
 * beeline after MIT {@code kinit}); a table whose password is in a JCEKS provider on HDFS (HDFS checks permissions:
 * the analyst's file, shared with {@code hive} by an ACL entry) is created (HiveServer2 checks the analyst may read the
 * provider, then reads it as its own principal), written from an ORC table, joined with it and counted by tasks in YARN
 * containers, which hold no Kerberos credential and read the provider through the job's HDFS delegation token alone;
 * the password is in no log; a provider only {@code hive} may read is refused to the analyst.
 *
 * <p>Runs in a JVM of its own (failsafe execution {@code kerberos}): this JVM's Hadoop client is Kerberized for the
 * whole run. The cluster has one NodeManager: Tez's reducers then read map outputs from the local disk. Across
 * NodeManagers they would fetch them from the ShuffleHandler, which on secure YARN needs Hadoop's native library
 * ({@code libhadoop.so}: "Secure IO is not possible without native code extensions"); production clusters have it,
 * this machine does not.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class KerberosIT {
    private static final Logger log = LoggerFactory.getLogger(KerberosIT.class);
    private static final String PASSWORD = "kerberos-S3cr3t-Pa55-9b2e";
    private static final String ALIAS = "it.kerberos.redis.password";
    private static final String TABLE = "kerberized_accounts";
    private static final String PREFIX = "it:kerberos:";
    /** The analyst's home directory on HDFS. */
    private static final String HOME = "/user/analyst";
    /** How the Tez AM logs what a vertex's containers are given: token kinds, no token. */
    private static final Pattern TOKEN_KINDS =
            Pattern.compile("credentials\\(token kinds\\): \\[[^\\]]*HDFS_DELEGATION_TOKEN");

    private Path work;
    private TestingRedisServer redis;
    private TestingHiveCluster cluster;
    private ClusterState.Kerberos kerberos;
    private UserGroupInformation analyst;
    private Connection connection;
    private ContainerLogs containerLogs;
    private String provider;

    @BeforeAll
    void start() throws Exception {
        work = Path.of(System.getProperty("hivenosql.work.dir", "target/it-work-kerberos"))
                .toAbsolutePath()
                .resolve("kerberos");
        ServerProcess.deleteRecursively(work);
        Files.createDirectories(work);
        redis = TestingRedisServer.builder()
                .password("the-default-users-password")
                .aclUser("hive", PASSWORD)
                .build();
        cluster = TestingHiveCluster.start(
                work.resolve("cluster"),
                ClusterOptions.defaults(HiveStack.Resources.auxJars())
                        .withNodeManagers(1)
                        .withKerberos(true),
                Duration.ofMinutes(5));
        log.info("Kerberized cluster up in {} ms: {}", cluster.startupTime().toMillis(), cluster);
        kerberos = cluster.state().kerberos().orElseThrow();
        containerLogs = new ContainerLogs(cluster.state().containerLogDirs());

        // what `kinit -kt analyst.keytab analyst` gives a shell: this JVM's Hadoop client logs in with Kerberos
        System.setProperty("java.security.krb5.conf", kerberos.krb5Conf().toString());
        Configuration client = clientConf();
        UserGroupInformation.setConfiguration(client);
        analyst = UserGroupInformation.loginUserFromKeytabAndReturnUGI(
                kerberos.userPrincipal(), kerberos.userKeytab().toString());

        // the analyst puts the provider on HDFS: readable by the analyst (whom HiveServer2 checks at CREATE) and, by an
        // ACL entry, by hive (who runs the tasks that read it): by no one else
        provider = putProvider("redis.jceks", (short) 0600);
        connection = as(analyst, () -> DriverManager.getConnection(cluster.jdbcUrl()));
    }

    /**
     * Writes a provider holding the password (bound to the Redis server) to the analyst's home directory on HDFS, as
     * the analyst, with {@code mode} and an ACL entry that lets {@code hive} read it; returns its provider URI.
     */
    private String putProvider(String name, short mode) throws Exception {
        Path local = work.resolve(name);
        Keystores.create(local, Map.of(ALIAS, PASSWORD, Keystores.hosts(ALIAS), redis.address()));
        URI namenode = URI.create(cluster.state().hdfsUri());
        org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(HOME, name);
        as(analyst, () -> {
            try (FileSystem hdfs = FileSystem.newInstance(namenode, clientConf())) {
                hdfs.copyFromLocalFile(true, true, new org.apache.hadoop.fs.Path(local.toUri()), target);
                hdfs.setPermission(target, new FsPermission(mode));
                hdfs.modifyAclEntries(
                        target,
                        List.of(new AclEntry.Builder()
                                .setScope(AclEntryScope.ACCESS)
                                .setType(AclEntryType.USER)
                                .setName("hive")
                                .setPermission(FsAction.READ)
                                .build()));
            }
            return null;
        });
        return "jceks://hdfs@" + namenode.getHost() + ":" + namenode.getPort() + target;
    }

    @AfterAll
    void stop() throws Exception {
        try (AutoCloseable r = redis;
                AutoCloseable c = cluster;
                AutoCloseable j = connection) {
            log.info("stopping the Kerberized cluster");
        }
    }

    /** The client configuration the cluster wrote: the NameNode, and the principals its daemons have. */
    private Configuration clientConf() {
        return clientConf(cluster.workDir().resolve("hadoop/conf/core-site.xml"));
    }

    private static Configuration clientConf(Path site) {
        Configuration conf = new Configuration();
        conf.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
        return conf;
    }

    /** HiveServer2, HDFS and YARN each refuse a client that has no ticket. */
    @Test
    void aClientWithoutATicketIsRefused() {
        UserGroupInformation noTicket = UserGroupInformation.createRemoteUser("mallory");
        Configuration client = clientConf();

        assertThatThrownBy(() -> as(noTicket, () -> {
                    try (FileSystem hdfs =
                            FileSystem.newInstance(URI.create(cluster.state().hdfsUri()), client)) {
                        return hdfs.exists(new org.apache.hadoop.fs.Path("/"));
                    }
                }))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Client cannot authenticate via:[TOKEN, KERBEROS]");
        Configuration yarnClient = clientConf(cluster.workDir().resolve("hadoop/conf/yarn-site.xml"));
        assertThatThrownBy(() -> as(noTicket, () -> {
                    try (YarnClient yarn = YarnClient.createYarnClient()) {
                        yarn.init(new YarnConfiguration(yarnClient));
                        yarn.start();
                        return yarn.getApplications();
                    }
                }))
                .hasStackTraceContaining("Client cannot authenticate via:[TOKEN, KERBEROS]");

        assertThatThrownBy(() -> as(noTicket, () -> DriverManager.getConnection(cluster.jdbcUrl())))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("GSS initiate failed");
        // nor does the user name and password login of an unsecured server get in
        String plain = "jdbc:hive2://localhost:"
                + URI.create(cluster.jdbcUrl().substring(5)).getPort() + "/default";
        assertThatThrownBy(() -> DriverManager.getConnection(plain, "analyst", ""))
                .isInstanceOf(SQLException.class);
    }

    /**
     * HiveServer2 runs the query as {@code hive}, and names the analyst to its authorizer: the authenticator of
     * clusters with Ranger ({@code SessionStateUserAuthenticator}) gives the principal's short name.
     */
    @Test
    void theSessionUserIsThePrincipalsShortName() throws Exception {
        assertThat(query("SELECT current_user(), logged_in_user()")).containsExactly(List.of("analyst", "analyst"));
    }

    /**
     * The table's password lives only in the provider on HDFS: HiveServer2 reads it at CREATE (as {@code hive}, with
     * its keytab), the tasks in their containers (with the job's delegation token: a container has no keytab nor
     * ticket). An ORC table on HDFS is copied into the store with INSERT OVERWRITE, then joined with it and counted,
     * every query in containers (shuffles included), and the password is in no log.
     */
    @Test
    void aStoreTableIsWrittenReadAndJoinedInContainersThroughDelegationTokens() throws Exception {
        execute("DROP TABLE IF EXISTS " + TABLE);
        execute("DROP TABLE IF EXISTS kerberized_cities");
        execute("CREATE TABLE kerberized_cities (id int, city string) STORED AS ORC");
        execute("CREATE EXTERNAL TABLE " + TABLE + " (id int, owner string) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + redis.address() + "', 'redis.key.prefix'='" + PREFIX + "', 'redis.user'='hive', "
                + "'redis.password.alias'='" + ALIAS + "', 'nosql.credentials.provider'='" + provider + "')");
        try (Jedis jedis = redis.connect()) {
            jedis.hset(PREFIX + "99", Map.of("owner", "left over"));
        }
        execute("SET hive.fetch.task.conversion=none");
        var before = containerLogs.attemptIds();

        execute("INSERT INTO kerberized_cities VALUES (1, 'london'), (2, 'new york'), (3, 'eindhoven')");
        execute("INSERT OVERWRITE TABLE " + TABLE + " SELECT id, concat('owner in ', city) FROM kerberized_cities");
        List<List<Object>> joined = query("SELECT r.id, r.owner, c.city FROM " + TABLE
                + " r JOIN kerberized_cities c ON r.id = c.id WHERE r.id >= 2");
        List<List<Object>> counted = query("SELECT count(*) FROM " + TABLE);

        assertThat(joined)
                .containsExactlyInAnyOrder(
                        List.of(2, "owner in new york", "new york"), List.of(3, "owner in eindhoven", "eindhoven"));
        assertThat(counted).containsExactly(List.of(3L));
        try (Jedis jedis = redis.connect()) {
            assertThat(RedisStats.keys(jedis, PREFIX))
                    .as("keys after INSERT OVERWRITE")
                    .isEqualTo(3);
        }
        List<ContainerLogs.Attempt> attempts = containerLogs.attemptsSince(before);
        assertThat(attempts).as("task attempts of the INSERT and the SELECT").hasSizeGreaterThanOrEqualTo(2);
        // what the tasks were given to reach HDFS: the job's delegation token (a container has no keytab nor ticket)
        ContainerLogs.Container am = containerLogs
                .applicationMaster(attempts.get(0).container().applicationId())
                .orElseThrow();
        assertThat(TOKEN_KINDS.matcher(syslogs(am)).find())
                .as(
                        "an HDFS delegation token among the vertices' credentials in the Tez AM's syslogs (%s)",
                        am.logDir())
                .isTrue();

        SecretScan logs = new SecretScan(List.of(PASSWORD));
        for (Path dir : cluster.state().containerLogDirs()) {
            logs.local(dir);
        }
        logs.local(cluster.workDir().resolve("hive").resolve("logs"));
        logs.local(cluster.workDir().resolve(TestingHiveCluster.LOG_FILE));
        assertThat(logs.files().keySet())
                .as("log files read")
                .containsAll(attempts.stream().map(a -> a.log().toString()).toList());
        assertThat(logs.filesHolding(PASSWORD)).as("logs holding the password").isEmpty();
    }

    /**
     * HiveServer2 reads providers as {@code hive}, so it checks a table's provider as the session's user (impersonating
     * the analyst through the NameNode's proxy-user rules): a provider that {@code hive} may read and the analyst may
     * not is refused, though HiveServer2 could have opened it.
     */
    @Test
    void aProviderTheAnalystMayNotReadIsRefusedThoughHiveServerCould() throws Exception {
        String hiveOnly = putProvider("hive-only.jceks", (short) 0000);

        assertThatThrownBy(() -> execute("CREATE EXTERNAL TABLE kerberized_refused (id int, owner string) "
                        + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                        + redis.address() + "', 'redis.key.prefix'='" + PREFIX + "', 'redis.user'='hive', "
                        + "'redis.password.alias'='" + ALIAS + "', 'nosql.credentials.provider'='" + hiveOnly + "')"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("HNS-136")
                .hasMessageContaining(hiveOnly)
                .hasMessageContaining("user 'analyst'")
                .hasMessageNotContaining(PASSWORD);
        assertThat(query("SHOW TABLES LIKE 'kerberized_refused'")).isEmpty();
    }

    /** What an analyst types: {@code kinit -kt}, then beeline with HiveServer2's principal in the URL. */
    @Test
    void beelineConnectsWithTheTicketOfKinit() throws Exception {
        Path kinit = Path.of("/usr/bin/kinit");
        assertThat(kinit)
                .as("MIT kinit (Debian's krb5-user; bin/hive-nosql test installs it when root)")
                .isExecutable();
        Path cache = work.resolve("analyst.ccache");
        ProcessBuilder login = new ProcessBuilder(
                        kinit.toString(), "-kt", kerberos.userKeytab().toString(), kerberos.userPrincipal())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("kinit.out").toFile());
        login.environment().put("KRB5_CONFIG", kerberos.krb5Conf().toString());
        login.environment().put("KRB5CCNAME", "FILE:" + cache);
        Process process = login.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue())
                .as("kinit: %s", Files.readString(work.resolve("kinit.out")))
                .isZero();

        List<String> jvm = new ArrayList<>(BeelineRunner.defaultJvmOptions());
        jvm.add("-Djava.security.krb5.conf=" + kerberos.krb5Conf());
        // a client host's Hadoop configuration directory (HADOOP_CONF_DIR): core-site.xml says the cluster is
        // Kerberized, so beeline's Hadoop client logs in from the ticket cache
        String classPath =
                cluster.workDir().resolve("hadoop/conf") + File.pathSeparator + System.getProperty("java.class.path");
        BeelineRunner.Builder beeline = BeelineRunner.builder(cluster.jdbcUrl())
                .classpath(classPath)
                .jvmOptions(jvm)
                .timeout(Duration.ofMinutes(2));
        BeelineRunner.Result withTicket = beeline.environment("KRB5CCNAME", "FILE:" + cache)
                .build()
                .run(List.of(
                        "-u",
                        cluster.jdbcUrl(),
                        "--outputformat=tsv2",
                        "--showHeader=false",
                        "-e",
                        "SELECT current_user()"));
        assertThat(withTicket.succeeded()).as(withTicket.describe()).isTrue();
        assertThat(withTicket.stdoutLines()).containsExactly("analyst");

        BeelineRunner.Result noTicket = beeline.environment("KRB5CCNAME", "FILE:" + work.resolve("none.ccache"))
                .build()
                .run(List.of("-u", cluster.jdbcUrl(), "-e", "SELECT 1"));
        assertThat(noTicket.succeeded()).as(noTicket.describe()).isFalse();
        assertThat(noTicket.stdout() + noTicket.stderr()).contains("GSS initiate failed");
    }

    private static String syslogs(ContainerLogs.Container container) throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.list(container.logDir())) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("syslog"))
                    .toList()) {
                text.append(Files.readString(file));
            }
        }
        return text.toString();
    }

    private void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private List<List<Object>> query(String sql) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= columns; i++) {
                    row.add(result.getObject(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** Runs {@code action} as {@code user}, throwing what it throws (doAs wraps a SQLException). */
    private static <T> T as(UserGroupInformation user, PrivilegedExceptionAction<T> action) throws Exception {
        try {
            return user.doAs(action);
        } catch (UndeclaredThrowableException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
