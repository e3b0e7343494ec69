package io.hivenosql.it;

import io.hivenosql.sandbox.Stack;
import io.hivenosql.sandbox.cluster.ClusterOptions;
import io.hivenosql.sandbox.cluster.ClusterState;
import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.cluster.TestingHiveCluster;
import io.hivenosql.sandbox.hive.RemoteHiveInstance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives cluster-mode tests ({@code *YarnIT}) one Hive-on-Tez-over-YARN cluster for the whole test run: HDFS with 2
 * DataNodes, YARN with 2 NodeManagers, a HiveServer2 with the handler jars on HDFS in {@code hive.aux.jars.path}
 * (deployment a) and a plain HiveServer2 with no handler jar anywhere (deployment b: sessions {@code ADD JAR} them from
 * HDFS), each in a JVM of its own. The stores are those of {@link HiveStack} (one Redis, Cassandra and MongoDB server
 * for the run), so tests isolate their data by database, keyspace or key prefix as the local tests do.
 */
public final class YarnStack implements ParameterResolver {
    private static final String KEY = YarnStack.class.getName();

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Resources.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        // the local stack first: its start empties the work directory the cluster lives in
        HiveStack.Resources stores = HiveStack.resources(context);
        return context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(KEY, key -> Resources.start(stores), Resources.class);
    }

    /** The running cluster, its two HiveServer2s and the run's stores. */
    public static final class Resources implements ExtensionContext.Store.CloseableResource {
        private static final Logger log = LoggerFactory.getLogger(YarnStack.class);

        private final TestingHiveCluster cluster;
        private final HiveStack.Resources stores;
        private final RemoteHiveInstance hive;
        private final ContainerLogs containerLogs;

        private Resources(TestingHiveCluster cluster, HiveStack.Resources stores) {
            this.cluster = cluster;
            this.stores = stores;
            this.hive = new RemoteHiveInstance(cluster.jdbcUrl(), user());
            this.containerLogs = new ContainerLogs(cluster.state().containerLogDirs());
        }

        static Resources start(HiveStack.Resources stores) {
            try {
                Path work = stores.workDir().resolve("yarn").toAbsolutePath();
                ClusterOptions options = ClusterOptions.defaults(HiveStack.Resources.auxJars())
                        .withPlainHiveServer(true)
                        .withHiveConf(Map.of(
                                Stack.MAPPING_FILE_ROOTS, stores.scratch("yarn").toString()));
                long begin = System.nanoTime();
                TestingHiveCluster cluster = TestingHiveCluster.start(work, options, Duration.ofMinutes(5));
                log.info("Cluster for *YarnIT up in {} ms: {}", (System.nanoTime() - begin) / 1_000_000, cluster);
                return new Resources(cluster, stores);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start the cluster of the *YarnIT tests", e);
            }
        }

        public TestingHiveCluster cluster() {
            return cluster;
        }

        public ClusterState state() {
            return cluster.state();
        }

        /** The run's Redis, Cassandra and MongoDB servers (those of {@link HiveStack}). */
        public HiveStack.Resources stores() {
            return stores;
        }

        /**
         * A session of the HiveServer2 with the handler jars in {@code hive.aux.jars.path} (deployment a), shared by
         * every cluster test: reset what you SET.
         */
        public RemoteHiveInstance hive() {
            return hive;
        }

        /**
         * A new session of the plain HiveServer2 (deployment b), which runs {@code sessionInit} first (e.g. {@code ADD
         * JAR hdfs://...}); close it after use: its Tez AM then ends too.
         */
        public RemoteHiveInstance plainSession(List<String> sessionInit) {
            ClusterState.PlainHiveServer plain = state().plainHiveServer()
                    .orElseThrow(() -> new IllegalStateException("the cluster runs no plain HiveServer2"));
            return new RemoteHiveInstance(plain.jdbcUrl(), user(), "", sessionInit);
        }

        /** The handler jars on the cluster's HDFS ({@code hdfs://.../apps/hive-nosql/...-hive.jar}). */
        public List<String> hdfsJars() {
            return state().auxJars();
        }

        /** The {@code hdfs://} URI of the handler jar whose file name starts with {@code module}, e.g. handler-redis. */
        public String hdfsJar(String module) {
            return hdfsJars().stream()
                    .filter(jar -> Path.of(URI.create(jar).getPath())
                            .getFileName()
                            .toString()
                            .startsWith(module + "-"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("no " + module + " jar among " + hdfsJars()));
        }

        public ContainerLogs containerLogs() {
            return containerLogs;
        }

        /** A client of the cluster's HDFS; close it after use. */
        public FileSystem hdfs() throws IOException {
            Configuration conf = new Configuration();
            conf.setBoolean("fs.hdfs.impl.disable.cache", true);
            return FileSystem.get(URI.create(state().hdfsUri()), conf);
        }

        private static String user() {
            return System.getProperty("user.name", "hive");
        }

        @Override
        public void close() {
            try {
                hive.close();
            } finally {
                cluster.close();
            }
        }
    }
}
