package io.hivenosql.sandbox.mongo;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.mongo.server.MongoServerLauncher;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of the MongoDB server's JVM: the same JDK as this JVM and the classpath of the {@code mongo-server}
 * module (mongo-java-server on Netty 4.2, never on this JVM's classpath, where Hive brings Netty 4.1).
 */
final class MongoServerCommand {
    static final String CLASSPATH_RESOURCE = "mongo.classpath";

    private final Path java;
    private final List<Path> jars;

    private MongoServerCommand(Path java, List<Path> jars) {
        this.java = java;
        this.jars = List.copyOf(jars);
    }

    /** The command builder for this JDK and the classpath built into the sandbox; fails with a fix when it is missing. */
    static MongoServerCommand load() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<Path> jars = new ArrayList<>();
        jars.add(launcherLocation());
        try (InputStream in = MongoServerCommand.class.getResourceAsStream(CLASSPATH_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("Resource io/hivenosql/sandbox/mongo/" + CLASSPATH_RESOURCE
                        + " is missing: build the mongo-server module with Maven (mvn -DskipTests package)");
            }
            for (String entry : new String(in.readAllBytes(), UTF_8).trim().split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    jars.add(Path.of(entry.trim()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot read the MongoDB server classpath resource " + CLASSPATH_RESOURCE, e);
        }
        List<Path> missing =
                jars.stream().filter(jar -> !Files.exists(jar)).limit(3).toList();
        if (!missing.isEmpty()) {
            throw new IllegalStateException("The MongoDB server classpath names jars that do not exist (" + missing
                    + "): resolve them again with Maven (mvn -DskipTests package) so they are in the local repository");
        }
        return new MongoServerCommand(java, jars);
    }

    /** The jar (or classes directory) of {@link MongoServerLauncher}, the server's main class. */
    private static Path launcherLocation() {
        try {
            return Path.of(MongoServerLauncher.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("Cannot locate the mongo-server jar on the classpath", e);
        }
    }

    String classpath() {
        return String.join(File.pathSeparator, jars.stream().map(Path::toString).toList());
    }

    /**
     * The server's command line: it binds {@code port} (0: a free one) of 127.0.0.1, writes the bound port to {@code
     * portFile} once it listens, and exits when {@code parentPid} is gone or its standard input ends.
     */
    List<String> server(int heapMegabytes, String logLevel, int port, Path portFile, long parentPid) {
        requireNonNull(logLevel, "logLevel is null");
        requireNonNull(portFile, "portFile is null");
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        // the memory backend keeps every document on the heap: a small start, room to grow
        command.add("-Xms" + Math.min(64, heapMegabytes) + "m");
        command.add("-Xmx" + heapMegabytes + "m");
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.add("-Djava.net.preferIPv4Stack=true");
        command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=" + logLevel);
        command.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        command.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS");
        command.add("-D" + MongoServerLauncher.PARENT_PID + "=" + parentPid);
        command.add("-cp");
        command.add(classpath());
        command.add(MongoServerLauncher.class.getName());
        command.add("--port");
        command.add(Integer.toString(port));
        command.add("--port-file");
        command.add(portFile.toString());
        command.add("--watch-stdin");
        return command;
    }
}
