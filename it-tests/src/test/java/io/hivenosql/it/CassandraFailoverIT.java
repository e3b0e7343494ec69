package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraRing;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A ring of three Cassandra nodes, replication factor 3: a node killed in the middle of a scan and, once restarted,
 * another in the middle of an INSERT, at the default consistency levels and at QUORUM; the queries succeed with exact
 * counts, and a failed task attempt would fail them ({@code tez.am.task.max.failed.attempts=1}), so the reader and the
 * writer themselves went on. Then too few replicas for ALL (one node down) and for QUORUM (two down) fail with HNS-204
 * naming the level and the nodes. Row counts: {@code -Dit.cassandra.failover.rows} (scan) and {@code
 * -Dit.cassandra.failover.insert-rows}.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CassandraFailoverIT {
    private static final String DB = "it_cass_failover";
    private static final String HANDLER = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";
    private static final int ROWS = Integer.getInteger("it.cassandra.failover.rows", 20_000);
    private static final int INSERT_ROWS = Integer.getInteger("it.cassandra.failover.insert-rows", 10_000);
    /** Small pages (500 a table): the scan goes on after the kill, and many pages go to the lost node's ranges. */
    private static final int PAGE_SIZE = Math.max(100, ROWS / 500);
    /** The node killed mid-scan (127.0.0.3), then restarted; and the one killed mid-INSERT (127.0.0.2). */
    private static final int SCAN_VICTIM = 2;

    private static final int INSERT_VICTIM = 1;
    private static final Duration SEEN_DOWN = Duration.ofSeconds(60);
    private static final long QUERY_SECONDS = 600;

    private HiveInstance hive;
    private TestingCassandraRing ring;
    private HandlerJarCqlSession cql;
    private final ExecutorService executor = Executors.newSingleThreadExecutor();
    private String scanVictimHostId;

    @BeforeAll
    void start(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        ring = TestingCassandraRing.start(stack.scratch("cassandra-ring"));
        cql = HandlerJarCqlSession.connect(
                HiveStack.Resources.cassandraHandlerJar(), ring.contactPoints(), ring.localDatacenter(), null, null);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
        for (String table : List.of("scanned", "ins_default", "ins_quorum")) {
            cql.execute("CREATE TABLE " + DB + "." + table + " (id int PRIMARY KEY, v int)");
        }
    }

    @AfterAll
    void stop() throws Exception {
        executor.shutdownNow();
        try {
            if (cql != null) {
                cql.close();
            }
        } finally {
            if (ring != null) {
                ring.close();
            }
        }
    }

    @Test
    @Order(1)
    void aNodeKilledMidScanLosesNoRowAndReadsNoneTwiceAtTheDefaultLevelAndAtQuorum() throws Exception {
        create("scan_default", "scanned", "'cassandra.page.size'='" + PAGE_SIZE + "'");
        create(
                "scan_quorum",
                "scanned",
                "'cassandra.page.size'='" + PAGE_SIZE + "', 'cassandra.consistency.read'='quorum'");
        hive.execute("INSERT INTO " + DB + ".scan_default SELECT n, n % 1000 FROM " + numbers(ROWS));
        long before = counter(SCAN_VICTIM, "local_scan_latency", "scanned");
        scanVictimHostId = hostId(SCAN_VICTIM);

        try (LogCapture log = LogCapture.start()) {
            Future<List<String>> scan = executor.submit(job("SELECT which, count(*), count(DISTINCT id), sum(v) FROM ("
                    + "SELECT 'default' AS which, id, v FROM " + DB + ".scan_default UNION ALL "
                    + "SELECT 'quorum' AS which, id, v FROM " + DB + ".scan_quorum) both_levels GROUP BY which"));
            // the node serves the scan: its range reads of the table grow
            BaseServerLossIT.awaitWhileRunning(
                    scan, "scan", 20, () -> counter(SCAN_VICTIM, "local_scan_latency", "scanned") >= before + 5);
            long served = counter(SCAN_VICTIM, "local_scan_latency", "scanned") - before;
            ring.kill(SCAN_VICTIM);
            assertThat(scan.isDone())
                    .as("the scan was still running when the node was killed")
                    .isFalse();

            long sum = (long) ROWS / 1000 * (999L * 1000 / 2) + sumBelow(ROWS % 1000);
            assertThat(scan.get(QUERY_SECONDS, TimeUnit.SECONDS))
                    .containsExactlyInAnyOrder(
                            "default|" + ROWS + "|" + ROWS + "|" + sum, "quorum|" + ROWS + "|" + ROWS + "|" + sum);
            assertThat(served).isPositive();
            assertThat(log.text())
                    .as("a page was asked for again after the kill")
                    .containsPattern("Reading .* of table " + DB + "\\.scan_(default|quorum): resumed from where it"
                            + " stopped on node 127\\.0\\.0\\.[12]:[0-9]+ ");
        }
    }

    @Test
    @Order(2)
    void aNodeKilledMidInsertLosesNoWriteAtTheDefaultLevelAndAtQuorum() throws Exception {
        assertThatThrownBy(() -> ring.awaitAllUp(Duration.ofSeconds(1))).hasMessageContaining("127.0.0.3 not running");
        ring.restart(SCAN_VICTIM);
        // on its own data: a node started on an empty directory would have another host id
        assertThat(hostId(SCAN_VICTIM)).isEqualTo(scanVictimHostId);
        // fewer writes in flight than by default, so that the INSERT goes on long after the kill
        String slow = "'cassandra.write.concurrency'='16', 'cassandra.consistency.read'='quorum'";
        create("ins_default", "ins_default", slow);
        create("ins_quorum", "ins_quorum", slow + ", 'cassandra.consistency.write'='quorum'");
        long before = counter(INSERT_VICTIM, "local_write_latency", "ins_default")
                + counter(INSERT_VICTIM, "local_write_latency", "ins_quorum");

        Future<List<String>> insert = executor.submit(job("FROM " + numbers(INSERT_ROWS) + " INSERT INTO " + DB
                + ".ins_default SELECT n, n % 1000 INSERT INTO " + DB + ".ins_quorum SELECT n, n % 1000"));
        BaseServerLossIT.awaitWhileRunning(
                insert,
                "INSERT",
                20,
                () -> counter(INSERT_VICTIM, "local_write_latency", "ins_default")
                                + counter(INSERT_VICTIM, "local_write_latency", "ins_quorum")
                        >= before + 500);
        ring.kill(INSERT_VICTIM);
        assertThat(insert.isDone())
                .as("the INSERT was still running when the node was killed")
                .isFalse();
        insert.get(QUERY_SECONDS, TimeUnit.SECONDS);

        long sum = (long) INSERT_ROWS / 1000 * (999L * 1000 / 2) + sumBelow(INSERT_ROWS % 1000);
        for (String table : List.of("ins_default", "ins_quorum")) {
            assertThat(Rows.of(hive, "SELECT count(*), sum(v) FROM " + DB + "." + table))
                    .containsExactly(INSERT_ROWS + "|" + sum);
        }
    }

    @Test
    @Order(3)
    void tooFewReplicasForTheLevelFailNamingTheLevelAndTheLostNodes() throws Exception {
        String lost = ring.nodes().get(INSERT_VICTIM).contactPoint();
        ring.awaitSeenDown(INSERT_VICTIM, SEEN_DOWN);
        create("all_levels", "ins_default", "'cassandra.consistency.read'='all', 'cassandra.consistency.write'='all'");
        assertThat(failure("SELECT count(*) FROM " + DB + ".all_levels"))
                .contains("HNS-204 REPLICAS_UNAVAILABLE")
                .contains("cannot read table " + DB + ".all_levels")
                .contains("at consistency ALL: it needs 3 replicas")
                .contains("replicas not reachable: " + lost)
                .contains("cassandra.consistency.read");
        assertThat(failure("INSERT INTO " + DB + ".all_levels VALUES (-1, 1)"))
                .contains("HNS-204 REPLICAS_UNAVAILABLE")
                .contains("cannot write to table " + DB + ".all_levels")
                .contains("at consistency ALL")
                .contains(lost)
                .contains("cassandra.consistency.write");

        // a second node down: QUORUM cannot be met either (a clean stop is seen at once)
        ring.stop(SCAN_VICTIM);
        ring.awaitSeenDown(SCAN_VICTIM, SEEN_DOWN);
        String second = ring.nodes().get(SCAN_VICTIM).contactPoint();
        create(
                "quorum_levels",
                "ins_quorum",
                "'cassandra.consistency.read'='quorum', " + "'cassandra.consistency.write'='quorum'");
        assertThat(failure("SELECT count(*) FROM " + DB + ".quorum_levels"))
                .contains("HNS-204 REPLICAS_UNAVAILABLE")
                .contains("at consistency QUORUM: it needs 2 replicas")
                .contains(lost)
                .contains(second);
        assertThat(failure("INSERT INTO " + DB + ".quorum_levels VALUES (-1, 1)"))
                .contains("HNS-204 REPLICAS_UNAVAILABLE")
                .contains("cannot write to table " + DB + ".quorum_levels")
                .contains("at consistency QUORUM")
                .contains(lost)
                .contains(second);
    }

    private void create(String hiveTable, String cqlTable, String properties) throws SQLException {
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + hiveTable);
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + hiveTable + " (id int, v int) " + HANDLER
                + " TBLPROPERTIES ('cassandra.hosts'='" + ring.contactPoints() + "', 'cassandra.keyspace'='" + DB
                + "', 'cassandra.table'='" + cqlTable + "', 'cassandra.timeout.ms'='4000', " + properties + ")");
    }

    /** The numbers 0 .. count - 1 as column {@code n} of a subquery. */
    private static String numbers(int count) {
        return "(SELECT n FROM (SELECT posexplode(split(space(" + (count - 1) + "), ' ')) AS (n, unused)) ids) src";
    }

    private static long sumBelow(int n) {
        return (long) n * (n - 1) / 2;
    }

    /** A statement as a job on Tez in a session of its own, where a failed task attempt fails the query. */
    private Callable<List<String>> job(String sql) {
        return () -> {
            try (Connection connection = hive.connect();
                    Statement statement = connection.createStatement()) {
                statement.execute("SET hive.execution.engine=tez");
                statement.execute("SET hive.fetch.task.conversion=none");
                statement.execute("SET tez.am.task.max.failed.attempts=1");
                if (statement.execute(sql)) {
                    try (ResultSet rows = statement.getResultSet()) {
                        return Rows.of(rows);
                    }
                }
                return List.of();
            }
        };
    }

    /** The stack trace of the statement's failure. */
    private String failure(String sql) throws Exception {
        try {
            executor.submit(job(sql)).get(QUERY_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(SQLException.class);
            return Failures.stackTrace(e.getCause());
        }
        throw new AssertionError("no failure: " + sql);
    }

    private String hostId(int node) {
        return ring.query(node, "SELECT CAST(host_id AS text) FROM system.local")
                .get(0);
    }

    /** A latency table's count of the node for a table of the keyspace (how many reads or writes it served). */
    private long counter(int node, String view, String table) {
        List<String> count = ring.query(
                node,
                "SELECT CAST(count AS text) FROM system_views." + view + " WHERE keyspace_name = '" + DB
                        + "' AND table_name = '" + table + "'");
        return count.isEmpty() || count.get(0) == null ? 0 : Long.parseLong(count.get(0));
    }
}
