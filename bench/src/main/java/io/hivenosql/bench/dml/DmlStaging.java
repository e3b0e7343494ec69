package io.hivenosql.bench.dml;

import static io.hivenosql.bench.dml.DmlTables.LINEITEM;
import static io.hivenosql.bench.dml.DmlTables.ORDERS;
import static io.hivenosql.bench.dml.DmlTables.mongoKey;
import static io.hivenosql.bench.dml.DmlTables.qualified;
import static io.hivenosql.bench.dml.DmlTables.selectList;

import io.hivenosql.bench.Target;
import java.util.List;
import java.util.Map;

/**
 * The ORC tables the statements read, made once from the ORC copy before anything is timed (database {@value
 * #DATABASE}), as TPC-H's refresh data files are made before its refresh functions run:
 *
 * <ul>
 *   <li>{@code rf1_orders}, {@code rf1_lineitem}: RF1's new orders, 0.1% of the orders (SF x 1,500: the first ones by
 *       key, their keys plus {@value #KEY_OFFSET}, beyond every existing key), and their lineitems (the same rows with
 *       the new keys);
 *   <li>{@code rf2_orders}: the keys of the old orders RF2 deletes, as many, spread over the table (every
 *       {@value #ORDERS_STEP}th order by key);
 *   <li>{@code changes}: 1% of lineitem's rows (every {@value #LINEITEM_STEP}th by key), whole rows with
 *       {@code l_quantity + 1} and a new {@code l_comment}, and {@code originals}: the same rows unchanged, which put
 *       the table back after a timed MERGE or rewrite. Both carry MongoDB's lineitem key {@value DmlTables#MONGO_KEY}
 *       after the TPC-H columns;
 *   <li>{@code one_change}: the first row of {@code changes} by key, the source of the 1-row MERGE.
 * </ul>
 */
public final class DmlStaging {
    public static final String DATABASE = "tpch_dml";
    /** Added to an order's key to make a new one: beyond the keys of any scale factor up to 100 (6e8). */
    public static final long KEY_OFFSET = 1_000_000_000L;
    /** One order in this many: 0.1%, TPC-H's refresh functions' share. */
    public static final int ORDERS_STEP = 1000;
    /** One lineitem row in this many: 1%. */
    public static final int LINEITEM_STEP = 100;
    /** The new {@code l_comment} of a changed row. */
    public static final String CHANGED_COMMENT = "changed by the 1% merge";

    public static final String RF1_ORDERS = DATABASE + ".rf1_orders";
    public static final String RF1_LINEITEM = DATABASE + ".rf1_lineitem";
    public static final String RF2_ORDERS = DATABASE + ".rf2_orders";
    public static final String CHANGES = DATABASE + ".changes";
    public static final String ORIGINALS = DATABASE + ".originals";
    public static final String ONE_CHANGE = DATABASE + ".one_change";

    private DmlStaging() {}

    /** The orders RF1 inserts and RF2 deletes: SF x 1,500 (0.1% of SF x 1,500,000). */
    public static int refreshOrders(double scaleFactor) {
        return (int) Math.round(scaleFactor * 1_500_000 / ORDERS_STEP);
    }

    /** The statements that make the staging tables from the ORC copy, in order. */
    public static List<String> statements(double scaleFactor) {
        int orders = refreshOrders(scaleFactor);
        String orc = qualified(Target.HDFS_ORC, ORDERS);
        String orcLineitem = qualified(Target.HDFS_ORC, LINEITEM);
        return List.of(
                "DROP DATABASE IF EXISTS " + DATABASE + " CASCADE",
                "CREATE DATABASE " + DATABASE,
                "CREATE TABLE " + RF1_ORDERS + " STORED AS ORC AS SELECT "
                        + selectList(ORDERS, "o", Map.of("o_orderkey", "o.o_orderkey + " + KEY_OFFSET))
                        + " FROM (SELECT o.*, row_number() OVER (ORDER BY o.o_orderkey) AS dml_row FROM " + orc
                        + " o) o WHERE o.dml_row <= " + orders,
                "CREATE TABLE " + RF1_LINEITEM + " STORED AS ORC AS SELECT "
                        + selectList(LINEITEM, "l", Map.of("l_orderkey", "l.l_orderkey + " + KEY_OFFSET))
                        + " FROM " + orcLineitem + " l JOIN " + RF1_ORDERS + " o ON l.l_orderkey + " + KEY_OFFSET
                        + " = o.o_orderkey",
                "CREATE TABLE " + RF2_ORDERS + " STORED AS ORC AS SELECT o.o_orderkey FROM (SELECT o_orderkey, "
                        + "row_number() OVER (ORDER BY o_orderkey) AS dml_row FROM " + orc + ") o WHERE o.dml_row % "
                        + ORDERS_STEP + " = 0 AND o.dml_row <= " + (long) orders * ORDERS_STEP,
                "CREATE TABLE " + ORIGINALS + " STORED AS ORC AS SELECT " + selectList(LINEITEM, "l", Map.of())
                        + ", " + mongoKey("l.l_orderkey", "l.l_linenumber") + " AS " + DmlTables.MONGO_KEY
                        + " FROM (SELECT l.*, row_number() OVER (ORDER BY l.l_orderkey, l.l_linenumber) AS dml_row"
                        + " FROM " + orcLineitem + " l) l WHERE l.dml_row % " + LINEITEM_STEP + " = 0",
                "CREATE TABLE " + CHANGES + " STORED AS ORC AS SELECT "
                        + selectList(LINEITEM, "o", changedValues("o")) + ", o." + DmlTables.MONGO_KEY + " FROM "
                        + ORIGINALS + " o",
                "CREATE TABLE " + ONE_CHANGE + " STORED AS ORC AS SELECT c.* FROM " + CHANGES
                        + " c ORDER BY c.l_orderkey, c.l_linenumber LIMIT 1");
    }

    /** The new values of a changed lineitem row, from the row's columns under {@code alias}. */
    public static Map<String, String> changedValues(String alias) {
        return Map.of(
                "l_quantity",
                "CAST(" + alias + ".l_quantity + 1 AS decimal(12,2))",
                "l_comment",
                "'" + CHANGED_COMMENT + "'");
    }

    /** The tables whose rows a run counts, to report what each statement changes. */
    public static List<String> counted() {
        return List.of(RF1_ORDERS, RF1_LINEITEM, RF2_ORDERS, CHANGES, ONE_CHANGE);
    }
}
