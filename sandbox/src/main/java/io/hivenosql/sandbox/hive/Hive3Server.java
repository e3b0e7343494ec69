package io.hivenosql.sandbox.hive;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.compat.hive3.Hive3SystemClassLoader;
import io.hivenosql.sandbox.FreePorts;
import io.hivenosql.sandbox.JvmOptions;
import io.hivenosql.sandbox.ServerClassPath;
import io.hivenosql.sandbox.ServerProcess;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hive.jdbc.HiveDriver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Apache Hive 3.1.3's HiveServer2 in a JVM of its own on this JDK (17), as Amazon EMR 7 runs Hive 3.1: Hadoop 3.3.6,
 * Tez 0.10.2 (or MapReduce) in local mode, an embedded Derby metastore, every directory under one work directory, and
 * the handler jars as Hive's launcher takes {@code HIVE_AUX_JARS_PATH} (on the server's classpath and in {@code
 * hive.aux.jars.path}). The jars are the runtime-hive-3.1.3 module's; what Java 17 needs of an Apache build of 3.1.3 is
 * done there: a {@code URLClassLoader} as the system class loader ({@link Hive3SystemClassLoader}, HIVE-21584), Kryo's
 * serializer of sublists (the in-hive jar, first on that loader's classpath), and the bind host (HIVE-20726). In
 * local mode every task runs in the server's JVM: a hook runs one query at a time ({@code LocalQueries}).
 */
public final class Hive3Server implements Closeable {
    /** The release this class runs. */
    public static final String VERSION = "3.1.3";
    /** HiveServer2's log, under its work directory. */
    public static final String LOG_FILE = "logs/hiveserver2.log";

    private static final Logger log = LoggerFactory.getLogger(Hive3Server.class);
    private static final int HEAP_MB = 2048;
    private static final String IN_HIVE_CLASSIFIER = "-in-hive.jar";

    private final ServerProcess process;
    private final String jdbcUrl;

    private Hive3Server(ServerProcess process, String jdbcUrl) {
        this.process = process;
        this.jdbcUrl = jdbcUrl;
    }

    /**
     * Writes the configuration, starts the JVM and returns once a JDBC connection works.
     *
     * @param hiveConf hive-site settings applied last
     */
    public static Hive3Server start(
            Path workDir, HiveEngine engine, List<Path> auxJars, Map<String, String> hiveConf, Duration timeout) {
        requireNonNull(engine, "engine is null");
        long start = System.nanoTime();
        Path work = workDir.toAbsolutePath().normalize();
        int port = FreePorts.pick();
        Path conf = work.resolve("conf");
        Path logs = work.resolve("logs");
        List<String> classPath = new ArrayList<>();
        try {
            // Hive 3 creates its scratch directory itself, with the permissions it checks (a directory made here
            // would be refused as not writable enough)
            Files.createDirectories(work.resolve("local-scratch"));
            Files.createDirectories(work.resolve("tez-local-cache"));
            Files.createDirectories(work.resolve("tmp"));
            Files.createDirectories(logs);
            writeHiveSite(conf.resolve("hive-site.xml"), hiveSite(work, port, engine, auxJars, hiveConf));
            Files.writeString(conf.resolve("hive-log4j2.properties"), logConfig(logs), UTF_8);
            ServerClassPath hive = classPath();
            classPath.add(inHiveJar(hive).toString());
            classPath.add(conf.toString());
            hive.jars().stream().skip(1).forEach(jar -> classPath.add(jar.toString()));
            auxJars.forEach(jar -> classPath.add(jar.toString()));
            Files.write(work.resolve("hive3.classpath"), classPath, UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare HiveServer2 " + VERSION + "'s directory " + work, e);
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JvmOptions.hiveOpens());
        command.add("-Xmx" + HEAP_MB + "m");
        command.add("-XX:+ExitOnOutOfMemoryError");
        // a custom system class loader turns off the JDK's shared class archive, with a warning on every start
        command.add("-Xshare:off");
        command.add("-Djava.system.class.loader=" + Hive3SystemClassLoader.class.getName());
        command.add("-D" + Hive3SystemClassLoader.CLASSPATH_FILE + "=" + work.resolve("hive3.classpath"));
        command.add("-Dlog4j.configurationFile="
                + conf.resolve("hive-log4j2.properties").toUri());
        command.add("-Djava.io.tmpdir=" + work.resolve("tmp"));
        command.add("-Dderby.stream.error.file=" + logs.resolve("derby.log"));
        command.add("-cp");
        command.add(classPath().jars().get(0).toString());
        command.add("org.apache.hive.service.server.HiveServer2");
        ServerProcess server;
        try {
            Process process = ServerProcess.launch(
                    command, work, work.resolve("hiveserver2.out"), Map.of("HIVE_CONF_DIR", conf.toString()));
            server = new ServerProcess(
                    process, "HiveServer2 " + VERSION, Duration.ofSeconds(30), Duration.ofSeconds(10));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start HiveServer2 " + VERSION + " in " + work, e);
        }
        String url = "jdbc:hive2://127.0.0.1:" + port + "/default";
        try {
            awaitConnection(server, url, work, timeout.minus(Duration.ofNanos(System.nanoTime() - start)));
        } catch (RuntimeException e) {
            server.kill();
            throw e;
        }
        log.info(
                "HiveServer2 {} (pid {}) up at {} in {} ms",
                VERSION,
                server.pid(),
                url,
                (System.nanoTime() - start) / 1_000_000);
        return new Hive3Server(server, url);
    }

    /** Hive 3.1.3's jars (its beeline and JDBC driver included), the loader's jar first. */
    public static ServerClassPath classPath() {
        return ServerClassPath.load(
                Hive3Server.class,
                "/io/hivenosql/compat/runtime/hive-" + VERSION + ".classpath",
                Hive3SystemClassLoader.class,
                "Hive " + VERSION,
                "runtime-hive-" + VERSION);
    }

    /**
     * The in-hive jar beside the loader's jar (Maven puts a classifier's jar next to the main one): never on this JVM's
     * classpath, where its serializer would take the place of Hive 4's own.
     */
    private static Path inHiveJar(ServerClassPath hive) {
        Path loaderJar = hive.jars().get(0);
        String name = loaderJar.getFileName().toString();
        Path fix = loaderJar.resolveSibling(name.substring(0, name.length() - ".jar".length()) + IN_HIVE_CLASSIFIER);
        if (!Files.isRegularFile(fix)) {
            throw new IllegalStateException(fix + " is missing: build the runtime-hive-" + VERSION + " module with "
                    + "Maven (mvn -DskipTests install)");
        }
        return fix;
    }

    private static Map<String, String> hiveSite(
            Path work, int port, HiveEngine engine, List<Path> auxJars, Map<String, String> hiveConf) {
        Map<String, String> site = new LinkedHashMap<>(LocalHiveConf.properties(work, port, engine, auxJars, Map.of()));
        site.putAll(HiveSiteTemplate.load(
                Hive3Server.class, "hive3-hive-site.conf", Map.of("workUri", LocalHiveConf.uri(work))));
        site.putAll(hiveConf);
        return site;
    }

    private static void writeHiveSite(Path file, Map<String, String> properties) throws IOException {
        Files.createDirectories(file.getParent());
        Configuration site = new Configuration(false);
        properties.forEach(site::set);
        try (OutputStream out = Files.newOutputStream(file)) {
            site.writeXml(out);
        }
    }

    /** HiveServer2's log in {@code logs/hiveserver2.log}; DataNucleus and Derby at WARN. */
    private static String logConfig(Path logs) {
        return String.join(
                "\n",
                "status = WARN",
                "appender.file.type = File",
                "appender.file.name = file",
                "appender.file.fileName = " + logs.getParent().resolve(LOG_FILE),
                "appender.file.layout.type = PatternLayout",
                "appender.file.layout.pattern = %d{ISO8601} %5p [%t] %c{2}: %m%n",
                "logger.datanucleus.name = DataNucleus",
                "logger.datanucleus.level = WARN",
                "rootLogger.level = INFO",
                "rootLogger.appenderRef.file.ref = file",
                "");
    }

    private static void awaitConnection(ServerProcess server, String url, Path work, Duration timeout) {
        Properties properties = new Properties();
        properties.setProperty("user", System.getProperty("user.name", "hive"));
        properties.setProperty("password", "");
        server.awaitReady(
                timeout,
                Duration.ofMillis(500),
                () -> {
                    try (Connection connection = new HiveDriver().connect(url, properties)) {
                        return Optional.of(url);
                    }
                },
                exitCode -> new IllegalStateException("HiveServer2 " + VERSION + " exited with code " + exitCode
                        + " during start-up; console tail:\n" + ServerProcess.tail(work.resolve("hiveserver2.out"), 40)
                        + "\nlog: " + work.resolve(LOG_FILE)),
                last -> new IllegalStateException(
                        "HiveServer2 " + VERSION + " did not accept JDBC connections at " + url + " within " + timeout
                                + "; see " + work.resolve(LOG_FILE),
                        last));
    }

    /** {@code jdbc:hive2://127.0.0.1:<port>/default}. */
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
        return "HiveServer2 " + VERSION + "[" + jdbcUrl + ", pid " + process.pid() + "]";
    }
}
