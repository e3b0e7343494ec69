package io.hivenosql.sandbox.cluster;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.hive.HiveEngine;
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

        conf.put("hive.metastore.warehouse.dir", hdfs + "/user/hive/warehouse");
        conf.put("hive.metastore.warehouse.external.dir", hdfs + "/user/hive/external");
        conf.put("hive.exec.scratchdir", hdfs + "/tmp/hive");
        conf.put("hive.user.install.directory", hdfs + "/user");
        conf.put("mapreduce.framework.name", "yarn");
        conf.put("hive.execution.engine", "tez");
        conf.put("tez.local.mode", "false");
        conf.put("tez.ignore.lib.uris", "false");
        conf.put("tez.use.cluster.hadoop-libs", "true");
        conf.put("tez.staging-dir", hdfs + "/tmp/tez-staging");
        conf.put("tez.am.node-blacklisting.enabled", "false");
        // sessions open their Tez AM on first use; none is kept waiting
        conf.put("hive.server2.tez.initialize.default.sessions", "false");
        // a session's AM keeps a warm container between its DAGs, and reuses containers whatever the splits' hosts:
        // a DAG then needs no new JVM (store splits name the store's hosts, never a NodeManager's)
        conf.put("tez.am.container.reuse.enabled", "true");
        conf.put("tez.am.container.reuse.rack-fallback.enabled", "true");
        conf.put("tez.am.container.reuse.non-local-fallback.enabled", "true");
        conf.put("tez.am.session.min.held-containers", "1");
        conf.put("tez.am.container.idle.release-timeout-min.millis", "10000");
        conf.put("tez.am.container.idle.release-timeout-max.millis", "20000");

        String opens = String.join(" ", jvmOpens);
        conf.put("tez.am.resource.memory.mb", Integer.toString(CONTAINER_MB));
        conf.put("tez.am.launch.cmd-opts", opens + " -XX:+UseSerialGC");
        conf.put("hive.tez.container.size", Integer.toString(CONTAINER_MB));
        conf.put("hive.tez.java.opts", opens + " -XX:+UseSerialGC");
        conf.put("tez.task.resource.memory.mb", Integer.toString(CONTAINER_MB));
        // sorted outputs and map-join tables must fit the task heap (Tez's default sort buffer is 100 MB)
        conf.put("tez.runtime.io.sort.mb", "64");
        conf.put("hive.auto.convert.join.noconditionaltask.size", "20000000");

        if (!auxJars.isEmpty()) {
            conf.put("hive.aux.jars.path", String.join(",", auxJars));
        } else {
            conf.remove("hive.aux.jars.path");
        }
        conf.putAll(extra);
        return conf;
    }
}
