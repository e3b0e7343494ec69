package io.hivenosql.json;

import io.hivenosql.sandbox.bench.JmhRounds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.hive.serde2.SerDeException;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The JSON SerDe's rates against Hive's built-in {@code org.apache.hadoop.hive.serde2.JsonSerDe} (hive-exec 4.0.1), in
 * the same run, on the same generated data ({@link TestingJsonRows}: TPC-H lineitem as flat objects, or orders with
 * nested structs, an array of structs and a map). Both SerDes are initialized with the same table properties (name,
 * columns, columns.types; everything else at its default) and one thread; each operation handles every row once, so
 * rows/s = rows / (seconds per operation):
 *
 * <ul>
 *   <li>{@code hiveDeserialize} / {@code nosqlDeserialize}: {@code deserialize} of each row's JSON line (in memory as
 *       {@link Text}, generated once before anything is measured), and every primitive value of the row, as the SerDe
 *       gives it, handed to the Blackhole through the SerDe's own ObjectInspector;
 *   <li>{@code hiveSerialize} / {@code nosqlSerialize}: {@code serialize} of each row (the same Java objects, built
 *       once, under the same standard Java struct ObjectInspector) into its JSON line.
 * </ul>
 *
 * <p>Run with {@code bin/hive-nosql microbench json} (see docs/benchmarks.md): {@link #main} runs, per data shape and
 * direction, Hive's method and ours in rounds ({@link JmhRounds}), with Hive's as the baseline, so each ratio is ours
 * over Hive's rate.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsPrepend = {"--add-opens=java.base/java.net=ALL-UNNAMED"},
        jvmArgsAppend = {"-Xmx" + BenchmarkJsonSerDe.HEAP})
@Warmup(iterations = 2)
@Measurement(iterations = 3)
public class BenchmarkJsonSerDe {
    /** The forks' heap: 1M nested rows take about 1.2 GB as Text or 2.2 GB as Java objects (measured once with a GC). */
    static final String HEAP = "6g";

    /**
     * A directory ({@link #main} makes one per run) where the first fork that needs a shape's JSON lines writes them,
     * and the next forks read them instead of generating them again (which takes long for 1M nested rows).
     */
    static final String LINES_DIR_PROPERTY = "hivenosql.bench.json.lines-dir";

    private static final Set<String> SERIALIZE_METHODS = Set.of("hiveSerialize", "nosqlSerialize");

    /** The data shapes (see {@link TestingJsonRows}). */
    public enum Shape {
        FLAT,
        NESTED;

        TestingJsonRows.Table table() {
            return this == FLAT ? TestingJsonRows.LINEITEM : TestingJsonRows.ORDERS;
        }

        List<List<Object>> rows(int count) {
            return this == FLAT ? TestingJsonRows.lineitemRows(count) : TestingJsonRows.orderRows(count);
        }
    }

    @Param("1000000")
    public int rows;

    @Param({"FLAT", "NESTED"})
    public Shape shape;

    private AbstractSerDe hiveSerDe;
    private AbstractSerDe nosqlSerDe;
    private StructObjectInspector hiveInspector;
    private StructObjectInspector nosqlInspector;
    private StructObjectInspector rowInspector;
    private Text[] lines;
    private Object[] rowObjects;
    private long lastValues;
    private long lastBytes;

