package io.hivenosql.bench.spark;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.spark.PeerRequest.PeerTable;
import org.apache.spark.sql.SparkSession;

/**
 * spark-cassandra-connector reading the CQL tables the Hive loads wrote (keyspace {@code tpch_cassandra}, one table per
 * TPC-H table, Hive's column names), through the connector's catalog, with its SQL extensions on: they turn a join on
 * a partition key into a direct join (keyed reads of the joined keys instead of a scan), as the connector's guide
 * recommends.
 *
 * <p>Each table's view is SQL over the catalog ({@code SELECT * FROM cassandra.<keyspace>.<table>}), not a view of a
 * loaded Dataset: connector 3.5.1's direct join binds its key in its constructor, and Spark rebuilds the node when it
 * canonicalizes the plan (for every exchange under adaptive execution), with ids renumbered from 0; when the partition
 * key's own id happens to be 0, as the first column of the first Dataset a session loads, planning fails ("Couldn't find
 * none#0L"). A SQL view gets fresh ids in every query.
 */
final class CassandraTables implements StoreTables {
    static final String VERSION = "3.5.1";
    private static final String CATALOG = "cassandra";

    private final PeerRequest request;

    CassandraTables(PeerRequest request) {
        this.request = requireNonNull(request, "request is null");
    }

    @Override
    public void configure(SparkSession.Builder builder) {
        HostPort address = HostPort.parse(request.address());
        builder.config("spark.sql.extensions", "com.datastax.spark.connector.CassandraSparkExtensions")
                .config("spark.sql.catalog." + CATALOG, "com.datastax.spark.connector.datasource.CassandraCatalog")
                .config("spark.cassandra.connection.host", address.host())
                .config("spark.cassandra.connection.port", Integer.toString(address.port()))
                .config("spark.cassandra.connection.localDC", request.localDatacenter());
    }

    @Override
    public void register(SparkSession spark, PeerTable table) {
        spark.sql("CREATE OR REPLACE TEMPORARY VIEW " + table.name() + " AS SELECT * FROM " + CATALOG + "."
                + request.database() + "." + table.name());
    }

    @Override
    public String connector() {
        return "spark-cassandra-connector " + VERSION;
    }

    @Override
    public String notes() {
        return "reads the tables of keyspace " + request.database() + " as the Hive loads wrote them, through the "
                + "connector's catalog, with its types, CassandraSparkExtensions on (direct joins on partition keys)";
    }
}
