package io.hivenosql.bench.dml;

import static io.hivenosql.bench.dml.DmlTables.LINEITEM;
import static io.hivenosql.bench.dml.DmlTables.ORDERS;
import static io.hivenosql.bench.dml.DmlTables.qualified;
import static io.hivenosql.bench.dml.DmlTables.selectList;

import io.hivenosql.bench.Target;
import io.hivenosql.bench.TpchTables;
import java.util.List;
import java.util.Map;

/**
 * What the store's tables must hold after each step, and the query that sums a table up to compare it.
 *
 * <p>A table's checksum is one row: its row count, the sums of its money or changed numeric columns, the sum of the
 * hashes of its comment (the column the MERGE changes), and the sum of the hashes of every TPC-H column of each row
 * (Hive's {@code hash}): a row lost, added twice, or with any column changed shows. The expected checksum is the same
 * query over the ORC copy with the same changes applied, written independently of the statements: RF1's state is the
 * ORC table and RF1's staged rows ({@code UNION ALL}), RF2's that less the deleted orders' rows (an anti join), the
 * MERGE's the unchanged ORC rows and the changed rows of {@code changes} (the rewrite's join is not used to check
 * itself).
 */
public final class DmlChecks {
    /** The state of the tables after a step. */
    public enum State {
        LOADED("as loaded"),
        AFTER_RF1("after RF1"),
        AFTER_RF2("after RF1 and RF2"),
        MERGED("after the 1% MERGE"),
        ONE_ROW_MERGED("after the 1-row MERGE");

        private final String label;

        State(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** The checksum's columns, as the report names them. */
    public static final List<String> LINEITEM_SUMS =
            List.of("rows", "sum(l_quantity)", "sum(l_extendedprice)", "sum(hash(l_comment))", "sum(hash(row))");

    public static final List<String> ORDERS_SUMS =
            List.of("rows", "sum(o_totalprice)", "sum(hash(o_comment))", "sum(hash(row))");

    private DmlChecks() {}

    /** The checksum query of the target's table. */
    public static String storeChecksum(Target target, TpchTables table) {
        return checksum(table, qualified(target, table) + " t");
    }

    /** The checksum query of what the table holds in the state, computed from the ORC copy. */
    public static String expectedChecksum(State state, TpchTables table) {
        return checksum(table, "(" + expected(state, table) + ") t");
    }

    /** The checksum of a relation with the table's TPC-H columns, aliased {@code t}. */
    static String checksum(TpchTables table, String relation) {
        String columns = String.join(
                ", ",
                DmlTables.columns(table).stream().map(column -> "t." + column).toList());
        String sums = table.equals(LINEITEM)
                ? "sum(t.l_quantity), sum(t.l_extendedprice), sum(CAST(hash(t.l_comment) AS bigint))"
                : "sum(t.o_totalprice), sum(CAST(hash(t.o_comment) AS bigint))";
        return "SELECT count(*), " + sums + ", sum(CAST(hash(" + columns + ") AS bigint)) FROM " + relation;
    }

    /** The rows the table holds in the state: a query over the ORC copy and the staging tables. */
    public static String expected(State state, TpchTables table) {
        String orc = qualified(Target.HDFS_ORC, table);
        String row = selectList(table, "s", Map.of());
        String key = table.equals(LINEITEM) ? "l_orderkey" : "o_orderkey";
        String refreshed = "SELECT " + row + " FROM " + orc + " s UNION ALL SELECT " + row + " FROM "
                + (table.equals(LINEITEM) ? DmlStaging.RF1_LINEITEM : DmlStaging.RF1_ORDERS) + " s";
        return switch (state) {
            case LOADED -> "SELECT " + row + " FROM " + orc + " s";
            case AFTER_RF1 -> refreshed;
            case AFTER_RF2 -> "SELECT " + selectList(table, "u", Map.of()) + " FROM (" + refreshed + ") u LEFT OUTER "
                    + "JOIN " + DmlStaging.RF2_ORDERS + " k ON u." + key + " = k.o_orderkey WHERE k.o_orderkey IS NULL";
            case MERGED -> merged(table, orc, row, DmlStaging.CHANGES);
            case ONE_ROW_MERGED -> merged(table, orc, row, DmlStaging.ONE_CHANGE);
        };
    }

    /** The ORC table with the rows of {@code changes} in place of those of the same key. */
    private static String merged(TpchTables table, String orc, String row, String changes) {
        return table.equals(ORDERS)
                ? "SELECT " + row + " FROM " + orc + " s"
                : "SELECT " + row + " FROM " + orc + " s LEFT OUTER JOIN " + changes + " c ON "
                        + "s.l_orderkey = c.l_orderkey AND s.l_linenumber = c.l_linenumber WHERE c.l_orderkey IS "
                        + "NULL UNION ALL SELECT " + selectList(table, "c", Map.of()) + " FROM " + changes + " c";
    }

    /** The names of the checksum's values of the table. */
    public static List<String> sums(TpchTables table) {
        return table.equals(LINEITEM) ? LINEITEM_SUMS : ORDERS_SUMS;
    }
}
