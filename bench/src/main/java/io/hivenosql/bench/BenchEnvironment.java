package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.hive.HiveInstance;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * What the suite runs against: a HiveServer2 (for the loads over JDBC, and its JDBC URL for beeline), a Hadoop file
 * system directory that both this process and HiveServer2 reach (the generated text and the ORC tables live under
 * it), and the stores' addresses.
 *
 * @param dataRoot a directory URI such as {@code hdfs://127.0.0.1:8020/hive-nosql-bench}; each scale factor gets
 *     {@code <dataRoot>/sf<scale>}
 * @param handlerJars the handlers' {@code -hive.jar} files on this machine (the raw Cassandra scan uses the driver in
 *     the Cassandra handler's jar)
 * @param hiveServer how the report describes the server, e.g. {@code sandbox: in-process HiveServer2 4.0.1}
 * @param beelinePasswordFile the file beeline reads HiveServer2's password from ({@code -w}), when there is one
 * @param afterLoad called when a target's tables are loaded, with the target and its database: the sandbox brings a
 *     store to the state a running one is in (Cassandra: memtables flushed and {@code system.size_estimates}
 *     refreshed, which a node otherwise does every few minutes, so that the handler's statistics and the planner's
 *     join choices are those of a table that has been there a while); nothing against an existing cluster
 * @param servers what serves a store target, when the suite knows (the sandbox's MongoDB servers, e.g. {@code
 *     mongo-ferretdb -> FerretDB 1.24 on PostgreSQL 15, ...}): the report labels the target with it
 */
public record BenchEnvironment(
        HiveInstance hive,
        String dataRoot,
        Configuration hadoopConf,
        StoreAddresses stores,
        List<Path> handlerJars,
        String hiveServer,
        Optional<Path> beelinePasswordFile,
        AfterLoad afterLoad,
        Map<Target, String> servers) {
    /** What to do when a target's tables are loaded. */
    @FunctionalInterface
    public interface AfterLoad {
        AfterLoad NOTHING = (target, database) -> {};

        void loaded(Target target, String database);
    }

    public BenchEnvironment(
            HiveInstance hive,
            String dataRoot,
            Configuration hadoopConf,
            StoreAddresses stores,
            List<Path> handlerJars,
            String hiveServer,
            Optional<Path> beelinePasswordFile) {
        this(
                hive,
                dataRoot,
                hadoopConf,
                stores,
                handlerJars,
                hiveServer,
                beelinePasswordFile,
                AfterLoad.NOTHING,
                Map.of());
    }

    /** Without a password: beeline connects with the user alone (the sandbox). */
    public BenchEnvironment(
            HiveInstance hive,
            String dataRoot,
            Configuration hadoopConf,
            StoreAddresses stores,
            List<Path> handlerJars,
            String hiveServer) {
        this(hive, dataRoot, hadoopConf, stores, handlerJars, hiveServer, Optional.empty());
    }

    public BenchEnvironment {
        requireNonNull(hive, "hive is null");
        requireNonNull(dataRoot, "dataRoot is null");
        requireNonNull(hadoopConf, "hadoopConf is null");
        requireNonNull(stores, "stores is null");
        handlerJars = List.copyOf(requireNonNull(handlerJars, "handlerJars is null"));
        requireNonNull(hiveServer, "hiveServer is null");
        requireNonNull(beelinePasswordFile, "beelinePasswordFile is null");
        requireNonNull(afterLoad, "afterLoad is null");
        servers = Map.copyOf(requireNonNull(servers, "servers is null"));
        if (dataRoot.endsWith("/")) {
            dataRoot = dataRoot.substring(0, dataRoot.length() - 1);
        }
    }

    /** The same environment, with what to do when a target's tables are loaded. */
    public BenchEnvironment withAfterLoad(AfterLoad hook) {
        return new BenchEnvironment(
                hive, dataRoot, hadoopConf, stores, handlerJars, hiveServer, beelinePasswordFile, hook, servers);
    }

    /** The same environment, with what serves the store targets (for the report's labels). */
    public BenchEnvironment withServers(Map<Target, String> descriptions) {
        return new BenchEnvironment(
                hive,
                dataRoot,
                hadoopConf,
                stores,
                handlerJars,
                hiveServer,
                beelinePasswordFile,
                afterLoad,
                descriptions);
    }

    /** The data directory of a scale factor, e.g. {@code <dataRoot>/sf0.1}. */
    public String dataDirectory(double scaleFactor) {
        return dataRoot + "/sf" + ScaleFactors.format(scaleFactor);
    }
}
