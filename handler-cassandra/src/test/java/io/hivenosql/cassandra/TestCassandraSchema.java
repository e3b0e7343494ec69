package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.type.DataTypes;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import org.junit.jupiter.api.Test;

class TestCassandraSchema {
    private static final TestingTableMetadata ORDERS = TestingTableMetadata.table("shop", "orders")
            .partitionKey("custkey", DataTypes.BIGINT)
            .clustering("orderkey", DataTypes.INT)
            .clustering("line", DataTypes.INT)
            .column("status", DataTypes.TEXT)
            .column("total", DataTypes.DECIMAL);

    @Test
    void mapsKeyColumnsToHiveColumns() {
        CassandraSchema schema = CassandraSchema.of(
                TestingCassandraTableContext.table("orders")
                        .property("cassandra.hosts", "127.0.0.1")
                        .property("cassandra.keyspace", "shop")
                        .column("status", "string")
                        .column("line", "int")
                        .column("custkey", "bigint")
                        .column("orderkey", "bigint")
                        .cassandraTable(),
                ORDERS.build());

        assertThat(schema.partitionKey()).containsExactly(2);
        assertThat(schema.clusteringColumns()).containsExactly(3, 1);
        assertThat(schema.mapsFullPrimaryKey()).isTrue();
        assertThat(schema.cqlType(3)).isEqualTo(DataTypes.INT);
    }

    @Test
    void reportsUnmappedKeyColumns() {
        CassandraSchema schema = CassandraSchema.of(
                TestingCassandraTableContext.table("orders")
                        .property("cassandra.hosts", "127.0.0.1")
                        .property("cassandra.keyspace", "shop")
                        .column("status", "string")
                        .column("orderkey", "int")
                        .cassandraTable(),
                ORDERS.build());

        assertThat(schema.partitionKey()).containsExactly(CassandraSchema.UNMAPPED);
        assertThat(schema.clusteringColumns()).containsExactly(1, CassandraSchema.UNMAPPED);
        assertThat(schema.mapsFullPrimaryKey()).isFalse();
        assertThat(schema.mapsPartitionKey()).isFalse();
        assertThat(schema.unmappedKeyColumns()).containsExactly("custkey", "line");
        assertThat(schema.partitionKeyNames()).extracting(n -> n.asInternal()).containsExactly("custkey");
    }

    @Test
    void listsEveryMismatchAtOnce() {
        CassandraTable table = TestingCassandraTableContext.table("orders")
                .property("cassandra.hosts", "127.0.0.1")
                .property("cassandra.keyspace", "shop")
                .column("stats", "string", "stauts")
                .column("custkey", "int")
                .column("total", "decimal(10,2)")
                .column("nothing", "string")
                .cassandraTable();

        assertThatThrownBy(() -> CassandraSchema.of(table, ORDERS.build()))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.SCHEMA_MISMATCH))
                .hasMessageContaining("table default.orders")
                .hasMessageContaining("shop.orders")
                .hasMessageContaining("3 problems")
                .hasMessageContaining("CQL column stauts")
                .hasMessageContaining("did you mean status?")
                .hasMessageContaining("Hive column 'custkey' int")
                .hasMessageContaining("CQL type bigint does not read as Hive int; use bigint")
                .hasMessageContaining("CQL column nothing");
    }

    @Test
    void acceptsReservedWordsAsNames() {
        CassandraTable table = TestingCassandraTableContext.table("t")
                .property("cassandra.hosts", "127.0.0.1")
                .column("k", "int")
                .column("value", "string", "default")
                .cassandraTable();

        // the Hive database "default" is the keyspace when cassandra.keyspace is not set
        assertThat(table.qualifiedCqlName()).isEqualTo("\"default\".t");
        assertThat(table.cqlColumn(1).asCql(true)).isEqualTo("\"default\"");
        assertThat(CassandraTable.identifier("MixedCase").asInternal()).isEqualTo("mixedcase");
        assertThat(CassandraTable.identifier("\"MixedCase\"").asInternal()).isEqualTo("MixedCase");
    }
}
