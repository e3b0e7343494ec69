package io.hivenosql.bench;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code --peers spark}: the Spark peer's local cores, heap and queries.
 *
 * @param cores Spark's {@code local[cores]}: by default this machine's processors, the cores Hive's JVM had
 * @param heapMegabytes the peer JVM's heap
 * @param queries the names of the queries the peer runs ({@code --peer-queries}); empty: every query Hive runs
 */
public record PeerOptions(int cores, int heapMegabytes, Set<String> queries) {
    public static final int DEFAULT_HEAP_MEGABYTES = 4096;

    public PeerOptions {
        if (cores < 1 || heapMegabytes < 512) {
            throw new IllegalArgumentException(
                    "--peer-cores must be >= 1 and --peer-heap-mb >= 512: " + cores + ", " + heapMegabytes);
        }
        queries = Set.copyOf(queries);
    }

    /** Every query Hive runs. */
    public PeerOptions(int cores, int heapMegabytes) {
        this(cores, heapMegabytes, Set.of());
    }

    /**
     * The names of {@code --peer-queries} (q1..q22, probe names, tpch, probes, all), each of which must be among the
     * queries Hive runs, since the peer's rows are checked against Hive's.
     */
    static Set<String> queries(String selection, List<Query> hiveQueries) {
        if (selection == null) {
            return Set.of();
        }
        Set<String> hive = new LinkedHashSet<>();
        hiveQueries.forEach(query -> hive.add(query.name()));
        Set<String> names = new LinkedHashSet<>();
        for (Query query : Query.select(List.of(selection.split(",")))) {
            if (!hive.contains(query.name())) {
                throw new IllegalArgumentException("--peer-queries: " + query.name() + " is not among --queries, and "
                        + "the peer's rows are checked against Hive's; add it to --queries");
            }
            names.add(query.name());
        }
        return names;
    }

    /** The peer options of a command line: none without {@code --peers}; fails on any peer other than spark. */
    static Optional<PeerOptions> parse(
            String peers, String cores, String heap, String queries, List<Query> hiveQueries) {
        if (peers == null) {
            if (cores != null || heap != null || queries != null) {
                throw new IllegalArgumentException(
                        "--peer-cores, --peer-heap-mb and --peer-queries need --peers spark");
            }
            return Optional.empty();
        }
        if (!peers.strip().equalsIgnoreCase("spark")) {
            throw new IllegalArgumentException("--peers: '" + peers + "' is not a peer; the one there is: spark");
        }
        return Optional.of(new PeerOptions(
                number(cores, "--peer-cores", Runtime.getRuntime().availableProcessors()),
                number(heap, "--peer-heap-mb", DEFAULT_HEAP_MEGABYTES),
                queries(queries, hiveQueries)));
    }

    private static int number(String value, String name, int defaultValue) {
        if (value == null) {
            return defaultValue;
        }
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": '" + value + "' is not a whole number", e);
        }
    }
}
