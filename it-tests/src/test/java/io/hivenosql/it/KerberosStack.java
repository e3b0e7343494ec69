package io.hivenosql.it;

import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.cluster.ClusterOptions;
import io.hivenosql.sandbox.cluster.ClusterState;
import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.cluster.TestingHiveCluster;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.UndeclaredThrowableException;
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
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the {@code Kerberos*IT} tests one Kerberized cluster for the run ({@code ClusterOptions --kerberos}: a KDC, HDFS
 * with permissions and ACLs, YARN with one NodeManager and HiveServer2 secured with Kerberos; HiveServer2 runs queries
 * as {@code hive} and names the session's user to its authorizer, as clusters with Ranger do) and stores of their own,
 * started while the cluster starts: a {@code redis-server} whose ACL user {@code hive} has {@link #REDIS_PASSWORD}, a
 * Cassandra node and the MongoDB-protocol server.
 *
 * <p>This JVM (failsafe execution {@code kerberos}) is the analyst's client host for the whole run: {@code
 * java.security.krb5.conf} names the cluster's KDC, Hadoop's client is Kerberized, and {@link Resources#analyst()} is
 * the keytab login of the analyst's principal, as {@code kinit -kt} gives a shell.
 *
 * <p>The cluster has one NodeManager: Tez's reducers then read map outputs from the local disk. Across NodeManagers
 * they would fetch them from the ShuffleHandler, which on secure YARN needs Hadoop's native library ({@code
 * libhadoop.so}: "Secure IO is not possible without native code extensions"); production clusters have it, this
 * machine does not.
 */
public final class KerberosStack implements ParameterResolver {
    /** The password of the Redis ACL user {@code hive}. */
    static final String REDIS_PASSWORD = "kerberos-S3cr3t-Pa55-9b2e";

