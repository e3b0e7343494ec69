package io.hivenosql.bench.spark;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.spark.PeerRequest.PeerTable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The MongoDB Spark connector reading the collections the Hive loads wrote (database {@code tpch_mongo}), with the
 * Hive table's columns as the read schema (so nothing is sampled to infer one). A table whose key the Hive DDL maps to
 * {@code _id} reads {@code _id} under the key column's name.
 */
final class MongoTables implements StoreTables {
    static final String VERSION = "10.5.0";

    /**
     * The connector's default, SamplePartitioner, and its size-based ones ask for {@code $collStats}, which the
     * sandbox's MongoDB test server does not have; this one counts the documents and cuts them into {@code _id} ranges
     * by {@code $skip}, one a core.
     */
    static final String PARTITIONER =
            "com.mongodb.spark.sql.connector.read.partitioner.PaginateIntoPartitionsPartitioner";

    private final PeerRequest request;

    MongoTables(PeerRequest request) {
        this.request = requireNonNull(request, "request is null");
    }

    @Override
    public void configure(SparkSession.Builder builder) {
        builder.config("spark.mongodb.read.connection.uri", request.address());
    }

    @Override
    public void register(SparkSession spark, PeerTable table) {
        StructType schema = StructType.fromDDL(table.columns());
        StructType read = new StructType();
        for (StructField field : schema.fields()) {
            boolean id = table.mongoIdColumn().filter(field.name()::equals).isPresent();
            read = read.add(id ? field.copy("_id", field.dataType(), field.nullable(), field.metadata()) : field);
        }
        Dataset<Row> collection = spark.read()
                .format("mongodb")
                .option("database", request.database())
                .option("collection", table.name())
                .option("partitioner", PARTITIONER)
                .option("partitioner.options.max.number.of.partitions", Integer.toString(request.cores()))
                .schema(read)
                .load();
        if (table.mongoIdColumn().isPresent()) {
            collection =
                    collection.withColumnRenamed("_id", table.mongoIdColumn().get());
        }
        collection.createOrReplaceTempView(table.name());
    }

    @Override
    public String connector() {
        return "mongo-spark-connector " + VERSION;
    }

    @Override
    public String notes() {
        return "reads the collections of database " + request.database() + " as the Hive loads wrote them, with "
                + "Hive's columns as the read schema (single keys as _id)";
    }
}
