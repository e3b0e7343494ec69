package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.internal.core.metadata.schema.DefaultKeyspaceMetadata;
import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampleBudget;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.TableFiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The columns of a CQL table from its driver metadata (built in memory): order, roles, names, types, notes. */
class TestCassandraInference {
    private static final TableMetadata ORDERS = TestingTableMetadata.table("shop", "orders")
            .column("status", DataTypes.TEXT)
            .staticColumn("region", DataTypes.TEXT)
            .clustering("orderkey", DataTypes.BIGINT)
            .column("total", DataTypes.DECIMAL)
            .partitionKey("custkey", DataTypes.BIGINT)
            .clustering("line", DataTypes.INT)
            .partitionKey("day", DataTypes.DATE)
            .column("hits", DataTypes.COUNTER)
            .column("tax", DataTypes.DECIMAL)
            .build();

    @Test
    void keysFirstInKeyOrderThenTheRestInMetadataOrderAllAsFields() {
        InferredSchema schema = CassandraInference.of("default.orders", ORDERS);

        assertThat(schema.mapping().names())
                .containsExactly("custkey", "day", "orderkey", "line", "status", "region", "total", "hits", "tax");
        assertThat(schema.mapping().columns())
                .extracting(ColumnMapping::role)
                .as("the live schema gives the key whenever the table is bound")
                .containsOnly(ColumnRole.FIELD);
        assertThat(schema.mapping().columns())
                .extracting(column -> column.type().typeName())
                .containsExactly(
                        "bigint",
                        "date",
                        "bigint",
                        "int",
                        "string",
                        "string",
                        "decimal(38,18)",
                        "bigint",
                        "decimal(38,18)");
        assertThat(schema.mapping().columns())
                .allSatisfy(column -> assertThat(column.path()).isEqualTo(column.name()));
        assertThat(schema.sampled())
                .isEqualTo("the CQL schema of shop.orders (9 columns; primary key ((custkey, day), orderkey, line))");
        // one note per decision, naming the columns it concerns
        assertThat(schema.notes()).hasSize(2);
        assertThat(schema.notes().get(0)).startsWith("columns total, tax: a CQL decimal");
        assertThat(schema.notes().get(1)).startsWith("column hits: a CQL counter");
    }

    @Test
    void quotedNamesKeepTheirCqlSpellingAsThePathAndCollisionsGetASuffix() {
        TableMetadata metadata = TestingTableMetadata.table("App", "Events")
                .partitionKey("userId", DataTypes.UUID)
                .column("userid", DataTypes.TEXT)
                .column("USERID", DataTypes.INT)
                .column("my col", DataTypes.INT)
                .column("my_col", DataTypes.INT)
                .column("select", DataTypes.INT)
                .column("Grüße\"x", DataTypes.TEXT)
                .build();

        InferredSchema schema = CassandraInference.of("app.events", metadata);

        assertThat(schema.mapping().names())
                .containsExactly("userid_2", "userid", "userid_3", "my_col_2", "my_col", "select", "gr__e_x");
        assertThat(schema.mapping().columns())
                .extracting(ColumnMapping::path)
                .containsExactly(
                        "\"userId\"", "userid", "\"USERID\"", "\"my col\"", "my_col", "select", "\"Grüße\"\"x\"");
        // each path reads back as the CQL column, as a declared table's mapping does
        List<CqlIdentifier> cql = metadata.getColumns().keySet().stream().toList();
        assertThat(schema.mapping().columns())
                .extracting(column -> CassandraTable.identifier(column.path()))
                .containsExactlyInAnyOrderElementsOf(cql);
        assertThat(schema.sampled())
                .isEqualTo("the CQL schema of \"App\".\"Events\" (7 columns; primary key ((userid_2)))");
        assertThat(schema.notes())
                .containsExactly(
                        "column userid_2 reads CQL column \"userId\": the Hive name userid is taken by another column",
                        "column userid_3 reads CQL column \"USERID\": the Hive name userid is taken by another column",
                        "column my_col_2 reads CQL column \"my col\": the Hive name my_col is taken by another column",
                        "column gr__e_x reads CQL column \"Grüße\"\"x\": Hive names take letters a-z, digits and '_'");
    }

