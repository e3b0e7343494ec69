package io.hivenosql.sandbox.cluster;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.JvmOptions;
import io.hivenosql.sandbox.ServerProcess;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hive.jdbc.HiveDriver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HiveServer2 4.0.1 in a JVM of its own, as a cluster runs it: {@code org.apache.hive.service.server.HiveServer2} with
 * {@code <work>/conf/hive-site.xml} first on its classpath, then Hadoop, Tez and Hive (the trimmed classpath of {@link
 * ContainerClassPath}) and the handler jars, as Hive's launcher does with {@code HIVE_AUX_JARS_PATH}. Its log is {@code
 * <work>/logs/hiveserver2.log}, its console {@code <work>/hiveserver2.out}.
 */
public final class ClusterHiveServer implements Closeable {
    /** Heap of HiveServer2's JVM (it compiles queries and runs the Tez client, no task). */
    public static final int HEAP_MB = 1024;

    private static final Logger log = LoggerFactory.getLogger(ClusterHiveServer.class);
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

    private final ServerProcess process;
    private final String jdbcUrl;

    private ClusterHiveServer(ServerProcess process, String jdbcUrl) {
        this.process = process;
        this.jdbcUrl = jdbcUrl;
    }

    /**
     * Writes the hive-site.xml, starts the JVM and returns once a JDBC connection works.
     *
     * @param classPath Hadoop, Tez and Hive (no handler class)
     * @param auxJars the handler jars for HiveServer2's own classpath
     */
    static ClusterHiveServer start(
            Path workDir,
            int port,
            Map<String, String> hiveSite,
            List<Path> classPath,
            List<Path> auxJars,
            Optional<ClusterKerberos> kerberos) {
        requireNonNull(hiveSite, "hiveSite is null");
        long start = System.nanoTime();
        Path conf = workDir.resolve("conf");
        Path logs = workDir.resolve("logs");
        try {
            Files.createDirectories(conf);
            Files.createDirectories(logs);
            writeXml(hiveSite, conf.resolve("hive-site.xml"));
            if (kerberos.isPresent()) {
                // UserGroupInformation reads core-site.xml, not hive-site.xml
                writeXml(kerberos.get().hadoopSettings(), conf.resolve("core-site.xml"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare HiveServer2's directory " + workDir, e);
        }
        List<String> entries = new ArrayList<>();
        entries.add(conf.toString());
        classPath.forEach(entry -> entries.add(entry.toString()));
        auxJars.forEach(entry -> entries.add(entry.toString()));
        List<String> command = JvmOptions.hiveJava(HEAP_MB);
        command.add("-Dhive.log.dir=" + logs);
        command.add("-Dhive.log.file=hiveserver2.log");
        command.add("-Dderby.stream.error.file=" + workDir.resolve("derby.log"));
        command.add("-Djava.io.tmpdir=" + workDir.resolve("tmp"));
        kerberos.ifPresent(kdc -> command.add(kdc.jvmOption()));
        command.add("-cp");
        command.add(String.join(File.pathSeparator, entries));
        command.add("org.apache.hive.service.server.HiveServer2");
        Process process;
        try {
            Files.createDirectories(workDir.resolve("tmp"));
            process = ServerProcess.launch(
                    command, workDir, workDir.resolve("hiveserver2.out"), Map.of("HIVE_CONF_DIR", conf.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start HiveServer2 in " + workDir, e);
        }
        ServerProcess server =
                new ServerProcess(process, "HiveServer2", Duration.ofSeconds(30), Duration.ofSeconds(10));
        // a Kerberized server is reached as its principal names it; this JVM's login (the daemons' principal) connects
        String url =
                kerberos.isPresent() ? ClusterKerberos.jdbcUrl(port) : "jdbc:hive2://127.0.0.1:" + port + "/default";
        try {
            awaitConnection(server, url, workDir, start);
        } catch (RuntimeException e) {
            server.kill();
            throw e;
        }
        log.info("HiveServer2 (pid {}) up at {} in {} ms", process.pid(), url, (System.nanoTime() - start) / 1_000_000);
        return new ClusterHiveServer(server, url);
    }

    private static void awaitConnection(ServerProcess server, String url, Path workDir, long start) {
        Properties properties = new Properties();
        properties.setProperty("user", System.getProperty("user.name", "hive"));
        properties.setProperty("password", "");
        server.awaitReady(
                START_TIMEOUT.minus(Duration.ofNanos(System.nanoTime() - start)),
                Duration.ofMillis(500),
                () -> {
                    try (Connection connection = new HiveDriver().connect(url, properties)) {
                        return Optional.of(url);
                    }
                },
                exitCode -> new IllegalStateException("HiveServer2 exited with code " + exitCode
                        + " during start-up; console tail:\n"
                        + ServerProcess.tail(workDir.resolve("hiveserver2.out"), 40)),
                last -> new IllegalStateException(
                        "HiveServer2 did not accept JDBC connections at " + url + " within " + START_TIMEOUT + "; see "
                                + workDir.resolve("logs"),
                        last));
    }

    /** Writes {@code properties} as a Hadoop configuration file (hive-site.xml, core-site.xml). */
    static void writeXml(Map<String, String> properties, Path file) throws IOException {
        Configuration site = new Configuration(false);
        properties.forEach(site::set);
        try (OutputStream out = Files.newOutputStream(file)) {
            site.writeXml(out);
        }
    }

    /** {@code jdbc:hive2://127.0.0.1:<port>/default}, or {@link ClusterKerberos#jdbcUrl(int)}. */
    public String jdbcUrl() {
        return jdbcUrl;
    }

    public long pid() {
        return process.pid();
    }

    /** Stops the JVM by its pid (SIGTERM, then SIGKILL after 30 s). */
    @Override
    public void close() {
        process.stop(this);
    }

    @Override
    public String toString() {
        return "HiveServer2[" + jdbcUrl + ", pid " + process.pid() + "]";
    }
}
