package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.hive.HiveInstance;
import java.nio.file.Path;
import java.util.List;
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
 */
public record BenchEnvironment(
        HiveInstance hive,
        String dataRoot,
        Configuration hadoopConf,
        StoreAddresses stores,
        List<Path> handlerJars,
        String hiveServer,
        Optional<Path> beelinePasswordFile) {
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
        if (dataRoot.endsWith("/")) {
            dataRoot = dataRoot.substring(0, dataRoot.length() - 1);
        }
    }

    /** The data directory of a scale factor, e.g. {@code <dataRoot>/sf0.1}. */
    public String dataDirectory(double scaleFactor) {
        return dataRoot + "/sf" + ScaleFactors.format(scaleFactor);
    }
}
