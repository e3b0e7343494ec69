package io.hivenosql.bench.failover;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.CommandLineValues;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The command line of {@code bin/hive-nosql bench --workload failover}: which replicated store, how many concurrent
 * JDBC sessions, how many requests in all, and how long the run may take at most. Options take a value as {@code
 * --name value} or {@code --name=value}.
 */
public record FailoverOptions(
        Store store,
        int clients,
        int requests,
        Duration timeout,
        Path workDir,
        Path outputDir,
        List<Path> auxJars,
        boolean help) {
    public static final String USAGE =
            """
            usage: bin/hive-nosql bench --workload failover --store cassandra|redis [options]
              the failover study through Hive: concurrent JDBC sessions run key lookups, small filtered scans and
              INSERTs of new keys (6:3:1) against a replicated store; after a third of the requests one node is killed
              (by pid), after two thirds it is restarted; the report gives per phase the requests a second, latency
              percentiles, errors and failures, and afterwards the rows lost (expected against counted through Hive
              and with the store's own client)
              --store cassandra|redis   cassandra: a 3-node ring (127.0.0.1-3), keyspace with replication factor 3,
                                        QUORUM reads and writes, one node killed; redis: a Redis Cluster of 3 masters
                                        with 1 replica each, a master killed (its replica is promoted)
              --clients N             concurrent JDBC sessions, one client thread each (default 20)
              --requests N            requests in all, over every client (default 2000; at least 30)
              --timeout-minutes N     longest the whole run may take (default 30); each request at most 5 minutes
              --work DIR              the work directory (default .sandbox/bench); the run uses DIR/failover-<store>
              --out DIR               where results/<timestamp>/ goes (default bench/results): report.html,
                                      failover.csv, summary.md
              --aux-jars a.jar,b.jar  the handlers' -hive.jar files (bin/hive-nosql passes them)
            """;

    /** The replicated stores the workload measures. */
    public enum Store {
        CASSANDRA,
        REDIS;

        public String cliName() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Store fromCliName(String name) {
            for (Store store : values()) {
                if (store.cliName().equals(name.trim().toLowerCase(Locale.ROOT))) {
                    return store;
                }
            }
            throw new IllegalArgumentException("--store: '" + name + "' is not cassandra or redis");
        }
    }

    public static final int MIN_REQUESTS = 30;

    public FailoverOptions {
        requireNonNull(store, "store is null");
        requireNonNull(timeout, "timeout is null");
        requireNonNull(workDir, "workDir is null");
        requireNonNull(outputDir, "outputDir is null");
        auxJars = List.copyOf(requireNonNull(auxJars, "auxJars is null"));
        if (clients < 1) {
            throw new IllegalArgumentException("--clients: at least 1 client");
        }
        if (requests < MIN_REQUESTS) {
            throw new IllegalArgumentException("--requests: at least " + MIN_REQUESTS
                    + ", so that each phase (before the kill, node down, after " + "the restart) gets requests");
        }
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("--timeout-minutes: at least 1 minute");
        }
    }

    /** Parses the arguments; {@code --workload failover} may be among them. */
    public static FailoverOptions parse(List<String> args) {
        CommandLineValues line = CommandLineValues.parse(args, Set.of("--help", "-h"));
        Map<String, String> values = line.values();
        boolean help = !line.flags().isEmpty();
        String workload = values.remove("--workload");
        if (workload != null && !workload.equals("failover")) {
            throw new IllegalArgumentException("--workload: expected failover, not '" + workload + "'");
        }
        String store = values.remove("--store");
        if (store == null && !help) {
            throw new IllegalArgumentException("the failover workload needs --store cassandra or --store redis");
        }
        FailoverOptions options = new FailoverOptions(
                store == null ? Store.CASSANDRA : Store.fromCliName(store),
                integer(values.remove("--clients"), "--clients", 20),
                integer(values.remove("--requests"), "--requests", 2000),
                Duration.ofMinutes(integer(values.remove("--timeout-minutes"), "--timeout-minutes", 30)),
                Path.of(Optional.ofNullable(values.remove("--work")).orElse(".sandbox/bench")),
                Path.of(Optional.ofNullable(values.remove("--out")).orElse("bench/results")),
                CommandLineValues.paths(values.remove("--aux-jars")),
                help);
        if (!values.isEmpty()) {
            throw new IllegalArgumentException("unknown option of the failover workload: "
                    + values.keySet().iterator().next() + " (see bench --workload failover --help)");
        }
        return options;
    }

    /** The request after which the node is killed: a third of the way. */
    public int killAt() {
        return requests / 3;
    }

    /** The request after which the node is restarted: two thirds of the way. */
    public int restartAt() {
        return 2 * requests / 3;
    }

    /** The run's own directory under the work directory. */
    public Path runDir() {
        return workDir.resolve("failover-" + store.cliName());
    }

    private static int integer(String value, String name, int defaultValue) {
        if (value == null) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": '" + value + "' is not a whole number");
        }
    }

    @Override
    public String toString() {
        return "FailoverOptions[store=" + store.cliName() + ", clients=" + clients + ", requests=" + requests
                + ", timeout=" + timeout.toMinutes() + " min]";
    }
}
