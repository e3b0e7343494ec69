package io.hivenosql.sandbox.cluster;

import io.hivenosql.sandbox.FreePorts;
import io.hivenosql.sandbox.JvmOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The main class of the cluster's own JVM, started by {@link TestingHiveCluster}: HDFS and YARN ({@link
 * MiniHadoopCluster}) in this JVM, the handler jars copied to HDFS, HiveServer2 in a JVM of its own ({@link
 * ClusterHiveServer}), then {@code <work>/cluster.properties} ({@link ClusterState}). It runs until SIGTERM or until
 * its standard input ends (its starter closed the pipe or died); either way a shutdown hook stops HiveServer2, YARN
 * (with every container) and HDFS.
 *
 * <pre>
 * java --add-opens ... -cp ... io.hivenosql.sandbox.cluster.ClusterMain WORK_DIR [ClusterOptions ...]
 * </pre>
 *
 * See {@link ClusterOptions}: {@code --conf} sets a hive-site property of both HiveServer2s, after the defaults of
 * {@link ClusterHiveConf}; {@code --plain-hiveserver} starts a second HiveServer2 (its own metastore and warehouse)
 * that has no handler jar anywhere, for sessions that {@code ADD JAR} them.
 * The working directory must be {@code WORK_DIR}: {@code MiniYARNCluster} keeps its directories under {@code
 * ./target}.
 */
public final class ClusterMain {
    /** Where the handler jars lie on HDFS. */
    public static final String AUX_JAR_DIR = "/apps/hive-nosql";
    /**
     * The directory (under the work directory) first on this JVM's classpath, for its {@code core-site.xml}: empty
     * unless the cluster is Kerberized.
     */
    public static final String SITE_DIR = "site";

    private static final Logger log = LoggerFactory.getLogger(ClusterMain.class);

    private ClusterMain() {}

    public static void main(String[] args) {
        if (args.length < 1) {
            System.err.println("usage: ClusterMain WORK_DIR [--node-managers N] [--plain-hiveserver] [--kerberos] "
                    + "[--conf key=value ...] [handler.jar ...]");
            System.exit(64);
        }
        Path workDir = Path.of(args[0]).toAbsolutePath().normalize();
        ClusterOptions options;
        try {
            options = ClusterOptions.parse(List.of(args).subList(1, args.length));
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(64);
            return;
        }
        watchStandardInput();
        try {
            run(workDir, options);
        } catch (RuntimeException | Error e) {
            log.error("The cluster in {} failed", workDir, e);
            System.exit(70);
        }
    }

