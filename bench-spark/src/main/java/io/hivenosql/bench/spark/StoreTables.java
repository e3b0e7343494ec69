package io.hivenosql.bench.spark;

import io.hivenosql.bench.spark.PeerRequest.PeerTable;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * How the peer reads one store's TPC-H tables: the Spark settings its connector needs, and a temporary view per table
 * under the table's own name, with Hive's column names, so that the suite's query files run unchanged.
 */
interface StoreTables {
    /** The store's connector settings, on the session builder. */
    void configure(SparkSession.Builder builder);

    /** Registers the view of one table, reading what the Hive load wrote (or a copy, where {@link #notes} says so). */
    void register(SparkSession spark, PeerTable table);

    /**
     * What the connector hands its store for a query and that Spark's plan does not print, one line per scan (the
     * MongoDB connector's aggregation pipeline); nothing by default.
     */
    default List<String> pushed(Dataset<Row> query) {
        return List.of();
    }

    /** The connector and its version, for the report. */
    String connector();

    /** How the views read the store, for the report. */
    String notes();

    static StoreTables of(PeerRequest request) {
        return switch (request.store()) {
            case "cassandra" -> new CassandraTables(request);
            case "mongo" -> new MongoTables(request);
            case "redis" -> new RedisTables(request);
            default -> throw new IllegalArgumentException("no Spark peer for store " + request.store());
        };
    }
}
