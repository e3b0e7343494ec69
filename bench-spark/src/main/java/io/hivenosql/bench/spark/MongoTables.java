package io.hivenosql.bench.spark;

import static java.util.Objects.requireNonNull;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import com.mongodb.spark.sql.connector.config.ReadConfig;
import io.hivenosql.bench.spark.PeerRequest.PeerTable;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.bson.BsonDocument;
import org.bson.Document;
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
     * _id} ranges at {@code $skip} boundaries.
     */
    static final String PARTITIONER =
            "com.mongodb.spark.sql.connector.read.partitioner.PaginateIntoPartitionsPartitioner";

    /**
     * The most bytes of documents a partition gets. The test server answers a partition's aggregate in one reply, which
     * the driver refuses beyond the protocol's 48 MB (lineitem at scale factor 0.1, 600,572 documents of about 330
     * bytes, failed in 2 partitions and in 4). Not many more partitions either: on the test server each boundary is a
     * sort of the collection and each partition a scan of it (the connector's default of 64 took 125 s for Q1 at scale
     * factor 0.1).
     */
    static final long BYTES_PER_PARTITION = 24L << 20;

    /** What a document is taken to weigh where the server does not say ({@code collStats}). */
    static final long ASSUMED_DOCUMENT_BYTES = 512;

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
                .option("partitioner.options.max.number.of.partitions", Integer.toString(partitions(table.name())))
                .schema(read)
                .load();
        if (table.mongoIdColumn().isPresent()) {
            collection =
                    collection.withColumnRenamed("_id", table.mongoIdColumn().get());
        }
        collection.createOrReplaceTempView(table.name());
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

    /** One a core, or more where a core's share would pass {@link #BYTES_PER_PARTITION}. */
    private int partitions(String collection) {
        try (MongoClient client = MongoClients.create(request.address())) {
            MongoDatabase database = client.getDatabase(request.database());
            long bytes;
            try {
                bytes = database.runCommand(new Document("collStats", collection))
                        .get("size", Number.class)
                        .longValue();
            } catch (RuntimeException e) {
                bytes = database.getCollection(collection).estimatedDocumentCount() * ASSUMED_DOCUMENT_BYTES;
            }
            return (int) Math.max(request.cores(), (bytes + BYTES_PER_PARTITION - 1) / BYTES_PER_PARTITION);
        }
    }

    @Override
    public String connector() {
        return "mongo-spark-connector " + VERSION;
    }

    @Override
    public String notes() {
        return "reads the collections of database " + request.database() + " as the Hive loads wrote them, with "
                + "Hive's columns as the read schema (single keys as _id), PaginateIntoPartitionsPartitioner with a "
                + "partition a core and at most " + (BYTES_PER_PARTITION >> 20) + " MB of documents a partition";
    }
}
