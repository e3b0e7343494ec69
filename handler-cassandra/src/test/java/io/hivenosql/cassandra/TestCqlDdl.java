package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.types.DataTypes;
import org.junit.jupiter.api.Test;

class TestCqlDdl {
    private static TestingCassandraTableContext orders() {
        return TestingCassandraTableContext.table("orders", "127.0.0.1:1", "shop")
                .column("o_orderkey", "bigint")
                .column("o_custkey", "int")
                .column("o_orderdate", "date")
                .column("o_comment", "varchar(79)");
    }

    @Test
    void hiveTypesBecomeCqlTypes() {
        assertThat(cql("boolean")).isEqualTo("boolean");
        assertThat(cql("tinyint")).isEqualTo("tinyint");
        assertThat(cql("smallint")).isEqualTo("smallint");
        assertThat(cql("int")).isEqualTo("int");
        assertThat(cql("bigint")).isEqualTo("bigint");
        assertThat(cql("float")).isEqualTo("float");
        assertThat(cql("double")).isEqualTo("double");
        assertThat(cql("decimal(12,2)")).isEqualTo("decimal");
        assertThat(cql("string")).isEqualTo("text");
        assertThat(cql("varchar(10)")).isEqualTo("text");
        assertThat(cql("char(3)")).isEqualTo("text");
        assertThat(cql("binary")).isEqualTo("blob");
        assertThat(cql("date")).isEqualTo("date");
        assertThat(cql("timestamp")).isEqualTo("timestamp");
        assertThat(cql("array<int>")).isEqualTo("list<int>");
        assertThat(cql("map<string,double>")).isEqualTo("map<text, double>");
        assertThat(cql("struct<a:int,b:string>")).isEqualTo("tuple<int, text>");
        // nested collections and tuples are frozen
        assertThat(cql("array<array<string>>")).isEqualTo("list<frozen<list<text>>>");
        assertThat(cql("map<int,struct<a:int,b:array<date>>>"))
                .isEqualTo("map<int, frozen<tuple<int, frozen<list<date>>>>>");
        assertThat(cql("struct<a:map<string,int>>")).isEqualTo("tuple<frozen<map<text, int>>>");
        // key columns are frozen
        assertThat(CqlDdl.cqlType(DataTypes.parse("array<int>"), true)).isEqualTo("frozen<list<int>>");
        assertThat(CqlDdl.cqlType(DataTypes.parse("int"), true)).isEqualTo("int");
    }

    private static String cql(String hiveType) {
        return CqlDdl.cqlType(DataTypes.parse(hiveType), false);
    }

    @Test
    void createKeyspaceUsesTheReplicationProperty() {
        assertThat(CqlDdl.createKeyspace(orders().cassandraTable()))
                .isEqualTo("CREATE KEYSPACE IF NOT EXISTS shop WITH replication = {'class': 'SimpleStrategy', "
                        + "'replication_factor': 1}");
        assertThat(CqlDdl.createKeyspace(orders().property("cassandra.keyspace", "\"Shop\"")
                        .property("cassandra.replication", "{'class':'NetworkTopologyStrategy','dc1':3}")
                        .cassandraTable()))
                .isEqualTo("CREATE KEYSPACE IF NOT EXISTS \"Shop\" WITH replication = {'class': "
                        + "'NetworkTopologyStrategy', 'dc1': 3}");
    }

    @Test
    void createTableDefaultsToTheFirstColumnAsKey() {
        assertThat(CqlDdl.createTable(orders().cassandraTable(), true))
                .isEqualTo("CREATE TABLE IF NOT EXISTS shop.orders (o_orderkey bigint, o_custkey int, o_orderdate "
                        + "date, o_comment text, PRIMARY KEY ((o_orderkey)))");
    }

