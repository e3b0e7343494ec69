package io.hivenosql.bench.spark;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * What the bench asks of one peer run: which store to read, where it is, the TPC-H tables as Hive declared them, where
 * the ORC copy of orders is (for the probes that join with {@code tpch_hdfs_orc.orders}), the query files, and how many
 * rounds. Written by the bench (a JVM with Hive) as a properties file and read by {@link SparkPeerMain} (a JVM with
 * Spark): this class uses nothing but the JDK, so both sides share it.
 *
 * @param store {@code cassandra}, {@code mongo} or {@code redis}
 * @param address the store's address: {@code host:port} (Redis, Cassandra) or a {@code mongodb://} URI
 * @param localDatacenter the Cassandra driver's local datacenter (empty for other stores)
 * @param database the keyspace or database the Hive loads wrote, e.g. {@code tpch_cassandra}
 * @param tables the TPC-H tables in suite order
 * @param ordersOrc the URI of the directory of the ORC orders' files
 * @param ordersColumns the ORC orders' columns, as Hive declared them
 * @param queries query name to its statement, in suite order, without the closing {@code ;} (Spark's parser refuses it)
 * @param cores Spark's local cores ({@code local[cores]})
 * @param results where the peer writes its {@link PeerResults}
 */
public record PeerRequest(
        String store,
        String address,
        String localDatacenter,
        String database,
        List<PeerTable> tables,
        String ordersOrc,
        String ordersColumns,
        Map<String, String> queries,
        int warmups,
        int runs,
        int cores,
        Path results) {
    public static final List<String> STORES = List.of("cassandra", "mongo", "redis");

    public PeerRequest {
        requireNonNull(store, "store is null");
        if (!STORES.contains(store)) {
            throw new IllegalArgumentException("unknown store '" + store + "': use one of " + STORES);
        }
        requireNonNull(address, "address is null");
        requireNonNull(localDatacenter, "localDatacenter is null");
        requireNonNull(database, "database is null");
        tables = List.copyOf(requireNonNull(tables, "tables is null"));
        requireNonNull(ordersOrc, "ordersOrc is null");
        requireNonNull(ordersColumns, "ordersColumns is null");
        queries = new LinkedHashMap<>(requireNonNull(queries, "queries is null"));
        requireNonNull(results, "results is null");
        if (warmups < 0 || runs < 1 || cores < 1) {
            throw new IllegalArgumentException(
                    "warmups must be >= 0, runs and cores >= 1: " + warmups + ", " + runs + ", " + cores);
        }
    }

    /**
     * One TPC-H table: its name, its columns as Hive declared them, the columns of its key, and how the Hive DDL keyed
     * it in the stores.
     *
     * @param mongoIdColumn the column MongoDB keeps as {@code _id}, if any
     * @param redisKeyPrefix the prefix of its Redis keys, the key columns' texts following it
     */
    public record PeerTable(
            String name, String columns, List<String> key, Optional<String> mongoIdColumn, String redisKeyPrefix) {
        public PeerTable {
            requireNonNull(name, "name is null");
            requireNonNull(columns, "columns is null");
            key = List.copyOf(requireNonNull(key, "key is null"));
            requireNonNull(mongoIdColumn, "mongoIdColumn is null");
            requireNonNull(redisKeyPrefix, "redisKeyPrefix is null");
        }
    }

    @Override
    public Map<String, String> queries() {
        return new LinkedHashMap<>(queries);
    }

    public void write(Path file) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("store", store);
        properties.setProperty("address", address);
        properties.setProperty("local-datacenter", localDatacenter);
        properties.setProperty("database", database);
        properties.setProperty(
                "tables", String.join(",", tables.stream().map(PeerTable::name).toList()));
        for (PeerTable table : tables) {
            properties.setProperty("table." + table.name() + ".columns", table.columns());
            properties.setProperty("table." + table.name() + ".key", String.join(",", table.key()));
            table.mongoIdColumn()
                    .ifPresent(column -> properties.setProperty("table." + table.name() + ".mongo-id", column));
            properties.setProperty("table." + table.name() + ".redis-key-prefix", table.redisKeyPrefix());
        }
        properties.setProperty("orders-orc", ordersOrc);
        properties.setProperty("orders-orc.columns", ordersColumns);
        properties.setProperty("queries", String.join(",", queries.keySet()));
        queries.forEach((name, text) -> properties.setProperty("query." + name, text));
        properties.setProperty("warmups", Integer.toString(warmups));
        properties.setProperty("runs", Integer.toString(runs));
        properties.setProperty("cores", Integer.toString(cores));
        properties.setProperty("results", results.toString());
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            properties.store(out, "hive-nosql bench: one Spark peer run");
        }
    }

    public static PeerRequest read(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        Lookup lookup = new Lookup(properties, file);
        List<PeerTable> tables = new ArrayList<>();
        for (String name : lookup.list("tables")) {
            tables.add(new PeerTable(
                    name,
                    lookup.required("table." + name + ".columns"),
                    lookup.list("table." + name + ".key"),
                    Optional.ofNullable(properties.getProperty("table." + name + ".mongo-id")),
                    lookup.required("table." + name + ".redis-key-prefix")));
        }
        Map<String, String> queries = new LinkedHashMap<>();
        for (String name : lookup.list("queries")) {
            queries.put(name, lookup.required("query." + name));
        }
        return new PeerRequest(
                lookup.required("store").toLowerCase(Locale.ROOT),
                lookup.required("address"),
                properties.getProperty("local-datacenter", ""),
                lookup.required("database"),
                tables,
                lookup.required("orders-orc"),
                lookup.required("orders-orc.columns"),
                queries,
                lookup.integer("warmups"),
                lookup.integer("runs"),
                lookup.integer("cores"),
                Path.of(lookup.required("results")));
    }

    private record Lookup(Properties properties, Path file) {
        String required(String key) {
            String value = properties.getProperty(key);
            if (value == null) {
                throw new IllegalArgumentException("the peer request " + file + " has no '" + key + "'");
            }
            return value;
        }

        List<String> list(String key) {
            String value = required(key);
            return value.isEmpty() ? List.of() : List.of(value.split(","));
        }

        int integer(String key) {
            String value = required(key);
            try {
                return Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "the peer request " + file + " has '" + key + "' = '" + value + "', not an integer", e);
            }
        }
    }
}