    /** JMH: the lines for a deserialize method, the row objects for a serialize method (not both: heap). */
    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) throws SerDeException, IOException {
        String benchmark = params.getBenchmark();
        String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
        boolean serialize = SERIALIZE_METHODS.contains(method);
        String linesDir = System.getProperty(LINES_DIR_PROPERTY);
        prepare(!serialize, serialize, linesDir == null ? null : Path.of(linesDir, shape + "-" + rows + ".jsonl"));
    }

    /**
     * Initializes both SerDes and generates the JSON lines and/or the row objects.
     *
     * @param linesFile where to read the lines from if it exists, else to write them to; null: generate, keep nothing
     */
    void prepare(boolean withLines, boolean withRows, Path linesFile) throws SerDeException, IOException {
        TestingJsonRows.Table table = shape.table();
        Properties properties = table.tableProperties();
        hiveSerDe = new org.apache.hadoop.hive.serde2.JsonSerDe();
        hiveSerDe.initialize(new Configuration(false), copy(properties), null);
        nosqlSerDe = new JsonSerDe();
        nosqlSerDe.initialize(new Configuration(false), copy(properties), null);
        hiveInspector = (StructObjectInspector) hiveSerDe.getObjectInspector();
        nosqlInspector = (StructObjectInspector) nosqlSerDe.getObjectInspector();
        rowInspector = table.rowInspector();

        long start = System.nanoTime();
        boolean cached = withLines && linesFile != null && Files.exists(linesFile);
        List<List<Object>> generated = withRows || (withLines && !cached) ? shape.rows(rows) : null;
        long textBytes = 0;
        if (withLines) {
            lines = cached ? TestingJsonLines.readLines(linesFile, rows) : TestingJsonLines.lines(table, generated);
            if (linesFile != null && !cached) {
                TestingJsonLines.writeLines(linesFile, lines);
            }
            textBytes = Arrays.stream(lines).mapToLong(Text::getLength).sum();
        }
        rowObjects = withRows ? generated.toArray() : null;
        generated = null;
        long preparedNanos = System.nanoTime() - start;
        // no System.gc() here: after a forced full collection of the 2.2 GB of nested row objects, G1's young pauses
        // stayed at 200-500 ms for about 40 s (-Xlog:gc), which inflated the first iterations of both SerDes
        Runtime runtime = Runtime.getRuntime();
        System.out.printf(
                Locale.ROOT,
                "%n%s: %,d rows: %s in %,d ms; JSON lines %s; heap in use (not collected) %,d MB of %,d MB%n",
                shape,
                rows,
                (withLines ? (cached ? "lines read from " + linesFile : "lines generated") : "")
                        + (withLines && withRows ? ", " : "")
                        + (withRows ? "row objects generated" : ""),
                preparedNanos / 1_000_000,
                withLines
                        ? String.format(Locale.ROOT, "%,d bytes, %,.0f a row", textBytes, textBytes / (double) rows)
                        : "not kept",
                (runtime.totalMemory() - runtime.freeMemory()) >> 20,
                runtime.maxMemory() >> 20);
    }

    private static Properties copy(Properties properties) {
        Properties copy = new Properties();
        copy.putAll(properties);
        return copy;
    }

    /** The baseline: Hive's built-in JsonSerDe reads every line. */
    @Benchmark
    public long hiveDeserialize(Blackhole blackhole) throws SerDeException {
        return deserializeAll(hiveSerDe, hiveInspector, blackhole);
    }

    /** hive-nosql's JsonSerDe reads every line. */
    @Benchmark
    public long nosqlDeserialize(Blackhole blackhole) throws SerDeException {
        return deserializeAll(nosqlSerDe, nosqlInspector, blackhole);
    }

    /** The baseline: Hive's built-in JsonSerDe writes every row. */
    @Benchmark
    public long hiveSerialize(Blackhole blackhole) throws SerDeException {
        return serializeAll(hiveSerDe, blackhole);
    }

    /** hive-nosql's JsonSerDe writes every row. */
    @Benchmark
    public long nosqlSerialize(Blackhole blackhole) throws SerDeException {
        return serializeAll(nosqlSerDe, blackhole);
    }

    private long deserializeAll(AbstractSerDe serDe, StructObjectInspector inspector, Blackhole blackhole)
            throws SerDeException {
        long values = 0;
        for (Text line : lines) {
            values += TestingJsonRows.consume(inspector, serDe.deserialize(line), blackhole);
        }
        lastValues = values;
        return lines.length;
    }

    private long serializeAll(AbstractSerDe serDe, Blackhole blackhole) throws SerDeException {
        long bytes = 0;
        for (Object row : rowObjects) {
            Writable line = serDe.serialize(row, rowInspector);
            if (!(line instanceof Text text)) {
                throw new IllegalStateException(serDe.getClass().getName() + " serialized a row into a "
                        + (line == null ? "null" : line.getClass().getName()) + ", expected a Text");
            }
            bytes += text.getLength();
            blackhole.consume(line);
        }
        lastBytes = bytes;
        return rowObjects.length;
    }

    /** The number of non-NULL primitive values the last deserialize operation handed to the Blackhole. */
    long lastValues() {
        return lastValues;
    }

    /** The number of bytes of JSON the last serialize operation produced. */
    long lastBytes() {
        return lastBytes;
    }

    AbstractSerDe hiveSerDe() {
        return hiveSerDe;
    }

    AbstractSerDe nosqlSerDe() {
        return nosqlSerDe;
    }

    StructObjectInspector rowInspector() {
        return rowInspector;
    }

    Text[] lines() {
        return lines;
    }

    Object[] rowObjects() {
        return rowObjects;
    }

    /**
     * Runs, for each data shape in {@code args[2..]} (default FLAT NESTED), deserialize then serialize, Hive's SerDe and
     * ours in {@code args[1]} rounds (default 3) of {@code args[0]} rows per operation (default 1,000,000).
     */
    public static void main(String[] args) throws RunnerException, IOException {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        List<Shape> shapes = args.length > 2
                ? Arrays.stream(args, 2, args.length)
                        .map(name -> Shape.valueOf(name.toUpperCase(Locale.ROOT)))
                        .toList()
                : List.of(Shape.values());
        System.out.printf(
                Locale.ROOT,
                "== %d processors, %s %s, fork heap %s; load average at the start %s%n",
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name"),
                System.getProperty("java.version"),
                HEAP,
                loadAverage());
        Path linesDir = Files.createTempDirectory("hive-nosql-json-bench");
        try {
            for (Shape shape : shapes) {
                for (String direction : List.of("Deserialize", "Serialize")) {
                    System.out.printf(
                            Locale.ROOT,
                            "%n== shape %s, %s: hive%s (baseline) against nosql%s%n",
                            shape,
                            direction.toLowerCase(Locale.ROOT),
                            direction,
                            direction);
                    new JmhRounds(BenchmarkJsonSerDe.class, "hive" + direction, List.of("nosql" + direction), rows)
                            .run(
                                    rounds,
                                    Map.of("rows", Integer.toString(rows), "shape", shape.name()),
                                    Map.of(LINES_DIR_PROPERTY, linesDir.toString()),
                                    HEAP);
                    System.out.printf(
                            Locale.ROOT,
                            "== shape %s, %s done; load average %s%n",
                            shape,
                            direction.toLowerCase(Locale.ROOT),
                            loadAverage());
                }
            }
        } finally {
            try (Stream<Path> files = Files.list(linesDir)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(linesDir);
        }
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
