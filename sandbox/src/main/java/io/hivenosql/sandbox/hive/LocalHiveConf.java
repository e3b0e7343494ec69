package io.hivenosql.sandbox.hive;

import static java.util.Objects.requireNonNull;
import static java.util.stream.Collectors.joining;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hive-site properties of a {@link LocalHiveServer}: embedded Derby metastore, local file system, local job
 * execution, and every directory (warehouse, scratch, logs, Tez staging) under one work directory.
 *
 * <p>The values were measured to work with Hive 4.0.1 / Hadoop 3.3.6 / Tez 0.10.4 on JDK 17 (RUNTIME-NOTES).
 */
public final class LocalHiveConf {
    private LocalHiveConf() {}

    /**
     * Returns the properties in a stable order; {@code extra} is applied last and so wins.
     *
     * @param workDir an absolute directory that holds everything the server writes
     * @param port the HiveServer2 Thrift (binary) port on 127.0.0.1
     * @param auxJars handler jars, handed to Hive as {@code hive.aux.jars.path} (not put on the JVM classpath)
     */
    public static Map<String, String> properties(
            Path workDir, int port, HiveEngine engine, List<Path> auxJars, Map<String, String> extra) {
        requireNonNull(workDir, "workDir is null");
        requireNonNull(engine, "engine is null");
        requireNonNull(auxJars, "auxJars is null");
        requireNonNull(extra, "extra is null");
        Path work = workDir.toAbsolutePath().normalize();
        Map<String, String> conf = new LinkedHashMap<>();

        // embedded metastore on Derby; DataNucleus creates the schema (schematool's SQL is in no jar on Central)
        conf.put("hive.metastore.uris", "");
        conf.put(
                "javax.jdo.option.ConnectionURL",
                "jdbc:derby:;databaseName=" + work.resolve("metastore_db") + ";create=true");
        conf.put("javax.jdo.option.ConnectionDriverName", "org.apache.derby.jdbc.EmbeddedDriver");
        conf.put("hive.metastore.schema.verification", "false");
        conf.put("datanucleus.schema.autoCreateAll", "true");
        conf.put("hive.metastore.warehouse.dir", uri(work.resolve("warehouse")));
        conf.put("hive.metastore.warehouse.external.dir", uri(work.resolve("warehouse-external")));

        // local file system; every scratch and log directory under the work dir
        conf.put("fs.defaultFS", "file:///");
        conf.put("hadoop.tmp.dir", work.resolve("hadoop-tmp").toString());
        conf.put("hive.exec.scratchdir", work.resolve("scratch").toString());
        conf.put("hive.exec.local.scratchdir", work.resolve("local-scratch").toString());
        conf.put("hive.downloaded.resources.dir", work.resolve("resources").toString());
        conf.put("hive.querylog.location", work.resolve("query-logs").toString());
        conf.put(
                "hive.server2.logging.operation.log.location",
                work.resolve("operation-logs").toString());
        conf.put("hive.repl.rootdir", work.resolve("repl").toString());
        conf.put("dfs.replication", "1");

        // jobs run inside this JVM; map joins must not try to start /usr/bin/hadoop
        conf.put("mapreduce.framework.name", "local");
        conf.put(
                "mapreduce.jobtracker.staging.root.dir",
                work.resolve("mapred-staging").toString());
        conf.put("mapreduce.cluster.local.dir", work.resolve("mapred-local").toString());
        conf.put("hive.exec.submitviachild", "false");
        conf.put("hive.exec.submit.local.task.via.child", "false");
        conf.put("hive.execution.engine", engine.hiveName());
        // every local task shares this JVM and Hive's per-input I/O state: one query's jobs at a time (see the hook)
        conf.put("hive.query.lifetime.hooks", LocalJobSerializer.class.getName());
        if (engine == HiveEngine.TEZ) {
            conf.put(
                    "tez.local.cache.root.folder",
                    work.resolve("tez-local-cache").toString());
            conf.put("tez.local.mode", "true");
            conf.put("tez.local.mode.without.network", "true");
            conf.put("tez.runtime.optimize.local.fetch", "true");
            conf.put("tez.ignore.lib.uris", "true");
            conf.put("tez.staging-dir", work.resolve("tez-staging").toString());
            conf.put("hive.llap.execution.mode", "none");
            conf.put("hive.execution.mode", "container");
            conf.put("hive.tez.container.size", "512");
            conf.put("tez.am.resource.memory.mb", "512");
        }

        // one user, no security, one bind address, no web UI
        conf.put("hive.server2.thrift.bind.host", "127.0.0.1");
        conf.put("hive.server2.thrift.port", Integer.toString(port));
        conf.put("hive.server2.transport.mode", "binary");
        conf.put("hive.server2.enable.doAs", "false");
        conf.put("hive.server2.authentication", "NONE");
        conf.put("hive.server2.webui.port", "0");
        conf.put("hive.server2.support.dynamic.service.discovery", "false");
        // no "Query ID = ..." / "Status: Running" lines on the server's console; clients still get errors
        conf.put("hive.session.silent", "true");

        // no locks, no transactions, no background services polling the metastore
        conf.put("hive.support.concurrency", "false");
        conf.put("hive.txn.manager", "org.apache.hadoop.hive.ql.lockmgr.DummyTxnManager");
        conf.put("hive.scheduled.queries.executor.enabled", "false");
        conf.put("hive.server2.materializedviews.registry.impl", "DUMMY");
        conf.put("hive.query.results.cache.enabled", "false");

        // statistics: answer every query from the data, so handler tables are always read
        conf.put("hive.compute.query.using.stats", "false");
        conf.put("hive.stats.autogather", "false");
        conf.put("hive.stats.column.autogather", "false");

        if (!auxJars.isEmpty()) {
            conf.put(
                    "hive.aux.jars.path",
                    auxJars.stream().map(LocalHiveConf::uri).collect(joining(",")));
        }
        conf.putAll(extra);
        return conf;
    }

    /** {@code file:///...}, without the trailing slash {@link Path#toUri()} adds for existing directories. */
    static String uri(Path path) {
        String uri = path.toAbsolutePath().normalize().toUri().toString();
        return uri.endsWith("/") && uri.length() > "file:///".length() ? uri.substring(0, uri.length() - 1) : uri;
    }
}
