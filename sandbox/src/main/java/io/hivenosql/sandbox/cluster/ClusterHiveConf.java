package io.hivenosql.sandbox.cluster;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.hive.HiveEngine;
import io.hivenosql.sandbox.hive.HiveSiteTemplate;
import io.hivenosql.sandbox.hive.LocalHiveConf;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hive-site properties of the cluster's HiveServer2: those of {@link LocalHiveConf} (embedded Derby metastore,
 * one user, no locks, every local directory under the work directory), then Hive on Tez over the cluster's YARN: the
 * warehouse and scratch directories on HDFS, no Tez local mode, the Tez AM and tasks in containers of {@value
 * #CONTAINER_MB} MB with the JDK 17 {@code --add-opens} flags, and the handler jars on HDFS in {@code
 * hive.aux.jars.path}.
 */
public final class ClusterHiveConf {
    /** Memory of the Tez AM's container and of each task container, in MB. */
    public static final int CONTAINER_MB = 512;

    private ClusterHiveConf() {}

    /**
     * @param cluster the client settings of {@link MiniHadoopCluster#clientSettings()}
     * @param auxJars the handler jars' URIs on HDFS
     * @param jvmOpens the JDK 17 flags for the AM and task JVMs (see {@link io.hivenosql.sandbox.JvmOptions})
     */
    public static Map<String, String> properties(
            Path workDir,
            int port,
            Map<String, String> cluster,
            List<String> auxJars,
            List<String> jvmOpens,
            Map<String, String> extra) {
        requireNonNull(cluster, "cluster is null");
        requireNonNull(auxJars, "auxJars is null");
        requireNonNull(jvmOpens, "jvmOpens is null");
        requireNonNull(extra, "extra is null");
        Map<String, String> conf =
                new LinkedHashMap<>(LocalHiveConf.properties(workDir, port, HiveEngine.TEZ, List.of(), Map.of()));
        // local mode only: the hook that serializes in-process jobs, Tez's in-JVM execution
        conf.remove("hive.query.lifetime.hooks");
        conf.remove("tez.local.mode.without.network");
        conf.remove("tez.local.cache.root.folder");
        conf.remove("tez.runtime.optimize.local.fetch");
        conf.putAll(cluster);
        String hdfs = requireNonNull(cluster.get("fs.defaultFS"), "cluster settings lack fs.defaultFS");

        conf.putAll(HiveSiteTemplate.load(
                ClusterHiveConf.class,
                "/io/hivenosql/sandbox/hive/cluster-hive-site.conf",
                Map.of(
                        "hdfs", hdfs,
                        "opens", String.join(" ", jvmOpens),
                        "containerMb", Integer.toString(CONTAINER_MB))));

        if (!auxJars.isEmpty()) {
            conf.put("hive.aux.jars.path", String.join(",", auxJars));
        } else {
            conf.remove("hive.aux.jars.path");
        }
        conf.putAll(extra);
        return conf;
    }
}
