package io.hivenosql.sandbox.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.ServerBuilder;
import io.hivenosql.sandbox.ServerFixture;
import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.mongo.server.MongoServerLauncher;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A MongoDB server for tests: by default a MongoDB-protocol test double ({@code mongo-java-server}, memory backend; it
 * reports MongoDB 5.0) in its own JVM on a free port of 127.0.0.1, started in about 0.4 s with some 60 MB of memory.
 * Its jars are never on this JVM's classpath: the server runs with the classpath of the {@code mongo-server} module.
 * This object owns the process: {@link #close()} stops exactly that process (SIGTERM, then SIGKILL if it hangs), never
 * anything found by name; the server also stops by itself when the JVM that started it is gone.
 *
 * <p><b>FerretDB.</b> With {@link Builder#flavour flavour(FERRETDB)} (the default when the environment variable
 * {@value MongoFlavour#VARIABLE} is {@code ferretdb}) the server is FerretDB {@value FerretDbBinary#VERSION} over a
 * private PostgreSQL cluster in the work directory: a MongoDB-compatible server with real storage (it reports MongoDB
 * 7.0), not mongod, started in some 3 s (plus a one-time build of FerretDB, see {@link FerretDbBinary}). {@link
 * #pid()} and {@link #kill()} are FerretDB's, the process clients talk to; {@link #close()} stops FerretDB by its pid,
 * then PostgreSQL by its data directory, and deletes their files. Neither stops by itself when this JVM is killed
 * (a shutdown hook stops them on any other exit).
 *
 * <pre>{@code
 * try (TestingMongoServer mongo = TestingMongoServer.builder().build();
 *         MongoClient client = MongoClients.create(mongo.uri())) {
 *     client.getDatabase("db").getCollection("c").insertOne(new Document("_id", 1));
 * }
 * }</pre>
 *
 * <p><b>External servers.</b> When the environment variable {@value #MONGO_URI_VARIABLE} is set, {@link #shared()}
 * and {@link Builder#buildUnlessExternal()} start nothing and return an {@linkplain #isExternal() external} instance
 * whose {@link #uri()} is that URI's base (its {@code /database} path dropped, its options kept): the same tests then
 * run against a real MongoDB. Such an instance has no process: {@link #pid()} and {@link #kill()} throw, and tests that
 * kill the server skip themselves when {@link #isExternal()}.
 */
public final class TestingMongoServer extends ServerFixture {
    public static final String HOST = MongoServerLauncher.HOST;
    /** The FerretDB release of flavour {@link MongoFlavour#FERRETDB}, e.g. {@code v1.24.2}. */
    public static final String FERRETDB_VERSION = FerretDbBinary.VERSION;
    /** The environment variable naming an external MongoDB server to use instead of starting one. */
    public static final String MONGO_URI_VARIABLE = "MONGO_URI";

    static final String LOG_FILE = "mongo.log";
    static final String PORT_FILE = "mongo.port";

    private static final Logger log = LoggerFactory.getLogger(TestingMongoServer.class);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration KILL_TIMEOUT = Duration.ofSeconds(10);
    private static final Set<String> LOG_LEVELS = Set.of("trace", "debug", "info", "warn", "error", "off");

    private static TestingMongoServer sharedServer;

    private final MongoServerUri uri;
    /** The server's process; null for an external server. */
    private final ServerProcess process;

    private final boolean deleteWorkDir;
    /** The flavour started here; empty for an external server. */
    private final Optional<MongoFlavour> flavour;
    /** FerretDB's PostgreSQL cluster; null for the test double and an external server. */
    private final PostgresCluster postgres;

    private TestingMongoServer(
            MongoServerUri uri,
            ServerProcess process,
            Path workDir,
            boolean deleteWorkDir,
            boolean shared,
            Optional<MongoFlavour> flavour,
            PostgresCluster postgres) {
        super(process, workDir, shared, "testing-mongo-server-stop");
        this.uri = uri;
        this.process = process;
        this.deleteWorkDir = deleteWorkDir;
        this.flavour = flavour;
        this.postgres = postgres;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Starts a server with the default settings: a free port, 1 GB heap at most, a temporary directory. */
    public static TestingMongoServer start() {
        return builder().build();
    }

    /**
     * An external MongoDB server: nothing is started or stopped; {@link #uri()} is the base of {@code uri} (a {@code
     * /database} or {@code /database.collection} path dropped, options kept).
     */
    public static TestingMongoServer external(String uri) {
        return external(uri, "the MongoDB URI", false);
    }

    /** The value of {@value #MONGO_URI_VARIABLE}, when set and not blank. */
    public static Optional<String> environmentUri() {
        return Optional.ofNullable(System.getenv(MONGO_URI_VARIABLE)).filter(value -> !value.isBlank());
    }

    /**
     * One server per JVM for test suites: the external server of {@value #MONGO_URI_VARIABLE} when that is set, else a
     * server of the flavour {@value MongoFlavour#VARIABLE} names (the test double by default) started on first use and
     * stopped by a shutdown hook. Callers must not close it (close() of the shared
     * instance is ignored); isolate tests by database.
     */
    public static synchronized TestingMongoServer shared() {
        if (sharedServer == null || !sharedServer.isAlive()) {
            if (sharedServer != null) {
                sharedServer.stop();
            }
            sharedServer = environmentUri()
                    .map(uri -> external(uri, MONGO_URI_VARIABLE, true))
                    .orElseGet(() -> builder().sharedInstance().build());
        }
        return sharedServer;
    }

    /**
     * {@code base + "/database.collection"} (then {@code "?options"} when the base has options), the form of a table's
     * {@code mongo.uri}; {@code base} is a connection string such as {@link #uri()} or the stack's {@code mongo_uri}.
     */
    public static String databaseUri(String base, String database, String collection) {
        return MongoServerUri.parse(base, "the MongoDB URI").withNamespace(database, collection);
    }

    /** This server's {@code mongodb://.../database.collection[?options]}, the form of a table's {@code mongo.uri}. */
    public String databaseUri(String database, String collection) {
        return uri.withNamespace(database, collection);
    }

    /**
     * The connection string without a database: {@code mongodb://127.0.0.1:<port>} for a started server; for an
     * external one the base of its URI, with its options (then {@code mongodb://host/?options}).
     */
    public String uri() {
        return uri.base();
    }

    /** The host: 127.0.0.1, or an external server's first host. */
    public String host() {
        return uri.firstHost();
    }

    /** The port: the bound port, or an external server's first host's port (27017 when it names none). */
    public int port() {
        return uri.firstPort();
    }

    /** Whether this is the server of {@value #MONGO_URI_VARIABLE} (or {@link #external}) rather than one started here. */
    public boolean isExternal() {
        return hasNoProcess();
    }

    /** Which server was started here (the test double or FerretDB); empty for an external server. */
    public Optional<MongoFlavour> flavour() {
        return flavour;
    }

    /** The pid of FerretDB's PostgreSQL postmaster; empty for the test double and an external server. */
    public OptionalLong postgresPid() {
        return postgres == null ? OptionalLong.empty() : OptionalLong.of(postgres.pid());
    }

    /**
     * The version of FerretDB's PostgreSQL, as {@code postgres --version} gives it (e.g. {@code PostgreSQL 15.14 (Debian
     * 15.14-0+deb12u1)}); empty for the test double and an external server.
     */
    public Optional<String> postgresVersion() {
        return postgres == null ? Optional.empty() : Optional.of(postgres.version());
    }

    /** The server's stdout and stderr (its log): {@value #LOG_FILE}, or FerretDB's {@value FerretDbStarter#LOG_FILE}. */
    public Path logFile() {
        return workDir().resolve(postgres == null ? LOG_FILE : FerretDbStarter.LOG_FILE);
    }

    /** The last lines of the server's log, for failure messages. */
    public String logTail() {
        return isExternal() ? "(an external server: no log here)" : ServerProcess.tail(logFile(), 40);
    }

    /**
     * Kills the server at once (SIGKILL), as a crash would; for tests of a lost server. {@link #close()} cleans up.
     *
     * @throws UnsupportedOperationException for an external server: check {@link #isExternal()} and skip such a test
     */
    @Override
    public void kill() {
        requireProcess("cannot be killed by this JVM; tests that kill the server must skip when "
                        + "isExternal() (unset " + MONGO_URI_VARIABLE + " to run them against a server they start)")
                .kill();
    }

    /**
     * After the stop (SIGTERM to its pid, then SIGKILL if it is still running after 10 s): closes its standard input,
     * stops FerretDB's PostgreSQL cluster and deletes its data, and deletes its temporary directory (a given work
     * directory keeps the logs).
     */
    @Override
    protected void cleanUp() {
        closeStdin();
        if (postgres != null) {
            postgres.stop();
            postgres.deleteFiles(!deleteWorkDir);
            ServerProcess.deleteRecursively(workDir().resolve(FerretDbStarter.STATE_DIR));
        }
        if (deleteWorkDir) {
            ServerProcess.deleteRecursively(workDir());
        } else {
            MongoServerStarter.deleteQuietly(workDir().resolve(PORT_FILE));
        }
    }

    @Override
    public String toString() {
        if (isExternal()) {
            return "external MongoDB " + uri.redacted();
        }
        if (postgres != null) {
            return "FerretDB " + FerretDbBinary.VERSION + " " + uri.redacted() + " (pid " + process.pid()
                    + ", PostgreSQL 127.0.0.1:" + postgres.port() + " pid " + postgres.pid() + ", " + workDir() + ")";
        }
        return "MongoDB test server " + uri.redacted() + " (pid " + process.pid() + ", " + workDir() + ")";
    }

    /** The server's process as a server owns it: its stop waits 10 s after SIGTERM, 10 s after SIGKILL. */
    static ServerProcess ownProcess(Process process) {
        return ownProcess(process, "MongoDB server");
    }

    /** {@link #ownProcess(Process)}, named {@code name} in log lines. */
    static ServerProcess ownProcess(Process process, String name) {
        return new ServerProcess(process, name, STOP_TIMEOUT, KILL_TIMEOUT);
    }

    static TestingMongoServer local(
            int port, ServerProcess process, Path workDir, boolean deleteWorkDir, boolean shared) {
        return new TestingMongoServer(
                localUri(port), process, workDir, deleteWorkDir, shared, Optional.of(MongoFlavour.DOUBLE), null);
    }

    static TestingMongoServer ferretDb(
            int port,
            ServerProcess process,
            Path workDir,
            boolean deleteWorkDir,
            boolean shared,
            PostgresCluster postgres) {
        return new TestingMongoServer(
                localUri(port),
                process,
                workDir,
                deleteWorkDir,
                shared,
                Optional.of(MongoFlavour.FERRETDB),
                requireNonNull(postgres, "postgres is null"));
    }

    private static MongoServerUri localUri(int port) {
        return new MongoServerUri("mongodb", "", HOST + ":" + port, "");
    }

    private static TestingMongoServer external(String uri, String source, boolean shared) {
        TestingMongoServer server = new TestingMongoServer(
                MongoServerUri.parse(uri, source), null, null, false, shared, Optional.empty(), null);
        log.info("Using the {} (from {})", server, source);
        return server;
    }

    /** Closes the server's standard input, which makes it exit (what happens when this JVM dies). */
    void closeStdin() {
        if (process == null) {
            return;
        }
        try {
            process.process().getOutputStream().close();
        } catch (IOException e) {
            // the process is gone: nothing to close
        }
    }

    /**
     * Options of a server; {@link #build()} starts it. Its work directory keeps only the log ({@value #LOG_FILE}, or
     * FerretDB's and PostgreSQL's); the test double's heap (at least 64 MB) holds every document (the memory backend;
     * FerretDB ignores the heap); its start may take 30 s by default (FerretDB: once PostgreSQL runs, and after the
     * one-time build, which has its own limits).
     */
    public static final class Builder extends ServerBuilder<Builder> {
        private int port;
        private String logLevel = "warn";
        private MongoFlavour flavour = MongoFlavour.fromEnvironment();
        private FerretDbSecurity security = FerretDbSecurity.NONE;

        private Builder() {
            super(64, Duration.ofSeconds(30));
        }

        private Builder sharedInstance() {
            return markShared();
        }

        /** The port to bind on 127.0.0.1; 0 (the default) binds a free one. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be between 0 and 65535 (0 = a free one): " + port);
            }
            this.port = port;
            return this;
        }

        /**
         * Which server to start: the test double or FerretDB on PostgreSQL; by default the one {@value
         * MongoFlavour#VARIABLE} names, else the test double.
         */
        public Builder flavour(MongoFlavour flavour) {
            this.flavour = requireNonNull(flavour, "flavour is null");
            return this;
        }

        /**
         * The server's log level (slf4j-simple): trace, debug, info, warn (the default), error or off; FerretDB maps them
         * to its DEBUG, INFO, WARN and ERROR.
         */
        public Builder logLevel(String logLevel) {
            String level = requireNonNull(logLevel, "logLevel is null").toLowerCase(Locale.ROOT);
            if (!LOG_LEVELS.contains(level)) {
                throw new IllegalArgumentException("logLevel must be one of " + LOG_LEVELS + ": " + logLevel);
            }
            this.logLevel = level;
            return this;
        }

        public MongoFlavour flavour() {
            return flavour;
        }

        /** FerretDB only: serves only TLS with {@code material} ({@link FerretDbSecurity}). */
        public Builder tls(TlsServerMaterial material) {
            security = security.withTls(material);
            return this;
        }

        /** FerretDB only: enforces SCRAM, with {@code user} as its first user ({@link FerretDbSecurity}). */
        public Builder scramUser(FerretDbSecurity.User user) {
            security = security.withUser(user);
            return this;
        }

        /** Starts the server and waits until it listens. */
        public TestingMongoServer build() {
            if (flavour != MongoFlavour.FERRETDB && !security.isNone()) {
                throw new IllegalStateException("TLS and SCRAM need FerretDB: the test double has neither");
            }
            Options options = options();
            MongoServerStarter.Settings settings = new MongoServerStarter.Settings(
                    options.workDir(),
                    options.heapMegabytes(),
                    port,
                    logLevel,
                    options.startTimeout(),
                    options.parentPid(),
                    options.shared(),
                    security);
            return switch (flavour) {
                case DOUBLE -> MongoServerStarter.start(settings);
                case FERRETDB -> FerretDbStarter.start(settings);
            };
        }

        /**
         * The external server of {@value #MONGO_URI_VARIABLE} when that variable is set (nothing is started; closing it
         * does nothing), else {@link #build()}.
         */
        public TestingMongoServer buildUnlessExternal() {
            return environmentUri()
                    .map(uri -> external(uri, MONGO_URI_VARIABLE, false))
                    .orElseGet(this::build);
        }
    }
}
