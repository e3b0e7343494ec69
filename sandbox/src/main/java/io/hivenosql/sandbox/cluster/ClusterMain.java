package io.hivenosql.sandbox.cluster;

import io.hivenosql.sandbox.FreePorts;
import io.hivenosql.sandbox.JvmOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * java --add-opens ... -cp ... io.hivenosql.sandbox.cluster.ClusterMain WORK_DIR [--conf key=value ...] [handler.jar ...]
 * </pre>
 *
 * {@code --conf} sets a hive-site property of HiveServer2, after the defaults of {@link ClusterHiveConf}.
 * The working directory must be {@code WORK_DIR}: {@code MiniYARNCluster} keeps its directories under {@code
 * ./target}.
 */
public final class ClusterMain {
    /** Where the handler jars lie on HDFS. */
    public static final String AUX_JAR_DIR = "/apps/hive-nosql";
    /** The option that sets a hive-site property: {@code --conf key=value}. */
    public static final String CONF_OPTION = "--conf";

    private static final Logger log = LoggerFactory.getLogger(ClusterMain.class);

    private ClusterMain() {}

    public static void main(String[] args) {
        if (args.length < 1) {
            System.err.println("usage: ClusterMain WORK_DIR [--conf key=value ...] [handler.jar ...]");
            System.exit(64);
        }
        Path workDir = Path.of(args[0]).toAbsolutePath().normalize();
        List<Path> auxJars = new ArrayList<>();
        Map<String, String> hiveConf = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals(CONF_OPTION) && i + 1 < args.length && args[i + 1].indexOf('=') > 0) {
                String setting = args[++i];
                int equals = setting.indexOf('=');
                hiveConf.put(setting.substring(0, equals), setting.substring(equals + 1));
            } else {
                auxJars.add(Path.of(args[i]).toAbsolutePath().normalize());
            }
        }
        watchStandardInput();
        try {
            run(workDir, auxJars, hiveConf);
        } catch (RuntimeException | Error e) {
            log.error("The cluster in {} failed", workDir, e);
            System.exit(70);
        }
    }

    private static void run(Path workDir, List<Path> auxJars, Map<String, String> extraHiveConf) {
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
        MiniHadoopCluster cluster = MiniHadoopCluster.start(workDir.resolve("hadoop"), containerClassPath);
        ClusterHiveServer[] server = new ClusterHiveServer[1];
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            ClusterState.delete(workDir);
                            if (server[0] != null) {
                                server[0].close();
                            }
                            cluster.close();
                        },
                        "cluster-stop"));
        List<String> hdfsJars = uploadAuxJars(cluster, auxJars);
        int port = FreePorts.pick();
        Map<String, String> hiveSite = ClusterHiveConf.properties(
                workDir.resolve("hive"),
                port,
                cluster.clientSettings(),
                hdfsJars,
                JvmOptions.hiveOpens(),
                extraHiveConf);
        server[0] = ClusterHiveServer.start(workDir.resolve("hive"), port, hiveSite, containerClassPath, auxJars);
        ClusterState state = new ClusterState(
                server[0].jdbcUrl(),
                server[0].pid(),
                cluster.hdfsUri().toString(),
                cluster.resourceManagerAddress(),
                hdfsJars,
                cluster.containerLogDirs(),
                cluster.containerLocalDirs());
        state.write(workDir);
        log.info("Cluster up in {} ms: {}", (System.nanoTime() - start) / 1_000_000, state);
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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
