package io.hivenosql.sandbox.hive;

import static java.util.Objects.requireNonNull;
import static java.util.stream.Collectors.joining;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hive-site properties of a {@link LocalHiveServer}: embedded Derby metastore, local file system, local job
 * execution, and every directory (warehouse, scratch, logs, Tez staging) under one work directory.
 *
 * <p>The settings are data, in the resources {@code local-hive-site.conf}, {@code local-hive-site-tez.conf} (Tez only)
 * and {@code local-hive-server.conf} beside this class; they were measured to work with Hive 4.0.1 / Hadoop 3.3.6 /
 * Tez 0.10.4 on JDK 17 (RUNTIME-NOTES).
 */
public final class LocalHiveConf {
    private LocalHiveConf() {}

    /**
     * Returns the properties in a stable order; {@code extra} is applied last and so wins.
     *
     * @param workDir an absolute directory that holds everything the server writes
     * @param port the HiveServer2 Thrift (binary) port on 127.0.0.1
     * @param auxJars handler jars, handed to Hive as {@code hive.aux.jars.path} (not put on the JVM classpath)
     */
    public static Map<String, String> properties(
            Path workDir, int port, HiveEngine engine, List<Path> auxJars, Map<String, String> extra) {
        requireNonNull(workDir, "workDir is null");
        requireNonNull(engine, "engine is null");
        requireNonNull(auxJars, "auxJars is null");
        requireNonNull(extra, "extra is null");
        Path work = workDir.toAbsolutePath().normalize();
        Map<String, String> variables = Map.of(
                "work", work.toString(),
                "workUri", uri(work),
                "engine", engine.hiveName(),
                "jobSerializer", LocalJobSerializer.class.getName(),
                "port", Integer.toString(port));
        Map<String, String> conf =
                new LinkedHashMap<>(HiveSiteTemplate.load(LocalHiveConf.class, "local-hive-site.conf", variables));
        if (engine == HiveEngine.TEZ) {
            conf.putAll(HiveSiteTemplate.load(LocalHiveConf.class, "local-hive-site-tez.conf", variables));
        }
        conf.putAll(HiveSiteTemplate.load(LocalHiveConf.class, "local-hive-server.conf", variables));

        if (!auxJars.isEmpty()) {
            conf.put(
                    "hive.aux.jars.path",
                    auxJars.stream().map(LocalHiveConf::uri).collect(joining(",")));
        }
        conf.putAll(extra);
        return conf;
    }

    /** Creates the directories of the work directory that Hive and Tez expect to exist (scratch, Tez's local cache). */
    public static void createDirectories(Path workDir) {
        try {
            Files.createDirectories(workDir.resolve("scratch"));
            Files.createDirectories(workDir.resolve("local-scratch"));
            Files.createDirectories(workDir.resolve("tez-local-cache"));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create the Hive work directory " + workDir, e);
        }
    }

    /** {@code file:///...}, without the trailing slash {@link Path#toUri()} adds for existing directories. */
    static String uri(Path path) {
        String uri = path.toAbsolutePath().normalize().toUri().toString();
        return uri.endsWith("/") && uri.length() > "file:///".length() ? uri.substring(0, uri.length() - 1) : uri;
    }
}
