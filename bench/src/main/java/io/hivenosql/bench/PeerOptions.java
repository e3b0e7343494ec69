package io.hivenosql.bench;

import java.util.Optional;

/**
 * {@code --peers spark}: the Spark peer's local cores and heap.
 *
 * @param cores Spark's {@code local[cores]}: by default this machine's processors, the cores Hive's JVM had
 * @param heapMegabytes the peer JVM's heap
 */
public record PeerOptions(int cores, int heapMegabytes) {
    public static final int DEFAULT_HEAP_MEGABYTES = 4096;

    public PeerOptions {
        if (cores < 1 || heapMegabytes < 512) {
            throw new IllegalArgumentException(
                    "--peer-cores must be >= 1 and --peer-heap-mb >= 512: " + cores + ", " + heapMegabytes);
        }
    }

    /** The peer options of a command line: none without {@code --peers}; fails on any peer other than spark. */
    static Optional<PeerOptions> parse(String peers, String cores, String heap) {
        if (peers == null) {
            if (cores != null || heap != null) {
                throw new IllegalArgumentException("--peer-cores and --peer-heap-mb need --peers spark");
            }
            return Optional.empty();
        }
        if (!peers.strip().equalsIgnoreCase("spark")) {
            throw new IllegalArgumentException("--peers: '" + peers + "' is not a peer; the one there is: spark");
        }
        return Optional.of(new PeerOptions(
                number(cores, "--peer-cores", Runtime.getRuntime().availableProcessors()),
                number(heap, "--peer-heap-mb", DEFAULT_HEAP_MEGABYTES)));
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
