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
     * The connector's default partitioner (AutoBucketPartitioner) and its size-based ones ask for {@code $collStats},
     * which the sandbox's MongoDB test server does not have; this one counts the documents and cuts them into {@code
     * _id} ranges at {@code $skip} boundaries, as many as {@code max.number.of.partitions} says: here one a core, the
     * fewest that keep every core busy. On the test server each boundary costs a sort of the collection and each
     * partition a scan of it (the connector's default of 64 took 125 s for TPC-H Q1 at scale factor 0.1), and a
     * partition's aggregate comes back in cursor batches of at most 16 MiB, as from mongod, so a partition may be of
     * any size (until the test server sent batches, a partition had to stay under the driver's 48 MB reply limit). On a
     * real mongod the same setting is a fair one: a partition a core, read in batches.
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
                .options(readOptions(table))
                .schema(read)
                .load();
        if (table.mongoIdColumn().isPresent()) {
            collection =
                    collection.withColumnRenamed("_id", table.mongoIdColumn().get());
        }
        collection.createOrReplaceTempView(table.name());
    }

    /** The connector's options for {@code table}: its collection, and {@link #PARTITIONER} with a partition a core. */
    Map<String, String> readOptions(PeerTable table) {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("database", request.database());
        options.put("collection", table.name());
        options.put("partitioner", PARTITIONER);
        options.put("partitioner.options.max.number.of.partitions", Integer.toString(request.cores()));
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
                + "Hive's columns as the read schema (single keys as _id), PaginateIntoPartitionsPartitioner with a "
                + "partition a core (" + request.cores() + ")";
    }
}
