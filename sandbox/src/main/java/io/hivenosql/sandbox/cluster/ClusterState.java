package io.hivenosql.sandbox.cluster;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * What the cluster JVM ({@link ClusterMain}) tells its starter once everything is up, in {@code <work>/cluster.properties}
 * (written atomically, deleted when the cluster stops): HiveServer2's JDBC URL and pid, those of the plain HiveServer2
 * (no handler jar anywhere, for {@code ADD JAR} sessions) if one runs, the HDFS and ResourceManager addresses, the
 * number of NodeManagers, the handler jars' URIs on HDFS, the NodeManagers' container log and local directories
 * (comma-separated) and, on a Kerberized cluster, what its clients need: the {@code krb5.conf} and the analyst's
 * principal and keytab.
 */
public record ClusterState(
        String jdbcUrl,
        long hiveServerPid,
        Optional<PlainHiveServer> plainHiveServer,
        String hdfsUri,
        String resourceManager,
        int nodeManagers,
        List<String> auxJars,
        List<Path> containerLogDirs,
        List<Path> containerLocalDirs,
        Optional<Kerberos> kerberos) {
    public static final String FILE_NAME = "cluster.properties";

    /** The HiveServer2 that has no handler jar on its classpath nor in {@code hive.aux.jars.path}. */
    public record PlainHiveServer(String jdbcUrl, long pid) {
        public PlainHiveServer {
            requireNonNull(jdbcUrl, "jdbcUrl is null");
        }
    }

    /**
     * What a client of the Kerberized cluster needs: {@code krb5.conf} (for {@code -Djava.security.krb5.conf} and
     * {@code KRB5_CONFIG}), a user principal with its keytab (for {@code kinit -kt}), and HiveServer2's principal as a
     * JDBC URL names it ({@code hive/_HOST@REALM}).
     */
    public record Kerberos(Path krb5Conf, String userPrincipal, Path userKeytab, String hivePrincipal) {
        public Kerberos {
            requireNonNull(krb5Conf, "krb5Conf is null");
            requireNonNull(userPrincipal, "userPrincipal is null");
            requireNonNull(userKeytab, "userKeytab is null");
            requireNonNull(hivePrincipal, "hivePrincipal is null");
        }
    }

    public ClusterState {
        requireNonNull(jdbcUrl, "jdbcUrl is null");
        requireNonNull(plainHiveServer, "plainHiveServer is null");
        requireNonNull(hdfsUri, "hdfsUri is null");
        requireNonNull(resourceManager, "resourceManager is null");
        requireNonNull(kerberos, "kerberos is null");
        auxJars = List.copyOf(auxJars);
        containerLogDirs = List.copyOf(containerLogDirs);
        containerLocalDirs = List.copyOf(containerLocalDirs);
    }

    public static Path file(Path workDir) {
        return workDir.toAbsolutePath().normalize().resolve(FILE_NAME);
    }

    /** Writes the file atomically (a temporary file moved into place). */
    public void write(Path workDir) {
        Properties properties = new Properties();
        properties.setProperty("jdbc.url", jdbcUrl);
        properties.setProperty("hiveserver2.pid", Long.toString(hiveServerPid));
        plainHiveServer.ifPresent(server -> {
            properties.setProperty("plain.jdbc.url", server.jdbcUrl());
            properties.setProperty("plain.hiveserver2.pid", Long.toString(server.pid()));
        });
        properties.setProperty("hdfs.uri", hdfsUri);
        properties.setProperty("yarn.resourcemanager", resourceManager);
        properties.setProperty("yarn.nodemanagers", Integer.toString(nodeManagers));
        properties.setProperty("aux.jars", String.join(",", auxJars));
        properties.setProperty("container.log.dirs", join(containerLogDirs));
        properties.setProperty("container.local.dirs", join(containerLocalDirs));
        kerberos.ifPresent(kdc -> {
            properties.setProperty("kerberos.krb5.conf", kdc.krb5Conf().toString());
            properties.setProperty("kerberos.user.principal", kdc.userPrincipal());
            properties.setProperty("kerberos.user.keytab", kdc.userKeytab().toString());
            properties.setProperty("kerberos.hive.principal", kdc.hivePrincipal());
        });
        Path target = file(workDir);
        Path temporary = target.resolveSibling(FILE_NAME + ".tmp");
        try (var out = Files.newBufferedWriter(temporary, UTF_8)) {
            properties.store(out, "the cluster of the sandbox (io.hivenosql.sandbox.cluster.ClusterMain)");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + temporary, e);
        }
        try {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + target, e);
        }
    }

    /** The state of the cluster running in {@code workDir}, if its file exists. */
    public static Optional<ClusterState> read(Path workDir) {
        Path file = file(workDir);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
        return Optional.of(new ClusterState(
                properties.getProperty("jdbc.url"),
                Long.parseLong(properties.getProperty("hiveserver2.pid")),
                Optional.ofNullable(properties.getProperty("plain.jdbc.url"))
                        .map(url -> new PlainHiveServer(
                                url, Long.parseLong(properties.getProperty("plain.hiveserver2.pid")))),
                properties.getProperty("hdfs.uri"),
                properties.getProperty("yarn.resourcemanager"),
                Integer.parseInt(properties.getProperty("yarn.nodemanagers")),
                split(properties.getProperty("aux.jars", "")),
                split(properties.getProperty("container.log.dirs", "")).stream()
                        .map(Path::of)
                        .toList(),
                split(properties.getProperty("container.local.dirs", "")).stream()
                        .map(Path::of)
                        .toList(),
                Optional.ofNullable(properties.getProperty("kerberos.krb5.conf"))
                        .map(krb5 -> new Kerberos(
                                Path.of(krb5),
                                properties.getProperty("kerberos.user.principal"),
                                Path.of(properties.getProperty("kerberos.user.keytab")),
                                properties.getProperty("kerberos.hive.principal")))));
    }

    /** Deletes the file if it exists. */
    public static void delete(Path workDir) {
        try {
            Files.deleteIfExists(file(workDir));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete " + file(workDir), e);
        }
    }

    private static String join(List<Path> paths) {
        return String.join(",", paths.stream().map(Path::toString).toList());
    }

    private static List<String> split(String value) {
        List<String> parts = new ArrayList<>();
        Arrays.stream(value.split(",")).filter(part -> !part.isBlank()).forEach(parts::add);
        return parts;
    }
}
