package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

/**
 * The HiveQL that creates a target's copy of a TPC-H table. The HDFS targets are external tables under the run's
 * data directory ({@code <data>/text/<table>}, {@code <data>/orc/<table>}); the store targets are tables Hive creates
 * in the store (so {@code DROP DATABASE ... CASCADE} removes them), keyed as {@link TpchTables} describes.
 *
 * <p>mongo-ferretdb declares the same {@code decimal(12,2)} money columns as every target: on a server without BSON
 * decimal128 (FerretDB 1.x) the MongoDB handler writes a decimal as the double whose shortest text is the same number,
 * which reads back as exactly that decimal, so its tables load and query as mongo's do.
 */
public final class TargetDdl {
    private final String dataDirectory;
    private final StoreAddresses stores;

    /**
     * @param dataDirectory the URI of this scale factor's data directory, e.g. {@code hdfs://127.0.0.1:8020/tpch/sf0.1}
     */
    public TargetDdl(String dataDirectory, StoreAddresses stores) {
        this.dataDirectory = stripSlash(requireNonNull(dataDirectory, "dataDirectory is null"));
        this.stores = requireNonNull(stores, "stores is null");
    }

    /** Where the text files of a table are generated. */
    public String textLocation(TpchTables table) {
        return dataDirectory + "/text/" + table.name();
    }

    /** Where the ORC copy of a table is. */
    public String orcLocation(TpchTables table) {
        return dataDirectory + "/orc/" + table.name();
    }

    public String createTable(Target target, TpchTables table) {
        String name = target.database() + "." + table.name();
        String head = "CREATE TABLE " + name + " (" + table.columns() + ")";
        return switch (target) {
            case HDFS_TEXT -> "CREATE EXTERNAL TABLE " + name + " (" + table.columns() + ") ROW FORMAT DELIMITED "
                    + "FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '" + textLocation(table) + "'";
            case HDFS_ORC -> "CREATE EXTERNAL TABLE " + name + " (" + table.columns() + ") STORED AS ORC LOCATION '"
                    + orcLocation(table) + "' TBLPROPERTIES ('external.table.purge'='true')";
            case REDIS -> head + " STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ("
                    + property("redis.nodes", stores.redis()) + ", "
                    + property("redis.key.prefix", table.redisKeyPrefix()) + ", "
                    + property("redis.key.column", table.redisKeyColumns()) + ")";
            case CASSANDRA -> head + " STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ("
                    + property("cassandra.hosts", stores.cassandra())
                    + stores.cassandraLocalDc()
                            .map(dc -> ", " + property("cassandra.local-dc", dc))
                            .orElse("")
                    + ", " + property("cassandra.primary-key", table.cassandraPrimaryKey()) + ")";
            case MONGO, MONGO_FERRETDB -> head + " STORED BY 'io.hivenosql.mongo.MongoStorageHandler' TBLPROPERTIES ("
                    + property(
                            "mongo.uri",
                            stripSlash(stores.mongoOf(target)) + "/" + target.database() + "." + table.name())
                    + (table.mongoKeyIsId()
                            ? ", "
                                    + property(
                                            "mongo.columns.mapping",
                                            "{\"" + table.key().get(0) + "\":\"_id\"}") + ", "
                                    + property("mongo.objectid.columns", "")
                            : "")
                    + ")";
        };
    }

    /** Fills the target's table from the HDFS text table (replacing what it held). */
    public static String load(Target target, TpchTables table) {
        return "INSERT OVERWRITE TABLE " + target.database() + "." + table.name() + " SELECT * FROM "
                + Target.HDFS_TEXT.database() + "." + table.name();
    }

    private static String property(String key, String value) {
        return "'" + key + "'='" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private static String stripSlash(String uri) {
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }
}
