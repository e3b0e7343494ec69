package io.hivenosql.api.catalog;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.types.PrimitiveType;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestCatalogMapper {
    private static final MapStore SHELF = new MapStore(
            "shelf",
            TestingCatalogConnector.class.getName(),
            "io.hivenosql.shelf.ShelfStorageHandler",
            Map.of("scope", "shelf.scope"),
            List.of("scope"),
            Optional.of("scope"),
            List.of(),
            "scope",
            "shelf.scope");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-01-02T03:04:05Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, UTF_8);
    private final List<String> statements = new ArrayList<>();

    private static InferredSchema schema(int columns, String... notes) {
        List<ColumnMapping> mapping = new ArrayList<>();
        mapping.add(new ColumnMapping("id", PrimitiveType.STRING, "_id", ColumnRole.KEY));
        for (int i = 1; i < columns; i++) {
            mapping.add(new ColumnMapping("c" + i, PrimitiveType.BIGINT, "C" + i, ColumnRole.FIELD));
        }
        return new InferredSchema(new TableMapping(mapping), List.of(notes), columns * 10 + " documents");
    }

    private MapRequest request(String database, boolean apply, List<String> scopes) {
        List<Map<String, String>> scopeProperties = new ArrayList<>();
        for (String scope : scopes) {
            Map<String, String> properties = new LinkedHashMap<>();
            properties.put("shelf.scope", scope);
            scopeProperties.add(properties);
        }
        return new MapRequest(
                SHELF,
                scopeProperties,
                Map.of("nosql.schema.sample-size", "7"),
                dir,
                database,
                "hdfs:///maps/",
                apply,
                apply ? Optional.of("jdbc:hive2://h/") : Optional.empty(),
                "ana");
    }

    private CatalogMapper mapper(MapRequest request, TestingCatalogConnector connector, String failing) {
        Optional<CatalogMapper.HiveStatements> hive = request.apply()
                ? Optional.of(sql -> {
                    statements.add(sql);
                    if (failing != null && sql.contains(failing)) {
                        throw new SQLException("Table already exists");
                    }
                })
                : Optional.empty();
        return new CatalogMapper(request, connector, config -> SecretResolver.NONE, hive, out, CLOCK);
    }

    private static Map<String, InferredSchema> shop() {
        Map<String, InferredSchema> schemas = new LinkedHashMap<>();
        schemas.put("shop.Orders", schema(3, "c1: int and bigint seen, reads as bigint"));
        schemas.put("shop.orders", schema(2));
        schemas.put("shop.bad", null);
        schemas.put("other.x", schema(1));
        return schemas;
    }

    @Test
    void writesEveryObjectAndReportsTheOneThatFails() throws Exception {
        TestingCatalogConnector connector = new TestingCatalogConnector(shop());
        boolean ok = mapper(request("default", false, List.of("shop")), connector, null)
                .run();

        assertThat(ok).isFalse();
        assertThat(bytes.toString(UTF_8))
                .isEqualTo(
                        """
                        scope shop: 3 objects
                        [1/3] Orders -> default.orders_2: 3 columns, 2 notes ... written
                        [2/3] orders -> default.orders: 2 columns, 0 notes ... written
                        [3/3] bad -> default.bad: failed: HNS-114 UNSUPPORTED_TYPE: object shop.bad has a strange type
                        done, with failures: 3 objects; DDL in %s
                        """
                                .formatted(dir.resolve("create-tables.hql")));
        // the sample budget of --sample-size, and the Hive table's name in the store's messages
        assertThat(connector.budgets).containsOnly(7);
        assertThat(connector.inferred)
                .containsExactly("default.orders_2=shop.Orders", "default.orders=shop.orders", "default.bad=shop.bad");
        String ddl = Files.readString(dir.resolve("create-tables.hql"));
        assertThat(ddl)
                .startsWith("-- written by bin/hive-nosql map shelf at 2025-01-02T03:04:05Z\n")
                .contains("-- note: Hive name orders_2: orders was taken by orders\n")
                .contains("'nosql.mapping.url' = 'hdfs:///maps/orders_2.json'")
                .contains("'shelf.object' = 'shop.Orders'")
                .doesNotContain("nosql.schema.sample-size")
                .doesNotContain("CREATE DATABASE")
                .contains("-- bad -> default.bad: not mapped: HNS-114 UNSUPPORTED_TYPE: object shop.bad has a "
                        + "strange type\n");
        assertThat(ddl.split("CREATE EXTERNAL TABLE", -1)).hasSize(3);
        assertThat(Files.readString(dir.resolve("orders_2.json"))).contains("\"path\": \"C2\"");
        assertThat(dir.resolve("bad.json")).doesNotExist();
        assertThat(statements).isEmpty();
    }

    @Test
    void appliesEachTableAsItIsWrittenAndGoesOnAfterAFailure() throws Exception {
        Map<String, InferredSchema> schemas = shop();
        schemas.remove("shop.bad");
        TestingCatalogConnector connector = new TestingCatalogConnector(schemas);
        boolean ok = mapper(request("shop", true, List.of("shop", "other")), connector, "`orders_2`")
                .run();

        assertThat(ok).isFalse();
        assertThat(bytes.toString(UTF_8))
                .contains("[1/3] Orders -> shop.orders_2: 3 columns, 2 notes ... not created: Table already exists\n")
                .contains("[2/3] orders -> shop.orders: 2 columns, 0 notes ... created\n")
                .contains("[3/3] x -> shop.x: 1 column, 0 notes ... created\n");
        assertThat(statements).hasSize(4);
        assertThat(statements.get(0)).isEqualTo("CREATE DATABASE IF NOT EXISTS `shop`");
        assertThat(statements.get(1))
                .startsWith("CREATE EXTERNAL TABLE `shop`.`orders_2`\n")
                .doesNotEndWith(";");
        assertThat(statements.get(3)).startsWith("CREATE EXTERNAL TABLE `shop`.`x`\n");
        assertThat(Files.readString(dir.resolve("create-tables.hql")))
                .contains("CREATE DATABASE IF NOT EXISTS `shop`;\n");
    }

    @Test
    void allMappedIsSuccess() throws Exception {
        TestingCatalogConnector connector = new TestingCatalogConnector(Map.of("other.x", schema(1)));
        assertThat(mapper(request("default", true, List.of("other")), connector, null)
                        .run())
                .isTrue();
        assertThat(statements).hasSize(1);
        assertThat(bytes.toString(UTF_8)).endsWith("done: 1 object; DDL in " + dir.resolve("create-tables.hql") + "\n");
    }

    @Test
    void aScopeThatCannotBeListedIsReportedAndTheOthersGoOn() throws Exception {
        TestingCatalogConnector connector = new TestingCatalogConnector(Map.of("other.x", schema(1)));
        assertThat(mapper(request("default", false, List.of("broken", "other")), connector, null)
                        .run())
                .isFalse();
        assertThat(bytes.toString(UTF_8))
                .startsWith("scope broken: cannot list: the shelf fell over\nscope other: 1 object\n")
                .contains("[1/1] x -> default.x: 1 column, 0 notes ... written\n");
    }

    @Test
    void aPlainTextPasswordIsRefusedBeforeTheStoreIsAsked() throws Exception {
        TestingCatalogConnector connector = new TestingCatalogConnector(Map.of("other.x", schema(1)));
        MapRequest request = request("default", false, List.of("other"));
        Map<String, String> scope = new LinkedHashMap<>(request.scopes().get(0));
        scope.put("shelf.password", "secret");
        MapRequest withPassword = new MapRequest(
                SHELF, List.of(scope), Map.of(), dir, "default", "file:///m/", false, Optional.empty(), "ana");
        assertThat(mapper(withPassword, connector, null).run()).isFalse();
        assertThat(bytes.toString(UTF_8))
                .contains("holds a plain-text secret")
                .doesNotContain("secret\n")
                .doesNotContain("'secret'");
        assertThat(connector.inferred).isEmpty();
    }

    @Test
    void aStoreThatCannotListSaysSo() throws Exception {
        TestingCatalogConnector connector = new TestingCatalogConnector(Map.of("other.x", schema(1)), false);
        assertThat(mapper(request("default", false, List.of("other")), connector, null)
                        .run())
                .isFalse();
        assertThat(bytes.toString(UTF_8))
                .startsWith("scope other: cannot list: HNS-141 UNSUPPORTED_OPERATION: the shelf handler cannot list "
                        + "the objects of its store (scope other): create each table with its own DDL\n");
    }

    @Test
    void applyNeedsAHiveServer() {
        assertThatThrownBy(() -> new CatalogMapper(
                        request("default", true, List.of("x")),
                        new TestingCatalogConnector(Map.of()),
                        config -> SecretResolver.NONE,
                        Optional.empty(),
                        out,
                        CLOCK))
                .hasMessageContaining("--apply needs a HiveServer2");
    }
}
