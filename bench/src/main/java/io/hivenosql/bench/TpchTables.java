package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.tpch.TpchFiles;
import io.trino.tpch.TpchTable;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The eight TPC-H tables and the key each store keeps them under, chosen for the queries: every table is keyed by its
 * primary key, so a lookup of one order ({@code probe_key_lookup}) is a key access in every store, and the rows of one
 * order's lineitems sit together.
 *
 * <ul>
 *   <li>Cassandra: the first key column is the partition key, the second a clustering column ({@code ((l_orderkey),
 *       l_linenumber)}, {@code ((ps_partkey), ps_suppkey)}); single keys are the partition key.
 *   <li>Redis: one hash per row, key {@code tpch:<table>:<key values joined by ':'>} ({@code redis.key.column} lists
 *       the key columns).
 *   <li>MongoDB: a single-column key is the document's {@code _id}; lineitem and partsupp documents get ObjectIds and
 *       keep their key columns as fields.
 * </ul>
 */
public record TpchTables(TpchTable<?> table, List<String> key) {
    public TpchTables {
        requireNonNull(table, "table is null");
        key = List.copyOf(requireNonNull(key, "key is null"));
        if (key.isEmpty() || key.size() > 2) {
            throw new IllegalArgumentException("a TPC-H key has one or two columns: " + key);
        }
    }

    /** The eight tables, largest first (so progress shows the long loads early). */
    public static final List<TpchTables> ALL = List.of(
            new TpchTables(TpchTable.LINE_ITEM, List.of("l_orderkey", "l_linenumber")),
            new TpchTables(TpchTable.ORDERS, List.of("o_orderkey")),
            new TpchTables(TpchTable.PART_SUPPLIER, List.of("ps_partkey", "ps_suppkey")),
            new TpchTables(TpchTable.PART, List.of("p_partkey")),
            new TpchTables(TpchTable.CUSTOMER, List.of("c_custkey")),
            new TpchTables(TpchTable.SUPPLIER, List.of("s_suppkey")),
            new TpchTables(TpchTable.NATION, List.of("n_nationkey")),
            new TpchTables(TpchTable.REGION, List.of("r_regionkey")));

    public String name() {
        return table.getTableName().toLowerCase(Locale.ROOT);
    }

    /** {@code l_orderkey bigint, ...}. */
    public String columns() {
        return TpchFiles.hiveColumns(table);
    }

    /** The CQL primary key: {@code ((first), second)} or {@code (first)}. */
    public String cassandraPrimaryKey() {
        return key.size() == 1 ? "(" + key.get(0) + ")" : "((" + key.get(0) + "), " + key.get(1) + ")";
    }

    /** The Redis key columns, comma-separated. */
    public String redisKeyColumns() {
        return String.join(",", key);
    }

    /** The Redis key prefix. */
    public String redisKeyPrefix() {
        return "tpch:" + name() + ":";
    }

    /** Whether MongoDB keeps the key as {@code _id} (single-column keys). */
    public boolean mongoKeyIsId() {
        return key.size() == 1;
    }

    /** The names of all tables, comma-separated. */
    public static String names() {
        return ALL.stream().map(TpchTables::name).collect(Collectors.joining(", "));
    }
}
