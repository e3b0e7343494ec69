package io.hivenosql.bench.spark;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.spark.PeerRequest.PeerTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * spark-redis reading the hashes the Hive loads wrote (the table's key prefix, e.g. {@code tpch:lineitem:}, then the key
 * parts joined by the handler's default separator {@code ':'}; one field per non-key column) in place: {@code
 * keys.pattern} selects a table's keys and {@code key.column} hands each row its key.
 * spark-redis cannot split a key into several columns, nor parse a hash field into a decimal or a date (it parses
 * integers, doubles and booleans and leaves the rest as text), so each table's view takes its key columns from the
 * key's last parts and casts the text of decimal and date fields, as a Spark user of these hashes would.
 */
final class RedisTables implements StoreTables {
    static final String VERSION = "3.0.0";
    private static final String KEY = "_redis_key";

    private final PeerRequest request;

    RedisTables(PeerRequest request) {
        this.request = requireNonNull(request, "request is null");
    }

    @Override
    public void configure(SparkSession.Builder builder) {
        HostPort address = HostPort.parse(request.address());
        builder.config("spark.redis.host", address.host()).config("spark.redis.port", Integer.toString(address.port()));
    }

    @Override
    public void register(SparkSession spark, PeerTable table) {
        StructType hive = StructType.fromDDL(table.columns());
        StructType read = new StructType().add(KEY, DataTypes.StringType, false);
        List<String> select = new ArrayList<>();
        for (StructField field : hive.fields()) {
            int keyPart = table.key().indexOf(field.name());
            if (keyPart >= 0) {
                int fromEnd = keyPart - table.key().size();
                select.add(cast("element_at(split(" + KEY + ", ':'), " + fromEnd + ")", field));
            } else if (parsedBySparkRedis(field.dataType())) {
                read = read.add(field);
                select.add(field.name());
            } else {
                read = read.add(field.name(), DataTypes.StringType, true);
                select.add(cast(field.name(), field));
            }
        }
        String raw = table.name() + "_redis_hashes";
        spark.read()
                .format("org.apache.spark.sql.redis")
                .option("keys.pattern", table.redisKeyPrefix() + "*")
                .option("key.column", KEY)
                .option("partitions.number", Integer.toString(request.cores()))
                .schema(read)
                .load()
                .createOrReplaceTempView(raw);
        spark.sql("CREATE OR REPLACE TEMPORARY VIEW " + table.name() + " AS SELECT " + String.join(", ", select)
                + " FROM " + raw);
    }

    private static boolean parsedBySparkRedis(DataType type) {
        return type.equals(DataTypes.IntegerType)
                || type.equals(DataTypes.LongType)
                || type.equals(DataTypes.DoubleType)
                || type.equals(DataTypes.StringType);
    }

    private static String cast(String expression, StructField field) {
        return "CAST(" + expression + " AS " + field.dataType().sql().toLowerCase(Locale.ROOT) + ") AS " + field.name();
    }

    @Override
    public String connector() {
        return "spark-redis " + VERSION;
    }

    @Override
    public String notes() {
        return "reads the hashes the Hive loads wrote in place (keys.pattern <the table's key prefix>*, key.column); "
                + "views split the key into the key columns and cast decimal and date fields from their text, which "
                + "spark-redis leaves unparsed";
    }
}
