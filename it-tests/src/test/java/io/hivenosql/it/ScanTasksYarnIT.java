package io.hivenosql.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.hive.RemoteHiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import io.hivenosql.sandbox.tls.TestingCertificates;
import io.hivenosql.sandbox.tls.TestingCertificates.Validity;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;

/**
 * What only a cluster shows, proven once each on Redis (the cheapest store to secure, split and count: a redis-server
 * of this class's own that speaks only mutual TLS with certificates of a private CA and requires a password, splits of
 * one server's key space, keys counted by SCAN): splits planned in the Tez AM and in HiveServer2, two containers
 * scanning one table at once, and the TLS material (the CA's PEM file, the client's PKCS12 key store) and the
 * passwords (the ACL user's, the key store's, in a JCEKS provider) read from HDFS inside the containers, whose JVMs
 * trust no such CA, for the INSERT and the scans; neither password is found anywhere else. {@link RetriedWriteYarnIT}
 * kills a writing task.
 */
@ExtendWith(YarnStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScanTasksYarnIT {
    private static final Logger log = LoggerFactory.getLogger(ScanTasksYarnIT.class);
    private static final String DB = "it_yarn_tasks";
    private static final String PASSWORD = "yarn-S3cr3t-Pa55-7c1e";
    private static final String ALIAS = "it.yarn.redis.password";
    private static final String KEY_STORE_PASSWORD = "yarn-K3y-st0re-Pa55-41d0";
    private static final String KEY_STORE_ALIAS = "it.yarn.redis.keystore";
    /**
     * A session setting's value: it reaches the job configuration, hence the DAG plan and the Tez recovery log on HDFS
     * (deflated there), as a secret put in the configuration would.
     */
    private static final String CANARY = "canary-" + java.util.UUID.randomUUID();
    /** The client name the handler gives its Redis connections. */
    private static final String CLIENT_NAME = "name=hive-nosql ";

    private YarnStack.Resources yarn;
    private RemoteHiveInstance hive;
    private ContainerLogs containerLogs;
    private TestingRedisServer secured;
    private String provider;
    /** The CA's PEM file and the client's key store, on HDFS. */
    private String trustStore;

    private String keyStore;

    @BeforeAll
    void start(YarnStack.Resources yarn) throws Exception {
        this.yarn = yarn;
        hive = yarn.hive();
        containerLogs = yarn.containerLogs();
        Path scratch = yarn.stores().scratch("yarn-tasks");
        TestingCertificates ca = TestingCertificates.create(scratch.resolve("ca"), "yarn CA");
        secured = TestingRedisServer.builder()
                .password("the-default-users-password")
                .aclUser("hive", PASSWORD)
                .tls(TlsServerMaterial.issue(ca, "yarn-redis", true))
                .build();
        Path clientKeyStore = ca.keyStore(ca.issue("hive", List.of(), Validity.CURRENT), KEY_STORE_PASSWORD);
        // written as `hadoop credential create` writes it, then put on HDFS, readable by its owner only
        Path local = scratch.resolve("redis.jceks");
        Keystores.create(
                local,
                Map.of(
                        ALIAS,
                        PASSWORD,
                        Keystores.hosts(ALIAS),
                        secured.address(),
                        KEY_STORE_ALIAS,
                        KEY_STORE_PASSWORD));
        org.apache.hadoop.fs.Path onHdfs = new org.apache.hadoop.fs.Path("/user/hive-nosql-it/redis.jceks");
        org.apache.hadoop.fs.Path caOnHdfs = new org.apache.hadoop.fs.Path("/user/hive-nosql-it/tls/ca.pem");
        org.apache.hadoop.fs.Path keyStoreOnHdfs = new org.apache.hadoop.fs.Path("/user/hive-nosql-it/tls/hive.p12");
        try (FileSystem hdfs = yarn.hdfs()) {
            hdfs.copyFromLocalFile(true, true, new org.apache.hadoop.fs.Path(local.toUri()), onHdfs);
            hdfs.setPermission(onHdfs, new FsPermission((short) 0600));
            hdfs.copyFromLocalFile(
                    false, true, new org.apache.hadoop.fs.Path(ca.caPem().toUri()), caOnHdfs);
            hdfs.copyFromLocalFile(true, true, new org.apache.hadoop.fs.Path(clientKeyStore.toUri()), keyStoreOnHdfs);
            hdfs.setPermission(keyStoreOnHdfs, new FsPermission((short) 0600));
        }
        URI namenode = URI.create(yarn.state().hdfsUri());
        provider = "jceks://hdfs@" + namenode.getHost() + ":" + namenode.getPort() + onHdfs;
        trustStore = yarn.state().hdfsUri() + caOnHdfs;
        keyStore = yarn.state().hdfsUri() + keyStoreOnHdfs;
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
    }

    @AfterAll
    void stop() throws Exception {
        try {
            hive.execute("RESET");
        } finally {
            if (secured != null) {
                secured.close();
            }
        }
    }

    /**
     * One slowed scan of a 2-split table: the Tez AM planned its splits, two task containers (two JVMs) read them at
     * the same time, each with its own Redis connection, authenticated with the password the containers read from the
     * provider on HDFS. The same scan with {@code hive.compute.splits.in.am=false} is planned in HiveServer2 and reads
     * the same rows.
     */
    @Test
    void splitsPlannedInTheAmOrInHiveServerAndTwoContainersScanningOneTableAtOnce() throws Exception {
        int rows = 200;
        String table = DB + ".scanned";
        // a round trip every 10 keys: a task's reader stays connected while it reads its split
        create(table, "it:yarn:scan:", "'redis.split.count'='2', 'redis.scan.count'='10'");
        hive.execute("SET hive.fetch.task.conversion=none");
        hive.execute("SET hivenosql.it.canary=" + CANARY);
        hive.execute("INSERT INTO " + table + " SELECT id, concat('owner-', cast(id AS string)), id * 100 "
                + "FROM (SELECT posexplode(split(space(" + (rows - 1) + "), ' ')) AS (id, unused)) ids");
        assertThat(keys("it:yarn:scan:")).isEqualTo(rows);
        List<List<Object>> expected = new ArrayList<>();
        for (int id = 0; id < rows; id++) {
            expected.add(List.of(id, "owner-" + id, id * 100L));
        }

        String planned = "table " + table + ": 2 splits (";
        long inHiveServer = linesOf(hiveServerLog(), planned);
        long inAms = linesInApplicationMasters(planned);
        var before = containerLogs.attemptIds();
        // Tez groups splits smaller than tez.grouping.min-size (50 MB) into one task: here each split is a task
        hive.execute("SET tez.grouping.min-size=1");
        // row by row: a vectorized task would read a whole split into a batch before the first row's sleep
        hive.execute("SET hive.vectorized.execution.enabled=false");
        RedisClientWatch watch = RedisClientWatch.start(secured, CLIENT_NAME);
        List<List<Object>> amRows;
        try {
            // 150 ms a row (about 15 s a split; a per-row argument, or the vectorizer calls it once) keeps the first
            // task
            // busy until the second's container has started
            amRows = hive.query(
                    "SELECT id, owner, balance, reflect('java.lang.Thread', 'sleep', 150 + id * 0L) FROM " + table);
        } finally {
            watch.stop();
        }
        List<ContainerLogs.Attempt> scan = containerLogs.attemptsSince(before);
        assertThat(amRows.stream().map(row -> row.subList(0, 3)).toList())
                .containsExactlyInAnyOrderElementsOf(expected);
        assertThat(linesOf(hiveServerLog(), planned))
                .as("split plans in HiveServer2's log")
                .isEqualTo(inHiveServer);
        assertThat(linesInApplicationMasters(planned))
                .as("split plans in the Tez AMs' syslogs")
                .isEqualTo(inAms + 1);
        ContainerLogs.Container am = containerLogs
                .applicationMaster(scan.get(0).container().applicationId())
                .orElseThrow();
        assertThat(linesOfSyslogs(am, planned)).as(am.id()).isPositive();

        // two attempts in two container JVMs whose logged lifetimes overlap, and two connections seen at once
        assertThat(scan).as("task attempts of the scan").hasSize(2);
        ContainerLogs.Attempt first = scan.get(0);
        ContainerLogs.Attempt second = scan.get(1);
        OptionalLong firstPid = first.container().taskPid();
        OptionalLong secondPid = second.container().taskPid();
        log.info(
                "scan attempts {} in {} (pid {}, {}) and {} in {} (pid {}, {}); most connections at once: {}",
                first.id(),
                first.container().id(),
                firstPid,
                first.interval("Processing split:", "NoSqlRecordReader"),
                second.id(),
                second.container().id(),
                secondPid,
                second.interval("Processing split:", "NoSqlRecordReader"),
                watch.most());
        assertThat(first.container()).isNotEqualTo(second.container());
        assertThat(firstPid).isPresent();
        assertThat(secondPid).isPresent().isNotEqualTo(firstPid);
        // from a task's opening its split to its reader's closing summary
        String opened = "Processing split:";
        String closed = "NoSqlRecordReader|: table " + table + ", split ";
        assertThat(first.interval(opened, closed)
                        .orElseThrow()
                        .overlaps(second.interval(opened, closed).orElseThrow()))
                .as("reads %s and %s overlap", first.interval(opened, closed), second.interval(opened, closed))
                .isTrue();
        assertThat(watch.most())
                .as("hive-nosql connections at once: %s", watch.busiest())
                .isGreaterThanOrEqualTo(2);

        hive.execute("SET hive.compute.splits.in.am=false");
        inAms = linesInApplicationMasters(planned);
        List<List<Object>> hiveServerRows = hive.query("SELECT id, owner, balance FROM " + table);
        hive.execute("RESET");
        assertThat(hiveServerRows).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(linesOf(hiveServerLog(), planned))
                .as("split plans in HiveServer2's log")
                .isEqualTo(inHiveServer + 1);
        assertThat(linesInApplicationMasters(planned))
                .as("split plans in the Tez AMs' syslogs")
                .isEqualTo(inAms);

        assertSecretNowhere(scan, List.of());
    }

    private void create(String table, String prefix, String extra) throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + table);
        hive.execute("CREATE EXTERNAL TABLE " + table + " (id int, owner string, balance bigint) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + secured.address() + "', 'redis.key.prefix'='" + prefix + "', 'redis.user'='hive', "
                + "'redis.password.alias'='" + ALIAS + "', 'nosql.credentials.provider'='" + provider + "', "
                + "'redis.ssl'='true', 'redis.ssl.truststore'='" + trustStore + "', 'redis.ssl.keystore'='" + keyStore
                + "', 'redis.ssl.keystore.password.alias'='" + KEY_STORE_ALIAS + "', " + extra + ")");
    }

    /**
     * The password is in no container log (the YARN application logs), none of HiveServer2's or the cluster's logs,
     * and no file of the Tez staging or Hive scratch directories on HDFS; the scans are not vacuous: they read the
     * attempts' logs, and the DAG's plan and configuration (which hold the session's canary setting).
     */
    private void assertSecretNowhere(List<ContainerLogs.Attempt> attempts, List<SecretScan> earlier)
            throws IOException {
        SecretScan logs = new SecretScan(List.of(PASSWORD, KEY_STORE_PASSWORD, CANARY));
        for (Path dir : yarn.state().containerLogDirs()) {
            logs.local(dir);
        }
        logs.local(hiveServerLog().getParent());
        logs.local(yarn.cluster().workDir().resolve("hive-plain").resolve("logs"));
        logs.local(yarn.cluster().workDir().resolve("cluster.log"));
        assertThat(logs.filesHolding(PASSWORD)).as("logs holding the password").isEmpty();
        assertThat(logs.filesHolding(KEY_STORE_PASSWORD))
                .as("logs holding the key store's password")
                .isEmpty();
        assertThat(logs.files().keySet())
                .as("log files read")
                .contains(hiveServerLog().toString())
                .containsAll(attempts.stream().map(a -> a.log().toString()).toList());
        assertThat(logs.files().get(attempts.get(0).log().toString())).isPositive();

        List<SecretScan> staged = new ArrayList<>(earlier);
        staged.add(hdfsScan());
        for (SecretScan scan : staged) {
            assertThat(scan.filesHolding(PASSWORD))
                    .as("HDFS files holding the password")
                    .isEmpty();
            assertThat(scan.filesHolding(KEY_STORE_PASSWORD))
                    .as("HDFS files holding the key store's password")
                    .isEmpty();
        }
        // the Tez session's configuration and the DAGs' plans (the recovery log of each DAG) were read
        List<String> stagedFiles = staged.stream()
                .flatMap(scan -> scan.files().entrySet().stream())
                .filter(file -> file.getValue() > 0)
                .map(Map.Entry::getKey)
                .toList();
        assertThat(stagedFiles)
                .as("staged files read")
                .anyMatch(file -> file.endsWith("/tez-conf.pb"))
                .anyMatch(file -> file.matches(".*/recovery/.*/dag_.*\\.recovery"));
        assertThat(staged.stream().flatMap(scan -> scan.filesHolding(CANARY).stream()))
                .as(
                        "staged files holding the session's canary setting, among %s",
                        staged.stream().map(SecretScan::files).toList())
                .isNotEmpty();
        log.info(
                "password in none of {} log files, {} staged files on HDFS (the canary setting in {})",
                logs.files().size(),
                staged.stream().mapToInt(scan -> scan.files().size()).sum(),
                staged.stream()
                        .flatMap(scan -> scan.filesHolding(CANARY).stream())
                        .distinct()
                        .toList());
    }

    private SecretScan hdfsScan() throws IOException {
        try (FileSystem hdfs = yarn.hdfs()) {
            return new SecretScan(List.of(PASSWORD, KEY_STORE_PASSWORD, CANARY))
                    .hdfs(hdfs, "/tmp/tez-staging")
                    .hdfs(hdfs, "/tmp/hive");
        }
    }

    private Path hiveServerLog() {
        return yarn.cluster().workDir().resolve("hive").resolve("logs").resolve("hiveserver2.log");
    }

    private long linesInApplicationMasters(String text) throws IOException {
        long lines = 0;
        for (ContainerLogs.Container container : containerLogs.containers()) {
            if (container.isApplicationMaster()) {
                lines += linesOfSyslogs(container, text);
            }
        }
        return lines;
    }

    /** Lines in a container's syslogs: a Tez AM logs each DAG to {@code syslog_dag_<dag id>}. */
    private static long linesOfSyslogs(ContainerLogs.Container container, String text) throws IOException {
        long lines = 0;
        try (Stream<Path> files = Files.list(container.logDir())) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("syslog"))
                    .toList()) {
                lines += linesOf(file, text);
            }
        }
        return lines;
    }

    private static long linesOf(Path file, String text) throws IOException {
        if (!Files.isRegularFile(file)) {
            return 0;
        }
        return new String(Files.readAllBytes(file), UTF_8)
                .lines()
                .filter(line -> line.contains(text))
                .count();
    }

    private long keys(String prefix) {
        try (Jedis jedis = secured.connect()) {
            return RedisStats.keys(jedis, prefix);
        }
    }
}
