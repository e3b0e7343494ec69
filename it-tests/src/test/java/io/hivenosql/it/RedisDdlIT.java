package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/** CREATE TABLE from DDL and from external mapping files, and every bad table definition a user can write. */
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

    @Test
    void misspeltPropertySuggestsTheRightOne() {
        assertThatThrownBy(() -> recreate(
                        "bad_prop",
                        "CREATE EXTERNAL TABLE " + DB + ".bad_prop (id string, v string) " + HANDLER
                                + " TBLPROPERTIES (" + nodes() + ", 'redis.key.prefx'='x:')"))
                .hasMessageContaining("redis.key.prefx")
                .hasMessageContaining("did you mean 'redis.key.prefix'");
    }

    @Test
    void allViolationsAreReportedTogether() {
        assertThatThrownBy(() -> recreate(
                        "bad_many",
                        "CREATE EXTERNAL TABLE " + DB + ".bad_many (id string, v string) " + HANDLER
                                + " TBLPROPERTIES ('redis.batch.size'='lots', 'redis.value.type'='list')"))
                .hasMessageContaining("missing required property 'redis.nodes'")
                .hasMessageContaining("redis.batch.size")
                .hasMessageContaining("lots")
                .hasMessageContaining("redis.value.type")
                .hasMessageContaining("bad_many");
    }

    @Test
    void unreadableMappingFileIsNamed() {
        Path missing = mappings.resolve("does-not-exist.json");
        assertThatThrownBy(() -> recreate(
                        "bad_file",
                        "CREATE EXTERNAL TABLE " + DB + ".bad_file " + HANDLER + " TBLPROPERTIES (" + nodes()
                                + ", 'nosql.mapping.url'='" + missing.toUri() + "')"))
                .hasMessageContaining("does-not-exist.json");
    }

    @Test
    void invalidMappingFileNamesFileAndLine() throws Exception {
        Path file = mappings.resolve("broken.json");
        Files.writeString(
                file,
                """
                {
                  "columns": [
                    {"name": "id", "type": "string"},
                    {"name": "v", "type": "strang"}
                  ]
                }
                """);
        assertThatThrownBy(() -> recreate(
                        "bad_json",
                        "CREATE EXTERNAL TABLE " + DB + ".bad_json " + HANDLER + " TBLPROPERTIES (" + nodes()
                                + ", 'nosql.mapping.url'='" + file.toUri() + "')"))
                .hasMessageContaining("broken.json")
                .hasMessageContaining("line 4")
                .hasMessageContaining("strang");
    }

    @Test
    void mappingNamingAMissingColumnIsRejected() {
        assertThatThrownBy(() -> recreate(
                        "bad_column",
                        "CREATE EXTERNAL TABLE " + DB + ".bad_column (id string, name string) " + HANDLER
                                + " TBLPROPERTIES (" + nodes() + ", 'redis.columns.mapping'='{\"nmae\":\"n\"}')"))
                .hasMessageContaining("nmae")
                .hasMessageContaining("name");
        assertThatThrownBy(() -> recreate(
                        "bad_key",
                        "CREATE EXTERNAL TABLE " + DB + ".bad_key (id string, name string) " + HANDLER
                                + " TBLPROPERTIES (" + nodes() + ", 'redis.key.column'='ident')"))
                .hasMessageContaining("ident")
                .hasMessageContaining("redis.key.column");
    }

    @Test
    void plainPasswordIsRejectedWithoutEchoingIt() {
        assertThatThrownBy(() -> recreate(
                        "bad_secret",
                        "CREATE EXTERNAL TABLE " + DB + ".bad_secret (id string, v string) " + HANDLER
                                + " TBLPROPERTIES (" + nodes() + ", 'redis.password'='hunter2-secret')"))
                .hasMessageContaining("redis.password")
                .hasMessageContaining("redis.password.alias")
                .satisfies(e -> assertThat(e).hasStackTraceContaining("credential"))
                // what Hive reports (the harness's own exception adds the statement text, which holds the secret)
                .satisfies(e -> assertThat(stackTrace(e.getCause())).doesNotContain("hunter2-secret"));
    }

    private static String stackTrace(Throwable e) {
        var writer = new java.io.StringWriter();
        e.printStackTrace(new java.io.PrintWriter(writer));
        return writer.toString();
    }
}
