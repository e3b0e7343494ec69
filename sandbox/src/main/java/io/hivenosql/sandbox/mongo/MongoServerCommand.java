package io.hivenosql.sandbox.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.ServerClassPath;
import io.hivenosql.sandbox.mongo.server.MongoServerLauncher;
import java.nio.file.Path;
import java.util.List;

/**
 * The command line of the MongoDB server's JVM: the same JDK as this JVM and the classpath of the {@code mongo-server}
 * module (mongo-java-server on Netty 4.2, never on this JVM's classpath, where Hive brings Netty 4.1).
 */
record MongoServerCommand(ServerClassPath classPath) {
    static final String CLASSPATH_RESOURCE = "mongo.classpath";

    /** The command builder for this JDK and the classpath built into the sandbox; fails with a fix when it is missing. */
    static MongoServerCommand load() {
        return new MongoServerCommand(ServerClassPath.load(
                MongoServerCommand.class,
                CLASSPATH_RESOURCE,
                MongoServerLauncher.class,
                "MongoDB server",
                "mongo-server"));
    }

    /**
     * The server's command line: it binds {@code port} (0: a free one) of 127.0.0.1, writes the bound port to {@code
     * portFile} once it listens, and exits when {@code parentPid} is gone or its standard input ends.
     */
    List<String> server(int heapMegabytes, String logLevel, int port, Path portFile, long parentPid) {
        requireNonNull(logLevel, "logLevel is null");
        requireNonNull(portFile, "portFile is null");
        // the memory backend keeps every document on the heap: a small start, room to grow
        List<String> command = classPath.javaCommand(64, heapMegabytes, MongoServerLauncher.PARENT_PID, parentPid);
        command.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=" + logLevel);
        command.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        command.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS");
        command.addAll(classPath.launch(MongoServerLauncher.class));
        command.addAll(List.of("--port", Integer.toString(port), "--port-file", portFile.toString()));
        command.add("--watch-stdin");
        return command;
    }
}
