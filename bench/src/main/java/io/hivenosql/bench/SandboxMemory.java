package io.hivenosql.bench;

import io.hivenosql.sandbox.mongo.MongoFlavour;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the sandbox needs in memory at the largest scale factor, checked before anything starts, so that a run too big
 * for the machine fails at once with the figures instead of hours later when a server runs out. The per-row figures
 * were measured at scale factor 0.1 (866,030 rows): the MongoDB test server held 1.8 GB of live heap, redis-server
 * 0.38 GB. FerretDB keeps its documents in PostgreSQL's files, not in memory: it and its PostgreSQL take a fixed
 * {@value #FERRETDB_MEGABYTES} MB whatever the scale factor (shared buffers and the two servers' working memory; at
 * scale factor 0.01 FerretDB, the postmaster and its backends peaked at 890 MB of RSS summed, shared buffers counted in
 * each backend).
 */
public final class SandboxMemory {
    static final int REDIS_BYTES_PER_ROW = 500;
    static final long CASSANDRA_MEGABYTES = 1536;
    static final long BEELINE_MEGABYTES = 512;
    static final long FERRETDB_MEGABYTES = 1024;
    static final long PEER_OVERHEAD_MEGABYTES = 512;

    private SandboxMemory() {}

    /** The megabytes the MongoDB test server's heap gets: its documents live there (at least the default 1 GB). */
    public static int mongoHeapMegabytes(double largestScaleFactor) {
        long rows = TpchGenerator.expectedRows(largestScaleFactor);
        return (int) Math.max(1024, 512 + rows * 2400 / 1_000_000);
    }

    /**
     * Checks the estimate against the machine's memory.
     *
     * @param stackMongo the server the sandbox starts for target mongo: the test double or FerretDB; empty when
     *     MONGO_URI names an external one (target mongo-ferretdb shares the stack's FerretDB, else starts its own)
     * @param benchHeapMegabytes this JVM's largest heap (HiveServer2, HDFS and the suite run in it)
     * @throws IllegalArgumentException when the estimate exceeds the machine's memory, with each part and what to do
     */
    static void check(
            double largestScaleFactor,
            List<Target> targets,
            Optional<MongoFlavour> stackMongo,
            long benchHeapMegabytes,
            long machineMegabytes) {
        check(largestScaleFactor, targets, stackMongo, benchHeapMegabytes, 0, machineMegabytes);
    }

    /**
     * As above, with the Spark peer ({@code --peers spark}) running beside the stores and this JVM after the Hive rounds:
     * its heap and {@value #PEER_OVERHEAD_MEGABYTES} MB beyond it (metaspace, Netty's direct buffers, code).
     *
     * @param peerHeapMegabytes the peer JVM's heap, 0 without peers
     */
    static void check(
            double largestScaleFactor,
            List<Target> targets,
            Optional<MongoFlavour> stackMongo,
            long benchHeapMegabytes,
            long peerHeapMegabytes,
            long machineMegabytes) {
        long rows = TpchGenerator.expectedRows(largestScaleFactor);
        StringBuilder parts = new StringBuilder(String.format(Locale.ROOT, "this JVM %,d MB", benchHeapMegabytes));
        long needed = benchHeapMegabytes + BEELINE_MEGABYTES;
        parts.append(String.format(Locale.ROOT, ", beeline %,d MB", BEELINE_MEGABYTES));
        if (targets.contains(Target.REDIS)) {
            long redis = rows * REDIS_BYTES_PER_ROW / (1024 * 1024);
            needed += redis;
            parts.append(String.format(Locale.ROOT, ", redis-server %,d MB", redis));
        }
        if (targets.contains(Target.CASSANDRA)) {
            needed += CASSANDRA_MEGABYTES;
            parts.append(String.format(Locale.ROOT, ", Cassandra %,d MB", CASSANDRA_MEGABYTES));
        }
        boolean mongo = targets.contains(Target.MONGO);
        if (mongo && stackMongo.equals(Optional.of(MongoFlavour.DOUBLE))) {
            int heap = mongoHeapMegabytes(largestScaleFactor);
            needed += heap;
            parts.append(
                    String.format(Locale.ROOT, ", the MongoDB test server (every document on its heap) %,d MB", heap));
        }
        if ((mongo && stackMongo.equals(Optional.of(MongoFlavour.FERRETDB)))
                || targets.contains(Target.MONGO_FERRETDB)) {
            needed += FERRETDB_MEGABYTES;
            parts.append(String.format(Locale.ROOT, ", FerretDB and its PostgreSQL %,d MB", FERRETDB_MEGABYTES));
        }
        if (peerHeapMegabytes > 0) {
            long peer = peerHeapMegabytes + PEER_OVERHEAD_MEGABYTES;
            needed += peer;
            parts.append(String.format(Locale.ROOT, ", the Spark peer %,d MB", peer));
        }
        if (needed > machineMegabytes) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "scale factor %s (%,d rows) needs about %,d MB in the sandbox (%s) and this machine has %,d MB: "
                            + "choose a smaller --sf, fewer --stores, a real MongoDB in MONGO_URI (the test server "
                            + "needs the most), a smaller HIVE_NOSQL_BENCH_HEAP or --peer-heap-mb, or real stores with --jdbc-url",
                    ScaleFactors.format(largestScaleFactor),
                    rows,
                    needed,
                    parts,
                    machineMegabytes));
        }
    }
}
