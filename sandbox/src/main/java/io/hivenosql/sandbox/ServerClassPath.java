package io.hivenosql.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

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
 * The JDK and classpath of a store server's own JVM: the same JDK as this JVM (or {@value #SERVER_JAVA_HOME}), the jar of the server's launcher class,
 * then the jars a Maven build of the server's module resolved and wrote into a classpath resource of the sandbox (those
 * jars are never on this JVM's classpath).
 *
 * @param java the {@code java} executable of this JDK
 * @param jars the launcher's jar first, then the module's runtime jars
 */
public record ServerClassPath(Path java, List<Path> jars) {
    /** The system property that names the JDK home of server JVMs (default: this JVM's). */
    public static final String SERVER_JAVA_HOME = "hivenosql.server.java.home";

    public ServerClassPath {
        requireNonNull(java, "java is null");
        jars = List.copyOf(jars);
    }

    /**
     * Reads the classpath resource {@code resource} (beside {@code owner}) that the build of module {@code module}
     * wrote, with {@code launcher}'s jar first; fails with a fix when the resource or one of its jars is missing.
     * {@code server} names the server in messages ("Cassandra").
     */
    public static ServerClassPath load(
            Class<?> owner, String resource, Class<?> launcher, String server, String module) {
        List<Path> jars = new ArrayList<>();
        jars.add(location(launcher, module));
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(
                        "Resource " + owner.getPackageName().replace('.', '/') + "/" + resource
                                + " is missing: build the " + module + " module with Maven (mvn -DskipTests package)");
            }
            for (String entry : new String(in.readAllBytes(), UTF_8).trim().split(File.pathSeparator)) {
                if (!entry.isBlank()) {
                    jars.add(Path.of(entry.trim()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the " + server + " classpath resource " + resource, e);
        }
        List<Path> missing =
                jars.stream().filter(jar -> !Files.exists(jar)).limit(3).toList();
        if (!missing.isEmpty()) {
            throw new IllegalStateException("The " + server + " classpath names jars that do not exist (" + missing
                    + "): resolve them again with Maven (mvn -DskipTests package) so they are in the local repository");
        }
        return new ServerClassPath(Path.of(serverJavaHome(), "bin", "java"), jars);
    }

    /**
     * The JDK that server JVMs run on: this JVM's, unless {@value #SERVER_JAVA_HOME} names another (a test JVM on Java
     * 21 for Hive 4.2 still runs Cassandra 5, which supports Java 11 and 17 only, on a Java 17).
     */
    static String serverJavaHome() {
        String home = System.getProperty(SERVER_JAVA_HOME);
        return home == null || home.isBlank() ? System.getProperty("java.home") : home;
    }

    /** The jar (or classes directory) of {@code launcher}, the server's main class. */
    private static Path location(Class<?> launcher, String module) {
        try {
            return Path.of(
                    launcher.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("Cannot locate the " + module + " jar on the classpath", e);
        }
    }

    /**
     * The start of the server JVM's command line: {@code java} with a heap that starts at {@code initialHeapMb} (at most
     * {@code heapMb}) and may grow to {@code heapMb} MB, an exit on {@code OutOfMemoryError}, IPv4 sockets, and {@code
     * -Dkey=pid} of the process whose end stops the server ({@code parentPidProperty}, read by its launcher).
     */
    public List<String> javaCommand(int initialHeapMb, int heapMb, String parentPidProperty, long parentPid) {
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.add("-Xms" + Math.min(initialHeapMb, heapMb) + "m");
        command.add("-Xmx" + heapMb + "m");
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.add("-Djava.net.preferIPv4Stack=true");
        command.add("-D" + parentPidProperty + "=" + parentPid);
        return command;
    }

    /** {@code -cp <these jars> <mainClass>}: the end of the JVM options, then the launcher. */
    public List<String> launch(Class<?> mainClass) {
        return List.of("-cp", value(), mainClass.getName());
    }

    /** The jars as a {@code -cp} value. */
    public String value() {
        return String.join(File.pathSeparator, jars.stream().map(Path::toString).toList());
    }
}
