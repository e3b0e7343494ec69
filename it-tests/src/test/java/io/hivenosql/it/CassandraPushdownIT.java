package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Pushdown returns the same rows as no pushdown, on Tez and on MapReduce, for every predicate shape; and the partition
 * key queries read exactly the partitions asked for, with no token range scan at all. The proof comes from Cassandra's
 * own per-table counters ({@code system_views.local_read_latency} counts single-partition reads, {@code
 * local_scan_latency} range reads), which no other test touches since each table lives in this test's keyspace.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CassandraPushdownIT {
    private static final String DB = "it_cass_pushdown";
    private static final String HANDLER = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";
    private static final int SENSORS = 20;
    private static final int READINGS_PER_SENSOR = 50;

    private HiveInstance hive;
    private HandlerJarCqlSession cql;

    @BeforeAll
    void load(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        cql = stack.cql();
        TestingCassandraServer cassandra = stack.cassandra();
        cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        cql.execute("CREATE TABLE " + DB + ".readings (sensor int, ts int, value bigint, tag text, "
                + "PRIMARY KEY ((sensor), ts))");
        cql.execute("CREATE TABLE " + DB + ".events (tenant text, day int, seq int, amount bigint, "
                + "PRIMARY KEY ((tenant, day), seq))");

        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        String connection = "'cassandra.hosts'='" + cassandra.contactPoint() + "', 'cassandra.local-dc'='"
                + cassandra.localDatacenter() + "'";
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".readings (sensor int, ts int, value bigint, tag string) "
                + HANDLER + " TBLPROPERTIES (" + connection + ")");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".readings_af (sensor int, ts int, value bigint, tag string) "
                + HANDLER + " TBLPROPERTIES (" + connection + ", 'cassandra.table'='readings', "
                + "'cassandra.allow-filtering'='true')");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".events (tenant string, day int, seq int, amount bigint) "
                + HANDLER + " TBLPROPERTIES (" + connection + ")");

        // one unlogged batch per partition; tag: no cell (NULL) for every 7th reading, else odd/even
        for (int sensor = 0; sensor < SENSORS; sensor++) {
            StringBuilder batch = new StringBuilder("BEGIN UNLOGGED BATCH ");
            for (int ts = 0; ts < READINGS_PER_SENSOR; ts++) {
                int n = sensor * READINGS_PER_SENSOR + ts;
                batch.append(
                        n % 7 == 0
                                ? "INSERT INTO %s.readings (sensor, ts, value) VALUES (%d, %d, %d); "
                                        .formatted(DB, sensor, ts, sensor * 1000L + ts)
                                : "INSERT INTO %s.readings (sensor, ts, value, tag) VALUES (%d, %d, %d, '%s'); "
                                        .formatted(DB, sensor, ts, sensor * 1000L + ts, n % 2 == 0 ? "even" : "odd"));
            }
            cql.execute(batch.append("APPLY BATCH").toString());
        }
        for (int tenant = 0; tenant < 3; tenant++) {
            for (int day = 0; day < 5; day++) {
                StringBuilder batch = new StringBuilder("BEGIN UNLOGGED BATCH ");
                for (int n = 0; n < 150; n++) {
                    if (n % 3 == tenant && (n / 3) % 5 == day) {
                        batch.append("INSERT INTO %s.events (tenant, day, seq, amount) VALUES ('t%d', %d, %d, %d); "
                                .formatted(DB, tenant, day, n / 15, n * 10L));
                    }
                }
                cql.execute(batch.append("APPLY BATCH").toString());
            }
        }
        assertThat(cql.rows("SELECT count(*) FROM " + DB + ".readings").get(0))
                .containsExactly((long) SENSORS * READINGS_PER_SENSOR);
        assertThat(cql.rows("SELECT count(*) FROM " + DB + ".events").get(0)).containsExactly(150L);
    }

    @AfterAll
    void close() throws Exception {
        if (cql != null) {
            cql.close();
        }
    }

    private enum Engine {
        /** A simple SELECT as HiveServer2 runs it itself (fetch task), no job. */
        FETCH("SET hive.execution.engine=tez", "SET hive.fetch.task.conversion=more"),
        TEZ("SET hive.execution.engine=tez", "SET hive.fetch.task.conversion=none"),
        MR("SET hive.execution.engine=mr", "SET hive.fetch.task.conversion=none");

        private final List<String> settings;

        Engine(String... settings) {
            this.settings = List.of(settings);
        }
    }

    /** The rows of a query and the reads of its Cassandra table meanwhile. */
    private record Result(List<String> rows, long partitionReads, long rangeScans) {}

    /** Runs a query on its own session and counts the single-partition reads and range scans of the table it reads. */
    private Result run(Engine engine, boolean pushdown, String table, String sql) throws Exception {
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            for (String setting : engine.settings) {
                statement.execute(setting);
            }
            statement.execute("SET hive.optimize.ppd.storage=" + pushdown);
            long[] before = counts(table);
            List<String> rows = new ArrayList<>();
            try (ResultSet resultSet = statement.executeQuery(sql)) {
                int columns = resultSet.getMetaData().getColumnCount();
                while (resultSet.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= columns; i++) {
                        row.add(resultSet.getObject(i));
                    }
                    rows.add(Rows.row(row));
                }
            }
            long[] after = settledCounts(table, before);
            return new Result(rows.stream().sorted().toList(), after[0] - before[0], after[1] - before[1]);
        }
    }

    /** {single-partition reads, range scans} served for the table so far. */
    private long[] counts(String table) {
        return new long[] {count("local_read_latency", table), count("local_scan_latency", table)};
    }

    private long count(String view, String table) {
        List<List<Object>> rows = cql.rows("SELECT count FROM system_views." + view + " WHERE keyspace_name = '" + DB
                + "' AND table_name = '" + table + "'");
        return rows.isEmpty() ? 0 : ((Number) rows.get(0).get(0)).longValue();
    }

    /** The counters once they stop moving: a read is counted when the node finishes it, not when the client has it. */
    private long[] settledCounts(String table, long[] before) throws InterruptedException {
        long[] last = counts(table);
        for (int i = 0; i < 20; i++) {
            Thread.sleep(50);
            long[] now = counts(table);
            if (now[0] == last[0] && now[1] == last[1] && (now[0] > before[0] || now[1] > before[1] || i >= 3)) {
                return now;
            }
            last = now;
        }
        return last;
    }

    /**
     * Asserts that the query returns the same rows with and without storage pushdown, that the pushed one reads
     * {@code partitions} partitions by key and scans nothing (or, when {@code partitions} is negative, still scans),
     * and that the unpushed one scans; returns the rows.
     */
    private List<String> assertSameRows(Engine engine, String table, String sql, int partitions) throws Exception {
        Result reference = run(Engine.FETCH, false, table, sql);
        assertThat(reference.rangeScans())
                .as("without pushdown the table is scanned")
                .isPositive();
        assertThat(reference.partitionReads()).isZero();
        Result pushed = run(engine, true, table, sql);
        assertThat(pushed.rows()).as("%s on %s", sql, engine).isEqualTo(reference.rows());
        if (partitions >= 0) {
            assertThat(pushed.partitionReads())
                    .as("partitions read by %s on %s", sql, engine)
                    .isEqualTo(partitions);
            assertThat(pushed.rangeScans())
                    .as("range scans of %s on %s", sql, engine)
                    .isZero();
        } else {
            assertThat(pushed.rangeScans())
                    .as("range scans of %s on %s", sql, engine)
                    .isPositive();
            assertThat(pushed.partitionReads()).isZero();
        }
        return pushed.rows();
    }

    private static String readings(String where) {
        return "SELECT sensor, ts, value, tag FROM " + DB + ".readings WHERE " + where;
    }

    private static String events(String where) {
        return "SELECT tenant, day, seq, amount FROM " + DB + ".events WHERE " + where;
    }

    /**
     * count(*) is answered per split by Cassandra ({@code SELECT count(*)} per token range): each task logs that it
     * counted its split's records, and the count equals the rows inserted; a count with a predicate on a value reads the
     * rows (Hive filters them).
     */
    @Test
    void countStarIsCountedByCassandraAndAValueFilterStillReadsRows() throws Exception {
        String split = "table " + DB + ".readings, split ";
        try (LogCapture capture = LogCapture.start()) {
            assertThat(run(Engine.TEZ, true, "readings", "SELECT count(*) FROM " + DB + ".readings")
                            .rows())
                    .containsExactly(Integer.toString(SENSORS * READINGS_PER_SENSOR));
            assertThat(capture.text())
                    .containsPattern(Pattern.quote(split) + ".*: counted \\d+ records")
                    .doesNotContainPattern(Pattern.quote(split) + ".*: read \\d+ records");
        }
        try (LogCapture capture = LogCapture.start()) {
            // value = sensor * 1000 + ts: every reading of sensors 6 and up, and of sensor 5 all but ts 0
            assertThat(run(Engine.TEZ, true, "readings", "SELECT count(*) FROM " + DB + ".readings WHERE value > 5000")
                            .rows())
                    .containsExactly(Integer.toString((SENSORS - 6) * READINGS_PER_SENSOR + READINGS_PER_SENSOR - 1));
            assertThat(capture.text())
                    .containsPattern(Pattern.quote(split) + ".*: read \\d+ records")
                    .doesNotContain(": counted ");
        }
    }

    @Test
    void partitionKeyEqualityReadsOnePartition() throws Exception {
        for (Engine engine : Engine.values()) {
            List<String> rows = assertSameRows(engine, "readings", readings("sensor = 7"), 1);
            assertThat(rows).hasSize(READINGS_PER_SENSOR).allMatch(row -> row.startsWith("7|"));
        }
    }

    @Test
    void partitionKeyInReadsEachPartitionAskedFor() throws Exception {
        for (Engine engine : List.of(Engine.TEZ, Engine.MR)) {
            List<String> rows = assertSameRows(engine, "readings", readings("sensor IN (3, 11, 999)"), 3);
            assertThat(rows).hasSize(2 * READINGS_PER_SENSOR);
        }
    }

    @Test
    void compositePartitionKeyReadsTheProductOfItsValues() throws Exception {
        assertThat(assertSameRows(Engine.TEZ, "events", events("tenant = 't1' AND day = 2"), 1))
                .containsExactly(
                        "t1|2|0|70",
                        "t1|2|1|220",
                        "t1|2|2|370",
                        "t1|2|3|520",
                        "t1|2|4|670",
                        "t1|2|5|820",
                        "t1|2|6|970",
                        "t1|2|7|1120",
                        "t1|2|8|1270",
                        "t1|2|9|1420");
        assertThat(assertSameRows(Engine.MR, "events", events("tenant IN ('t0', 't2', 'none') AND day IN (1, 3)"), 6))
                .hasSize(40);
        // only part of the partition key restricted: a scan, and the same rows
        assertThat(assertSameRows(Engine.FETCH, "events", events("tenant = 't0'"), -1))
                .hasSize(50);
    }

    @Test
    void clusteringRangesWithinRestrictedPartitions() throws Exception {
        assertThat(assertSameRows(Engine.TEZ, "readings", readings("sensor = 4 AND ts > 45"), 1))
                .containsExactly("4|46|4046|even", "4|47|4047|odd", "4|48|4048|even", "4|49|4049|odd");
        assertThat(assertSameRows(Engine.MR, "readings", readings("sensor = 4 AND ts <= 2"), 1))
                .containsExactly("4|0|4000|even", "4|1|4001|odd", "4|2|4002|even");
        assertThat(assertSameRows(Engine.FETCH, "readings", readings("sensor IN (4, 5) AND ts BETWEEN 10 AND 12"), 2))
                .containsExactly(
                        "4|10|4010|NULL",
                        "4|11|4011|odd",
                        "4|12|4012|even",
                        "5|10|5010|even",
                        "5|11|5011|odd",
                        "5|12|5012|even");
        assertThat(assertSameRows(Engine.FETCH, "readings", readings("sensor = 9 AND ts >= 48 AND ts < 99"), 1))
                .containsExactly("9|48|9048|even", "9|49|9049|odd");
    }

    @Test
    void nonKeyPredicatesStayInHiveWithoutAllowFiltering() throws Exception {
        assertThat(assertSameRows(Engine.TEZ, "readings", readings("value > 19045"), -1))
                .containsExactly("19|46|19046|even", "19|47|19047|odd", "19|48|19048|even", "19|49|19049|odd");
        assertThat(assertSameRows(Engine.MR, "readings", readings("ts = 3 AND tag = 'odd'"), -1))
                .hasSize(17);
    }

    @Test
    void allowFilteringPushesNonKeyPredicates() throws Exception {
        String sql = "SELECT sensor, ts, value, tag FROM " + DB + ".readings_af WHERE tag = 'odd' AND value < 1010";
        Result reference = run(Engine.FETCH, false, "readings", sql);
        for (Engine engine : List.of(Engine.TEZ, Engine.MR)) {
            Result pushed = run(engine, true, "readings", sql);
            assertThat(pushed.rows()).isEqualTo(reference.rows());
            assertThat(pushed.rangeScans()).isPositive();
        }
        assertThat(reference.rows())
                .hasSize(26)
                .contains("0|1|1|odd", "1|9|1009|odd")
                .allMatch(row -> row.endsWith("|odd"));
        assertThat(explain("EXPLAIN " + sql))
                .as("both conjuncts are pushed with ALLOW FILTERING")
                .containsPattern(
                        "filterExpr: \\(\\((tag = 'odd'|value < 1010L)\\) and \\((tag = 'odd'|value < 1010L)\\)\\)")
                .contains("(tag = 'odd')")
                .contains("(value < 1010L)")
                .doesNotContain("Filter Operator");
    }

    @Test
    void orNotInequalityAndIsNullStayInHive() throws Exception {
        assertThat(assertSameRows(Engine.TEZ, "readings", readings("sensor = 1 AND NOT (ts < 47)"), 1))
                .containsExactly("1|47|1047|odd", "1|48|1048|NULL", "1|49|1049|odd");
        assertThat(assertSameRows(Engine.FETCH, "readings", readings("sensor = 2 AND ts <> 3 AND ts < 5"), 1))
                .containsExactly("2|0|2000|even", "2|1|2001|odd", "2|2|2002|even", "2|4|2004|even");
        assertThat(assertSameRows(Engine.MR, "readings", readings("sensor = 5 AND tag IS NULL"), 1))
                .hasSize(7);
        assertThat(assertSameRows(Engine.FETCH, "readings", readings("tag IS NULL"), -1))
                .hasSize((SENSORS * READINGS_PER_SENSOR + 6) / 7);
        assertThat(assertSameRows(Engine.TEZ, "readings", readings("(sensor = 1 AND ts = 1) OR value = 2002"), -1))
                .containsExactly("1|1|1001|odd", "2|2|2002|even");
        // the same with allow-filtering: still not pushed
        assertThat(explain("EXPLAIN SELECT * FROM " + DB + ".readings_af WHERE tag IS NULL OR value <> 3"))
                .contains("Filter Operator")
                // Hive 3.1 writes the disjuncts the other way round
                .containsPattern("predicate: \\(*(\\(value <> 3L\\) or tag is null|tag is null or \\(value <> 3L\\))");
    }

    @Test
    void explainShowsThePushedFilterAndNoHiveFilterForAFullyPushedPredicate() throws Exception {
        assertThat(explain("EXPLAIN SELECT ts, value FROM " + DB + ".readings WHERE sensor = 7 AND ts > 40"))
                .containsPattern("filterExpr: \\(\\((sensor = 7|ts > 40)\\) and \\((sensor = 7|ts > 40)\\)\\)")
                .contains("(sensor = 7)")
                .contains("(ts > 40)")
                .doesNotContain("Filter Operator");
        assertThat(explain("EXPLAIN SELECT ts, value FROM " + DB + ".readings WHERE sensor = 7 AND value > 7040"))
                .contains("filterExpr: (sensor = 7)")
                .contains("Filter Operator")
                .contains("predicate: (value > 7040L)");
    }

    private String explain(String sql) throws SQLException {
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            statement.execute("SET hive.explain.user=false");
            List<String> plan = new ArrayList<>();
            try (ResultSet resultSet = statement.executeQuery(sql)) {
                while (resultSet.next()) {
                    plan.add(resultSet.getString(1));
                }
            }
            return String.join("\n", plan);
        }
    }
}
