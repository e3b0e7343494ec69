package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * What a keyed read costs against a scan, on a real Cassandra node: the measure behind {@link PartitionKeySplits}' split
 * size and reads in flight and {@link CassandraKeyedReadLimit}. A timed main, not a test: it
 * starts one node, loads {@link TestingLineitemTable} ({@code args[0]} rows, default 200,000: 1-7 rows a partition,
 * about 4 on average), flushes and compacts it, refreshes the size estimates, then in {@code args[2]} rounds (default
 * 3):
 *
 * <ul>
 *   <li>scans the whole table through the connector (its token-range splits, every column of every row): rows/s, and
 *       the estimated bytes of {@code system.size_estimates} read per second;
 *   <li>reads {@code args[1]} random partitions (default 2,000) through the connector's partition splits (the pushed
 *       {@code l_orderkey IN (...)} that runtime join-key pushdown makes), split after split on one thread as a task
 *       does, with as many partition reads in flight as the planner said and with 1, 8, 32, 64 and 128: partitions/s;
 *   <li>the same partitions regrouped into splits of 100 and of 1,000, with the same bounds: what the splits'
 *       boundaries cost (each a reader to open and a pipeline of reads that drains at its end).
 * </ul>
 *
 * <p>Prints the medians and, per bound, the estimated bytes a scan reads in the time of one keyed read (the constant of
 * {@link CassandraKeyedReadLimit}). Run its main with the module's test classpath, as {@code bin/hive-nosql microbench}
 * runs the other benchmarks (arguments: rows, keys, rounds).
 */
public final class BenchmarkCassandraKeyedReads {
    /** The partition reads in flight: 0 as the planner says ({@link PartitionKeySplits#readsInFlight}). */
    static final List<Integer> IN_FLIGHT = List.of(0, 1, 8, 32, 64, 128);
    /** The partitions a split holds: 0 as planned ({@link PartitionKeySplits}), else the planned ones regrouped. */
    static final List<Integer> SPLIT_SIZES = List.of(0, 100, 1_000);

    private final TableContext table;
    private final long partitions;

    BenchmarkCassandraKeyedReads(String contactPoint, String keyspace, int rows) {
        this.table = TestingLineitemTable.tableContext(contactPoint, keyspace);
        long orders = 0;
        var iterator = TestingLineitemTable.rows(rows);
        while (iterator.hasNext()) {
            orders = (Long) iterator.next()[0];
        }
        this.partitions = orders;
    }

    /** Reads every row of the table through the connector's scan splits; returns the rows read. */
    long scan() throws IOException {
        ReadRequest request = request(Optional.empty());
        long count = 0;
        for (SplitSpec split : TestingCassandraTableContext.CONNECTOR.planSplits(request, 0)) {
            count += read(request, split, 1);
        }
        return count;
    }

    /**
     * Reads {@code keys} random partitions (a fixed seed) through the connector's partition splits with {@code inFlight}
     * partition reads at once; returns the rows read.
     */
    long keyedReads(int keys, int inFlight) throws IOException {
        return keyedReads(keys, inFlight, 0);
    }

    /**
     * As {@link #keyedReads(int, int)}; with {@code partitionsPerSplit} above 0 the planned splits' partitions are
     * regrouped into splits of that many, their order unchanged.
     */
    long keyedReads(int keys, int inFlight, int partitionsPerSplit) throws IOException {
        Random random = new Random(42);
        List<Object> orderKeys = new ArrayList<>(keys);
        random.longs(1, partitions + 1).distinct().limit(keys).forEach(orderKeys::add);
        ReadRequest request = request(Optional.of(new Filter.In("l_orderkey", orderKeys)));
        List<SplitSpec> splits = TestingCassandraTableContext.CONNECTOR.planSplits(request, 0);
        if (!(CassandraSplit.fromBytes(splits.get(0).payload()) instanceof CassandraSplit.Partitions)) {
            throw new IllegalStateException("the keys were not planned as partition splits");
        }
        if (partitionsPerSplit > 0) {
            splits = regroup(splits, partitionsPerSplit);
        }
        long count = 0;
        for (SplitSpec split : splits) {
            count += read(request, split, inFlight);
        }
        return count;
    }

    private static List<SplitSpec> regroup(List<SplitSpec> splits, int partitionsPerSplit) throws IOException {
        List<List<ByteBuffer>> all = new ArrayList<>();
        int columns = 0;
        for (SplitSpec split : splits) {
            CassandraSplit.Partitions partitions =
                    (CassandraSplit.Partitions) CassandraSplit.fromBytes(split.payload());
            all.addAll(partitions.keys());
            columns = partitions.columns();
        }
        List<SplitSpec> regrouped = new ArrayList<>();
        for (int from = 0; from < all.size(); from += partitionsPerSplit) {
            CassandraSplit.Partitions part = new CassandraSplit.Partitions(
                    columns, all.subList(from, Math.min(all.size(), from + partitionsPerSplit)));
            regrouped.add(
                    new SplitSpec(part.toBytes(), List.of(), 0, part.keys().size() + " partitions"));
        }
        return regrouped;
    }

