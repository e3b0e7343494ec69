package io.hivenosql.sandbox.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.FreePorts;
import io.hivenosql.sandbox.ServerProcess;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.conf.MetastoreConf;
import org.apache.hive.jdbc.HiveDriver;
import org.apache.hive.service.server.HiveServer2;
import org.apache.tez.common.TezClassLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An in-process HiveServer2 4.0.1 with an embedded Derby metastore, serving Thrift (binary) on a free port of
 * 127.0.0.1. Jobs run in the same JVM, with Tez local mode (the default) or MapReduce local mode. Everything the server
 * writes (metastore, warehouse, scratch, logs, Tez staging, {@code conf/hive-site.xml}) lives under the work directory;
 * see {@link LocalHiveConf}.
 *
 * <pre>{@code
 * try (LocalHiveServer hive = LocalHiveServer.builder(workDir).auxJar(handlerJar).start()) {
 *     hive.instance().query("SELECT 1");
 * }
 * }</pre>
 *
 * <p>Handler jars are given as aux jars, the way a cluster's HiveServer2 gets them: {@code hive.aux.jars.path} plus
 * the server classpath ({@code HIVE_AUX_JARS_PATH}), which {@link ServerClassPath} emulates at start. They need not,
 * and should not, be on the test classpath.
 *
 * <p><b>One per JVM.</b> Hive keeps static state (session state, metastore client and persistence manager caches,
 * the Tez session pool, Derby's engine, the hive-site location this class registers), so at most one server may run in
 * a JVM at a time, and starting a second one in the same JVM after the first was closed is not supported. Tests share
 * one server per test JVM. The JVM needs the {@code --add-opens} flags of the parent pom's {@code hive.jvm.opens}, plus
 * {@value ServerClassPath#REQUIRED_FLAG} when there are aux jars.
 */
public final class LocalHiveServer implements Closeable {
    private static final Logger log = LoggerFactory.getLogger(LocalHiveServer.class);
    private static final AtomicBoolean running = new AtomicBoolean();

    private final Path workDir;
    private final HiveEngine engine;
    private final List<Path> auxJars;
    private final Map<String, String> extraConf;
    private final String user;
    private final Duration startTimeout;
    private HiveServer2 server;
    private int port;
    private Duration startupTime;
    private EmbeddedHiveInstance instance;
    private boolean closed;

    private LocalHiveServer(Builder builder) {
        this.workDir = builder.workDir;
        this.engine = builder.engine;
        this.auxJars = List.copyOf(builder.auxJars);
        this.extraConf = Map.copyOf(builder.extraConf);
        this.user = builder.user;
        this.startTimeout = builder.startTimeout;
    }

    public static Builder builder() {
        return new Builder();
    }

    public static Builder builder(Path workDir) {
        return new Builder().workDir(workDir);
    }

    /**
     * Starts the server and returns once a JDBC connection works; returns this.
     *
     * @throws IllegalStateException if this or another LocalHiveServer already runs in this JVM, or on a start failure
     */
    public synchronized LocalHiveServer start() {
        if (server != null || closed) {
            throw new IllegalStateException("This LocalHiveServer was started already: " + this);
        }
        if (!running.compareAndSet(false, true)) {
            throw new IllegalStateException(
                    "A LocalHiveServer is already running in this JVM: Hive keeps static state, share one server");
        }
        try {
            doStart();
            return this;
        } catch (RuntimeException | Error e) {
            running.set(false);
            throw e;
        }
    }

    public synchronized boolean isRunning() {
        return server != null && !closed;
    }

    /** {@code jdbc:hive2://127.0.0.1:<port>/default}. */
    public String jdbcUrl() {
        return jdbcUrl(port());
    }

    private static String jdbcUrl(int port) {
        return "jdbc:hive2://127.0.0.1:" + port + "/default";
    }

    /** The user name to connect as (any name works: authentication is NONE and doAs is off). */
    public String user() {
        return user;
    }

    public synchronized int port() {
        if (server == null) {
            throw new IllegalStateException("LocalHiveServer in " + workDir + " is not started: call start()");
        }
        return port;
    }

    public Path workDir() {
        return workDir;
    }

    public HiveEngine engine() {
        return engine;
    }

    public List<Path> auxJars() {
        return auxJars;
    }

    /** How long {@link #start()} took, until the first JDBC connection succeeded. */
    public synchronized Duration startupTime() {
        port();
        return startupTime;
    }

    /** This server as a {@link HiveInstance}; closing the instance stops the server. */
    public synchronized EmbeddedHiveInstance instance() {
        port();
        if (instance == null) {
            instance = new EmbeddedHiveInstance(this);
        }
        return instance;
    }

    /** A new JDBC connection (hive-jdbc's driver) as {@link #user()}; the caller closes it. */
    public Connection connect() throws SQLException {
        return connect(jdbcUrl(), user);
    }

    static Connection connect(String url, String user) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", "");
        Connection connection = new HiveDriver().connect(url, properties);
        if (connection == null) {
            throw new SQLException("hive-jdbc does not accept the URL " + url + ": it must start with jdbc:hive2://");
        }
        return connection;
    }

    /** Stops the server (idempotent). */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (server == null) {
            return;
        }
        long start = System.nanoTime();
        try {
            server.stop();
        } finally {
            running.set(false);
        }
        log.info("HiveServer2 on port {} stopped in {} ms", port, (System.nanoTime() - start) / 1_000_000);
    }

    @Override
    public synchronized String toString() {
        return "LocalHiveServer[" + (server == null ? "not started" : jdbcUrl(port)) + ", engine=" + engine + ", work="
                + workDir + "]";
    }

    private void doStart() {
        long start = System.nanoTime();
        LocalHiveConf.createDirectories(workDir);
        // Derby writes derby.log to the current directory unless told otherwise
        System.setProperty(
                "derby.stream.error.file", workDir.resolve("derby.log").toString());
        int chosenPort = FreePorts.pick();
        Map<String, String> properties = LocalHiveConf.properties(workDir, chosenPort, engine, auxJars, extraConf);
        // Hive creates fresh HiveConf/MetastoreConf objects in places (metastore threads, the view registry); a
        // hive-site.xml in the work dir, registered JVM-wide, gives every one of them the same settings
        URL hiveSite = writeHiveSite(properties);
        HiveConf.setHiveSiteLocation(hiveSite);
        MetastoreConf.setHiveSiteLocation(hiveSite);
        HiveConf hiveConf = new HiveConf();
        properties.forEach(hiveConf::set);
        if (!ServerClassPath.append(auxJars) && engine == HiveEngine.TEZ) {
            addAuxJarsToTezTaskClassLoader();
        }

        HiveServer2 hiveServer2 = new HiveServer2();
        hiveServer2.init(hiveConf);
        hiveServer2.start();
        String url = jdbcUrl(chosenPort);
        try {
            awaitConnection(url, start);
        } catch (RuntimeException | Error e) {
            hiveServer2.stop();
            throw e;
        }
        this.server = hiveServer2;
        this.port = chosenPort;
        this.startupTime = Duration.ofNanos(System.nanoTime() - start);
        log.info("HiveServer2 ({}) up at {} in {} ms, work dir {}", engine, url, startupTime.toMillis(), workDir);
    }

    /**
     * On a cluster Tez localizes the session's aux jars into each task container's classpath. In local mode the tasks
     * run in this JVM and resolve classes through Tez's own task class loader ({@link TezClassLoader}, which every task
     * configuration uses), which nobody feeds the session jars: without the jars there, tasks fail with "Class ...
     * not found" for handler classes (e.g. their InputSplit). Only needed when {@link ServerClassPath} cannot put the
     * jars on the server classpath, whose classes the task loader sees too.
     */
    private void addAuxJarsToTezTaskClassLoader() {
        for (Path jar : auxJars) {
            try {
                TezClassLoader.getInstance().addURL(jar.toUri().toURL());
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot add aux jar " + jar + " to the Tez task class loader", e);
            }
        }
    }

    private URL writeHiveSite(Map<String, String> properties) {
        Configuration site = new Configuration(false);
        properties.forEach(site::set);
        Path file = workDir.resolve("conf/hive-site.xml");
        try {
            Files.createDirectories(file.getParent());
            try (OutputStream out = Files.newOutputStream(file)) {
                site.writeXml(out);
            }
            return file.toUri().toURL();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + file, e);
        }
    }

    private void awaitConnection(String url, long startNanos) {
        ServerProcess.poll(
                startTimeout.minus(Duration.ofNanos(System.nanoTime() - startNanos)),
                Duration.ofMillis(200),
                "HiveServer2 at " + url,
                () -> {
                    connect(url, user).close();
                    return Optional.of(url);
                },
                () -> {},
                last -> new IllegalStateException(
                        "HiveServer2 did not accept JDBC connections at " + url + " within " + startTimeout
                                + ": see the logs under " + workDir,
                        last));
    }

    public static final class Builder {
        private Path workDir;
        private HiveEngine engine = HiveEngine.TEZ;
        private final List<Path> auxJars = new ArrayList<>();
        private final Map<String, String> extraConf = new LinkedHashMap<>();
        private String user = System.getProperty("user.name", "hive");
        private Duration startTimeout = Duration.ofMinutes(2);

        private Builder() {}

        /** The directory that holds everything the server writes (required); created when missing. */
        public Builder workDir(Path workDir) {
            this.workDir =
                    requireNonNull(workDir, "workDir is null").toAbsolutePath().normalize();
            return this;
        }

        /** {@link HiveEngine#TEZ} by default. */
        public Builder engine(HiveEngine engine) {
            this.engine = requireNonNull(engine, "engine is null");
            return this;
        }

        /** Adds handler jars to {@code hive.aux.jars.path}; each must exist. */
        public Builder auxJars(List<Path> jars) {
            requireNonNull(jars, "jars is null").forEach(this::auxJar);
            return this;
        }

        public Builder auxJar(Path jar) {
            requireNonNull(jar, "jar is null");
            if (!Files.isRegularFile(jar)) {
                throw new IllegalArgumentException("Aux jar " + jar + " does not exist: build it first (mvn package)");
            }
            auxJars.add(jar.toAbsolutePath().normalize());
            return this;
        }

        /** Sets a hive-site property; applied after the defaults of {@link LocalHiveConf}, so it wins. */
        public Builder conf(String key, String value) {
            extraConf.put(requireNonNull(key, "key is null"), requireNonNull(value, "value is null"));
            return this;
        }

        public Builder conf(Map<String, String> properties) {
            requireNonNull(properties, "properties is null").forEach(this::conf);
            return this;
        }

        /** The user of {@link LocalHiveServer#connect()}; this process's user name by default. */
        public Builder user(String user) {
            this.user = requireNonNull(user, "user is null");
            return this;
        }

        /** How long to wait for the first JDBC connection; 2 minutes by default. */
        public Builder startTimeout(Duration timeout) {
            this.startTimeout = requireNonNull(timeout, "timeout is null");
            return this;
        }

        /** The server, not started yet: call {@link LocalHiveServer#start()}. */
        public LocalHiveServer build() {
            if (workDir == null) {
                throw new IllegalStateException("LocalHiveServer needs a work directory: call workDir(path)");
            }
            return new LocalHiveServer(this);
        }

        /** {@code build().start()}. */
        public LocalHiveServer start() {
            return build().start();
        }
    }
}
