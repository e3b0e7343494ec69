package io.hivenosql.sandbox.cluster;

import static java.util.Objects.requireNonNull;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * The classpath of the cluster's container JVMs (Tez AM and tasks, through {@code yarn.application.classpath}) and of
 * its HiveServer2: Hadoop, Tez and Hive with their libraries, and no class of this project nor any store's client
 * library. A real cluster has none of them: handler classes reach a container only when Hive ships the handler jars
 * ({@code hive.aux.jars.path}, {@code ADD JAR}). Hadoop's {@code MiniTezCluster} puts the test JVM's whole classpath there
 * instead, which hides every jar-shipping bug; this class trims it.
 *
 * <p>An entry is dropped when it is a directory (a module's {@code target/classes}) or a jar that holds a class under
 * one of {@link #FORBIDDEN_PACKAGES}. The decision reads each jar's entries, so {@link #violations(List)} proves it
 * for any classpath.
 */
public final class ContainerClassPath {
    /**
     * Package prefixes (as jar entry paths) no container may see on its own classpath: this project's classes and the
     * store clients the handler jars bundle.
     */
    public static final List<String> FORBIDDEN_PACKAGES =
            List.of("io/hivenosql/", "redis/clients/jedis/", "com/datastax/oss/driver/", "com/mongodb/", "org/bson/");

    private ContainerClassPath() {}

    /**
     * The classpath of this JVM as its launcher gave it: Surefire's and Failsafe's {@code surefire.test.class.path} when
     * set, else {@code java.class.path}; a single jar whose manifest has a {@code Class-Path} (a manifest-only jar, as
     * Surefire's booter) stands for the entries listed there.
     */
    public static List<Path> ofThisJvm() {
        String classPath = System.getProperty("surefire.test.class.path");
        if (classPath == null || classPath.isBlank()) {
            classPath = System.getProperty("java.class.path", "");
        }
        List<Path> entries = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                entries.add(Path.of(entry).toAbsolutePath().normalize());
            }
        }
        if (entries.size() == 1 && isArchive(entries.get(0))) {
            List<Path> listed = manifestClassPath(entries.get(0));
            if (!listed.isEmpty()) {
                return listed;
            }
        }
        return List.copyOf(entries);
    }

    private static List<Path> manifestClassPath(Path jar) {
        try (JarFile file = new JarFile(jar.toFile(), false)) {
            var manifest = file.getManifest();
            String value =
                    manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
            if (value == null || value.isBlank()) {
                return List.of();
            }
            List<Path> entries = new ArrayList<>();
            for (String url : value.trim().split("\\s+")) {
                URI uri = jar.toUri().resolve(url);
                entries.add(Path.of(uri).toAbsolutePath().normalize());
            }
            return List.copyOf(entries);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalStateException("Cannot read the Class-Path of " + jar, e);
        }
    }

    /** The entries of {@code classPath} a container may have: existing jars free of {@link #FORBIDDEN_PACKAGES}. */
    public static List<Path> trim(List<Path> classPath) {
        requireNonNull(classPath, "classPath is null");
        List<Path> kept = new ArrayList<>();
        for (Path entry : classPath) {
            if (isArchive(entry) && forbiddenEntry(entry).isEmpty()) {
                kept.add(entry);
            }
        }
        return List.copyOf(kept);
    }

    /**
     * Every entry of {@code classPath} that a container must not have, with the forbidden class it holds (or
     * "directory"): empty for a trimmed classpath.
     */
    public static List<String> violations(List<Path> classPath) {
        List<String> violations = new ArrayList<>();
        for (Path entry : requireNonNull(classPath, "classPath is null")) {
            if (Files.isDirectory(entry)) {
                violations.add(entry + " (a directory)");
            } else if (isArchive(entry)) {
                forbiddenEntry(entry).ifPresent(found -> violations.add(entry + " (holds " + found + ")"));
            }
        }
        return List.copyOf(violations);
    }

    /** A jar (or zip) file: the only kind of file the JVM loads classes from; other files on a classpath hold none. */
    private static boolean isArchive(Path entry) {
        String name = entry.getFileName().toString();
        return Files.isRegularFile(entry) && (name.endsWith(".jar") || name.endsWith(".zip"));
    }

    /** The first class file of {@code jar} under a forbidden package, if any. */
    static Optional<String> forbiddenEntry(Path jar) {
        try (JarFile file = new JarFile(jar.toFile(), false)) {
            Enumeration<? extends ZipEntry> entries = file.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (name.endsWith(".class") && isForbidden(name)) {
                    return Optional.of(name);
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the jar " + jar + " on the classpath", e);
        }
    }

    private static boolean isForbidden(String name) {
        for (String prefix : FORBIDDEN_PACKAGES) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** The entries joined for {@code yarn.application.classpath} (comma-separated). */
    public static String yarnValue(List<Path> classPath) {
        return String.join(",", classPath.stream().map(Path::toString).toList());
    }
}
