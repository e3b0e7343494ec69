package io.hivenosql.sandbox.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.FreePorts;
import io.hivenosql.sandbox.ServerFixture;
import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.ShutdownParams;

/**
 * A real Debian {@code redis-server} on a free port of 127.0.0.1, in its own work directory, without persistence. The
 * process is started with {@code daemonize no} so that this object owns it; {@link #close()} stops exactly that
 * process ({@code SHUTDOWN NOSAVE}, then the process handle), never anything found by name.
 *
 * <pre>{@code
 * try (TestingRedisServer redis = TestingRedisServer.builder().password("secret").build()) {
 *     connect(redis.host(), redis.port());
 * }
 * }</pre>
 *
 * <p>Test suites share one server per JVM through {@link #shared()} and isolate tests by key prefix.
 */
public final class TestingRedisServer extends ServerFixture {
    static final String NOT_INSTALLED = "redis-server is not installed: run `apt-get install -y redis-server` "
            + "(bin/hive-nosql test installs it when run as root)";

    private static final Logger log = LoggerFactory.getLogger(TestingRedisServer.class);
    private static final String HOST = "127.0.0.1";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final int START_ATTEMPTS = 3;

    private static TestingRedisServer shared;

    private final Builder settings;
    private final int port;
    /** When {@link #kill()} last killed the process ({@link System#nanoTime()}), or 0. */
    private volatile long killedAtNanos;