    @Test
    void theInferredColumnsPassTheCheckOfADeclaredTable() {
        TableMetadata metadata = TestingTableMetadata.table("shop", "items")
                .partitionKey("Sku", DataTypes.TEXT)
                .clustering("at", DataTypes.TIMESTAMP)
                .column("tags", DataTypes.setOf(DataTypes.TEXT))
                .column("dims", DataTypes.tupleOf(DataTypes.INT, DataTypes.INT))
                .column("embedding", DataTypes.vectorOf(DataTypes.FLOAT, 4))
                .column("price", DataTypes.VARINT)
                .column("open", DataTypes.TIME)
                .build();
        InferredSchema schema = CassandraInference.of("shop.items", metadata);

        TestingCassandraTableContext declared =
                TestingCassandraTableContext.table("items").property("cassandra.hosts", "127.0.0.1");
        declared.property("cassandra.keyspace", "shop");
        for (ColumnMapping column : schema.mapping().columns()) {
            declared.column(column.name(), column.type().typeName(), column.path());
        }
        CassandraSchema checked = CassandraSchema.of(declared.cassandraTable(), metadata);

        assertThat(checked.partitionKey()).containsExactly(0);
        assertThat(checked.clusteringColumns()).containsExactly(1);
        assertThat(checked.mapsFullPrimaryKey()).isTrue();
        assertThat(schema.notes())
                .anySatisfy(note -> assertThat(note).startsWith("column dims: a CQL tuple"))
                .anySatisfy(note -> assertThat(note).startsWith("column price: a CQL varint"))
                .anySatisfy(note -> assertThat(note).startsWith("column open: Hive has no time of day"));
    }

