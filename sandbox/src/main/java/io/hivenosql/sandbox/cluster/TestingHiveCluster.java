package io.hivenosql.sandbox.cluster;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.JvmOptions;
import io.hivenosql.sandbox.ServerFixture;
import io.hivenosql.sandbox.ServerProcess;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hive on Tez over YARN, for the sandbox's cluster mode: starts {@link ClusterMain} in a JVM of its own (HDFS with 2
 * DataNodes, YARN with 2 NodeManagers, HiveServer2 in a third JVM; the Tez AM and tasks in container JVMs) and waits
 * for its {@link ClusterState}. The handler jars go to HDFS and into {@code hive.aux.jars.path}; no container has a
 * handler class on its own classpath.
 *
 * <p>{@link #close()} stops the cluster JVM by its pid (its shutdown hook stops HiveServer2, YARN and HDFS), then
 * HiveServer2 by its pid should it have outlived it. The cluster JVM also stops when this JVM dies (its standard input
 * ends).
 */
public final class TestingHiveCluster extends ServerFixture {
    /** Heap of the cluster JVM (NameNode, 2 DataNodes, ResourceManager, 2 NodeManagers). */
    public static final int HEAP_MB = 1024;
    /** The cluster JVM's log, under the work directory. */
    public static final String LOG_FILE = "cluster.log";

    private static final Logger log = LoggerFactory.getLogger(TestingHiveCluster.class);

    private final ClusterState state;
    private final Duration startupTime;

    private TestingHiveCluster(Path workDir, ServerProcess process, ClusterState state, Duration startupTime) {
        super(process, workDir, false, "testing-hive-cluster-stop");
        this.state = state;
        this.startupTime = startupTime;
    }

    /** Starts the cluster in {@code workDir} (emptied first) as {@code options} say; waits up to {@code timeout}. */
    public static TestingHiveCluster start(Path workDir, ClusterOptions options, Duration timeout) {
        requireNonNull(options, "options is null");
        Path work = requireNonNull(workDir, "workDir is null").toAbsolutePath().normalize();
        long start = System.nanoTime();
        ServerProcess.deleteRecursively(work);
        List<String> command = JvmOptions.hiveJava(HEAP_MB);
        command.add("-Djava.io.tmpdir=" + work.resolve("tmp"));
        command.add("-cp");
        // first the directory of the cluster's own core-site.xml (ClusterMain writes it when Kerberized)
        List<String> classPath = new java.util.ArrayList<>();
        classPath.add(work.resolve(ClusterMain.SITE_DIR).toString());
        ContainerClassPath.ofThisJvm().forEach(entry -> classPath.add(entry.toString()));
        command.add(String.join(File.pathSeparator, classPath));
        command.add(ClusterMain.class.getName());
        command.add(work.toString());
        command.addAll(options.arguments());
        Process process;
        try {
            Files.createDirectories(work.resolve("tmp"));
            Files.createDirectories(work.resolve(ClusterMain.SITE_DIR));
            // containers start $JAVA_HOME/bin/java: the JDK of this JVM; standard input stays a pipe: the cluster
            // stops when it ends, i.e. when this JVM is gone
            process = ServerProcess.launch(
                    command, work, work.resolve(LOG_FILE), Map.of("JAVA_HOME", System.getProperty("java.home")));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start the cluster JVM in " + work, e);
        }
        ServerProcess server = new ServerProcess(process, "cluster", Duration.ofSeconds(90), Duration.ofSeconds(10));
        ClusterState state;
        try {
            state = awaitState(server, work, timeout);
        } catch (RuntimeException e) {
            server.kill();
            ClusterState.read(work).ifPresent(TestingHiveCluster::killHiveServers);
            throw e;
        }
        TestingHiveCluster cluster =
                new TestingHiveCluster(work, server, state, Duration.ofNanos(System.nanoTime() - start));
        log.info("Started {} in {} ms", cluster, cluster.startupTime.toMillis());
        return cluster;
    }

    private static ClusterState awaitState(ServerProcess server, Path work, Duration timeout) {
        Path logFile = work.resolve(LOG_FILE);
        return server.awaitReady(
                timeout,
                Duration.ofMillis(500),
                () -> ClusterState.read(work),
                exitCode -> new IllegalStateException("The cluster JVM exited with code " + exitCode
                        + " during start-up; log tail (" + logFile + "):\n" + ServerProcess.tail(logFile, 60)),
                last -> new IllegalStateException("The cluster did not start within " + timeout + "; log tail ("
                        + logFile + "):\n" + ServerProcess.tail(logFile, 60)));
    }

    /** What the cluster reported once up: JDBC URL, HiveServer2's pid, addresses, container directories. */
    public ClusterState state() {
        return state;
    }

    public String jdbcUrl() {
        return state.jdbcUrl();
    }

    /** How long {@link #start} took until HiveServer2 accepted JDBC connections. */
    public Duration startupTime() {
        return startupTime;
    }

    /**
     * Copies a local directory (recursively, replacing what was there) to {@code hdfsDir} on the cluster's HDFS, as
     * this JVM's user; returns the copy's {@code hdfs://} URI. For data and mapping files that tasks in containers
     * read: on a real cluster those run on other hosts, where no local path of this one exists.
     */
    public String copyToHdfs(Path localDir, String hdfsDir) {
        requireNonNull(localDir, "localDir is null");
        requireNonNull(hdfsDir, "hdfsDir is null");
        Configuration conf = new Configuration();
        conf.set("fs.defaultFS", state.hdfsUri());
        org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(hdfsDir);
        try (FileSystem fs = FileSystem.newInstance(conf)) {
            fs.delete(target, true);
            fs.mkdirs(target.getParent());
            fs.copyFromLocalFile(
                    false,
                    true,
                    new org.apache.hadoop.fs.Path(localDir.toAbsolutePath().toUri()),
                    target);
            return fs.makeQualified(target).toString();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot copy " + localDir + " to " + hdfsDir + " on " + state.hdfsUri(), e);
        }
    }

    /** Once the cluster JVM stopped (by its pid): kills HiveServer2 by its pid if it outlived it. */
    @Override
    protected void cleanUp() {
        killHiveServers(state);
    }

    private static void killHiveServers(ClusterState state) {
        killHiveServer(state.hiveServerPid());
        state.plainHiveServer().ifPresent(server -> killHiveServer(server.pid()));
    }

    private static void killHiveServer(long pid) {
        ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(handle -> handle.info()
                        .commandLine()
                        .map(line -> line.contains("org.apache.hive.service.server.HiveServer2"))
                        .orElse(false))
                .ifPresent(handle -> {
                    log.warn("HiveServer2 pid {} outlived the cluster JVM: killing it", handle.pid());
                    handle.destroyForcibly();
                });
    }

    @Override
    public String toString() {
        return "TestingHiveCluster[" + state.jdbcUrl() + ", HDFS " + state.hdfsUri() + ", YARN RM "
                + state.resourceManager() + ", pid " + pid() + "]";
    }
}
