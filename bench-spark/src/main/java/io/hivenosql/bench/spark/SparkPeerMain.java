package io.hivenosql.bench.spark;

import io.hivenosql.bench.spark.PeerRequest.PeerTable;
import io.hivenosql.bench.spark.PeerResults.QueryOutcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The bench's Spark peer, in a JVM of its own with nothing of Hive in it: {@code SparkPeerMain <request file>}. Starts
 * Spark SQL in local mode with the request's cores, registers the store's TPC-H tables as views ({@link StoreTables})
 * and the ORC orders as {@code tpch_hdfs_orc.orders}, runs the query files in rounds (every query once a round, warm-ups
 * first, as the Hive side does), and writes every round's time, the last round's rows and each query's scans
 * ({@link PlanScans}) to the request's results file. A query Spark cannot parse or plan is recorded as not run, with
 * Spark's message; any other failure fails the run (exit 1), as a failed query fails the Hive side.
 */
public final class SparkPeerMain {
    private SparkPeerMain() {}

    /**
     * Exits 0 when the results are written, 1 on any failure (after printing it), 64 on a bad command line: always
     * explicitly, as threads Spark or a connector leave behind after a failed job would keep the JVM alive.
     */
    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: SparkPeerMain <request.properties>");
            System.exit(64);
        }
        int status = 0;
        try {
            run(Path.of(args[0]));
        } catch (Throwable failure) {
            System.err.println("peer: failed: " + failure);
            failure.printStackTrace();
            status = 1;
        }
        System.exit(status);
    }

    private static void run(Path requestFile) throws Exception {
        PeerRequest request = PeerRequest.read(requestFile);
        StoreTables store = StoreTables.of(request);
        SparkSession.Builder builder = SparkSession.builder()
                .appName("hive-nosql bench peer: Spark SQL on " + request.store())
                .master("local[" + request.cores() + "]")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.session.timeZone", "UTC")
                .config("spark.sql.catalogImplementation", "in-memory");
        store.configure(builder);
        try (SparkSession spark = builder.getOrCreate()) {
            spark.sparkContext().setLogLevel("WARN");
            for (PeerTable table : request.tables()) {
                store.register(spark, table);
            }
            spark.sql("CREATE DATABASE IF NOT EXISTS tpch_hdfs_orc");
            spark.sql("CREATE TABLE tpch_hdfs_orc.orders (" + request.ordersColumns() + ") USING orc LOCATION '"
                    + request.ordersOrc().replace("'", "\\'") + "'");
            Map<String, QueryOutcome> outcomes = run(spark, request, store);
            new PeerResults(
                            "Spark " + spark.version() + " local[" + request.cores() + "]",
                            store.connector(),
                            store.notes(),
                            outcomes)
                    .write(request.results());
        }
    }

    private static Map<String, QueryOutcome> run(SparkSession spark, PeerRequest request, StoreTables store) {
        Map<String, List<Long>> millis = new LinkedHashMap<>();
        Map<String, List<String>> rows = new LinkedHashMap<>();
        Map<String, List<String>> scans = new LinkedHashMap<>();
        Map<String, String> failures = new LinkedHashMap<>();
        int rounds = request.warmups() + request.runs();
        for (int round = 1; round <= rounds; round++) {
            for (Map.Entry<String, String> query : request.queries().entrySet()) {
                String name = query.getKey();
                if (failures.containsKey(name)) {
                    continue;
                }
                long start = System.nanoTime();
                Dataset<Row> result;
                try {
                    result = spark.sql(query.getValue());
                } catch (RuntimeException e) {
                    if (!SparkFailures.isCompileError(e)) {
                        throw new IllegalStateException("query " + name + " failed on Spark: " + e.getMessage(), e);
                    }
                    failures.put(name, SparkFailures.describe(e));
                    continue;
                }
                List<Row> collected = result.collectAsList();
                long elapsed = (System.nanoTime() - start) / 1_000_000;
                millis.computeIfAbsent(name, key -> new ArrayList<>()).add(elapsed);
                rows.put(name, RowText.format(collected));
                List<String> described = new ArrayList<>(
                        PlanScans.of(result.queryExecution().executedPlan().toString()));
                described.addAll(store.pushed(result));
                scans.put(name, described);
                System.err.println("peer: round " + round + "/" + rounds + " " + name + " " + elapsed + " ms, "
                        + collected.size() + " rows");
            }
        }
        Map<String, QueryOutcome> outcomes = new LinkedHashMap<>();
        for (String name : request.queries().keySet()) {
            outcomes.put(
                    name,
                    failures.containsKey(name)
                            ? QueryOutcome.failed(failures.get(name))
                            : new QueryOutcome(millis.get(name), rows.get(name), scans.get(name), Optional.empty()));
        }
        return outcomes;
    }
}
