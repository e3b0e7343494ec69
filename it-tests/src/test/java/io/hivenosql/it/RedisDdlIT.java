package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CREATE TABLE from DDL and from external mapping files (JSON, Avro) and inline mappings; bad table definitions are
 * {@link RedisBadInputIT}'s.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisDdlIT {
    private static final String DB = "it_ddl";
    private static final String HANDLER = "STORED BY 'io.hivenosql.redis.RedisStorageHandler'";

    private HiveInstance hive;
    private TestingRedisServer redis;
    private Path mappings;

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        redis = stack.redis();
        mappings = stack.scratch("ddl-mappings");
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
    }

    private String nodes() {
        return "'redis.nodes'='" + redis.address() + "'";
    }

    private void recreate(String table, String ddl) throws SQLException {
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + table);
        hive.execute(ddl);
    }

    @Test
    void createFromJsonMappingFileWithoutColumnList() throws Exception {
        Path file = mappings.resolve("orders.json");
        Files.writeString(
                file,
                """
                {
                  "columns": [
                    {"name": "order_id", "type": "bigint", "role": "key"},
                    {"name": "customer", "type": "string", "path": "cust"},
                    {"name": "total", "type": "decimal(12,2)"},
                    {"name": "lines", "type": "array<struct<sku:string,qty:int>>"}
                  ]
                }
                """);
        recreate(
                "orders_mapped",
                "CREATE EXTERNAL TABLE " + DB + ".orders_mapped " + HANDLER + " TBLPROPERTIES (" + nodes()
                        + ", 'redis.key.prefix'='it:ddl:orders:', 'nosql.mapping.url'='" + file.toUri() + "')");
        assertThat(Rows.describe(hive, DB + ".orders_mapped"))
                .containsExactly(
                        "order_id|bigint",
                        "customer|string",
                        "total|decimal(12,2)",
                        "lines|array<struct<sku:string,qty:int>>");

        hive.execute("INSERT INTO " + DB + ".orders_mapped SELECT 7, 'acme', 12.5, "
                + "array(named_struct('sku', 'A-1', 'qty', 2))");
        assertThat(Rows.of(hive, "SELECT order_id, customer, total, lines[0].sku FROM " + DB + ".orders_mapped"))
                .containsExactly("7|acme|12.50|A-1");
        try (var jedis = new redis.clients.jedis.Jedis(redis.host(), redis.port())) {
            assertThat(jedis.hget("it:ddl:orders:7", "cust"))
                    .as("path maps the column to field 'cust'")
                    .isEqualTo("acme");
        }
    }

    @Test
    void createFromAvroSchemaWithoutColumnList() throws Exception {
        Path file = mappings.resolve("customer.avsc");
        Files.writeString(
                file,
                """
                {"type": "record", "name": "Customer", "fields": [
                  {"name": "id", "type": "string"},
                  {"name": "balance", "type": ["null", {"type": "bytes", "logicalType": "decimal", "precision": 10, "scale": 2}]},
                  {"name": "since", "type": {"type": "int", "logicalType": "date"}},
                  {"name": "visits", "type": "long"},
                  {"name": "phones", "type": {"type": "array", "items": "string"}}
                ]}
                """);
        recreate(
                "customers_avsc",
                "CREATE EXTERNAL TABLE " + DB + ".customers_avsc " + HANDLER + " TBLPROPERTIES (" + nodes()
                        + ", 'redis.key.prefix'='it:ddl:cust:', 'nosql.mapping.url'='" + file.toUri() + "')");
        assertThat(Rows.describe(hive, DB + ".customers_avsc"))
                .containsExactly(
                        "id|string", "balance|decimal(10,2)", "since|date", "visits|bigint", "phones|array<string>");
        hive.execute("INSERT INTO " + DB + ".customers_avsc SELECT 'c1', 10.25, DATE '2020-01-02', 3, array('555')");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".customers_avsc"))
                .containsExactly("c1|10.25|2020-01-02|3|[\"555\"]");
    }

    @Test
    void inlineMappingRenamesFields() throws Exception {
        recreate(
                "inline_mapped",
                "CREATE EXTERNAL TABLE " + DB + ".inline_mapped (id string, full_name string, years int) " + HANDLER
                        + " TBLPROPERTIES (" + nodes() + ", 'redis.key.prefix'='it:ddl:inline:', "
                        + "'redis.columns.mapping'='{\"full_name\":\"name\",\"years\":\"age\"}')");
        hive.execute("INSERT INTO " + DB + ".inline_mapped VALUES ('u1', 'Grace', 85)");
        try (var jedis = new redis.clients.jedis.Jedis(redis.host(), redis.port())) {
            assertThat(jedis.hgetAll("it:ddl:inline:u1")).containsOnlyKeys("name", "age");
        }
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".inline_mapped")).containsExactly("u1|Grace|85");
    }
}
