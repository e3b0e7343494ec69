package io.hivenosql.sandbox.bench;

import static java.util.Objects.requireNonNull;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.ql.metadata.HiveStorageHandler;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPEqualOrGreaterThan;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.apache.hadoop.mapred.JobConf;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The planning and task set-up benchmark of one store, through Hive's interfaces only ({@link HiveScanSetup}): {@code
 * SELECT id, name FROM setup_rows WHERE qty >= 5} over {@link #rows} rows {@code id = i} with a name, a quantity (i mod
 * 10) and a price. A store's benchmark (in its module's test sources) extends this class and says only how to start its
 * server, load the rows and name the table in TBLPROPERTIES.
 *
 * <ul>
 *   <li>{@code planning}: the handler's SerDe, {@code decomposePredicate}, {@code configureInputJobProperties} and
 *       {@code getSplits}, as HiveServer2 runs them for a new query;
 *   <li>{@code taskSetupAndRead}: every split as its task opens it (split from its bytes, a new SerDe, {@code
 *       getRecordReader}) and reads and deserializes its rows.
 * </ul>
 *
 * <p>Run with {@code bin/hive-nosql microbench setup} (all stores), or a store's {@code main} ({@link #run}): one
 * server, loaded once, its address passed to the JMH fork in {@value #ADDRESS_PROPERTY}. Run by JMH alone, each fork
 * starts and loads a server of its own.
 *
 * @param <S> the store's testing server
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public abstract class ScanSetupBenchmark<S extends Closeable> {
    /** The address of a server {@link #run} started and loaded (the store's form); unset: the fork starts one. */
    public static final String ADDRESS_PROPERTY = "hivenosql.bench.setup.address";

    /** The table (and its alias in the predicate). */
    public static final String TABLE = "setup_rows";
    /** Rows with {@code qty >= 5}: qty is the row number mod 10. */
    public static final int QTY_AT_LEAST = 5;

    @Param("10")
    public int rows;

    private final Class<? extends HiveStorageHandler> handlerClass;
    private final Class<? extends AbstractSerDe> serDeClass;
    private S ownedServer;
    private HiveScanSetup scan;
    private HiveScanSetup.Plan plan;
    private JobConf[] taskConfs;

    protected ScanSetupBenchmark(
            Class<? extends HiveStorageHandler> handlerClass, Class<? extends AbstractSerDe> serDeClass) {
        this.handlerClass = requireNonNull(handlerClass, "handlerClass is null");
        this.serDeClass = requireNonNull(serDeClass, "serDeClass is null");
    }

    /** Starts a server of the store (closed by {@link #tearDown} or by {@link #run}). */
    protected abstract S startServer();

    /** The server's address as {@link #storeProperties} takes it ({@code host:port}, a URI). */
    protected abstract String address(S server);

    /** Loads {@code rows} rows into {@link #TABLE} of the server at {@code address}, replacing what is there. */
    protected abstract void load(String address, int rows);

    /** The store's TBLPROPERTIES of {@link #TABLE} on the server at {@code address}. */
    protected abstract Map<String, String> storeProperties(String address);

    /**
     * The fewest rows the tasks may read: the matching rows when the store takes the predicate (the default), all rows
     * when it pushes nothing.
     */
    protected long leastRowsRead(int rows) {
        return matching(rows);
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        String address = System.getProperty(ADDRESS_PROPERTY);
        if (address == null) {
            ownedServer = startServer();
            address = address(ownedServer);
            load(address, rows);
        }
        prepare(address);
    }

    /** For a smoke test: loads the rows into a running (shared) server and plans once. */
    public void setUp(S server) throws Exception {
        String address = address(server);
        load(address, rows);
        prepare(address);
    }

    private void prepare(String address) throws Exception {
        scan = new HiveScanSetup(
                handlerClass,
                tableProperties(address),
                List.of("id", "name"),
                HiveScanSetup.compare(
                        new GenericUDFOPEqualOrGreaterThan(), "qty", TypeInfoFactory.intTypeInfo, QTY_AT_LEAST, TABLE),
                2);
        plan = scan.plan();
        System.out.printf(
                "%n%d split(s); pushed: %s; Hive keeps: %s; columns read: %s%n",
                plan.splits().size(), plan.pushed(), plan.residual(), plan.readColumns());
    }

    @Setup(Level.Invocation)
    public void newTaskConfs() {
        taskConfs = HiveScanSetup.taskConfs(plan);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (ownedServer != null) {
            ownedServer.close();
        }
    }

    @Benchmark
    public HiveScanSetup.Plan planning() throws Exception {
        return scan.plan();
    }

    @Benchmark
    public long taskSetupAndRead(Blackhole blackhole) throws Exception {
        long read = scan.runTasks(plan, taskConfs, blackhole::consume);
        long least = leastRowsRead(rows);
        if (read < least || read > rows) {
            throw new IllegalStateException("read " + read + " rows, expected " + least + " to " + rows);
        }
        return read;
    }

    /** The rows with {@code qty >= 5}. */
    public static long matching(int rows) {
        long count = 0;
        for (int i = 0; i < rows; i++) {
            count += i % 10 >= QTY_AT_LEAST ? 1 : 0;
        }
        return count;
    }

    /** The table's properties as the metastore hands them to Hive for an EXTERNAL table of this DDL. */
    Properties tableProperties(String address) {
        Properties properties = new Properties();
        properties.setProperty("name", "bench." + TABLE);
        properties.setProperty("columns", "id,name,qty,price");
        properties.setProperty("columns.types", "bigint:string:int:decimal(10,2)");
        properties.setProperty("location", "file:/warehouse/bench.db/" + TABLE);
        properties.setProperty("EXTERNAL", "TRUE");
        properties.setProperty("storage_handler", handlerClass.getName());
        properties.setProperty("serialization.lib", serDeClass.getName());
        storeProperties(address).forEach(properties::setProperty);
        return properties;
    }

    /**
     * A store's {@code main}: starts a server with {@code benchmark}, loads {@code args[0]} rows (default 10), runs both
     * methods in JMH forks that use that server, and stops it.
     */
    public static <S extends Closeable> void run(ScanSetupBenchmark<S> benchmark, String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        try (S server = benchmark.startServer()) {
            System.out.println("started " + server);
            String address = benchmark.address(server);
            benchmark.load(address, rows);
            HiveScanSetup.runJmh(
                    benchmark.getClass(), Map.of(ADDRESS_PROPERTY, address), Map.of("rows", Integer.toString(rows)));
        }
    }
}