    private ReadRequest request(Optional<Filter> filter) {
        return new ReadRequest(
                table, IntStream.range(0, table.mapping().size()).boxed().toList(), filter, OptionalLong.empty());
    }

    private static long read(ReadRequest request, SplitSpec split, int inFlight) throws IOException {
        long count = 0;
        int columns = request.projection().size();
        long hash = 0;
        try (RecordSource source = CassandraReads.openReader(request, split, inFlight)) {
            while (source.next()) {
                for (int column = 0; column < columns; column++) {
                    hash += System.identityHashCode(source.get(column));
                }
                count++;
            }
        }
        return hash == 42 ? count : count; // keeps the values read
    }

    long partitions() {
        return partitions;
    }

    TableContext table() {
        return table;
    }

    public static void main(String[] args) throws IOException {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 200_000;
        int keys = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        String keyspace = "bench_keyed";
        try (TestingCassandraServer server = TestingCassandraServer.builder()
                .heapMegabytes(BenchmarkCassandraRecordReader.SERVER_HEAP_MB)
                .build()) {
            System.out.println("started " + server);
            try (CqlSession session =
                    TestingLineitemTable.session(server.host(), server.nativePort(), server.localDatacenter())) {
                BenchmarkCassandraRecordReader.load(server, session, keyspace, rows, true);
                BenchmarkCassandraKeyedReads benchmark =
                        new BenchmarkCassandraKeyedReads(server.contactPoint(), keyspace, rows);
                long[] totals = CassandraSizeEstimates.totals(
                        CassandraSizeEstimates.read(session, CassandraTable.of(benchmark.table())));
                System.out.printf(
                        Locale.ROOT,
                        "%,d rows in %,d partitions; size estimates: %,d partitions, %,d bytes (%,d a partition)%n",
                        rows,
                        benchmark.partitions(),
                        totals[0],
                        totals[1],
                        totals[0] > 0 ? totals[1] / totals[0] : -1);
                // warm up: the JIT, the prepared statements, the page cache
                benchmark.scan();
                benchmark.keyedReads(keys, 8);
                double[] scanSeconds = new double[rounds];
                double[][][] keyedSeconds = new double[SPLIT_SIZES.size()][IN_FLIGHT.size()][rounds];
                long keyedRows = 0;
                for (int round = 0; round < rounds; round++) {
                    long start = System.nanoTime();
                    if (benchmark.scan() != rows) {
                        throw new IllegalStateException("the scan missed rows");
                    }
                    scanSeconds[round] = (System.nanoTime() - start) / 1e9;
                    for (int s = 0; s < SPLIT_SIZES.size(); s++) {
                        for (int i = 0; i < IN_FLIGHT.size(); i++) {
                            start = System.nanoTime();
                            keyedRows = benchmark.keyedReads(keys, IN_FLIGHT.get(i), SPLIT_SIZES.get(s));
                            keyedSeconds[s][i][round] = (System.nanoTime() - start) / 1e9;
                        }
                    }
                }
                double scan = median(scanSeconds);
                double bytesPerSecond = totals[1] / scan;
                System.out.printf(
                        Locale.ROOT,
                        "scan: %.2f s, %,.0f rows/s, %,.0f estimated bytes/s%n",
                        scan,
                        rows / scan,
                        bytesPerSecond);
                for (int s = 0; s < SPLIT_SIZES.size(); s++) {
                    int size = SPLIT_SIZES.get(s);
                    System.out.printf(
                            Locale.ROOT,
                            "splits of %s:%n",
                            size == 0 ? "the planner's size" : String.format(Locale.ROOT, "%,d partitions", size));
                    for (int i = 0; i < IN_FLIGHT.size(); i++) {
                        double seconds = median(keyedSeconds[s][i]);
                        double perSecond = keys / seconds;
                        System.out.printf(
                                Locale.ROOT,
                                "  keyed reads, %9s in flight: %.3f s for %,d partitions (%,d rows): %,.0f partitions/s,"
                                        + " a keyed read costs %,.0f scanned rows, %,.0f estimated bytes of a scan%n",
                                IN_FLIGHT.get(i) == 0
                                        ? "planned"
                                        : IN_FLIGHT.get(i).toString(),
                                seconds,
                                keys,
                                keyedRows,
                                perSecond,
                                rows / scan / perSecond,
                                bytesPerSecond / perSecond);
                    }
                }
            }
        }
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length % 2 == 1
                ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }
}
