package io.hivenosql.bench.dml;

import static io.hivenosql.bench.dml.DmlTables.LINEITEM;
import static io.hivenosql.bench.dml.DmlTables.ORDERS;
import static io.hivenosql.bench.dml.DmlTables.insertList;
import static io.hivenosql.bench.dml.DmlTables.qualified;
import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import io.hivenosql.bench.TpchTables;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The HiveQL the workload runs against one store target's orders and lineitem: the timed statements (RF1, RF2, the 1%
 * MERGE and the rewrite it is measured against) and the untimed ones that put the tables back afterwards.
 *
 * <ul>
 *   <li>RF1 is {@code INSERT INTO}: its orders are new keys by construction, and on these tables an INSERT writes
 *       each row by its key. {@code MERGE ... WHEN NOT MATCHED THEN INSERT} would write the same rows after joining
 *       them with the whole target table, to find no match.
 *   <li>RF2 is {@code DELETE FROM t WHERE key IN (SELECT ...)}: Hive reads the rows of the listed keys (the subquery
 *       becomes a semi join, whose keys Tez hands to the table's split planning) and deletes them by their key.
 *   <li>The MERGE updates the changed columns of the rows that match the changes on lineitem's whole key (MongoDB: the
 *       column mapped to {@code _id}).
 *   <li>The rewrite is what a user does without row-level DML: {@code INSERT OVERWRITE} of the whole table from an
 *       HDFS copy (a store table cannot be overwritten from itself: the handler empties it first), joined with the
 *       changes, which Hive broadcasts (a map join): one pass over ORC, every row written.
 * </ul>
 */
public final class DmlStatements {
    private final Target target;

    public DmlStatements(Target target) {
        this.target = requireNonNull(target, "target is null");
        if (!DmlOptions.STORES.contains(target)) {
            throw new IllegalArgumentException(target.cliName() + " is not a store target of the DML workload");
        }
    }

    public Target target() {
        return target;
    }

    /** RF1: the new orders, then their lineitems. */
    public List<DmlStatement> rf1() {
        return List.of(
                new DmlStatement(ORDERS, insert(ORDERS, DmlStaging.RF1_ORDERS)),
                new DmlStatement(LINEITEM, insert(LINEITEM, DmlStaging.RF1_LINEITEM)));
    }

    /** RF2: the old orders' lineitems, then the orders, by key. */
    public List<DmlStatement> rf2() {
        return deleteOrders(DmlStaging.RF2_ORDERS);
    }

    /** Puts the tables back after RF1 and RF2: deletes RF1's orders, inserts RF2's again from the ORC copy. */
    public List<DmlStatement> undoRefresh() {
        List<DmlStatement> undo = new java.util.ArrayList<>(deleteOrders(DmlStaging.RF1_ORDERS));
        undo.add(new DmlStatement(ORDERS, reinsert(ORDERS, "o_orderkey")));
        undo.add(new DmlStatement(LINEITEM, reinsert(LINEITEM, "l_orderkey")));
        return undo;
    }

    /** The 1% MERGE. */
    public DmlStatement merge() {
        return new DmlStatement(LINEITEM, mergeFrom(DmlStaging.CHANGES));
    }

    /** The MERGE of one changed row ({@link DmlStaging#ONE_CHANGE}): the fixed cost of the MERGE's statement. */
    public DmlStatement oneRowMerge() {
        return new DmlStatement(LINEITEM, mergeFrom(DmlStaging.ONE_CHANGE));
    }

    /** Puts the changed rows back: the same MERGE from the unchanged rows. */
    public DmlStatement undoMerge() {
        return new DmlStatement(LINEITEM, mergeFrom(DmlStaging.ORIGINALS));
    }

    /** The rewrite of the whole table from the ORC copy with the changes applied. */
    public DmlStatement rewrite() {
        Map<String, String> changed = new LinkedHashMap<>();
        for (Map.Entry<String, String> value : DmlStaging.changedValues("c").entrySet()) {
            changed.put(
                    value.getKey(),
                    "CASE WHEN c.l_orderkey IS NULL THEN l." + value.getKey() + " ELSE c." + value.getKey() + " END");
        }
        return new DmlStatement(
                LINEITEM,
                "INSERT OVERWRITE TABLE " + qualified(target, LINEITEM) + " SELECT "
                        + insertList(target, LINEITEM, "l", changed) + " FROM " + qualified(Target.HDFS_ORC, LINEITEM)
                        + " l LEFT OUTER JOIN " + DmlStaging.CHANGES + " c ON l.l_orderkey = c.l_orderkey AND "
                        + "l.l_linenumber = c.l_linenumber");
    }

    private String insert(TpchTables table, String source) {
        return "INSERT INTO " + qualified(target, table) + " SELECT " + insertList(target, table, "s", Map.of())
                + " FROM " + source + " s";
    }

    private List<DmlStatement> deleteOrders(String keys) {
        return List.of(
                new DmlStatement(
                        LINEITEM,
                        "DELETE FROM " + qualified(target, LINEITEM) + " WHERE l_orderkey IN (SELECT o_orderkey FROM "
                                + keys + ")"),
                new DmlStatement(
                        ORDERS,
                        "DELETE FROM " + qualified(target, ORDERS) + " WHERE o_orderkey IN (SELECT o_orderkey FROM "
                                + keys + ")"));
    }

    private String reinsert(TpchTables table, String keyColumn) {
        return "INSERT INTO " + qualified(target, table) + " SELECT " + insertList(target, table, "s", Map.of())
                + " FROM " + qualified(Target.HDFS_ORC, table) + " s LEFT SEMI JOIN " + DmlStaging.RF2_ORDERS
                + " k ON s." + keyColumn + " = k.o_orderkey";
    }

    private String mergeFrom(String source) {
        String on = DmlTables.hasMongoKey(target, LINEITEM)
                ? "t." + DmlTables.MONGO_KEY + " = c." + DmlTables.MONGO_KEY
                : "t.l_orderkey = c.l_orderkey AND t.l_linenumber = c.l_linenumber";
        return "MERGE INTO " + qualified(target, LINEITEM) + " t USING " + source + " c ON " + on
                + " WHEN MATCHED THEN UPDATE SET l_quantity = c.l_quantity, l_comment = c.l_comment";
    }
}
