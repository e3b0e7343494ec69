package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.hive.RemoteHiveInstance;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Cassandra handler on Hive on Tez over YARN ({@link YarnStack}), in both deployments: the handler jar on HDFS in
 * {@code hive.aux.jars.path} (a), and {@code ADD JAR hdfs://...} in a session of a HiveServer2 that has no handler jar
 * anywhere (b). CREATE TABLE (Hive creates the CQL table), INSERT, INSERT OVERWRITE, a single-partition read pushed
 * to Cassandra (its own per-table read counters), a join with an ORC table on HDFS and the size estimates reaching
 * EXPLAIN, with every task in a YARN container that got the handler jar only as a resource Hive shipped.
 */
@ExtendWith(YarnStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CassandraYarnIT {
    private static final Logger log = LoggerFactory.getLogger(CassandraYarnIT.class);
    /** The Hive database and the Cassandra keyspace. */
    private static final String DB = "it_yarn_cassandra";

    private static final String HANDLER = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";
    private static final String JAR = "handler-cassandra-.*-hive\\.jar";
    private static final int ROWS = 200;

    private final YarnStack.Resources yarn;
    private final RemoteHiveInstance hive;
    private final ContainerLogs containerLogs;
    private HandlerJarCqlSession cql;

    CassandraYarnIT(YarnStack.Resources yarn) {
        this.yarn = yarn;
        this.hive = yarn.hive();
        this.containerLogs = yarn.containerLogs();
    }

    @BeforeAll
    void createKeyspace() {
        cql = yarn.stores().cql();
        cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    }

    @AfterAll
    void close() throws Exception {
        if (cql != null) {
            cql.close();
        }
    }

    private String tableProperties(String table) {
        TestingCassandraServer cassandra = yarn.stores().cassandra();
        return "TBLPROPERTIES ('cassandra.hosts'='" + cassandra.contactPoint() + "', 'cassandra.local-dc'='"
                + cassandra.localDatacenter() + "', 'cassandra.keyspace'='" + DB + "', 'cassandra.table'='" + table
                + "', 'cassandra.primary-key'='id')";
    }

    @Test
    void createInsertOverwritePushedReadJoinAndStatisticsRunInContainersWithTheShippedJar() throws Exception {
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        String accounts = DB + ".accounts";
        hive.execute("CREATE TABLE " + accounts + " (id int, owner string, balance bigint) " + HANDLER + " "
                + tableProperties("accounts"));
        assertThat(cql.rows("SELECT table_name FROM system_schema.tables WHERE keyspace_name = '" + DB + "'"))
                .as("the CQL table Hive created")
                .containsExactly(List.of("accounts"));
        String regions = DB + ".regions";
        try {
            hive.execute("SET hive.fetch.task.conversion=none");
            Set<String> before = containerLogs.attemptIds();
            YarnChecks.createOrcRegions(hive, regions, ROWS);
            hive.execute("INSERT INTO " + accounts + " SELECT id, concat('owner-', cast(id AS string)), id * 100 FROM "
                    + YarnChecks.ids(ROWS));
            assertThat(cql.rows("SELECT count(*) FROM " + DB + ".accounts")).containsExactly(List.of((long) ROWS));

            // the key filter is pushed (one partition read, no range scan) while the scan joins the ORC table
            long[] reads = CassandraReads.counts(cql, DB, "accounts");
            assertThat(hive.query("SELECT a.owner, a.balance, r.region FROM " + accounts + " a JOIN " + regions
                            + " r ON a.id = r.id WHERE a.id = 42"))
                    .containsExactly(List.of("owner-42", 4200L, "region-0"));
            long[] readsAfter = CassandraReads.settled(cql, DB, "accounts", reads);
            assertThat(readsAfter[1] - reads[1])
                    .as("range scans of the pushed key read")
                    .isZero();
            assertThat(readsAfter[0] - reads[0])
                    .as("single-partition reads of the pushed key read")
                    .isPositive();

            hive.execute("INSERT OVERWRITE TABLE " + accounts + " SELECT id, concat('new-', cast(id AS string)), id "
                    + "FROM " + YarnChecks.ids(ROWS / 2));
            List<List<Object>> stored = cql.rows("SELECT id, owner FROM " + DB + ".accounts");
            assertThat(stored).as("rows after INSERT OVERWRITE").hasSize(ROWS / 2);
            assertThat(stored).allSatisfy(row -> assertThat((String) row.get(1)).isEqualTo("new-" + row.get(0)));

            List<ContainerLogs.Attempt> attempts = containerLogs.attemptsSince(before);
            Set<ContainerLogs.Container> containers =
                    YarnChecks.assertRanShippedInContainers(yarn, attempts, "the INSERTs, SELECT and join", JAR);
            log.info(
                    "deployment (a): {} task attempt(s) in containers {}",
                    attempts.size(),
                    YarnChecks.containerIds(containers));
        } finally {
            hive.execute("RESET");
        }

        // size_estimates are refreshed from flushed SSTables: an estimate (a cardinality sketch per SSTable and token
        // range, 144 for these 100 rows once) of the rows INSERT OVERWRITE left, within a factor of 2
        yarn.stores().cassandra().nodetool("flush", DB);
        yarn.stores().cassandra().nodetool("refreshsizeestimates");
        String select = "SELECT owner, count(*) FROM " + accounts + " GROUP BY owner";
        assertThat(YarnChecks.scanRows(YarnChecks.explain(hive, select)))
                .as("rows in the plan")
                .isBetween(ROWS / 2 / 2L, ROWS / 2 * 2L);
        log.info("deployment (a) vectorization: {}", YarnChecks.assertScanReadsBatches(hive, select));
    }

    /**
     * Deployment (b): a HiveServer2 with no handler jar on its classpath nor in hive.aux.jars.path; the session adds
     * the jar from HDFS. CREATE TABLE (Hive creates the CQL table), INSERT, a pushed key read and DROP (Hive drops the
     * CQL table) work, and the containers got the jar from the session.
     */
    @Test
    void aSessionOfAPlainHiveServerAddsTheJarFromHdfsAndRunsEveryStatement() throws Exception {
        YarnChecks.assertPlainHiveServerHasNoHandler(yarn);
        String table = "cassandra_addjar";
        try (RemoteHiveInstance session = yarn.plainSession(List.of("ADD JAR " + yarn.hdfsJar("handler-cassandra")))) {
            session.execute(
                    "CREATE TABLE " + table + " (id int, owner string) " + HANDLER + " " + tableProperties(table));
            session.execute("SET hive.fetch.task.conversion=none");
            Set<String> before = containerLogs.attemptIds();
            session.execute("INSERT INTO " + table + " SELECT id, concat('owner-', cast(id AS string)) FROM "
                    + YarnChecks.ids(50));
            assertThat(cql.rows("SELECT count(*) FROM " + DB + "." + table)).containsExactly(List.of(50L));
            long[] reads = CassandraReads.counts(cql, DB, table);
            assertThat(session.query("SELECT owner FROM " + table + " WHERE id = 7"))
                    .containsExactly(List.of("owner-7"));
            long[] readsAfter = CassandraReads.settled(cql, DB, table, reads);
            assertThat(readsAfter[1] - reads[1]).as("range scans").isZero();
            assertThat(readsAfter[0] - reads[0]).as("single-partition reads").isPositive();
            List<ContainerLogs.Attempt> attempts = containerLogs.attemptsSince(before);
            YarnChecks.assertRanShippedInContainers(yarn, attempts, "the INSERT and the SELECT", JAR);
            log.info(
                    "deployment (b) vectorization: {}",
                    YarnChecks.assertScanReadsRows(
                            session,
                            "SELECT owner, count(*) FROM " + table + " GROUP BY owner",
                            "io.hivenosql.cassandra.CassandraInputFormat"));
            session.execute("DROP TABLE " + table);
        }
        assertThat(cql.rows("SELECT table_name FROM system_schema.tables WHERE keyspace_name = '" + DB
                        + "' AND table_name = '" + table + "'"))
                .as("the CQL table after DROP of a managed table")
                .isEmpty();
    }

    /** Cassandra's own per-table counters of served reads (as {@code CassandraPushdownIT} reads them). */
    static final class CassandraReads {
        private CassandraReads() {}

        /** {single-partition reads, range scans} served for the table so far. */
        static long[] counts(HandlerJarCqlSession cql, String keyspace, String table) {
            return new long[] {
                count(cql, "local_read_latency", keyspace, table), count(cql, "local_scan_latency", keyspace, table)
            };
        }

        private static long count(HandlerJarCqlSession cql, String view, String keyspace, String table) {
            List<List<Object>> rows = cql.rows("SELECT count FROM system_views." + view + " WHERE keyspace_name = '"
                    + keyspace + "' AND table_name = '" + table + "'");
            return rows.isEmpty() ? 0 : ((Number) rows.get(0).get(0)).longValue();
        }

        /** The counters once they stop moving: a read is counted when the node finishes it. */
        static long[] settled(HandlerJarCqlSession cql, String keyspace, String table, long[] before)
                throws InterruptedException {
            long[] last = counts(cql, keyspace, table);
            for (int i = 0; i < 20; i++) {
                Thread.sleep(50);
                long[] now = counts(cql, keyspace, table);
                if (now[0] == last[0] && now[1] == last[1] && (now[0] > before[0] || now[1] > before[1] || i >= 3)) {
                    return now;
                }
                last = now;
            }
            return last;
        }
    }
}
