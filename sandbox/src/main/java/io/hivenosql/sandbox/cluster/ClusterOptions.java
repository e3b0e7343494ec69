package io.hivenosql.sandbox.cluster;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the cluster is built: the number of NodeManagers, whether a plain HiveServer2 (no handler jar anywhere: the
 * {@code ADD JAR} deployment) runs beside the one with the handler jars in {@code hive.aux.jars.path}, whether HDFS, YARN
 * and HiveServer2 are Kerberized ({@link ClusterKerberos}), extra hive-site settings of both servers, and the handler
 * jars. {@link #arguments()} and {@link #parse(List)} carry them to the
 * cluster's JVM ({@link ClusterMain}):
 *
 * <pre>
 * [--node-managers N] [--plain-hiveserver] [--kerberos] [--conf key=value ...] [handler.jar ...]
 * </pre>
 */
public record ClusterOptions(
        int nodeManagers, boolean plainHiveServer, boolean kerberos, Map<String, String> hiveConf, List<Path> auxJars) {
    static final String NODE_MANAGERS = "--node-managers";
    static final String PLAIN_HIVESERVER = "--plain-hiveserver";
    static final String KERBEROS = "--kerberos";
    static final String CONF = "--conf";

    public ClusterOptions {
        if (nodeManagers < 1) {
            throw new IllegalArgumentException("A YARN cluster needs at least 1 NodeManager, not " + nodeManagers);
        }
        if (kerberos && plainHiveServer) {
            throw new IllegalArgumentException("The Kerberized cluster runs one HiveServer2: no " + PLAIN_HIVESERVER);
        }
        hiveConf = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(hiveConf, "hiveConf is null")));
        auxJars = requireNonNull(auxJars, "auxJars is null").stream()
                .map(jar -> jar.toAbsolutePath().normalize())
                .toList();
    }

    /** {@value MiniHadoopCluster#NODE_MANAGERS} NodeManagers, no plain HiveServer2, no Kerberos, no extra setting. */
    public static ClusterOptions defaults(List<Path> auxJars) {
        return new ClusterOptions(MiniHadoopCluster.NODE_MANAGERS, false, false, Map.of(), auxJars);
    }

    public ClusterOptions withNodeManagers(int count) {
        return new ClusterOptions(count, plainHiveServer, kerberos, hiveConf, auxJars);
    }

    public ClusterOptions withPlainHiveServer(boolean enabled) {
        return new ClusterOptions(nodeManagers, enabled, kerberos, hiveConf, auxJars);
    }

    /** HDFS, YARN and HiveServer2 secured with Kerberos, their KDC in the cluster's JVM. */
    public ClusterOptions withKerberos(boolean enabled) {
        return new ClusterOptions(nodeManagers, plainHiveServer, enabled, hiveConf, auxJars);
    }

    /** These hive-site settings too, after the defaults of {@link ClusterHiveConf}; later ones win. */
    public ClusterOptions withHiveConf(Map<String, String> settings) {
        Map<String, String> merged = new LinkedHashMap<>(hiveConf);
        merged.putAll(settings);
        return new ClusterOptions(nodeManagers, plainHiveServer, kerberos, merged, auxJars);
    }

    /** The command-line arguments that {@link #parse(List)} reads back. */
    public List<String> arguments() {
        List<String> arguments = new ArrayList<>();
        arguments.add(NODE_MANAGERS);
        arguments.add(Integer.toString(nodeManagers));
        if (plainHiveServer) {
            arguments.add(PLAIN_HIVESERVER);
        }
        if (kerberos) {
            arguments.add(KERBEROS);
        }
        hiveConf.forEach((key, value) -> {
            arguments.add(CONF);
            arguments.add(key + "=" + value);
        });
        auxJars.forEach(jar -> arguments.add(jar.toString()));
        return arguments;
    }

    /**
     * Reads {@link #arguments()}.
     *
     * @throws IllegalArgumentException naming the argument that is not understood
     */
    public static ClusterOptions parse(List<String> arguments) {
        int nodeManagers = MiniHadoopCluster.NODE_MANAGERS;
        boolean plain = false;
        boolean kerberos = false;
        Map<String, String> conf = new LinkedHashMap<>();
        List<Path> jars = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            String argument = arguments.get(i);
            switch (argument) {
                case NODE_MANAGERS -> nodeManagers = Integer.parseInt(value(arguments, ++i, argument));
                case PLAIN_HIVESERVER -> plain = true;
                case KERBEROS -> kerberos = true;
                case CONF -> {
                    String setting = value(arguments, ++i, argument);
                    int equals = setting.indexOf('=');
                    if (equals <= 0) {
                        throw new IllegalArgumentException(CONF + " takes key=value, not '" + setting + "'");
                    }
                    conf.put(setting.substring(0, equals), setting.substring(equals + 1));
                }
                default -> {
                    if (argument.startsWith("--")) {
                        throw new IllegalArgumentException("Unknown option " + argument + "; options: " + NODE_MANAGERS
                                + " N, " + PLAIN_HIVESERVER + ", " + KERBEROS + ", " + CONF + " key=value");
                    }
                    jars.add(Path.of(argument));
                }
            }
        }
        return new ClusterOptions(nodeManagers, plain, kerberos, conf, jars);
    }

    private static String value(List<String> arguments, int index, String option) {
        if (index >= arguments.size()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return arguments.get(index);
    }
}
