package io.hivenosql.sandbox;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.cluster.ClusterOptions;
import io.hivenosql.sandbox.cluster.TestingHiveCluster;
import io.hivenosql.sandbox.hive.EmbeddedHiveInstance;
import io.hivenosql.sandbox.hive.Hive3Server;
import io.hivenosql.sandbox.hive.HiveEngine;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.hive.HiveRelease;
import io.hivenosql.sandbox.hive.LocalHiveServer;
import io.hivenosql.sandbox.hive.RemoteHiveInstance;
import java.io.Closeable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The HiveServer2 of a {@link Stack}, in one of the stack's modes: in process with Tez or MapReduce in local mode
 * ({@link LocalHiveServer}), Hive on Tez over a YARN cluster with HiveServer2 in its own JVM ({@link
 * TestingHiveCluster}, {@link StackBuilder#cluster(boolean)}), or Hive 3.1.3's HiveServer2 in its own JVM with Tez or
 * MapReduce in local mode ({@link Hive3Server}, {@link StackBuilder#hive(HiveRelease)}).
 */
final class StackHive implements Closeable {
    /** Beeline variable of cluster mode: the cluster's HDFS, {@code hdfs://127.0.0.1:<port>}. */
    static final String HDFS_URI = "hdfs_uri";
    /** Beeline variable of cluster mode: the NodeManagers' container log directories (comma-separated). */
    static final String CONTAINER_LOGS = "container_logs";
    /** Where cluster mode copies the examples directory ({@link StackBuilder#examples(Path)}) on HDFS. */
    static final String HDFS_EXAMPLES_DIR = "/apps/hive-nosql/examples";
    /** Where a stack's HiveServer2 3.1.3 keeps its files, under the stack's work directory. */
    static final String HIVE3_DIR = "hive3";
    /** The {@code engine} of a cluster-mode stack's state file. */
    static final String CLUSTER_ENGINE = "tez-yarn";

    private final HiveInstance instance;
    private final String engine;
    private final Optional<TestingHiveCluster> cluster;
    private final Optional<Hive3Server> hive3;
    private final Optional<String> examplesDir;

    private StackHive(
            HiveInstance instance,
            String engine,
            Optional<TestingHiveCluster> cluster,
            Optional<Hive3Server> hive3,
            Optional<String> examplesDir) {
        this.instance = instance;
        this.engine = engine;
        this.cluster = cluster;
        this.hive3 = hive3;
        this.examplesDir = examplesDir;
    }

    /**
     * Starts HiveServer2 under {@code <work>/hive} (local) or the cluster under {@code <work>/cluster}; in cluster mode
     * copies {@code examples} to {@value #HDFS_EXAMPLES_DIR} on HDFS.
     */
    static StackHive start(
            Path workDir,
            HiveRelease release,
            boolean clusterMode,
            int nodeManagers,
            HiveEngine engine,
            List<Path> auxJars,
            Map<String, String> hiveConf,
            Optional<Path> examples,
            Duration startTimeout) {
        requireNonNull(engine, "engine is null");
        if (release == HiveRelease.HIVE_3_1_3) {
            if (clusterMode) {
                throw new IllegalArgumentException(
                        "The cluster mode runs HiveServer2 4.0.1 only, not " + release.version());
            }
            Hive3Server server = Hive3Server.start(workDir.resolve(HIVE3_DIR), engine, auxJars, hiveConf, startTimeout);
            RemoteHiveInstance hive = new RemoteHiveInstance(server.jdbcUrl(), System.getProperty("user.name", "hive"));
            return new StackHive(
                    hive, engine.hiveName(), Optional.empty(), Optional.of(server), examples.map(Path::toString));
        }
        if (!clusterMode) {
            EmbeddedHiveInstance hive = EmbeddedHiveInstance.start(LocalHiveServer.builder(workDir.resolve("hive"))
                    .engine(engine)
                    .auxJars(auxJars)
                    .conf(hiveConf)
                    .startTimeout(startTimeout));
            return new StackHive(
                    hive, engine.hiveName(), Optional.empty(), Optional.empty(), examples.map(Path::toString));
        }
        if (engine != HiveEngine.TEZ) {
            throw new IllegalArgumentException("The cluster mode runs Hive on Tez only, not " + engine.hiveName());
        }
        // the cluster starts HDFS and YARN before HiveServer2: more time than a local server
        Duration timeout = startTimeout.plus(Duration.ofMinutes(2));
        ClusterOptions options =
                ClusterOptions.defaults(auxJars).withNodeManagers(nodeManagers).withHiveConf(hiveConf);
        TestingHiveCluster cluster = TestingHiveCluster.start(workDir.resolve("cluster"), options, timeout);
        Optional<String> examplesOnHdfs;
        try {
            examplesOnHdfs = examples.map(dir -> cluster.copyToHdfs(dir, HDFS_EXAMPLES_DIR));
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
        RemoteHiveInstance hive = new RemoteHiveInstance(cluster.jdbcUrl(), System.getProperty("user.name", "hive"));
        return new StackHive(hive, CLUSTER_ENGINE, Optional.of(cluster), Optional.empty(), examplesOnHdfs);
    }

    HiveInstance instance() {
        return instance;
    }

    /** {@code tez} or {@code mr} (local mode), {@value #CLUSTER_ENGINE} (cluster mode). */
    String engine() {
        return engine;
    }

    Optional<TestingHiveCluster> cluster() {
        return cluster;
    }

    /** The release of the running HiveServer2. */
    HiveRelease release() {
        return hive3.isPresent() ? HiveRelease.HIVE_3_1_3 : HiveRelease.HIVE_4_0_1;
    }

    /**
     * Beeline variables of this mode: {@value Stack#EXAMPLES_DIR} (the examples directory, or in cluster mode its copy
     * on HDFS), in cluster mode {@value #HDFS_URI} and {@value #CONTAINER_LOGS}.
     */
    Map<String, String> variables() {
        Map<String, String> variables = new LinkedHashMap<>();
        examplesDir.ifPresent(dir -> variables.put(Stack.EXAMPLES_DIR, dir));
        cluster.ifPresent(running -> {
            variables.put(HDFS_URI, running.state().hdfsUri());
            variables.put(
                    CONTAINER_LOGS,
                    String.join(
                            ",",
                            running.state().containerLogDirs().stream()
                                    .map(Path::toString)
                                    .toList()));
        });
        return variables;
    }

    /** The processes this mode started, by name (cluster mode: {@code cluster}, {@code hiveserver2}). */
    Map<String, Long> pids() {
        Map<String, Long> pids = new LinkedHashMap<>();
        cluster.ifPresent(running -> {
            pids.put("cluster", running.pid());
            pids.put("hiveserver2", running.state().hiveServerPid());
        });
        hive3.ifPresent(server -> pids.put("hiveserver2", server.pid()));
        return pids;
    }

    @Override
    public void close() {
        try {
            instance.close();
        } finally {
            try {
                cluster.ifPresent(TestingHiveCluster::close);
            } finally {
                hive3.ifPresent(Hive3Server::close);
            }
        }
    }
}
