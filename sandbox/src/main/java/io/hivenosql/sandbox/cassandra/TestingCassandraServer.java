package io.hivenosql.sandbox.cassandra;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.ServerBuilder;
import io.hivenosql.sandbox.ServerFixture;
import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.tls.TestingCertificates;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real Cassandra 5 daemon ({@code cassandra-all}) in its own JVM, one node on free ports of 127.0.0.1 (or of the address
 * {@link Builder#host} gives; {@link TestingCassandraRing} starts three), with a fresh data directory. Cassandra's jars are never on this JVM's classpath: the daemon runs with the classpath of the
 * {@code cassandra-server} module and the JDK 17 flags of Cassandra's {@code jvm17-server.options}. This object owns the
 * process: {@link #close()} stops exactly that process (SIGTERM, so Cassandra drains; SIGKILL if it hangs), never
 * anything found by name; the daemon also stops by itself when the JVM that started it is gone.
 *
 * <pre>{@code
 * try (TestingCassandraServer cassandra = TestingCassandraServer.builder().passwordAuthenticator(true).build()) {
 *     CqlSession.builder().addContactPoint(new InetSocketAddress(cassandra.host(), cassandra.nativePort()))
 *             .withLocalDatacenter(cassandra.localDatacenter())
 *             .withAuthCredentials(SUPERUSER, SUPERUSER_PASSWORD)...
 * }
 * }</pre>
 *
 * <p>It takes 5-10 s to start and 0.7-1.5 GB of memory: test suites share one server per JVM through
 * {@link #shared()} and isolate tests by keyspace.
 */
public final class TestingCassandraServer extends ServerFixture {
    public static final String HOST = "127.0.0.1";
    /** The data center of the node (SimpleSnitch's), for the driver's local-DC setting. */
    public static final String LOCAL_DATACENTER = "datacenter1";
    /** The default superuser Cassandra creates; it needs a password with {@link Builder#passwordAuthenticator}. */
    public static final String SUPERUSER = "cassandra";
    /** The password of {@link #SUPERUSER}. */
    public static final String SUPERUSER_PASSWORD = "cassandra";

    static final String YAML_FILE = "cassandra.yaml";
    static final String LOGBACK_FILE = "logback.xml";
    static final String TOOLS_LOGBACK_FILE = "logback-tools.xml";
    static final String LOG_FILE = "cassandra.log";

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration KILL_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration NODETOOL_TIMEOUT = Duration.ofMinutes(2);

    private static TestingCassandraServer shared;

    private final CassandraStarter.Settings settings;
    private final CassandraCommand command;
    private final int storagePort;
    private final int nativePort;
    private final int jmxPort;

    TestingCassandraServer(
            CassandraStarter.Settings settings,
            CassandraCommand command,
            Path workDir,
            int storagePort,
            int nativePort,
            int jmxPort,
            ServerProcess process) {
        super(process, workDir, settings.shared(), "testing-cassandra-server-stop");
        this.settings = settings;
        this.command = command;
        this.storagePort = storagePort;
        this.nativePort = nativePort;
        this.jmxPort = jmxPort;
    }

    /** The daemon's process as a server owns it: its stop waits a minute after SIGTERM, 10 s after SIGKILL. */
    static ServerProcess ownProcess(Process process) {
        return new ServerProcess(process, "Cassandra", STOP_TIMEOUT, KILL_TIMEOUT);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts a server with the default settings: no authentication, 16 tokens, 1 GB heap, a temporary directory. */
    public static TestingCassandraServer start() {
        return builder().build();
    }

    /**
     * One server per JVM for test suites: started on first use, stopped by a shutdown hook. Callers must not close it
     * (close() of the shared instance is ignored); isolate tests by keyspace.
     */
    public static synchronized TestingCassandraServer shared() {
        if (shared == null || !shared.isAlive()) {
            if (shared != null) {
                shared.stop();
            }
            shared = builder().sharedInstance().build();
        }
        return shared;
    }

    /** The node's address: {@value #HOST} unless {@link Builder#host} said otherwise. */
    public String host() {
        return settings.host();
    }

    /** The CQL native-protocol port. */
    public int nativePort() {
        return nativePort;
    }

    /** {@code host:port} of the CQL port: a contact point, the form of {@code cassandra.hosts}. */
    public String contactPoint() {
        return host() + ":" + nativePort;
    }

    /** The data center of the node: {@value #LOCAL_DATACENTER}. */
    public String localDatacenter() {
        return LOCAL_DATACENTER;
    }

    public int storagePort() {
        return storagePort;
    }

    /** The JMX port on 127.0.0.1 that {@link #nodetool} uses. */
    public int jmxPort() {
        return jmxPort;
    }

    /** Whether clients must log in ({@code PasswordAuthenticator}; {@link #SUPERUSER} / {@link #SUPERUSER_PASSWORD}). */
    public boolean passwordAuthenticator() {
        return settings.passwordAuthenticator();
    }

    /**
     * The TLS material of a node whose native port speaks only TLS ({@link Builder#tls}); empty for a plain-text node.
     * The fixture's own connections use {@link TlsServerMaterial#fixtureContext()}.
     */
    public Optional<TlsServerMaterial> tls() {
        return settings.tls();
    }

    /**
     * Presents {@code certificate} (say, an expired one) to new TLS connections from now on, without a restart: writes
     * it over the node's key store and reloads that ({@code nodetool reloadssl}, about 1 s); connections already open
     * keep the certificate of their handshake. Returns once a new handshake presents it. {@link #tls()} stays the
     * material the node was started with: present {@code tls().get().server()} to go back to it.
     */
    public void presentCertificate(TestingCertificates.Issued certificate) {
        requireNonNull(certificate, "certificate is null");
        TlsServerMaterial material = tls().orElseThrow(() ->
                new IllegalStateException("Cannot present a certificate: " + this + " speaks plain text"));
        CassandraStarter.presentCertificate(this, material, certificate);
    }

    /** The daemon's stdout and stderr (its log). */
    public Path logFile() {
        return workDir().resolve(LOG_FILE);
    }

    /**
     * Runs {@code nodetool} against this node (in a short-lived JVM of its own, about 1 s) and returns its output, e.g.
     * {@code nodetool("flush", "ks")} then {@code nodetool("refreshsizeestimates")} to fill {@code
     * system.size_estimates}.
     */
    public String nodetool(String... arguments) {
        List<String> args = List.of(requireNonNull(arguments, "arguments is null"));
        if (!isAlive()) {
            throw new IllegalStateException("Cannot run nodetool " + args + ": " + this + " is not running");
        }
        Path output = null;
        try {
            output = Files.createTempFile(workDir(), "nodetool-", ".out");
            Process nodetool =
                    ServerProcess.launch(command.nodetool(workDir(), HOST, jmxPort, args), workDir(), output, Map.of());
            if (!nodetool.waitFor(NODETOOL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                nodetool.destroyForcibly();
                throw new IllegalStateException("nodetool " + args + " did not finish within " + NODETOOL_TIMEOUT);
            }
            String text = Files.readString(output, UTF_8);
            if (nodetool.exitValue() != 0) {
                throw new IllegalStateException(
                        "nodetool " + args + " failed with exit code " + nodetool.exitValue() + ":\n" + text);
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run nodetool " + args + " against " + this, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while running nodetool " + args, e);
        } finally {
            if (output != null) {
                output.toFile().delete();
            }
        }
    }

    /**
     * Starts this node again on the same address, ports and directory, with the data it has (a node of a ring that
     * keeps its data, once its process is gone), and returns the new server; this one stays stopped.
     */
    TestingCassandraServer relaunch() {
        if (!settings.keepData() || isAlive()) {
            throw new IllegalStateException("Cannot relaunch " + this + ": it keeps no data or is still running");
        }
        abandon();
        return CassandraStarter.start(new CassandraStarter.Settings(
                settings.host(),
                Optional.of(new CassandraStarter.Ports(storagePort, nativePort, jmxPort)),
                true,
                settings.workDir(),
                settings.heapMegabytes(),
                settings.numTokens(),
                settings.passwordAuthenticator(),
                settings.tls(),
                settings.startTimeout(),
                settings.config(),
                settings.systemProperties(),
                settings.parentPid(),
                settings.shared()));
    }

    /**
     * Deletes the daemon's data once it stopped (SIGTERM: Cassandra drains and exits, a few seconds; SIGKILL if it is
     * still running after a minute).
     */
    @Override
    protected void cleanUp() {
        if (settings.keepData()) {
            return;
        }
        if (settings.workDir().isPresent()) {
            WorkDirs.deleteRunFiles(workDir());
        } else {
            ServerProcess.deleteRecursively(workDir());
        }
    }

    @Override
    public String toString() {
        return "Cassandra " + contactPoint() + " (pid " + pid() + ", " + workDir() + ")";
    }

    /** The last lines of the daemon's log, for failure messages. */
    public String logTail() {
        return ServerProcess.tail(logFile(), 40);
    }

    /**
     * Options of a server; {@link #build()} starts it. Its work directory holds its yaml, its log ({@code
     * cassandra.log}) and its data: a previous run's data there is removed before the start, the data is removed after
     * the stop, the log is kept. Its heap (at least 256 MB) starts at 256 MB and grows when needed; its start may take
     * 120 s by default.
     */
    public static final class Builder extends ServerBuilder<Builder> {
        private int numTokens = 16;
        private boolean passwordAuthenticator;
        private Optional<TlsServerMaterial> tls = Optional.empty();
        private String host = HOST;
        private Optional<CassandraStarter.Ports> ports = Optional.empty();
        private boolean keepData;
        private final Map<String, String> config = new LinkedHashMap<>();
        private final Map<String, String> systemProperties = new LinkedHashMap<>();

        private Builder() {
            super(256, Duration.ofSeconds(120));
        }

        /** Virtual nodes of the node ({@code num_tokens}), 16 by default: so many token ranges (wrap-around included). */
        public Builder numTokens(int numTokens) {
            if (numTokens < 1 || numTokens > 1536) {
                throw new IllegalArgumentException("numTokens must be between 1 and 1536: " + numTokens);
            }
            this.numTokens = numTokens;
            return this;
        }

        /**
         * {@code PasswordAuthenticator} and {@code CassandraAuthorizer} instead of allowing everyone: clients log in,
         * first as {@link #SUPERUSER} / {@link #SUPERUSER_PASSWORD}.
         */
        public Builder passwordAuthenticator(boolean enabled) {
            this.passwordAuthenticator = enabled;
            return this;
        }

        /**
         * Serves CQL only over TLS ({@code client_encryption_options} with {@code optional: false}), with {@code
         * material}'s server certificate; requires client certificates of its CA when {@link
         * TlsServerMaterial#clientAuth()}. Internode traffic stays plain text (one node).
         */
        public Builder tls(TlsServerMaterial material) {
            this.tls = Optional.of(requireNonNull(material, "material is null"));
            return this;
        }

        /**
         * How often the node recomputes {@code system.size_estimates} (Cassandra's default: 5 minutes). Estimates count
         * flushed data only: run {@code nodetool("flush")} first, or {@code nodetool("refreshsizeestimates")}.
         */
        public Builder sizeEstimatesInterval(Duration interval) {
            long seconds = requireNonNull(interval, "interval is null").toSeconds();
            if (seconds < 1) {
                throw new IllegalArgumentException("sizeEstimatesInterval must be at least 1 s: " + interval);
            }
            return systemProperty("cassandra.size_recorder_interval", Long.toString(seconds));
        }

        /**
         * A top-level {@code cassandra.yaml} setting as raw YAML, replacing the default, e.g.
         * {@code config("batch_size_fail_threshold", "100KiB")}.
         */
        public Builder config(String key, String yamlValue) {
            config.put(requireNonNull(key, "key is null"), requireNonNull(yamlValue, "yamlValue is null"));
            return this;
        }

        /** A {@code -Dkey=value} of the daemon's JVM, e.g. {@code cassandra.size_recorder_interval}. */
        public Builder systemProperty(String key, String value) {
            systemProperties.put(requireNonNull(key, "key is null"), requireNonNull(value, "value is null"));
            return this;
        }

        /**
         * The node's address (listen, broadcast and CQL), {@value #HOST} by default; any of 127.0.0.0/8 is loopback, so
         * nodes of a ring on one machine may share their ports.
         */
        public Builder host(String host) {
            this.host = requireNonNull(host, "host is null");
            return this;
        }

        /** Fixed ports instead of free ones (a ring's nodes share theirs): one attempt, failing if one is taken. */
        Builder ports(CassandraStarter.Ports ports) {
            this.ports = Optional.of(requireNonNull(ports, "ports is null"));
            return this;
        }

        /** Keeps the data of the work directory at start and stop (a ring's node, restarted on its own data). */
        Builder keepData() {
            this.keepData = true;
            return this;
        }

        private Builder sharedInstance() {
            return markShared();
        }

        /** Starts the daemon and waits until it answers CQL. */
        public TestingCassandraServer build() {
            Options options = options();
            return CassandraStarter.start(new CassandraStarter.Settings(
                    host,
                    ports,
                    keepData,
                    options.workDir(),
                    options.heapMegabytes(),
                    numTokens,
                    passwordAuthenticator,
                    tls,
                    options.startTimeout(),
                    config,
                    systemProperties,
                    options.parentPid(),
                    options.shared()));
        }
    }
}
