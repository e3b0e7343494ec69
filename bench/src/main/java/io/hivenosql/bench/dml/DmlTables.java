package io.hivenosql.bench.dml;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.StoreAddresses;
import io.hivenosql.bench.Target;
import io.hivenosql.bench.TargetDdl;
import io.hivenosql.bench.TpchTables;
import io.trino.tpch.TpchColumn;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The two tables the DML workload changes, orders and lineitem, in each target: the HDFS ones and Redis and Cassandra
 * as the TPC-H suite creates them ({@link TargetDdl}: every table keyed by its TPC-H primary key, so each row is
 * identified by its key as DELETE, UPDATE and MERGE need). MongoDB identifies a row by the column mapped to {@code _id}
 * alone, and the suite's lineitem documents get ObjectIds (its key has two columns): here MongoDB's lineitem has one
 * more column, {@value #MONGO_KEY} ({@code l_orderkey * 8 + l_linenumber}, line numbers being 1 to 7), mapped to
 * {@code _id}; every statement and check names the TPC-H columns, so the tables hold the same rows everywhere.
 */
public final class DmlTables {
    public static final TpchTables LINEITEM = table("lineitem");
    public static final TpchTables ORDERS = table("orders");
    /** MongoDB lineitem's key column, mapped to {@code _id}. */
    public static final String MONGO_KEY = "l_id";

    private final TargetDdl ddl;
    private final StoreAddresses stores;

    public DmlTables(TargetDdl ddl, StoreAddresses stores) {
        this.ddl = requireNonNull(ddl, "ddl is null");
        this.stores = requireNonNull(stores, "stores is null");
    }

    /** The CREATE TABLE of the table in the target. */
    public String create(Target target, TpchTables table) {
        if (!hasMongoKey(target, table)) {
            return ddl.createTable(target, table);
        }
        String mongoUri = stores.mongoOf(target);
        mongoUri = mongoUri.endsWith("/") ? mongoUri.substring(0, mongoUri.length() - 1) : mongoUri;
        return "CREATE TABLE " + qualified(target, table) + " (" + MONGO_KEY + " bigint, " + table.columns() + ")"
                + " STORED BY 'io.hivenosql.mongo.MongoStorageHandler' TBLPROPERTIES ("
                + "'mongo.uri'='" + mongoUri + "/" + target.database() + "." + table.name() + "', "
                + "'mongo.columns.mapping'='{\"" + MONGO_KEY + "\":\"_id\"}', 'mongo.objectid.columns'='')";
    }

    /** Fills the target's table from the HDFS text table, as the TPC-H suite loads it. */
    public static String load(Target target, TpchTables table) {
        if (!hasMongoKey(target, table)) {
            return TargetDdl.load(target, table);
        }
        return "INSERT OVERWRITE TABLE " + qualified(target, table) + " SELECT "
                + insertList(target, table, "t", Map.of()) + " FROM " + qualified(Target.HDFS_TEXT, table) + " t";
    }

    /** Whether the target's table has the {@value #MONGO_KEY} column before the TPC-H columns. */
    public static boolean hasMongoKey(Target target, TpchTables table) {
        return target.isMongo() && table.equals(LINEITEM);
    }

    /** {@code database.table} of the table in the target. */
    public static String qualified(Target target, TpchTables table) {
        return target.database() + "." + table.name();
    }

    /** The TPC-H column names, in order. */
    public static List<String> columns(TpchTables table) {
        return table.table().getColumns().stream()
                .map(TpchColumn::getColumnName)
                .toList();
    }

    /**
     * The select list of a row of the table from a relation with the TPC-H columns ({@code alias.column}), a column of
     * {@code replaced} computed by its expression instead ({@code expression AS column}).
     */
    public static String selectList(TpchTables table, String alias, Map<String, String> replaced) {
        return columns(table).stream()
                .map(column ->
                        replaced.containsKey(column) ? replaced.get(column) + " AS " + column : alias + "." + column)
                .collect(Collectors.joining(", "));
    }

    /**
     * The select list that fills the target's table, in its column order: {@link #selectList}, after MongoDB
     * lineitem's key computed from the row's key columns.
     */
    public static String insertList(Target target, TpchTables table, String alias, Map<String, String> replaced) {
        String row = selectList(table, alias, replaced);
        if (!hasMongoKey(target, table)) {
            return row;
        }
        return mongoKey(expression(alias, "l_orderkey", replaced), expression(alias, "l_linenumber", replaced)) + " AS "
                + MONGO_KEY + ", " + row;
    }

    /** MongoDB lineitem's key of a row: {@code orderkey * 8 + linenumber}. */
    public static String mongoKey(String orderKey, String lineNumber) {
        return "(" + orderKey + ") * 8 + " + lineNumber;
    }

    private static String expression(String alias, String column, Map<String, String> replaced) {
        return replaced.getOrDefault(column, alias + "." + column);
    }

    private static TpchTables table(String name) {
        return TpchTables.ALL.stream()
                .filter(table -> table.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("TPC-H has no table " + name));
    }
}