    private TestingRedisServer(Builder settings, Path workDir, int port, Process process) {
        super(
                new ServerProcess(process, "redis-server", STOP_TIMEOUT, STOP_TIMEOUT),
                workDir,
                settings.shared,
                "testing-redis-server-stop");
        this.settings = settings;
        this.port = port;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts a server with default settings: no password, no persistence. */
    public static TestingRedisServer start() {
        return builder().build();
    }

    /**
     * One server per JVM for test suites: started on first use, stopped by a shutdown hook. Callers must not close
     * it (close() of the shared instance is ignored); isolate tests by key prefix or database.
     */
    public static synchronized TestingRedisServer shared() {
        if (shared == null || !shared.isAlive()) {
            shared = builder().sharedInstance().build();
        }
        return shared;
    }

    public String host() {
        return HOST;
    }

    public int port() {
        return port;
    }

    /** {@code 127.0.0.1:port}, the form of {@code redis.nodes}. */
    public String address() {
        return HOST + ":" + port;
    }

    public Path logFile() {
        return workDir().resolve("redis.log");
    }

    /** The TLS material the server was started with; empty for a plain-text server. */
    public Optional<TlsServerMaterial> tls() {
        return settings.tls;
    }

    /**
     * A new connection authenticated as the default user (with the requirepass password if one is set); over TLS, with
     * the fixture's client certificate, to a TLS server.
     */
    public Jedis connect() {
        DefaultJedisClientConfig.Builder config =
                DefaultJedisClientConfig.builder().timeoutMillis(10_000).clientName("testing-redis-server");
        settings.password.ifPresent(config::password);
        withTls(config);
        return new Jedis(new HostAndPort(HOST, port), config.build());
    }

    private DefaultJedisClientConfig.Builder withTls(DefaultJedisClientConfig.Builder config) {
        settings.tls.ifPresent(material ->
                config.ssl(true).sslSocketFactory(material.fixtureContext().getSocketFactory()));
        return config;
    }

    /** Kills the process at once (SIGKILL), as a crash would, and remembers when (see {@link #killedAtNanos()}). */
    @Override
    public void kill() {
        killedAtNanos = System.nanoTime();
        super.kill();
    }

    /** When {@link #kill()} last killed this server ({@link System#nanoTime()}), or 0 if it never did. */
    long killedAtNanos() {
        return killedAtNanos;
    }

    /**
     * Starts a killed server again: the same {@code redis.conf}, port and work directory (so a cluster node keeps its
     * node id and {@code nodes.conf}; its data is gone, as the server runs without persistence). Returns once it
     * answers PING.
     */
    synchronized void restart() {
        if (isAlive()) {
            throw new IllegalStateException("The " + this + " is running; kill it before restarting it");
        }
        Process process;
        try {
            process = launch(findExecutable(), workDir());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot restart " + this, e);
        }
        ServerProcess next = new ServerProcess(process, "redis-server", STOP_TIMEOUT, STOP_TIMEOUT);
        relaunched(next);
        awaitReady(next);
        log.info("restarted {}", this);
    }

    private static Process launch(Path executable, Path workDir) throws IOException {
        return ServerProcess.launch(
                List.of(executable.toString(), workDir.resolve("redis.conf").toString()),
                workDir,
                workDir.resolve("stdout.log"),
                Map.of());
    }

    /** {@code SHUTDOWN NOSAVE}, then waits for the process to exit (and kills it if it does not within 10 s). */
    @Override
    protected void shutDown(ServerProcess process) {
        if (process.isAlive()) {
            try (Jedis jedis = connect()) {
                jedis.shutdown(ShutdownParams.shutdownParams().nosave());
            } catch (JedisConnectionException | JedisDataException e) {
                log.debug("SHUTDOWN NOSAVE of redis-server pid {} failed: {}", process.pid(), e.getMessage());
            }
            if (!process.waitForExit(STOP_TIMEOUT)) {
                log.warn("redis-server pid {} did not stop within {}; killing it", pid(), STOP_TIMEOUT);
                process.kill();
            }
        }
    }

    @Override
    protected void cleanUp() {
        ServerProcess.deleteRecursively(workDir());
    }

    @Override
    public String toString() {
        return "redis-server " + address() + " (pid " + pid() + ", " + workDir() + ")";
    }

    /** The absolute path of {@code redis-server}: the PATH first, then /usr/bin; throws when not installed. */
    public static Path findExecutable() {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, "redis-server"));
                }
            }
        }
        candidates.add(Path.of("/usr/bin/redis-server"));
        return candidates.stream()
                .filter(Files::isExecutable)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException(NOT_INSTALLED));
    }

    /** Options of a server; {@link #build()} starts it. */
    public static final class Builder {
        private Optional<String> password = Optional.empty();
        private Optional<TlsServerMaterial> tls = Optional.empty();
        private final List<String> aclUsers = new ArrayList<>();
        private final List<String> extraConfig = new ArrayList<>();
        private boolean clusterEnabled;
        private Duration clusterNodeTimeout = Duration.ofMillis(5_000);
        private boolean shared;

        private Builder() {}

        /** Sets {@code requirepass}: the default user then needs this password. */
        public Builder password(String password) {
            this.password = Optional.of(requireNonNull(password, "password is null"));
            return this;
        }

        /** Adds an ACL user with the given password and full access to every key and command. */
        public Builder aclUser(String user, String password) {
            return aclUser(user, password, "~* &* +@all");
        }

        /**
         * Adds an ACL user with the given password and ACL rules (redis.conf's {@code user} line after the password,
         * e.g. {@code ~app:* +@read} for a user that reads the keys under {@code app:}).
         */
        public Builder aclUser(String user, String password, String rules) {
            requireNonNull(user, "user is null");
            requireNonNull(password, "password is null");
            requireNonNull(rules, "rules is null");
            aclUsers.add("user " + user + " on >" + password + " " + rules);
            return this;
        }

        /**
         * Serves only TLS on the server's port ({@code port 0}, {@code tls-port}), with {@code material}'s server
         * certificate; requires client certificates of its CA when {@link TlsServerMaterial#clientAuth()}. A cluster
         * node also speaks TLS to the other nodes.
         */
        public Builder tls(TlsServerMaterial material) {
            this.tls = Optional.of(requireNonNull(material, "material is null"));
            return this;
        }

        /** A raw redis.conf line, e.g. {@code maxmemory 100mb}. */
        public Builder config(String line) {
            extraConfig.add(requireNonNull(line, "line is null"));
            return this;
        }

        /** Starts the server as a Redis Cluster node (used by {@link TestingRedisCluster}). */
        Builder clusterEnabled() {
            this.clusterEnabled = true;
            return this;
        }

        /** The cluster node's {@code cluster-node-timeout} (5 s unless set): how soon a silent node counts as failed. */
        Builder clusterNodeTimeout(Duration timeout) {
            this.clusterNodeTimeout = requireNonNull(timeout, "timeout is null");
            return this;
        }

        private Builder sharedInstance() {
            this.shared = true;
            return this;
        }

        public TestingRedisServer build() {
            Path executable = findExecutable();
            IllegalStateException last = null;
            for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
                int port = clusterEnabled ? ClusterSlots.freeClusterPort() : FreePorts.pick();
                try {
                    return startOn(executable, port);
                } catch (IllegalStateException e) {
                    // most likely another process took the port between probing and binding: try another one
                    last = e;
                    log.warn("redis-server did not start on port {} (attempt {}): {}", port, attempt, e.getMessage());
                }
            }
            throw last;
        }

        private TestingRedisServer startOn(Path executable, int port) {
            Path workDir;
            try {
                workDir = Files.createTempDirectory("testing-redis-" + port + "-");
                Files.writeString(workDir.resolve("redis.conf"), configText(workDir, port), UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create a work directory for redis-server", e);
            }
            Process process;
            try {
                process = launch(executable, workDir);
            } catch (IOException e) {
                ServerProcess.deleteRecursively(workDir);
                throw new UncheckedIOException("cannot start " + executable, e);
            }
            TestingRedisServer server = new TestingRedisServer(this, workDir, port, process);
            try {
                server.awaitReady(server.requireProcess("is not running"));
            } catch (RuntimeException e) {
                server.abandon();
                throw e;
            }
            log.info("started {}", server);
            return server;
        }

        private String configText(Path workDir, int port) {
            List<String> lines = new ArrayList<>(List.of(
                    "bind " + HOST,
                    "port " + (tls.isPresent() ? 0 : port),
                    "daemonize no",
                    "save \"\"",
                    "appendonly no",
                    "dir " + workDir,
                    "logfile " + workDir.resolve("redis.log"),
                    "pidfile " + workDir.resolve("redis.pid")));
            password.ifPresent(p -> lines.add("requirepass " + p));
            tls.ifPresent(material -> {
                lines.add("tls-port " + port);
                lines.add("tls-cert-file " + material.server().certPem());
                lines.add("tls-key-file " + material.server().keyPem());
                lines.add("tls-ca-cert-file " + material.ca().caPem());
                lines.add("tls-auth-clients " + (material.clientAuth() ? "yes" : "no"));
                if (clusterEnabled) {
                    lines.add("tls-cluster yes");
                    lines.add("tls-replication yes");
                }
            });
            lines.addAll(aclUsers);
            if (clusterEnabled) {
                lines.add("cluster-enabled yes");
                lines.add("cluster-config-file " + workDir.resolve("nodes.conf"));
                lines.add("cluster-node-timeout " + clusterNodeTimeout.toMillis());
                password.ifPresent(p -> lines.add("masterauth " + p));
                // a replica's first sync starts at once, not after the default 5 s wait for more replicas
                lines.add("repl-diskless-sync-delay 0");
            }
            lines.addAll(extraConfig);
            return String.join("\n", lines) + "\n";
        }
    }

    private void awaitReady(ServerProcess process) {
        process.awaitReady(
                START_TIMEOUT,
                Duration.ofMillis(20),
                () -> {
                    try (Jedis jedis = new Jedis(
                            new HostAndPort(HOST, port),
                            withTls(DefaultJedisClientConfig.builder().timeoutMillis(1_000))
                                    .build())) {
                        jedis.ping();
                    } catch (JedisDataException e) {
                        // NOAUTH: it answers, so it is up
                    }
                    return Optional.of(port);
                },
                exitCode -> new IllegalStateException("redis-server on port " + port + " exited with code " + exitCode
                        + " during start-up; log tail:\n" + logTail()),
                last -> new IllegalStateException("redis-server on port " + port + " did not answer PING within "
                        + START_TIMEOUT.toMillis() + " ms (" + (last == null ? "no answer yet" : last.getMessage())
                        + "); log tail:\n" + logTail()));
    }

    /** The last lines of the server's log and stdout, for failure messages. */
    public String logTail() {
        StringBuilder tail = new StringBuilder();
        for (String name : List.of("redis.log", "stdout.log")) {
            tail.append(ServerProcess.tail(workDir().resolve(name), 20)).append('\n');
        }
        return tail.toString();
    }
}
