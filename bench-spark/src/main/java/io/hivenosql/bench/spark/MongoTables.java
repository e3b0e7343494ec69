package io.hivenosql.bench.spark;

import static java.util.Objects.requireNonNull;

import com.mongodb.spark.sql.connector.config.ReadConfig;
import io.hivenosql.bench.spark.PeerRequest.PeerTable;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.bson.BsonDocument;
import scala.collection.JavaConverters;

/**
 * The MongoDB Spark connector reading the collections the Hive loads wrote (database {@code tpch_mongo}), with the
 * Hive table's columns as the read schema (so nothing is sampled to infer one). A table whose key the Hive DDL maps to
 * {@code _id} reads {@code _id} under the key column's name.
 */
final class MongoTables implements StoreTables {
    static final String VERSION = "10.5.0";

    /**
     * The connector's default partitioner, named in the report: AutoBucketPartitioner cuts a collection into partitions
     * of about 64 MB ({@code $collStats} size and count) at the {@code $bucketAuto} boundaries of a {@code $sample} of
     * {@code _id}s, so each partition reads one {@code _id} range. The peer leaves it and its options at their defaults,
     * as a user starts: a collection under 64 MB is one partition.
     */
    static final String PARTITIONER = "AutoBucketPartitioner";

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
                .options(readOptions(table))
                .schema(read)
                .load();
        if (table.mongoIdColumn().isPresent()) {
            collection =
                    collection.withColumnRenamed("_id", table.mongoIdColumn().get());
        }
        collection.createOrReplaceTempView(table.name());
    }

    /** The connector's options for {@code table}: its database and collection; the rest are the connector's defaults. */
    Map<String, String> readOptions(PeerTable table) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("database", request.database());
        options.put("collection", table.name());
        return options;
    }

    /**
     * Each MongoDB scan's aggregation pipeline: Spark prints a MongoScan only by its collection, while the connector
     * turns the filters it takes into the pipeline's {@code $match} and the columns into its {@code $project}. Read off
     * the scan's configuration, a private field of connector {@value #VERSION}.
     */
    @Override
    public List<String> pushed(Dataset<Row> query) {
        List<String> pipelines = new ArrayList<>();
        for (LogicalPlan leaf : JavaConverters.seqAsJavaList(
                query.queryExecution().optimizedPlan().collectLeaves())) {
            if (leaf instanceof DataSourceV2ScanRelation relation) {
                Scan scan = relation.scan();
                try {
                    Field field = scan.getClass().getDeclaredField("readConfig");
                    field.setAccessible(true);
                    ReadConfig config = (ReadConfig) field.get(scan);
                    pipelines.add("MongoScan " + config.getDatabaseName() + "." + config.getCollectionName()
                            + " pipeline "
                            + config.getAggregationPipeline().stream()
                                    .map(BsonDocument::toJson)
                                    .toList());
                } catch (ReflectiveOperationException | RuntimeException e) {
                    pipelines.add(scan.description() + " (its pipeline cannot be read: " + e + ")");
                }
            }
        }
        return pipelines;
    }

    @Override
    public String connector() {
        return "mongo-spark-connector " + VERSION;
    }

    @Override
    public String notes() {
        return "reads the collections of database " + request.database() + " as the Hive loads wrote them, with "
                + "Hive's columns as the read schema (single keys as _id), the connector's default partitioner ("
                + PARTITIONER + ", partitions of about 64 MB)";
    }
}
