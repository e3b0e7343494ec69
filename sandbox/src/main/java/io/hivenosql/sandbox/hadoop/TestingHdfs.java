package io.hivenosql.sandbox.hadoop;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real HDFS in this JVM: Hadoop's {@link MiniDFSCluster} (one NameNode, one DataNode, replication 1) on free ports of
 * 127.0.0.1, its blocks under a work directory. Hive tables reach it by {@code LOCATION 'hdfs://127.0.0.1:<port>/...'}
 * ({@link #uri(String)}); HiveServer2 itself keeps its warehouse on the local file system. {@link #close()} shuts the
 * cluster down and deletes nothing (the work directory's owner does).
 */
public final class TestingHdfs implements Closeable {
    private static final Logger log = LoggerFactory.getLogger(TestingHdfs.class);

    private final MiniDFSCluster cluster;
    private final FileSystem fileSystem;
    private final URI uri;

    private TestingHdfs(MiniDFSCluster cluster) throws IOException {
        this.cluster = cluster;
        this.fileSystem = cluster.getFileSystem();
        this.uri = URI.create("hdfs://127.0.0.1:" + cluster.getNameNodePort());
    }

    /** Starts a one-DataNode cluster whose blocks and metadata live under {@code workDir}. */
    public static TestingHdfs start(Path workDir) {
        requireNonNull(workDir, "workDir is null");
        long start = System.nanoTime();
        try {
            Files.createDirectories(workDir);
            Configuration conf = new Configuration();
            conf.set(
                    MiniDFSCluster.HDFS_MINIDFS_BASEDIR,
                    workDir.toAbsolutePath().toString());
            conf.setInt("dfs.replication", 1);
            // no web UIs and no permission checks: a sandbox, not a cluster
            conf.set("dfs.namenode.http-address", "127.0.0.1:0");
            conf.set("dfs.datanode.http.address", "127.0.0.1:0");
            conf.setBoolean("dfs.permissions.enabled", false);
            MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf)
                    .numDataNodes(1)
                    .format(true)
                    .build();
            cluster.waitActive();
            TestingHdfs hdfs = new TestingHdfs(cluster);
            log.info("HDFS up in {} ms at {}", (System.nanoTime() - start) / 1_000_000, hdfs.uri);
            return hdfs;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start a MiniDFSCluster in " + workDir, e);
        }
    }

    /** {@code hdfs://127.0.0.1:<port>}. */
    public URI uri() {
        return uri;
    }

    /** The URI of an absolute path on this file system, e.g. {@code uri("/tpch/lineitem")}. */
    public String uri(String absolutePath) {
        if (!absolutePath.startsWith("/")) {
            throw new IllegalArgumentException("not an absolute path: " + absolutePath);
        }
        return uri + absolutePath;
    }

    /** A client of this file system (owned by the cluster: do not close it). */
    public FileSystem fileSystem() {
        return fileSystem;
    }

    @Override
    public void close() {
        cluster.shutdown();
        log.info("HDFS at {} stopped", uri);
    }

    @Override
    public String toString() {
        return "HDFS " + uri;
    }
}