    private static void run(Path workDir, ClusterOptions options) {
        long start = System.nanoTime();
        ClusterState.delete(workDir);
        List<Path> classPath = ContainerClassPath.ofThisJvm();
        List<Path> containerClassPath = ContainerClassPath.trim(classPath);
        Set<Path> dropped = new HashSet<>(classPath);
        containerClassPath.forEach(dropped::remove);
        log.info(
                "Container classpath: {} of {} entries; dropped {}",
                containerClassPath.size(),
                classPath.size(),
                dropped);
        // the KDC first: nothing may touch UserGroupInformation before it set java.security.krb5.conf
        Optional<ClusterKerberos> kerberos =
                options.kerberos() ? Optional.of(ClusterKerberos.start(workDir.resolve("kdc"))) : Optional.empty();
        Map<String, String> security =
                kerberos.map(ClusterKerberos::hadoopSettings).orElse(Map.of());
        // what this JVM's own new Configuration() reads (the NodeManagers' localizers make theirs): TestingHiveCluster
        // put the directory on the classpath
        writeSite(workDir.resolve(SITE_DIR), security);
        MiniHadoopCluster cluster;
        try {
            cluster = MiniHadoopCluster.start(
                    workDir.resolve("hadoop"), containerClassPath, options.nodeManagers(), security);
        } catch (RuntimeException e) {
            kerberos.ifPresent(ClusterKerberos::close);
            throw e;
        }
        List<ClusterHiveServer> servers = new CopyOnWriteArrayList<>();
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            ClusterState.delete(workDir);
                            servers.forEach(ClusterHiveServer::close);
                            cluster.close();
                            kerberos.ifPresent(ClusterKerberos::close);
                        },
                        "cluster-stop"));
        List<String> hdfsJars = uploadAuxJars(cluster, options.auxJars());
        if (kerberos.isPresent()) {
            try {
                ClusterKerberos.prepareHdfs(cluster.fileSystem());
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot make the home directories on HDFS", e);
            }
        }
        String hdfs = cluster.hdfsUri().toString();
        int port = FreePorts.pick();
        List<String> containerOptions = new ArrayList<>(JvmOptions.hiveOpens());
        Map<String, String> serverSettings = new LinkedHashMap<>();
        kerberos.ifPresent(kdc -> {
            containerOptions.add(kdc.jvmOption());
            serverSettings.putAll(kdc.hiveServerSettings());
        });
        serverSettings.putAll(options.hiveConf());
        Map<String, String> hiveSite = ClusterHiveConf.properties(
                workDir.resolve("hive"), port, cluster.clientSettings(), hdfsJars, containerOptions, serverSettings);
        // both HiveServer2s start at once: each spends most of its start-up on Derby and loading its classes
        CompletableFuture<Optional<ClusterHiveServer>> plainStart = options.plainHiveServer()
                ? CompletableFuture.supplyAsync(
                        () -> Optional.of(startPlainServer(workDir, cluster, containerClassPath, options)))
                : CompletableFuture.completedFuture(Optional.empty());
        try {
            servers.add(ClusterHiveServer.start(
                    workDir.resolve("hive"), port, hiveSite, containerClassPath, options.auxJars(), kerberos));
        } finally {
            plainStart.join().ifPresent(servers::add);
        }
        ClusterHiveServer server = servers.get(0);
        Optional<ClusterState.PlainHiveServer> plain = plainStart
                .join()
                .map(plainServer -> new ClusterState.PlainHiveServer(plainServer.jdbcUrl(), plainServer.pid()));
        ClusterState state = new ClusterState(
                server.jdbcUrl(),
                server.pid(),
                plain,
                hdfs,
                cluster.resourceManagerAddress(),
                cluster.nodeManagers(),
                hdfsJars,
                cluster.containerLogDirs(),
                cluster.containerLocalDirs(),
                kerberos.map(kdc -> new ClusterState.Kerberos(
                        kdc.krb5Conf(),
                        ClusterKerberos.principal(ClusterKerberos.USER),
                        kdc.userKeytab(),
                        ClusterKerberos.HIVE_PRINCIPAL)));
        state.write(workDir);
        log.info("Cluster up in {} ms: {}", (System.nanoTime() - start) / 1_000_000, state);
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The HiveServer2 of deployment (b): no handler jar on its classpath nor in {@code hive.aux.jars.path}; its own
     * metastore and warehouse, so that tables of one server are not the other's.
     */
    private static ClusterHiveServer startPlainServer(
            Path workDir, MiniHadoopCluster cluster, List<Path> containerClassPath, ClusterOptions options) {
        String hdfs = cluster.hdfsUri().toString();
        int port = FreePorts.pick();
        Map<String, String> site = new LinkedHashMap<>(options.hiveConf());
        site.put("hive.metastore.warehouse.dir", hdfs + "/user/hive-plain/warehouse");
        site.put("hive.metastore.warehouse.external.dir", hdfs + "/user/hive-plain/external");
        Path dir = workDir.resolve("hive-plain");
        Map<String, String> hiveSite = ClusterHiveConf.properties(
                dir, port, cluster.clientSettings(), List.of(), JvmOptions.hiveOpens(), site);
        return ClusterHiveServer.start(dir, port, hiveSite, containerClassPath, List.of(), Optional.empty());
    }

    /** Writes {@code <dir>/core-site.xml} with {@code settings}, if any. */
    private static void writeSite(Path dir, Map<String, String> settings) {
        if (settings.isEmpty()) {
            return;
        }
        try {
            Files.createDirectories(dir);
            ClusterHiveServer.writeXml(settings, dir.resolve("core-site.xml"));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + dir.resolve("core-site.xml"), e);
        }
    }

    /** Copies the handler jars to {@value #AUX_JAR_DIR} on HDFS; returns their {@code hdfs://} URIs. */
    static List<String> uploadAuxJars(MiniHadoopCluster cluster, List<Path> jars) {
        List<String> uris = new ArrayList<>();
        try {
            FileSystem fs = cluster.fileSystem();
            org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(AUX_JAR_DIR);
            fs.mkdirs(dir);
            for (Path jar : jars) {
                org.apache.hadoop.fs.Path target =
                        new org.apache.hadoop.fs.Path(dir, jar.getFileName().toString());
                fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(jar.toUri()), target);
                uris.add(cluster.hdfsUri() + target.toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot copy the handler jars to HDFS", e);
        }
        return List.copyOf(uris);
    }

    /** Exits (through the shutdown hook) once standard input ends: the starter closed the pipe or is gone. */
    private static void watchStandardInput() {
        Thread watcher = new Thread(
                () -> {
                    try {
                        InputStream in = System.in;
                        while (in.read() >= 0) {
                            // the starter never writes; anything read is ignored
                        }
                    } catch (IOException e) {
                        log.warn("Standard input failed ({}): stopping", e.toString());
                    }
                    log.info("Standard input ended: stopping the cluster");
                    System.exit(0);
                },
                "stdin-watch");
        watcher.setDaemon(true);
        watcher.start();
    }
}
