package io.hivenosql.redis;

import io.hivenosql.sandbox.bench.HiveScanSetup;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPEqualOrGreaterThan;
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
import redis.clients.jedis.Jedis;

/**
 * What planning a query over a small Redis table costs, and what each of its tasks costs before and while it reads,
 * through Hive's interfaces only ({@link HiveScanSetup}): {@code SELECT id, name FROM setup_rows WHERE qty >= 5} over
 * {@link #rows} hashes. Redis pushes nothing on a non-key column, so Hive keeps the predicate and the tasks read every
 * row.
 *
 * <ul>
 *   <li>{@code planning}: the handler's SerDe, {@code decomposePredicate}, {@code configureInputJobProperties} and
 *       {@code getSplits}, as HiveServer2 runs them for a new query;
 *   <li>{@code taskSetupAndRead}: every split as its task opens it (split from its bytes, a new SerDe, {@code
 *       getRecordReader}) and reads and deserializes its rows.
 * </ul>
 *
 * <p>Run with {@code bin/hive-nosql microbench setup} (all stores), or {@link #main} alone: one Redis server, loaded
 * once. Run by JMH alone, each fork starts and loads a server of its own.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class BenchmarkRedisScanSetup {
    /** The {@code host:port} of a server {@link #main} loaded; unset: start one. */
    static final String NODES_PROPERTY = "hivenosql.bench.redis.nodes";

    static final String PREFIX = "setup:row:";
    /** Rows with {@code qty >= 5}: qty is the row number mod 10. */
    static final int QTY_AT_LEAST = 5;

    @Param("10")
    public int rows;

    private TestingRedisServer ownedServer;
    private HiveScanSetup scan;
    private HiveScanSetup.Plan plan;
    private JobConf[] taskConfs;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        String nodes = System.getProperty(NODES_PROPERTY);
        if (nodes == null) {
            ownedServer = TestingRedisServer.builder().build();
            load(ownedServer, rows);
            nodes = ownedServer.address();
        }
        prepare(nodes);
    }

    /** For the smoke test: loads the rows into a running (shared) server. */
    void setUp(TestingRedisServer server) throws Exception {
        load(server, rows);
        prepare(server.address());
    }

    private void prepare(String nodes) throws Exception {
        scan = new HiveScanSetup(
                RedisStorageHandler.class,
                tableProperties(nodes),
                List.of("id", "name"),
                HiveScanSetup.compare(
                        new GenericUDFOPEqualOrGreaterThan(),
                        "qty",
                        TypeInfoFactory.intTypeInfo,
                        QTY_AT_LEAST,
                        "setup_rows"),
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
    public void tearDown() {
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
        if (read != rows) {
            throw new IllegalStateException("read " + read + " rows, expected all " + rows);
        }
        return read;
    }

    /** Hashes {@code setup:row:<i>} with a name, a quantity (i mod 10) and a price. */
    static void load(TestingRedisServer server, int rows) {
        try (Jedis jedis = server.connect()) {
            for (int i = 0; i < rows; i++) {
                jedis.hset(
                        PREFIX + i,
                        Map.of("name", "customer#" + i, "qty", Integer.toString(i % 10), "price", (100 + i) + ".25"));
            }
        }
    }

    /** The table's properties as the metastore hands them to Hive for an EXTERNAL table of this DDL. */
    static Properties tableProperties(String nodes) {
        Properties properties = new Properties();
        properties.setProperty("name", "bench.setup_rows");
        properties.setProperty("columns", "id,name,qty,price");
        properties.setProperty("columns.types", "bigint:string:int:decimal(10,2)");
        properties.setProperty("location", "file:/warehouse/bench.db/setup_rows");
        properties.setProperty("EXTERNAL", "TRUE");
        properties.setProperty("storage_handler", RedisStorageHandler.class.getName());
        properties.setProperty("serialization.lib", RedisSerDe.class.getName());
        properties.setProperty("redis.nodes", nodes);
        properties.setProperty("redis.key.prefix", PREFIX);
        return properties;
    }

    /** Starts a Redis server, loads {@code args[0]} rows (default 10), runs both methods and stops the server. */
    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        try (TestingRedisServer server = TestingRedisServer.builder().build()) {
            System.out.println("started " + server);
            load(server, rows);
            HiveScanSetup.runJmh(
                    BenchmarkRedisScanSetup.class, Map.of(NODES_PROPERTY, server.address()), Map.of("rows", "" + rows));
        }
    }
}
