package io.hivenosql.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestTargetDdl {
    private static final TpchTables LINEITEM = TpchTables.ALL.get(0);
    private static final TpchTables ORDERS = TpchTables.ALL.get(1);
    private final TargetDdl ddl = new TargetDdl(
            "hdfs://127.0.0.1:9000/b/sf0.1/",
            new StoreAddresses(
                    Optional.of("127.0.0.1:6379"),
                    Optional.of("127.0.0.1:9042"),
                    Optional.of("dc1"),
                    Optional.of("mongodb://127.0.0.1:27017/"),
                    Optional.of("mongodb://127.0.0.1:27018")));

    @Test
    void hdfsTablesLiveUnderTheScaleFactorsDirectory() {
        assertThat(ddl.createTable(Target.HDFS_TEXT, ORDERS))
                .startsWith("CREATE EXTERNAL TABLE tpch_hdfs_text.orders (o_orderkey bigint, o_custkey bigint, ")
                .endsWith("ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE "
                        + "LOCATION 'hdfs://127.0.0.1:9000/b/sf0.1/text/orders'");
        assertThat(ddl.createTable(Target.HDFS_ORC, ORDERS))
                .endsWith("STORED AS ORC LOCATION 'hdfs://127.0.0.1:9000/b/sf0.1/orc/orders' "
                        + "TBLPROPERTIES ('external.table.purge'='true')");
    }

    @Test
    void storesKeepEveryTableUnderItsPrimaryKey() {
        assertThat(ddl.createTable(Target.REDIS, LINEITEM))
                .startsWith("CREATE TABLE tpch_redis.lineitem (l_orderkey bigint, ")
                .endsWith("STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ("
                        + "'redis.nodes'='127.0.0.1:6379', 'redis.key.prefix'='tpch:lineitem:', "
                        + "'redis.key.column'='l_orderkey,l_linenumber')");
        assertThat(ddl.createTable(Target.CASSANDRA, LINEITEM))
                .endsWith("TBLPROPERTIES ('cassandra.hosts'='127.0.0.1:9042', 'cassandra.local-dc'='dc1', "
                        + "'cassandra.primary-key'='((l_orderkey), l_linenumber)')");
        assertThat(ddl.createTable(Target.CASSANDRA, ORDERS)).contains("'cassandra.primary-key'='(o_orderkey)'");
        assertThat(ddl.createTable(Target.MONGO, ORDERS))
                .endsWith("TBLPROPERTIES ('mongo.uri'='mongodb://127.0.0.1:27017/tpch_mongo.orders', "
                        + "'mongo.columns.mapping'='{\"o_orderkey\":\"_id\"}', 'mongo.objectid.columns'='')");
        assertThat(ddl.createTable(Target.MONGO, LINEITEM))
                .endsWith("TBLPROPERTIES ('mongo.uri'='mongodb://127.0.0.1:27017/tpch_mongo.lineitem')");
    }

    @Test
    void ferretDbTablesAreMongoTablesOnItsServer() {
        assertThat(Target.MONGO_FERRETDB.database()).isEqualTo("tpch_mongo_ferretdb");
        // the same columns as mongo's: the handler writes the decimals as doubles that read back as them
        assertThat(ddl.createTable(Target.MONGO_FERRETDB, LINEITEM))
                .isEqualTo(ddl.createTable(Target.MONGO, LINEITEM)
                        .replace("tpch_mongo.", "tpch_mongo_ferretdb.")
                        .replace("127.0.0.1:27017/", "127.0.0.1:27018/"))
                .contains("l_extendedprice decimal(12,2)");
        assertThat(ddl.createTable(Target.MONGO_FERRETDB, ORDERS))
                .endsWith("STORED BY 'io.hivenosql.mongo.MongoStorageHandler' TBLPROPERTIES ("
                        + "'mongo.uri'='mongodb://127.0.0.1:27018/tpch_mongo_ferretdb.orders', "
                        + "'mongo.columns.mapping'='{\"o_orderkey\":\"_id\"}', 'mongo.objectid.columns'='')");
        assertThat(TargetDdl.load(Target.MONGO_FERRETDB, LINEITEM))
                .isEqualTo("INSERT OVERWRITE TABLE tpch_mongo_ferretdb.lineitem SELECT * FROM tpch_hdfs_text.lineitem");
    }

    @Test
    void aFerretDbTargetNeedsItsServersAddress() {
        TargetDdl withoutFerretDb = new TargetDdl(
                "hdfs://h/b",
                new StoreAddresses(Optional.empty(), Optional.empty(), Optional.empty(), Optional.of("mongodb://h:1")));
        assertThatThrownBy(() -> withoutFerretDb.createTable(Target.MONGO_FERRETDB, ORDERS))
                .hasMessageContaining("--mongo-ferretdb mongodb://host:port");
        assertThatThrownBy(() -> new StoreAddresses(
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.of("mongodb://u:p@h:1")))
                .hasMessageContaining("the FerretDB URI must not hold user information");
    }

    @Test
    void loadsReplaceFromTheTextTables() {
        assertThat(TargetDdl.load(Target.MONGO, ORDERS))
                .isEqualTo("INSERT OVERWRITE TABLE tpch_mongo.orders SELECT * FROM tpch_hdfs_text.orders");
    }

    @Test
    void everyTableHasAKeyOfItsOwnColumns() {
        assertThat(TpchTables.ALL).hasSize(8).allSatisfy(table -> assertThat(table.columns())
                .contains(table.key().get(0) + " "));
        assertThat(TpchTables.names())
                .isEqualTo("lineitem, orders, partsupp, part, customer, supplier, nation, region");
    }

    @Test
    void jdbcUrlsGetTheTargetsDatabaseAndLoseTheirSecretsInReports() {
        assertThat(JdbcUrls.withDatabase("jdbc:hive2://127.0.0.1:1/default", "tpch_redis"))
                .isEqualTo("jdbc:hive2://127.0.0.1:1/tpch_redis");
        assertThat(JdbcUrls.withDatabase("jdbc:hive2://h:1;ssl=true?x=y", "d"))
                .isEqualTo("jdbc:hive2://h:1/d;ssl=true?x=y");
        assertThat(JdbcUrls.redacted("jdbc:hive2://h:1/default;password=secret"))
                .isEqualTo("jdbc:hive2://h:1/default;...");
    }
}
