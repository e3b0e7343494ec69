package io.hivenosql.sandbox.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.ServerBuilder;
import io.hivenosql.sandbox.ServerFixture;
import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.mongo.server.MongoServerLauncher;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
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

    private TestingMongoServer(
            MongoServerUri uri, ServerProcess process, Path workDir, boolean deleteWorkDir, boolean shared) {
        super(process, workDir, shared, "testing-mongo-server-stop");
        this.uri = uri;
        this.process = process;
        this.deleteWorkDir = deleteWorkDir;
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
     * server started on first use and stopped by a shutdown hook. Callers must not close it (close() of the shared
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

    /** The server's stdout and stderr (its log). */
    public Path logFile() {
        return workDir().resolve(LOG_FILE);
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
     * After the stop (SIGTERM to its pid, then SIGKILL if it is still running after 10 s): closes its standard input and
     * deletes its temporary directory (a given work directory keeps its log).
     */
    @Override
    protected void cleanUp() {
        closeStdin();
        if (deleteWorkDir) {
            ServerProcess.deleteRecursively(workDir());
        } else {
            MongoServerStarter.deleteQuietly(workDir().resolve(PORT_FILE));
        }
    }

    @Override
    public String toString() {
        return isExternal()
                ? "external MongoDB " + uri.redacted()
                : "MongoDB test server " + uri.redacted() + " (pid " + process.pid() + ", " + workDir() + ")";
    }

    /** The server's process as a server owns it: its stop waits 10 s after SIGTERM, 10 s after SIGKILL. */
    static ServerProcess ownProcess(Process process) {
        return new ServerProcess(process, "MongoDB server", STOP_TIMEOUT, KILL_TIMEOUT);
    }

    static TestingMongoServer local(
            int port, ServerProcess process, Path workDir, boolean deleteWorkDir, boolean shared) {
        return new TestingMongoServer(
                new MongoServerUri("mongodb", "", HOST + ":" + port, ""), process, workDir, deleteWorkDir, shared);
    }

    private static TestingMongoServer external(String uri, String source, boolean shared) {
        TestingMongoServer server =
                new TestingMongoServer(MongoServerUri.parse(uri, source), null, null, false, shared);
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
     * Options of a server; {@link #build()} starts it. Its work directory keeps only the log ({@value #LOG_FILE}); its
     * heap (at least 64 MB) holds every document (the memory backend); its start may take 30 s by default.
     */
    public static final class Builder extends ServerBuilder<Builder> {
        private int port;
        private String logLevel = "warn";

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

        /** The server's log level (slf4j-simple): trace, debug, info, warn (the default), error or off. */
        public Builder logLevel(String logLevel) {
            String level = requireNonNull(logLevel, "logLevel is null").toLowerCase(Locale.ROOT);
            if (!LOG_LEVELS.contains(level)) {
                throw new IllegalArgumentException("logLevel must be one of " + LOG_LEVELS + ": " + logLevel);
            }
            this.logLevel = level;
            return this;
        }

        /** Starts the server and waits until it listens. */
        public TestingMongoServer build() {
            Options options = options();
            return MongoServerStarter.start(new MongoServerStarter.Settings(
                    options.workDir(),
                    options.heapMegabytes(),
                    port,
                    logLevel,
                    options.startTimeout(),
                    options.parentPid(),
                    options.shared()));
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
