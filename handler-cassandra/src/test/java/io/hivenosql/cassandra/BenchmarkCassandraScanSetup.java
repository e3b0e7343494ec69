package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.hivenosql.sandbox.bench.HiveScanSetup;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.math.BigDecimal;
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

/**
 * What planning a query over a small Cassandra table costs, and what each of its tasks costs before and while it reads,
 * through Hive's interfaces only ({@link HiveScanSetup}): {@code SELECT id, name FROM setup_rows WHERE qty >= 5} over
 * {@link #rows} rows of an existing CQL table (partition key {@code id}). The table allows filtering, so the predicate
 * on the regular column {@code qty} is pushed ({@code ALLOW FILTERING}) and the tasks read the matching half.
 *
 * <ul>
 *   <li>{@code planning}: the handler's SerDe, {@code decomposePredicate}, {@code configureInputJobProperties} and
 *       {@code getSplits}, as HiveServer2 runs them for a new query;
 *   <li>{@code taskSetupAndRead}: every split as its task opens it (split from its bytes, a new SerDe, {@code
 *       getRecordReader}) and reads and deserializes its rows (a table this small is one split).
 * </ul>
 *
 * <p>Run with {@code bin/hive-nosql microbench setup} (all stores), or {@link #main} alone: one Cassandra node, loaded
 * once. Run by JMH alone, each fork starts and loads a node of its own.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class BenchmarkCassandraScanSetup {
    /** The contact point ({@code host:port}) of a node {@link #main} loaded; unset: start one. */
    static final String CONTACT_POINT_PROPERTY = "hivenosql.bench.cassandra.setup-contact-point";

    static final String KEYSPACE = "bench_setup";
    static final String TABLE = "setup_rows";
    /** Rows with {@code qty >= 5}: qty is the row number mod 10. */
    static final int QTY_AT_LEAST = 5;

    @Param("10")
    public int rows;

    private TestingCassandraServer ownedServer;
    private HiveScanSetup scan;
    private HiveScanSetup.Plan plan;
    private JobConf[] taskConfs;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        String contactPoint = System.getProperty(CONTACT_POINT_PROPERTY);
        if (contactPoint == null) {
            ownedServer = TestingCassandraServer.builder().build();
            contactPoint = ownedServer.contactPoint();
            load(ownedServer, rows);
        }
        prepare(contactPoint);
    }

    /** For the smoke test: loads the rows into a running (shared) server. */
    void setUp(TestingCassandraServer server) throws Exception {
        load(server, rows);
        prepare(server.contactPoint());
    }

    private void prepare(String contactPoint) throws Exception {
        scan = new HiveScanSetup(
                CassandraStorageHandler.class,
                tableProperties(contactPoint),
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
        long matching = matching(rows);
        if (read < matching || read > rows) {
            throw new IllegalStateException("read " + read + " rows, expected " + matching + " to " + rows);
        }
        return read;
    }

    /** The rows with {@code qty >= 5}. */
    static long matching(int rows) {
        long count = 0;
        for (int i = 0; i < rows; i++) {
            count += i % 10 >= QTY_AT_LEAST ? 1 : 0;
        }
        return count;
    }

    /** Creates the keyspace and table and inserts rows {@code id = i} with a name, a quantity (i mod 10), a price. */
    static void load(TestingCassandraServer server, int rows) {
        try (CqlSession session =
                TestingLineitemTable.session(server.host(), server.nativePort(), server.localDatacenter())) {
            TestingLineitemTable.execute(
                    session,
                    "CREATE KEYSPACE IF NOT EXISTS " + KEYSPACE
                            + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
            TestingLineitemTable.execute(session, "DROP TABLE IF EXISTS " + KEYSPACE + "." + TABLE);
            TestingLineitemTable.execute(
                    session,
                    "CREATE TABLE " + KEYSPACE + "." + TABLE
                            + " (id bigint PRIMARY KEY, name text, qty int, price decimal)");
            PreparedStatement insert = session.prepare(
                    "INSERT INTO " + KEYSPACE + "." + TABLE + " (id, name, qty, price) VALUES (?, ?, ?, ?)");
            for (int i = 0; i < rows; i++) {
                session.execute(insert.bind((long) i, "customer#" + i, i % 10, new BigDecimal((100 + i) + ".25")));
            }
        }
    }

    /** The table's properties as the metastore hands them to Hive for an EXTERNAL table of this DDL. */
    static Properties tableProperties(String contactPoint) {
        Properties properties = new Properties();
        properties.setProperty("name", "bench.setup_rows");
        properties.setProperty("columns", "id,name,qty,price");
        properties.setProperty("columns.types", "bigint:string:int:decimal(10,2)");
        properties.setProperty("location", "file:/warehouse/bench.db/setup_rows");
        properties.setProperty("EXTERNAL", "TRUE");
        properties.setProperty("storage_handler", CassandraStorageHandler.class.getName());
        properties.setProperty("serialization.lib", CassandraSerDe.class.getName());
        properties.setProperty("cassandra.hosts", contactPoint);
        properties.setProperty("cassandra.local-dc", TestingCassandraServer.LOCAL_DATACENTER);
        properties.setProperty("cassandra.keyspace", KEYSPACE);
        properties.setProperty("cassandra.table", TABLE);
        properties.setProperty("cassandra.allow-filtering", "true");
        return properties;
    }

    /** Starts a Cassandra node, loads {@code args[0]} rows (default 10), runs both methods and stops the node. */
    public static void main(String[] args) throws Exception {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        try (TestingCassandraServer server = TestingCassandraServer.builder().build()) {
            System.out.println("started " + server);
            load(server, rows);
            HiveScanSetup.runJmh(
                    BenchmarkCassandraScanSetup.class,
                    Map.of(CONTACT_POINT_PROPERTY, server.contactPoint()),
                    Map.of("rows", "" + rows));
        }
    }
}