    @Test
    void createTableWithKeyClusteringOrderAndOptions() {
        TestingCassandraTableContext table = orders().column("tags", "array<string>")
                .property("cassandra.table", "Orders_By_Customer")
                .property("cassandra.primary-key", "((o_custkey, tags), o_orderdate, o_orderkey)")
                .property("cassandra.clustering-order", "o_orderdate desc")
                .property("cassandra.table.options", "gc_grace_seconds=3600 and comment='by customer'");
        assertThat(CqlDdl.createTable(table.cassandraTable(), false))
                .isEqualTo("CREATE TABLE shop.orders_by_customer (o_orderkey bigint, o_custkey int, o_orderdate date, "
                        + "o_comment text, tags frozen<list<text>>, PRIMARY KEY ((o_custkey, tags), o_orderdate, "
                        + "o_orderkey)) WITH CLUSTERING ORDER BY (o_orderdate DESC, o_orderkey ASC) AND "
                        + "gc_grace_seconds = 3600 AND comment = 'by customer'");
        // options without a clustering order
        assertThat(CqlDdl.createTable(
                        orders().property("cassandra.table.options", "cdc = false")
                                .cassandraTable(),
                        true))
                .endsWith("PRIMARY KEY ((o_orderkey))) WITH cdc = false");
    }

    @Test
    void mappedAndQuotedColumnNamesAreQuoted() {
        TestingCassandraTableContext table = TestingCassandraTableContext.table("t", "127.0.0.1:1", "ks")
                .column("id", "int", "\"Id\"")
                .column("select_", "string", "\"select\"")
                .column("v", "string", "value_col");
        assertThat(CqlDdl.createTable(table.cassandraTable(), true))
                .isEqualTo("CREATE TABLE IF NOT EXISTS ks.t (\"Id\" int, \"select\" text, value_col text, PRIMARY KEY "
                        + "((\"Id\")))");
        assertThat(CqlDdl.dropTable(table.cassandraTable())).isEqualTo("DROP TABLE IF EXISTS ks.t");
        assertThat(CqlDdl.truncate(table.cassandraTable())).isEqualTo("TRUNCATE TABLE ks.t");
    }

    @Test
    void badClusteringOrderIsRejected() {
        TestingCassandraTableContext keyed = orders().property("cassandra.primary-key", "(o_custkey, o_orderkey)");
        assertInvalid(
                keyed.property("cassandra.clustering-order", "o_orderdate DESC"),
                "cassandra.clustering-order",
                "'o_orderdate' is not a clustering column");
        assertInvalid(
                keyed.property("cassandra.clustering-order", "o_orderkey DOWN"),
                "cassandra.clustering-order",
                "neither ASC nor DESC");
        assertInvalid(
                keyed.property("cassandra.clustering-order", "o_orderkey DESC, o_orderkey ASC"),
                "cassandra.clustering-order",
                "listed twice");
        assertInvalid(
                keyed.property("cassandra.clustering-order", "o_orderkey DESC; DROP TABLE x"),
                "cassandra.clustering-order",
                "not 'column [ASC|DESC]'");
        assertInvalid(
                orders().property("cassandra.clustering-order", "o_custkey"),
                "cassandra.clustering-order",
                "(it has none)");
    }

    @Test
    void badFragmentsAreRejectedNamingTheProperty() {
        assertInvalid(
                orders().property("cassandra.table.options", "gc_grace_seconds = 1; DROP TABLE x"),
                "cassandra.table.options",
                "unexpected ';'");
        assertThatThrownBy(() -> CqlDdl.createKeyspace(orders().property(
                                "cassandra.replication", "{'class': 'SimpleStrategy'} AND durable_writes = false")
                        .cassandraTable()))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("HNS-101 INVALID_TABLE_PROPERTY")
                .hasMessageContaining("table default.orders, property 'cassandra.replication'")
                .hasMessageContaining("expected a CQL map such as");
    }

    private static void assertInvalid(TestingCassandraTableContext table, String property, String message) {
        assertThatThrownBy(() -> CqlDdl.createTable(table.cassandraTable(), true))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_TABLE_PROPERTY))
                .hasMessageContaining("property '" + property + "'")
                .hasMessageContaining(message);
    }
}