    private static final String KEY = KerberosStack.class.getName();

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Resources.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(KEY, key -> Resources.start(), Resources.class);
    }

    /** The running cluster, its stores and the analyst's login. */
    public static final class Resources implements ExtensionContext.Store.CloseableResource {
        private static final Logger log = LoggerFactory.getLogger(KerberosStack.class);

        private final Path work;
        private final TestingHiveCluster cluster;
        private final TestingRedisServer redis;
        private final TestingCassandraServer cassandra;
        private final TestingMongoServer mongo;
        private final UserGroupInformation analyst;
        private final ContainerLogs containerLogs;

        private Resources(
                Path work,
                TestingHiveCluster cluster,
                TestingRedisServer redis,
                TestingCassandraServer cassandra,
                TestingMongoServer mongo,
                UserGroupInformation analyst) {
            this.work = work;
            this.cluster = cluster;
            this.redis = redis;
            this.cassandra = cassandra;
            this.mongo = mongo;
            this.analyst = analyst;
            this.containerLogs = new ContainerLogs(cluster.state().containerLogDirs());
        }

        static Resources start() {
            Path work = Path.of(System.getProperty("hivenosql.work.dir", "target/it-work-kerberos"))
                    .toAbsolutePath()
                    .resolve("kerberos");
            ServerProcess.deleteRecursively(work);
            CompletableFuture<TestingCassandraServer> cassandra =
                    CompletableFuture.supplyAsync(TestingCassandraServer::start);
            CompletableFuture<TestingMongoServer> mongo = CompletableFuture.supplyAsync(TestingMongoServer::start);
            TestingRedisServer redis = null;
            TestingHiveCluster cluster = null;
            try {
                Files.createDirectories(work);
                redis = TestingRedisServer.builder()
                        .password("the-default-users-password")
                        .aclUser("hive", REDIS_PASSWORD)
                        .build();
                long begin = System.nanoTime();
                cluster = TestingHiveCluster.start(
                        work.resolve("cluster"),
                        ClusterOptions.defaults(HiveStack.Resources.auxJars())
                                .withNodeManagers(1)
                                .withKerberos(true),
                        Duration.ofMinutes(5));
                log.info("Kerberized cluster up in {} ms: {}", (System.nanoTime() - begin) / 1_000_000, cluster);
                UserGroupInformation analyst = login(cluster);
                return new Resources(work, cluster, redis, cassandra.join(), mongo.join(), analyst);
            } catch (IOException | RuntimeException e) {
                closeQuietly(cluster);
                closeQuietly(redis);
                cassandra.thenAccept(Resources::closeQuietly);
                mongo.thenAccept(Resources::closeQuietly);
                if (e instanceof IOException io) {
                    throw new UncheckedIOException("cannot start the Kerberized cluster of the Kerberos*IT tests", io);
                }
                throw (RuntimeException) e;
            }
        }

        /** What {@code kinit -kt analyst.keytab analyst} gives a shell: this JVM's Hadoop client logs in. */
        private static UserGroupInformation login(TestingHiveCluster cluster) throws IOException {
            ClusterState.Kerberos kerberos = cluster.state().kerberos().orElseThrow();
            System.setProperty("java.security.krb5.conf", kerberos.krb5Conf().toString());
            UserGroupInformation.setConfiguration(clientConf(cluster, "core-site.xml"));
            return UserGroupInformation.loginUserFromKeytabAndReturnUGI(
                    kerberos.userPrincipal(), kerberos.userKeytab().toString());
        }

        private static void closeQuietly(AutoCloseable resource) {
            if (resource != null) {
                try {
                    resource.close();
                } catch (Exception e) {
                    log.warn("cannot close {}: {}", resource, e.toString());
                }
            }
        }

        /** A directory of this run's own, for local files. */
        public Path work() {
            return work;
        }

        public TestingHiveCluster cluster() {
            return cluster;
        }

        public ClusterState state() {
            return cluster.state();
        }

        public ClusterState.Kerberos kerberos() {
            return cluster.state().kerberos().orElseThrow();
        }

        /** The analyst's keytab login. */
        public UserGroupInformation analyst() {
            return analyst;
        }

        public TestingRedisServer redis() {
            return redis;
        }

        public TestingCassandraServer cassandra() {
            return cassandra;
        }

        public TestingMongoServer mongo() {
            return mongo;
        }

        /** A CQL session through the handler jar's driver; close it after use. */
        public HandlerJarCqlSession cql() {
            return HandlerJarCqlSession.connect(
                    HiveStack.Resources.cassandraHandlerJar(),
                    cassandra.contactPoint(),
                    cassandra.localDatacenter(),
                    null,
                    null);
        }

        public ContainerLogs containerLogs() {
            return containerLogs;
        }

        /** HiveServer2's log. */
        public Path hiveServerLog() {
            return cluster.workDir().resolve("hive").resolve("logs").resolve("hiveserver2.log");
        }

        /** A client configuration the cluster wrote ({@code core-site.xml}, {@code yarn-site.xml}). */
        public Configuration clientConf(String site) {
            return clientConf(cluster, site);
        }

        private static Configuration clientConf(TestingHiveCluster cluster, String site) {
            Configuration conf = new Configuration();
            conf.addResource(new org.apache.hadoop.fs.Path(
                    cluster.workDir().resolve("hadoop/conf").resolve(site).toUri()));
            return conf;
        }

        /** A new session of HiveServer2 as the analyst (JDBC with HiveServer2's principal in the URL). */
        public Session session() throws Exception {
            return new Session(as(analyst, () -> DriverManager.getConnection(cluster.jdbcUrl())));
        }

        @Override
        public void close() {
            closeQuietly(cluster);
            closeQuietly(redis);
            closeQuietly(cassandra);
            closeQuietly(mongo);
        }
    }

    /** Runs {@code action} as {@code user}, throwing what it throws (doAs wraps a SQLException). */
    static <T> T as(UserGroupInformation user, PrivilegedExceptionAction<T> action) throws Exception {
        try {
            return user.doAs(action);
        } catch (UndeclaredThrowableException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /** A JDBC session; its statements need no login once it is open. */
    static final class Session implements AutoCloseable {
        private final Connection connection;

        private Session(Connection connection) {
            this.connection = connection;
        }

        void execute(String sql) throws SQLException {
            try (Statement statement = connection.createStatement()) {
                statement.execute(sql);
            }
        }

        List<List<Object>> query(String sql) throws SQLException {
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

        @Override
        public void close() throws SQLException {
            connection.close();
        }
    }
}
