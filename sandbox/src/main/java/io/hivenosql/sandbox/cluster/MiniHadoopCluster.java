package io.hivenosql.sandbox.cluster;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapred.ShuffleHandler;
import org.apache.hadoop.service.Service;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.hadoop.yarn.server.nodemanager.ContainerExecutor;
import org.apache.hadoop.yarn.server.nodemanager.DefaultContainerExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HDFS and YARN in this JVM, as Hive's MiniHS2 (TEZ type) builds them: Hadoop's {@link MiniDFSCluster} with {@value
 * #DATA_NODES} DataNodes and {@link MiniYARNCluster} with {@value #NODE_MANAGERS} NodeManagers (or as many as asked for),
 * whose containers are
 * JVMs of their own ({@link DefaultContainerExecutor}) with the MapReduce shuffle service Tez fetches from. Unlike
 * Tez's {@code MiniTezCluster}, {@link #clientConf()} gives containers the trimmed classpath of {@link
 * ContainerClassPath} (no handler class), and only the jar of Tez's DAGAppMaster lies in the Tez lib URIs.
 *
 * <p>HDFS keeps its blocks under {@code <work>/hdfs}, the client configuration goes to {@code <work>/conf} ({@code
 * core-site.xml}, {@code yarn-site.xml}); {@code MiniYARNCluster} puts the NodeManagers' local directories (where
 * containers run) and log directories under {@code ./target/test/data/yarn} of the JVM's working directory (see
 * {@link #containerLogDirs()} and {@link #containerLocalDirs()}).
 */
public final class MiniHadoopCluster implements Closeable {
    /** DataNodes of the HDFS. */
    public static final int DATA_NODES = 2;
    /** NodeManagers of the YARN cluster, by default. */
    public static final int NODE_MANAGERS = 2;
    /** Memory each NodeManager offers to containers, in MB: room for an AM and 3 tasks of 512 MB. */
    public static final int NODE_MANAGER_MEMORY_MB = 2048;
    /** Where the Tez AM jar lies on HDFS ({@code tez.lib.uris}). */
    public static final String TEZ_LIB_DIR = "/apps/tez";

    private static final Logger log = LoggerFactory.getLogger(MiniHadoopCluster.class);

    private final Path workDir;
    private final MiniDFSCluster dfs;
    private final MiniYARNCluster yarn;
    private final Configuration clientConf;
    private final int nodeManagers;

    private MiniHadoopCluster(
            Path workDir, MiniDFSCluster dfs, MiniYARNCluster yarn, Configuration clientConf, int nodeManagers) {
        this.workDir = workDir;
        this.dfs = dfs;
        this.yarn = yarn;
        this.clientConf = clientConf;
        this.nodeManagers = nodeManagers;
    }

    /**
     * Starts HDFS, then YARN, uploads the Tez AM jar and writes the client configuration. {@code containerClassPath}
     * becomes {@code yarn.application.classpath}; it must hold Hadoop's and Tez's jars (see {@link ContainerClassPath}).
     */
    public static MiniHadoopCluster start(Path workDir, List<Path> containerClassPath, int nodeManagers) {
        return start(workDir, containerClassPath, nodeManagers, Map.of());
    }

    /**
     * As {@link #start(Path, List, int)}, with {@code security} set in every daemon's and client's configuration (the
     * settings of {@link ClusterKerberos#hadoopSettings()}: this JVM must have logged in already).
     */
    public static MiniHadoopCluster start(
            Path workDir, List<Path> containerClassPath, int nodeManagers, Map<String, String> security) {
        requireNonNull(security, "security is null");
        requireNonNull(workDir, "workDir is null");
        if (nodeManagers < 1) {
            throw new IllegalArgumentException("A YARN cluster needs at least 1 NodeManager: " + nodeManagers);
        }
        requireNonNull(containerClassPath, "containerClassPath is null");
        List<String> violations = ContainerClassPath.violations(containerClassPath);
        if (!violations.isEmpty()) {
            throw new IllegalArgumentException("The container classpath holds classes no container may see: "
                    + violations + "; trim it with ContainerClassPath.trim");
        }
        long start = System.nanoTime();
        Path work = workDir.toAbsolutePath().normalize();
        MiniDFSCluster dfs = null;
        MiniYARNCluster yarn = null;
        try {
            Files.createDirectories(work.resolve("conf"));
            dfs = startDfs(work.resolve("hdfs"), security);
            Configuration conf = new Configuration(dfs.getConfiguration(0));
            URI hdfs = URI.create("hdfs://127.0.0.1:" + dfs.getNameNodePort());
            conf.set("fs.defaultFS", hdfs.toString());
            security.forEach(conf::set);
            yarn = startYarn(conf, nodeManagers);
            Configuration client = new Configuration(yarn.getConfig());
            client.set("fs.defaultFS", hdfs.toString());
            client.set(YarnConfiguration.YARN_APPLICATION_CLASSPATH, ContainerClassPath.yarnValue(containerClassPath));
            client.set("tez.lib.uris", uploadTezAmJar(dfs.getFileSystem(), hdfs));
            writeXml(client, work.resolve("conf/yarn-site.xml"));
            Configuration core = new Configuration(false);
            core.set("fs.defaultFS", hdfs.toString());
            security.forEach(core::set);
            writeXml(core, work.resolve("conf/core-site.xml"));
            MiniHadoopCluster cluster = new MiniHadoopCluster(work, dfs, yarn, client, nodeManagers);
            log.info(
                    "HDFS ({} DataNodes) at {} and YARN ({} NodeManagers, RM {}) up in {} ms",
                    DATA_NODES,
                    hdfs,
                    nodeManagers,
                    cluster.resourceManagerAddress(),
                    (System.nanoTime() - start) / 1_000_000);
            return cluster;
        } catch (IOException | RuntimeException e) {
            if (yarn != null) {
                yarn.stop();
            }
            if (dfs != null) {
                dfs.shutdown();
            }
            if (e instanceof IOException io) {
                throw new UncheckedIOException("Cannot start HDFS and YARN in " + work, io);
            }
            throw (RuntimeException) e;
        }
    }

    private static MiniDFSCluster startDfs(Path dir, Map<String, String> security) throws IOException {
        Files.createDirectories(dir);
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.toString());
        conf.setInt("dfs.replication", DATA_NODES);
        conf.set("dfs.namenode.http-address", "127.0.0.1:0");
        conf.set("dfs.datanode.http.address", "127.0.0.1:0");
        // the plain cluster has one user in practice; a secure one checks permissions (its settings say so)
        conf.setBoolean("dfs.permissions.enabled", false);
        security.forEach(conf::set);
        MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf)
                .numDataNodes(DATA_NODES)
                .format(true)
                .build();
        dfs.waitActive();
        return dfs;
    }

    private static MiniYARNCluster startYarn(Configuration conf, int nodeManagers) throws IOException {
        conf.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, NODE_MANAGER_MEMORY_MB);
        conf.setInt(YarnConfiguration.NM_PMEM_MB, NODE_MANAGER_MEMORY_MB);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, NODE_MANAGER_MEMORY_MB);
        // several Tez sessions at once (each HiveServer2 session its own AM): the CapacityScheduler's default lets AMs
        // take 10% of the cluster, so a second 512 MB AM waited (ACCEPTED) for as long as the first one lived
        conf.setFloat("yarn.scheduler.capacity.maximum-am-resource-percent", 0.5f);
        // containers are sized by their -Xmx; YARN's process-tree checks would only kill them at random on a laptop
        conf.setBoolean(YarnConfiguration.NM_PMEM_CHECK_ENABLED, false);
        conf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
        // a nearly full disk must not mark every NodeManager unhealthy (then no container starts)
        conf.setBoolean(YarnConfiguration.NM_DISK_HEALTH_CHECK_ENABLE, false);
        conf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 100.0f);
        // keep each container's directory (launch_container.sh, localized jars) for inspection until the cluster stops
        conf.setLong(YarnConfiguration.DEBUG_NM_DELETE_DELAY_SEC, 3600);
        conf.setClass(YarnConfiguration.NM_CONTAINER_EXECUTOR, DefaultContainerExecutor.class, ContainerExecutor.class);
        conf.setStrings(YarnConfiguration.NM_AUX_SERVICES, ShuffleHandler.MAPREDUCE_SHUFFLE_SERVICEID);
        conf.setClass(
                String.format(YarnConfiguration.NM_AUX_SERVICE_FMT, ShuffleHandler.MAPREDUCE_SHUFFLE_SERVICEID),
                ShuffleHandler.class,
                Service.class);
        conf.setInt(ShuffleHandler.SHUFFLE_PORT_CONFIG_KEY, 0);
        conf.setBoolean(YarnConfiguration.TIMELINE_SERVICE_ENABLED, false);
        conf.set(YarnConfiguration.NM_WEBAPP_ADDRESS, "127.0.0.1:0");
        conf.set(YarnConfiguration.RM_WEBAPP_ADDRESS, "127.0.0.1:0");
        // MiniYARNCluster keeps its directories under ./target/<name>; the cluster JVM runs in its work directory
        MiniYARNCluster yarn = new MiniYARNCluster("yarn", nodeManagers, 1, 1);
        yarn.init(conf);
        yarn.start();
        boolean connected;
        try {
            connected = yarn.waitForNodeManagersToConnect(60_000);
        } catch (org.apache.hadoop.yarn.exceptions.YarnException e) {
            yarn.stop();
            throw new IOException("Cannot ask the ResourceManager for its NodeManagers", e);
        } catch (InterruptedException e) {
            yarn.stop();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while the NodeManagers register", e);
        }
        if (!connected) {
            yarn.stop();
            throw new IllegalStateException(
                    "The " + nodeManagers + " NodeManagers did not register with the ResourceManager within 60 s");
        }
        return yarn;
    }

    private static String uploadTezAmJar(FileSystem fs, URI hdfs) throws IOException {
        Path jar = jarOf(org.apache.tez.dag.app.DAGAppMaster.class);
        org.apache.hadoop.fs.Path target =
                new org.apache.hadoop.fs.Path(TEZ_LIB_DIR, jar.getFileName().toString());
        fs.mkdirs(target.getParent());
        fs.copyFromLocalFile(new org.apache.hadoop.fs.Path(jar.toUri()), target);
        return hdfs + target.toString();
    }

    /** The jar a class was loaded from. */
    static Path jarOf(Class<?> type) {
        try {
            return Path.of(
                    type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("Cannot tell which jar holds " + type.getName(), e);
        }
    }

    private static void writeXml(Configuration conf, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            conf.writeXml(out);
        }
    }

    /** {@code hdfs://127.0.0.1:<port>}. */
    public URI hdfsUri() {
        return URI.create(clientConf.get("fs.defaultFS"));
    }

    /** The ResourceManager's client address ({@code host:port}). */
    public String resourceManagerAddress() {
        return clientConf.get(YarnConfiguration.RM_ADDRESS);
    }

    /**
     * The configuration a client (HiveServer2) needs: file system, ResourceManager addresses, the container classpath
     * and the Tez lib URIs; a copy.
     */
    public Configuration clientConf() {
        return new Configuration(clientConf);
    }

    /** The client settings that differ from Hadoop's defaults, for a hive-site.xml. */
    public Map<String, String> clientSettings() {
        Configuration defaults = new Configuration();
        Map<String, String> settings = new java.util.TreeMap<>();
        for (Map.Entry<String, String> entry : clientConf) {
            String key = entry.getKey();
            if (!entry.getValue().equals(defaults.get(key))) {
                settings.put(key, clientConf.get(key));
            }
        }
        return settings;
    }

    /** The client's file system (owned by the cluster: do not close it). */
    public FileSystem fileSystem() throws IOException {
        return dfs.getFileSystem();
    }

    /** The NodeManagers' container log directories: {@code <dir>/<application>/<container>/}. */
    public List<Path> containerLogDirs() {
        return nodeManagerDirs(YarnConfiguration.NM_LOG_DIRS);
    }

    /** The NodeManagers' local directories: {@code <dir>/usercache/<user>/appcache/<application>/<container>/}. */
    public List<Path> containerLocalDirs() {
        return nodeManagerDirs(YarnConfiguration.NM_LOCAL_DIRS);
    }

    private List<Path> nodeManagerDirs(String key) {
        List<Path> dirs = new java.util.ArrayList<>();
        for (int i = 0; i < nodeManagers; i++) {
            for (String dir : yarn.getNodeManager(i).getConfig().getTrimmedStrings(key)) {
                dirs.add(Path.of(URI.create(dir).getPath()).toAbsolutePath().normalize());
            }
        }
        return List.copyOf(dirs);
    }

    public Path workDir() {
        return workDir;
    }

    /** How many NodeManagers run. */
    public int nodeManagers() {
        return nodeManagers;
    }

    private void killApplications() {
        try (YarnClient client = YarnClient.createYarnClient()) {
            client.init(clientConf);
            client.start();
            for (ApplicationReport application : client.getApplications(EnumSet.of(
                    YarnApplicationState.NEW,
                    YarnApplicationState.NEW_SAVING,
                    YarnApplicationState.SUBMITTED,
                    YarnApplicationState.ACCEPTED,
                    YarnApplicationState.RUNNING))) {
                log.info("Killing {} ({}) before YARN stops", application.getApplicationId(), application.getName());
                client.killApplication(application.getApplicationId());
            }
        } catch (IOException | org.apache.hadoop.yarn.exceptions.YarnException | RuntimeException e) {
            log.warn("Cannot kill the running applications before YARN stops: {}", e.toString());
        }
    }

    /**
     * Kills the applications still running (a Tez session's AM outlives its HiveServer2: each NodeManager would wait for
     * it while it stops), then stops YARN (its containers die with their NodeManagers), then HDFS.
     */
    @Override
    public void close() {
        try {
            killApplications();
            yarn.stop();
        } finally {
            dfs.shutdown();
        }
        log.info("YARN and HDFS in {} stopped", workDir);
    }
}
