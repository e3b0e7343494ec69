package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.tpch.TpchFiles;
import io.trino.tpch.TpchTable;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * TPC-H tables (scale factor 0.01) generated as dbgen text, loaded into ORC and written from ORC into tables of a store
 * that Hive creates; what every store must then do: read {@code orders} back row by row as the ORC source holds it,
 * join with the ORC tables and with itself as ORC alone does, refuse an INSERT OVERWRITE that reads its own table, take
 * an INSERT OVERWRITE and a TRUNCATE and copy its rows back to ORC, give the optimizer its statistics, and lose its
 * data with a managed table's DROP. A subclass loads its store (its DDL, its keys) and checks what only its store's
 * own client can see.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BaseTpchIT {
    static final double SCALE_FACTOR = 0.01;
    static final String ONLY_URGENT = " WHERE o_orderpriority = '1-URGENT'";
    private static final String ORDERS_COLUMNS = "o_orderkey, o_custkey, o_orderstatus, o_totalprice, o_orderdate, "
            + "o_orderpriority, o_clerk, o_shippriority, o_comment";

    HiveInstance hive;
    HiveStack.Resources stack;
    /** The rows of {@code orders}, as generated. */
    long orders;

    /** The Hive database of the class's tables. */
    abstract String database();

    /** Before the Hive database is created (new), e.g. to drop the store's database of an earlier run. */
    void dropStoreData() throws Exception {}

    /**
     * Loads the sources into ORC with {@link #loadOrc} and writes them into the store's tables; sets {@link #orders}.
     */
    abstract void loadStore() throws Exception;

    /** Creates a managed store table of the TPC-H {@code orders} columns, with the store's usual key. */
    abstract void createOrdersTable(String name) throws SQLException;

    /** The store tables {@link #loadStore} created, in the order the join query takes them: customer and orders. */
    List<String> loadedTables() {
        return List.of("customer", "orders");
    }

    /** A join of the two {@link #loadedTables} (as {@code %s}, in that order) that groups into 5 rows. */
    String joinQuery() {
        return "SELECT c.c_mktsegment, count(*), sum(o.o_totalprice), min(o.o_orderdate), "
                + "max(o.o_orderdate) FROM %s c JOIN %s o ON c.c_custkey = o.o_custkey "
                + "WHERE o.o_orderdate >= DATE '1995-01-01' GROUP BY c.c_mktsegment ORDER BY c.c_mktsegment";
    }

    /** The names of the store's tables (CQL tables, collections, key prefixes) in the class's keyspace or database. */
    abstract List<String> storeTables() throws Exception;

    /** The rows the store itself holds in a table (by its own client, not through Hive). */
    abstract long storeRowCount(String name) throws Exception;

    /** After the INSERT of every order into {@code table} (the store holds as many rows, checked already). */
    void assertFullyInserted(String table) throws Exception {}

    /**
     * After the INSERT OVERWRITE of {@code table} with the urgent orders ({@code expected}, in key order; the store
     * holds as many rows, checked already).
     */
    abstract void assertOverwritten(String table, List<String> expected) throws Exception;

    /** After the overwritten rows were copied into the ORC table {@code copy}. */
    void assertCopiedBack(String copy) throws Exception {}

    /** After the TRUNCATE of the store table {@code name} (which the store holds no row of, checked already). */
    void assertTruncated(String name) throws Exception {}

    /** Prepares what the statistics come from and returns a query whose plan shows them. */
    abstract String statisticsQuery() throws Exception;

    /** The row count the optimizer was given, as this store estimates it. */
    abstract void assertEstimatedRows(long rows, String plan);

    /** After a managed table's DROP: what an external table over the table that is gone does. */
    abstract void assertExternalTableOverADroppedOne() throws Exception;

    @BeforeAll
    void loadSources(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        dropStoreData();
        hive.execute("DROP DATABASE IF EXISTS " + database() + " CASCADE");
        hive.execute("CREATE DATABASE " + database());
        loadStore();
    }

    /** dbgen text into a text table, then into ORC ({@code <name>_orc}); returns the row count. */
    long loadOrc(TpchTable<?> table, long maxRows) throws Exception {
        String name = table.getTableName();
        String db = database();
        Path dir = stack.scratch(db + "-" + name);
        long rows = TpchFiles.write(table, SCALE_FACTOR, maxRows, dir.resolve(name + ".tbl"));
        String columns = TpchFiles.hiveColumns(table);
        hive.execute("CREATE EXTERNAL TABLE " + db + "." + name + "_text (" + columns + ") ROW FORMAT DELIMITED "
                + "FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '" + dir.toUri() + "'");
        hive.execute("CREATE TABLE " + db + "." + name + "_orc (" + columns + ") STORED AS ORC");
        hive.execute("INSERT INTO " + db + "." + name + "_orc SELECT * FROM " + db + "." + name + "_text");
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + db + "." + name + "_orc"))
                .isEqualTo(rows);
        return rows;
    }

    /** Row count, total price and a hash of every column of a table of {@code orders} columns. */
    static String checksum(String table) {
        return "SELECT count(*), sum(o_totalprice), sum(hash(" + ORDERS_COLUMNS + ")) FROM " + table;
    }

    String qualified(String table) {
        return database() + "." + table;
    }

    @Test
    void ordersReadBackRowByRowEqualTheOrcSource() throws Exception {
        List<String> expected = Rows.of(hive, "SELECT * FROM " + qualified("orders_orc") + " ORDER BY o_orderkey");
        assertThat(expected).hasSize((int) orders);
        assertThat(Rows.of(hive, "SELECT * FROM " + qualified("orders") + " ORDER BY o_orderkey"))
                .containsExactlyElementsOf(expected);
        assertThat(Rows.of(hive, checksum(qualified("orders"))))
                .containsExactlyElementsOf(Rows.of(hive, checksum(qualified("orders_orc"))));
    }

    /**
     * An aggregate over every column of {@code orders} runs its map side on column batches that the store's input format
     * fills itself (EXPLAIN VECTORIZATION: vectorized input format, no row deserialization), and gives what the same
     * query gives on the ORC source and with {@code nosql.read.vectorized} off (rows that Hive deserializes).
     */
    @Test
    void aVectorizedScanFillsColumnBatchesFromTheStoreAndReadsWhatRowModeReads() throws Exception {
        String query = "SELECT o_orderstatus, count(*), sum(o_orderkey), sum(o_custkey), sum(o_totalprice), "
                + "min(o_orderdate), max(o_orderdate), min(o_orderpriority), max(o_clerk), sum(o_shippriority), "
                + "sum(length(o_comment)), max(o_comment) FROM %s GROUP BY o_orderstatus ORDER BY o_orderstatus";
        String store = query.formatted(qualified("orders"));
        List<String> vectorization = YarnChecks.vectorization(hive, store);
        assertThat(vectorization)
                .as("EXPLAIN VECTORIZATION of %s", store)
                .contains("enabledConditionsMet: hive.vectorized.use.vectorized.input.format IS true")
                .anyMatch(line -> line.startsWith("inputFileFormats: io.hivenosql."))
                .noneMatch(line -> line.contains("row.serde.deserialize"))
                .noneMatch(line -> line.startsWith("enabledConditionsNotMet"));
        List<String> expected = Rows.of(hive, query.formatted(qualified("orders_orc")));
        assertThat(expected).hasSize(3);
        assertThat(Rows.of(hive, store)).containsExactlyElementsOf(expected);

        // turned off for the table: Hive deserializes the rows the store's row-only input format reads
        String orders = qualified("orders");
        hive.execute("ALTER TABLE " + orders + " SET TBLPROPERTIES ('nosql.read.vectorized'='false')");
        try {
            assertThat(YarnChecks.vectorization(hive, store))
                    .as("EXPLAIN VECTORIZATION of %s with 'nosql.read.vectorized'='false'", store)
                    .contains("enabledConditionsMet: hive.vectorized.use.row.serde.deserialize IS true")
                    .anyMatch(line ->
                            line.startsWith("inputFileFormats: io.hivenosql.") && line.contains("RowInputFormat"));
            assertThat(Rows.of(hive, store)).as("rows deserialized by Hive").containsExactlyElementsOf(expected);
        } finally {
            hive.execute("ALTER TABLE " + orders + " SET TBLPROPERTIES ('nosql.read.vectorized'='true')");
        }
        assertThat(YarnChecks.vectorization(hive, store))
                .contains("enabledConditionsMet: hive.vectorized.use.vectorized.input.format IS true");
    }

    @Test
    void joinsWithOrcTablesAndBetweenStoreTablesGiveTheOrcOnlyResult() throws Exception {
        String left = qualified(loadedTables().get(0));
        String right = qualified(loadedTables().get(1));
        List<String> expected = Rows.of(hive, joinQuery().formatted(left + "_orc", right + "_orc"));
        assertThat(expected).hasSize(5);
        assertThat(Rows.of(hive, joinQuery().formatted(left, right + "_orc"))).containsExactlyElementsOf(expected);
        assertThat(Rows.of(hive, joinQuery().formatted(left + "_orc", right))).containsExactlyElementsOf(expected);
        assertThat(Rows.of(hive, joinQuery().formatted(left, right))).containsExactlyElementsOf(expected);
    }

    @Test
    void insertOverwriteReplacesTheRowsAndTheResultGoesBackToOrc() throws Exception {
        createOrdersTable("orders_urgent");
        String urgent = qualified("orders_urgent");
        String source = qualified("orders_orc");
        hive.execute("INSERT INTO " + urgent + " SELECT * FROM " + source);
        assertThat(storeRowCount("orders_urgent")).isEqualTo(orders);
        assertFullyInserted(urgent);

        // an overwrite that reads its own table would delete the rows before reading them: refused, nothing lost
        assertThatThrownBy(() ->
                        hive.execute("INSERT OVERWRITE TABLE " + urgent + " SELECT * FROM " + urgent + ONLY_URGENT))
                .hasStackTraceContaining("also reads")
                .hasStackTraceContaining("orders_urgent")
                .hasStackTraceContaining("Nothing was deleted");
        assertThatThrownBy(() -> hive.execute("INSERT OVERWRITE TABLE " + urgent + " SELECT s.* FROM " + source
                        + " s JOIN " + urgent + " u ON s.o_orderkey = u.o_orderkey"))
                .hasStackTraceContaining("also reads");
        assertThat(storeRowCount("orders_urgent")).isEqualTo(orders);

        // and an ordinary overwrite in the same session works
        hive.execute("INSERT OVERWRITE TABLE " + urgent + " SELECT * FROM " + source + ONLY_URGENT);
        List<String> expected = Rows.of(hive, "SELECT * FROM " + source + ONLY_URGENT + " ORDER BY o_orderkey");
        assertThat(expected).isNotEmpty().hasSizeLessThan((int) orders);
        assertThat(storeRowCount("orders_urgent")).isEqualTo(expected.size());
        assertOverwritten(urgent, expected);

        String copy = qualified("orders_urgent_orc");
        hive.execute("CREATE TABLE " + copy + " STORED AS ORC AS SELECT * FROM " + urgent);
        assertThat(Rows.of(hive, "SELECT * FROM " + copy + " ORDER BY o_orderkey"))
                .containsExactlyElementsOf(expected);
        assertCopiedBack(copy);

        if (HiveStack.Resources.hive3()) {
            // Hive 3.1 refuses TRUNCATE of any non-native table before a handler hears of it; an overwrite with no
            // rows empties the store table there
            assertThatThrownBy(() -> hive.execute("TRUNCATE TABLE " + urgent))
                    .hasStackTraceContaining("Cannot truncate non-native table");
            assertThat(storeRowCount("orders_urgent")).isEqualTo(expected.size());
            hive.execute("INSERT OVERWRITE TABLE " + urgent + " SELECT * FROM " + source + " WHERE false");
        } else {
            hive.execute("TRUNCATE TABLE " + urgent);
        }
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + urgent)).isEqualTo(0L);
        assertThat(storeRowCount("orders_urgent")).isZero();
        assertTruncated("orders_urgent");
    }

    /**
     * From Hive 4.0 the optimizer asks the handler for the table's row count and size; Hive 3.1 never does and plans
     * with its own guess for a table without statistics (one row, size 0: "Basic stats: PARTIAL"), which a user sees in
     * EXPLAIN and which costs join order and map-join choices, never results.
     */
    @Test
    void theOptimizerGetsRowCountAndSizeFromTheStore() throws Exception {
        if (HiveStack.Resources.hive3()) {
            assertThat(YarnChecks.explain(hive, "SELECT count(*) FROM " + qualified("orders")))
                    .contains("Statistics: Num rows: 1 Data size: 0 Basic stats: PARTIAL");
            return;
        }
        String query = statisticsQuery();
        // the classic plan format prints each operator's statistics
        hive.execute("SET hive.explain.user=false");
        String plan;
        try {
            plan = String.join("\n", Rows.of(hive, "EXPLAIN " + query));
        } finally {
            hive.execute("RESET hive.explain.user");
        }
        Matcher rows = Pattern.compile("Num rows: (\\d+) Data size: (\\d+)").matcher(plan);
        assertThat(rows.find()).as("statistics in the plan:%n%s", plan).isTrue();
        assertEstimatedRows(Long.parseLong(rows.group(1)), plan);
        assertThat(Long.parseLong(rows.group(2))).isPositive();
    }

    @Test
    void droppingAManagedTableDropsTheStoreTable() throws Exception {
        createOrdersTable("orders_dropped");
        hive.execute("INSERT INTO " + qualified("orders_dropped") + " SELECT * FROM " + qualified("orders_orc")
                + " LIMIT 10");
        assertThat(storeRowCount("orders_dropped")).isEqualTo(10);
        hive.execute("DROP TABLE " + qualified("orders_dropped"));
        assertThat(storeTables()).containsAll(loadedTables()).doesNotContain("orders_dropped");
        assertExternalTableOverADroppedOne();
    }
}
