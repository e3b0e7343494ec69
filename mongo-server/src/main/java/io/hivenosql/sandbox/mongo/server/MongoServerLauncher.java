package io.hivenosql.sandbox.mongo.server;

import static java.nio.charset.StandardCharsets.UTF_8;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;

/**
 * The main class of the sandbox's MongoDB JVM: a MongoDB-protocol server ({@code mongo-java-server}, memory backend,
 * a test double that reports MongoDB 5.0; see {@link UnstorableTypesBackend}) on {@value #HOST}.
 *
 * <pre>
 * java -cp ... MongoServerLauncher --port 0 --port-file /tmp/w/mongo.port --watch-stdin
 * </pre>
 *
 * <ul>
 *   <li>{@code --port N}: the port to bind; 0 (the default) binds a free one.
 *   <li>{@code --port-file F}: once the server listens, the bound port is written to {@code F} (atomically: a
 *       temporary file moved into place), so the starting process learns it and knows the server is ready. The line
 *       {@value #READY_PREFIX}{@code 127.0.0.1:<port>} goes to stdout as well.
 *   <li>{@code --watch-stdin}: exit when standard input reaches its end, i.e. when the starting process closes the pipe
 *       or dies (even by SIGKILL).
 *   <li>System property {@value #PARENT_PID}: exit as soon as that process is gone (also checked at start).
 * </ul>
 *
 * SIGTERM (and any exit) shuts the server down through a shutdown hook. The logging is slf4j-simple's; its level is
 * the system property {@code org.slf4j.simpleLogger.defaultLogLevel} ({@code warn} unless set).
 *
 * <p>Only this JVM loads the class; it sits on the sandbox's classpath merely so that the sandbox can find this jar.
 */
public final class MongoServerLauncher {
    /** System property: the pid of the process whose end stops the server. */
    public static final String PARENT_PID = "hivenosql.parent.pid";
    /** The address the server binds. */
    public static final String HOST = "127.0.0.1";
    /** The start of the stdout line that announces the bound address. */
    public static final String READY_PREFIX = "hive-nosql: mongo-java-server listening on ";
    /** The stdout line that the shutdown hook writes once the server is down. */
    public static final String STOPPED = "hive-nosql: mongo-java-server stopped";

    private static final String LOG_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";
    private static final String USAGE = "usage: MongoServerLauncher [--port N] [--port-file FILE] [--watch-stdin]";

    private MongoServerLauncher() {}

    public static void main(String[] args) {
        if (System.getProperty(LOG_LEVEL) == null) {
            System.setProperty(LOG_LEVEL, "warn");
        }
        Options options;
        try {
            options = Options.parse(List.of(args));
        } catch (IllegalArgumentException e) {
            System.err.println("hive-nosql: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(64);
            return;
        }
        String parent = System.getProperty(PARENT_PID);
        if (parent != null) {
            stopWhenGone(Long.parseLong(parent.trim()));
        }

        try {
            InetSocketAddress address = serve(options.port());
            options.portFile().ifPresent(file -> writeAtomically(file, Integer.toString(address.getPort())));
            System.out.println(READY_PREFIX + HOST + ":" + address.getPort());
            System.out.flush();
        } catch (Exception e) { // Netty rethrows a BindException (checked) undeclared
            // e.g. the port is taken: Netty's threads would keep a server that does not listen alive
            System.err.println("hive-nosql: the MongoDB server cannot listen on " + HOST + ":" + options.port());
            e.printStackTrace();
            System.exit(1);
        }
        if (options.watchStdin()) {
            exitAtEndOfStdin();
        }
        // Netty's event loop threads keep the JVM running until a signal or one of the watches ends it
    }

    /** Starts the server on {@code port} of {@link #HOST}; a shutdown hook (SIGTERM, System.exit) stops it. */
    private static InetSocketAddress serve(int port) {
        MongoServer server = new MongoServer(backend());
        server.bind(HOST, port);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            server.shutdownNow();
                            System.out.println(STOPPED);
                            System.out.flush();
                        },
                        "mongo-server-stop"));
        return server.getLocalAddress();
    }

    /**
     * The backend the server runs: mongo-java-server's memory backend with the handshake of MongoDB 5.0 ({@link
     * HandshakeBackend}), the {@code $collStats}, {@code $sample} and {@code $bucketAuto} stages as mongod runs them
     * ({@link SamplingStagesBackend}), replies in cursor batches ({@link CursorBatchesBackend}) and the {@code $type}
     * aliases of unstorable types ({@link UnstorableTypesBackend}).
     */
    static MongoBackend backend() {
        return new UnstorableTypesBackend();
    }

    private static void stopWhenGone(long pid) {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (handle.isEmpty()) {
            System.err.println("hive-nosql: the process that started this MongoDB server (pid " + pid
                    + ") is already gone; " + "not starting");
            System.exit(1);
        }
        handle.get().onExit().thenRun(() -> {
            System.err.println(
                    "hive-nosql: the process that started this MongoDB server (pid " + pid + ") is gone; stopping");
            System.exit(0);
        });
    }

    private static void exitAtEndOfStdin() {
        Thread watch = new Thread(
                () -> {
                    byte[] buffer = new byte[256];
                    try (InputStream in = System.in) {
                        while (in.read(buffer) >= 0) {
                            // anything written to stdin is ignored
                        }
                    } catch (IOException e) {
                        // a broken pipe ends the watch as its end does
                    }
                    System.err.println("hive-nosql: standard input of this MongoDB server is closed; stopping");
                    System.exit(0);
                },
                "mongo-server-stdin-watch");
        watch.setDaemon(true);
        watch.start();
    }

    private static void writeAtomically(Path file, String text) {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.writeString(temporary, text + "\n", UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the port file " + file, e);
        }
    }

    /** The command-line options. */
    record Options(int port, Optional<Path> portFile, boolean watchStdin) {
        static Options parse(List<String> args) {
            int port = 0;
            Optional<Path> portFile = Optional.empty();
            boolean watchStdin = false;
            for (int i = 0; i < args.size(); i++) {
                String arg = args.get(i);
                switch (arg) {
                    case "--port" -> port = parsePort(value(args, ++i, arg));
                    case "--port-file" -> portFile = Optional.of(Path.of(value(args, ++i, arg)));
                    case "--watch-stdin" -> watchStdin = true;
                    default -> throw new IllegalArgumentException("unknown argument '" + arg + "'");
                }
            }
            return new Options(port, portFile, watchStdin);
        }

        private static String value(List<String> args, int index, String option) {
            if (index >= args.size()) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args.get(index);
        }

        private static int parsePort(String text) {
            try {
                int port = Integer.parseInt(text.trim());
                if (port >= 0 && port <= 65535) {
                    return port;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(
                    "--port must be a TCP port between 0 and 65535 (0 = a free one): '" + text + "'");
        }
    }
}