    @Test
    void columnsNoHiveTypeReadsAreRefusedTogetherWithTheWayOut() {
        TableMetadata metadata = TestingTableMetadata.table("shop", "odd")
                .partitionKey("id", DataTypes.INT)
                .column("blob_of_mine", DataTypes.custom("org.example.MyType"))
                .column("by_list", DataTypes.mapOf(DataTypes.frozenListOf(DataTypes.INT), DataTypes.TEXT))
                .column("fine", DataTypes.TEXT)
                .build();

        assertThatThrownBy(() -> CassandraInference.of("shop.odd", metadata))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.UNSUPPORTED_TYPE))
                .hasMessageContaining("table shop.odd")
                .hasMessageContaining("shop.odd cannot all be read")
                .hasMessageContaining("blob_of_mine ('org.example.MyType')")
                .hasMessageContaining("by_list (map<frozen<list<int>>, text>)")
                .hasMessageContaining("List the table's columns in the DDL, leaving these out")
                .hasMessageContaining("nosql.mapping.url")
                .message()
                .doesNotContain("fine");
    }

    @Test
    void aMissingKeyspaceOrTableNamesWhatExistsAndTheProperty() {
        TableMetadata orders = ORDERS;
        KeyspaceMetadata shop = new DefaultKeyspaceMetadata(
                CqlIdentifier.fromInternal("shop"),
                true,
                false,
                Map.of(),
                Map.of(),
                Map.of(orders.getName(), orders),
                Map.of(),
                Map.of(),
                Map.of());
        KeyspaceMetadata system = new DefaultKeyspaceMetadata(
                CqlIdentifier.fromInternal("system"),
                true,
                false,
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of());
        Metadata metadata = metadata(Map.of(shop.getName(), shop, system.getName(), system));
        List<HostAndPort> hosts = List.of(new HostAndPort("cass-1", 9042));

        assertThatThrownBy(() -> {
                    throw CassandraSchema.notFound(
                            metadata,
                            "default.orders",
                            CqlIdentifier.fromInternal("shpo"),
                            CqlIdentifier.fromInternal("orders"),
                            hosts);
                })
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.STORE_TABLE_NOT_FOUND))
                .hasMessageContaining("table default.orders: Cassandra at cass-1:9042 has no keyspace shpo")
                .hasMessageContaining("for CQL table shpo.orders")
                .hasMessageContaining("did you mean shop?")
                .hasMessageContaining("its keyspaces are [shop]")
                .hasMessageContaining("Set cassandra.keyspace");
        assertThatThrownBy(() -> {
                    throw CassandraSchema.notFound(
                            metadata,
                            "default.oders",
                            CqlIdentifier.fromInternal("shop"),
                            CqlIdentifier.fromInternal("oders"),
                            hosts);
                })
                .hasMessageContaining("keyspace shop of Cassandra at cass-1:9042 has no table oders")
                .hasMessageContaining("did you mean orders?")
                .hasMessageContaining("its tables are [orders]")
                .hasMessageContaining("Set cassandra.table");
    }

    @Test
    void theConnectorInfersThroughTheTablePropertiesAndSaysWhenItCannotConnect() {
        CassandraConnector connector = new CassandraConnector();
        TableConfig unreachable = config(Map.of("cassandra.hosts", "127.0.0.1:1", "cassandra.timeout.ms", "2000"));
        assertThatThrownBy(() -> connector.inferSchema(
                        "shop.orders", unreachable, SecretResolver.NONE, TableFiles.LOCAL, SampleBudget.defaults()))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.STORE_UNREACHABLE))
                .hasMessageContaining("cannot connect to Cassandra at 127.0.0.1:1 for table shop.orders");
        // checked before any connection: never a silent default user
        TableConfig userOnly = config(Map.of("cassandra.hosts", "127.0.0.1:1", "cassandra.user", "reader"));
        assertThatThrownBy(() -> connector.inferSchema(
                        "shop.orders", userOnly, SecretResolver.NONE, TableFiles.LOCAL, SampleBudget.defaults()))
                .hasMessageContaining("cassandra.password.alias");
        TableConfig badKeyspace = config(Map.of("cassandra.hosts", "127.0.0.1:1", "cassandra.keyspace", "my-ks"));
        assertThatThrownBy(() -> connector.inferSchema(
                        "shop.orders", badKeyspace, SecretResolver.NONE, TableFiles.LOCAL, SampleBudget.defaults()))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_TABLE_PROPERTY))
                .hasMessageContaining("set cassandra.keyspace");
    }

    @Test
    void keyspaceAndTableDefaultToTheHiveNames() {
        TableConfig none = config(Map.of("cassandra.hosts", "127.0.0.1"));
        assertThat(CassandraTable.keyspaceOf("shop.orders", none)).isEqualTo(CqlIdentifier.fromInternal("shop"));
        assertThat(CassandraTable.tableOf("shop.orders", none)).isEqualTo(CqlIdentifier.fromInternal("orders"));
        TableConfig quoted = config(
                Map.of("cassandra.hosts", "127.0.0.1", "cassandra.keyspace", "\"Shop\"", "cassandra.table", "Orders"));
        assertThat(CassandraTable.keyspaceOf("shop.orders", quoted)).isEqualTo(CqlIdentifier.fromInternal("Shop"));
        assertThat(CassandraTable.tableOf("shop.orders", quoted)).isEqualTo(CqlIdentifier.fromInternal("orders"));
    }

    private static TableConfig config(Map<String, String> properties) {
        List<TableProperty> declared = new ArrayList<>(Arrays.asList(CassandraTableProperties.values()));
        declared.addAll(Arrays.asList(NoSqlTableProperties.values()));
        return TableConfig.validate(
                "shop.orders", new LinkedHashMap<>(properties), declared, Set.of("cassandra.", "nosql."));
    }

    /** Schema metadata as the driver holds it, without nodes or a token map. */
    private static Metadata metadata(Map<CqlIdentifier, KeyspaceMetadata> keyspaces) {
        return new Metadata() {
            @Override
            public Map<UUID, Node> getNodes() {
                return Map.of();
            }

            @Override
            public Map<CqlIdentifier, KeyspaceMetadata> getKeyspaces() {
                return keyspaces;
            }

            @Override
            public Optional<TokenMap> getTokenMap() {
                return Optional.empty();
            }
        };
    }
}
