package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import io.hivenosql.sandbox.bench.ScanSetupBenchmark;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.math.BigDecimal;
import java.util.Map;

/**
 * What planning a query over a small Cassandra table costs, and what each of its tasks costs before and while it reads
 * ({@link ScanSetupBenchmark}) over rows of an existing CQL table (partition key {@code id}). The table allows
 * filtering, so the predicate on the regular column {@code qty} is pushed ({@code ALLOW FILTERING}) and the tasks read
 * the matching half (a table this small is one split).
 *
 * <p>Run with {@code bin/hive-nosql microbench setup} (all stores), or {@link #main} alone: one Cassandra node, loaded
 * once.
 */
public class BenchmarkCassandraScanSetup extends ScanSetupBenchmark<TestingCassandraServer> {
    static final String KEYSPACE = "bench_setup";

    public BenchmarkCassandraScanSetup() {
        super(CassandraStorageHandler.class, CassandraSerDe.class);
    }

    @Override
    protected TestingCassandraServer startServer() {
        return TestingCassandraServer.builder().build();
    }

    @Override
    protected String address(TestingCassandraServer server) {
        return server.contactPoint();
    }

    /** Creates the keyspace and table and inserts rows {@code id = i} with a name, a quantity (i mod 10), a price. */
    @Override
    protected void load(String contactPoint, int rows) {
        String[] hostPort = contactPoint.split(":");
        try (CqlSession session = TestingLineitemTable.session(
                hostPort[0], Integer.parseInt(hostPort[1]), TestingCassandraServer.LOCAL_DATACENTER)) {
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

    @Override
    protected Map<String, String> storeProperties(String contactPoint) {
        return Map.of(
                "cassandra.hosts", contactPoint,
                "cassandra.local-dc", TestingCassandraServer.LOCAL_DATACENTER,
                "cassandra.keyspace", KEYSPACE,
                "cassandra.table", TABLE,
                "cassandra.allow-filtering", "true");
    }

    /** Starts a Cassandra node, loads {@code args[0]} rows (default 10), runs both methods and stops the node. */
    public static void main(String[] args) throws Exception {
        run(new BenchmarkCassandraScanSetup(), args);
    }
}
