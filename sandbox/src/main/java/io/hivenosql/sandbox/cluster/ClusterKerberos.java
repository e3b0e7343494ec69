package io.hivenosql.sandbox.cluster;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The KDC of the Kerberized cluster ({@code ClusterOptions --kerberos}): Hadoop's {@link MiniKdc} (Apache Kerby) in the
 * cluster's JVM, realm {@value #REALM}, and the principals a secure cluster has:
 *
 * <ul>
 *   <li>{@value #SERVICE} for every Hadoop daemon (NameNode, DataNodes, ResourceManager, NodeManagers), with {@value
 *       #HTTP} for their web endpoints, in {@code service.keytab}: {@code MiniYARNCluster} starts its daemons without
 *       their keytab logins, so they all run as the JVM's login user and must share its principal;
 *   <li>{@value #HIVE} for HiveServer2, in {@code hive.keytab};
 *   <li>{@value #USER}, the analyst who runs beeline, in {@code analyst.keytab}.
 * </ul>
 *
 * {@link #start} must run before anything in the JVM touches {@link UserGroupInformation}: it sets {@code
 * java.security.krb5.conf} (MiniKdc writes {@code krb5.conf} with the KDC's random port), then logs the JVM in as
 * {@value #SERVICE}. Every other JVM (HiveServer2, the containers, beeline) needs {@code -Djava.security.krb5.conf}
 * ({@link #jvmOption()}).
 */
public final class ClusterKerberos implements Closeable {
    public static final String REALM = "EXAMPLE.COM";
    /** The principal of every Hadoop daemon, and of the cluster JVM's login. */
    public static final String SERVICE = "hadoop/localhost";
    /** The principal of the daemons' web endpoints (SPNEGO). */
    public static final String HTTP = "HTTP/localhost";
    /** HiveServer2's principal; clients name it as {@code hive/_HOST@EXAMPLE.COM}, {@code _HOST} their URL's host. */
    public static final String HIVE = "hive/localhost";
    /** The analyst: a user principal, no host. */
    public static final String USER = "analyst";
    /** HiveServer2's principal as a JDBC URL and hive-site.xml name it: {@code _HOST} is the host. */
    public static final String HIVE_PRINCIPAL = "hive/_HOST@" + REALM;

    private static final Logger log = LoggerFactory.getLogger(ClusterKerberos.class);

    private final MiniKdc kdc;
    private final Path dir;

    private ClusterKerberos(MiniKdc kdc, Path dir) {
        this.kdc = kdc;
        this.dir = dir;
    }

    /** Starts the KDC in {@code dir}, writes the three keytabs and logs this JVM in as {@value #SERVICE}. */
    public static ClusterKerberos start(Path dir) {
        requireNonNull(dir, "dir is null");
        long start = System.nanoTime();
        MiniKdc kdc = null;
        try {
            Files.createDirectories(dir);
            Properties conf = MiniKdc.createConf(); // realm EXAMPLE.COM, a free port, TCP
            kdc = new MiniKdc(conf, dir.toFile());
            kdc.start();
            ClusterKerberos kerberos = new ClusterKerberos(kdc, dir);
            kerberos.noDnsLookups();
            kdc.createPrincipal(kerberos.serviceKeytab().toFile(), SERVICE, HTTP);
            kdc.createPrincipal(kerberos.hiveKeytab().toFile(), HIVE);
            kdc.createPrincipal(kerberos.userKeytab().toFile(), USER);
            Configuration security = new Configuration(false);
            kerberos.hadoopSettings().forEach(security::set);
            UserGroupInformation.setConfiguration(security);
            UserGroupInformation.loginUserFromKeytab(
                    principal(SERVICE), kerberos.serviceKeytab().toString());
            log.info(
                    "KDC of {} up at {} in {} ms ({}); this JVM logged in as {}",
                    REALM,
                    kdc.getPort(),
                    (System.nanoTime() - start) / 1_000_000,
                    kerberos.krb5Conf(),
                    UserGroupInformation.getLoginUser());
            return kerberos;
        } catch (Exception e) {
            if (kdc != null) {
                kdc.stop();
            }
            if (e instanceof IOException io) {
                throw new UncheckedIOException("Cannot start the KDC in " + dir, io);
            }
            throw new IllegalStateException("Cannot start the KDC in " + dir, e);
        }
    }

    /**
     * Adds to {@code krb5.conf} what a realm of one KDC named in the file wants: MIT {@code kinit} would otherwise ask DNS
     * for the realm's KDCs after each reply (slow where DNS is slow or absent), and clients would resolve host names
     * backwards. Java has read the file already (this JVM); the other JVMs and MIT's tools read it as written here.
     */
    private void noDnsLookups() throws IOException {
        Path file = krb5Conf();
        String conf = Files.readString(file);
        String section = "[libdefaults]";
        if (!conf.contains(section)) {
            throw new IOException("MiniKdc's " + file + " has no " + section + " section");
        }
        Files.writeString(
                file,
                conf.replace(
                        section,
                        section + "\n    dns_lookup_kdc = false\n    dns_lookup_realm = false\n    rdns = false"));
    }

    /** {@code name@EXAMPLE.COM}. */
    public static String principal(String name) {
        return name + "@" + REALM;
    }

    /** The {@code krb5.conf} every JVM and MIT tool ({@code KRB5_CONFIG}) of the cluster reads. */
    public Path krb5Conf() {
        return kdc.getKrb5conf().toPath().toAbsolutePath();
    }

    /** {@code -Djava.security.krb5.conf=<krb5.conf>}. */
    public String jvmOption() {
        return "-Djava.security.krb5.conf=" + krb5Conf();
    }

    public Path serviceKeytab() {
        return dir.resolve("service.keytab").toAbsolutePath();
    }

    public Path hiveKeytab() {
        return dir.resolve("hive.keytab").toAbsolutePath();
    }

    public Path userKeytab() {
        return dir.resolve("analyst.keytab").toAbsolutePath();
    }

    /**
     * What secures HDFS and YARN, for their daemons and every client: Kerberos authentication with service-level
     * authorization, the daemons' principal and keytab, block access tokens. The DataNodes use no privileged port nor
     * SASL on data transfer ({@code ignore.secure.ports.for.testing}): a production cluster secures that stream too,
     * which concerns HDFS alone.
     */
    public Map<String, String> hadoopSettings() {
        String service = principal(SERVICE);
        String keytab = serviceKeytab().toString();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("hadoop.security.authentication", "kerberos");
        settings.put("hadoop.security.authorization", "true");
        settings.put("hadoop.security.auth_to_local", "DEFAULT");
        settings.put("dfs.namenode.kerberos.principal", service);
        settings.put("dfs.namenode.keytab.file", keytab);
        settings.put("dfs.datanode.kerberos.principal", service);
        settings.put("dfs.datanode.keytab.file", keytab);
        settings.put("dfs.web.authentication.kerberos.principal", principal(HTTP));
        settings.put("dfs.web.authentication.kerberos.keytab", keytab);
        settings.put("dfs.block.access.token.enable", "true");
        // permissions checked, with ACLs: a file may be shared with one more user (hive, who runs the tasks)
        settings.put("dfs.permissions.enabled", "true");
        settings.put("dfs.namenode.acls.enabled", "true");
        settings.put("ignore.secure.ports.for.testing", "true");
        settings.put("yarn.resourcemanager.principal", service);
        settings.put("yarn.resourcemanager.keytab", keytab);
        settings.put("yarn.nodemanager.principal", service);
        settings.put("yarn.nodemanager.keytab", keytab);
        // HiveServer2 (hive) reads what a session user may read through a proxy user, as a secure cluster allows it
        settings.put("hadoop.proxyuser.hive.hosts", "*");
        settings.put("hadoop.proxyuser.hive.groups", "*");
        return settings;
    }

    /**
     * The directories a secure cluster's HDFS has before its users come, made as the superuser ({@value #SERVICE}):
     * {@code /tmp} for everyone (sticky), the home directories of {@code hive} (warehouse, Hive's jars) and of the
     * analyst.
     */
    public static void prepareHdfs(FileSystem fs) throws IOException {
        org.apache.hadoop.fs.Path tmp = new org.apache.hadoop.fs.Path("/tmp");
        fs.mkdirs(tmp);
        fs.setPermission(tmp, new FsPermission((short) 01777));
        for (String user : List.of("hive", USER)) {
            org.apache.hadoop.fs.Path home = new org.apache.hadoop.fs.Path("/user", user);
            fs.mkdirs(home);
            fs.setPermission(home, new FsPermission((short) 0755));
            fs.setOwner(home, user, user);
        }
    }

    /** HiveServer2's own settings: Kerberos for its clients, its principal and keytab; queries run as {@code hive}. */
    public Map<String, String> hiveServerSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("hive.server2.authentication", "KERBEROS");
        settings.put("hive.server2.authentication.kerberos.principal", HIVE_PRINCIPAL);
        settings.put("hive.server2.authentication.kerberos.keytab", hiveKeytab().toString());
        // _HOST is the bind host's name: the principal's host
        settings.put("hive.server2.thrift.bind.host", "localhost");
        // as clusters run with Ranger: HiveServer2 runs the queries as itself; the authorizer checks the user
        settings.put("hive.server2.enable.doAs", "false");
        // and names the session's user (the principal's short name) to the authorizer and current_user()
        settings.put(
                "hive.security.authenticator.manager",
                "org.apache.hadoop.hive.ql.security.SessionStateUserAuthenticator");
        return settings;
    }

    /** The JDBC URL of a Kerberized HiveServer2 on {@code localhost:port}. */
    public static String jdbcUrl(int port) {
        return "jdbc:hive2://localhost:" + port + "/default;principal=" + HIVE_PRINCIPAL;
    }

    /** Stops the KDC. */
    @Override
    public void close() {
        kdc.stop();
    }

    @Override
    public String toString() {
        return "ClusterKerberos[" + REALM + ", KDC port " + kdc.getPort() + ", " + krb5Conf() + "]";
    }
}
