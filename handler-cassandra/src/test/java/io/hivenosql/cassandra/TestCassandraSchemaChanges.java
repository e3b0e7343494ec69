package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TestingCassandraTableContext.CONNECTOR;
import static io.hivenosql.cassandra.TestingCassandraTableContext.execute;
import static io.hivenosql.cassandra.TestingCassandraTableContext.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.schema.ClusteringOrder;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Create (managed) / validate (external), truncate and drop against a real Cassandra 5. */
class TestCassandraSchemaChanges {
    private static final String KEYSPACE = "casswrite_schema";
    private static final String CREATED_KEYSPACE = "casswrite_created";

    private static TestingCassandraServer server;
    private static CqlSession session;

    @BeforeAll
    static void setUp() {
        server = TestingCassandraServer.shared();
        session = TestingCassandraTableContext.session(server);
        TestingCassandraTableContext.recreateKeyspace(session, KEYSPACE);
        execute(session, "DROP KEYSPACE IF EXISTS " + CREATED_KEYSPACE);
    }

    @AfterAll
    static void tearDown() {
        if (session != null) {
            session.close();
        }
        CassandraClients.closeIdle();
    }

    private static TestingCassandraTableContext table(String name, String keyspace) {
        return TestingCassandraTableContext.table(name, server.contactPoint(), keyspace);
    }

    private static TestingCassandraTableContext orders() {
        return table("orders", CREATED_KEYSPACE)
                .column("o_orderkey", "bigint")
                .column("o_custkey", "int")
                .column("o_orderdate", "date")
                .column("o_total", "decimal(12,2)")
                .column("o_comment", "varchar(79)")
                .column("tags", "array<string>")
                .column("attrs", "map<string,int>")
                .column("geo", "struct<lat:double,lon:double>")
                .column("raw", "binary")
                .column("ts", "timestamp")
                .column("flag", "boolean")
                .property("cassandra.primary-key", "((o_custkey), o_orderdate, o_orderkey)")
                .property("cassandra.clustering-order", "o_orderdate DESC")
                .property("cassandra.table.options", "comment = 'orders by customer' AND gc_grace_seconds = 3600");
    }

    @Test
    void managedTablesCreateKeyspaceAndTableThenValidateIt() throws IOException {
        TableContext orders = orders().build();
        assertThat(CONNECTOR.createTable(orders, true)).isTrue();

        TableMetadata metadata = tableMetadata(CREATED_KEYSPACE, "orders").orElseThrow();
        assertThat(metadata.getPartitionKey())
                .extracting(c -> c.getName().asInternal())
                .containsExactly("o_custkey");
        Map<String, ClusteringOrder> clustering = new LinkedHashMap<>();
        metadata.getClusteringColumns()
                .forEach((column, order) -> clustering.put(column.getName().asInternal(), order));
        assertThat(clustering)
                .containsExactly(
                        Map.entry("o_orderdate", ClusteringOrder.DESC), Map.entry("o_orderkey", ClusteringOrder.ASC));
        Map<String, String> types = new LinkedHashMap<>();
        for (ColumnMetadata column : metadata.getColumns().values()) {
            DataType type = column.getType();
            types.put(column.getName().asInternal(), type.asCql(true, false));
        }
        assertThat(types)
                .containsEntry("o_orderkey", "bigint")
                .containsEntry("o_total", "decimal")
                .containsEntry("o_comment", "text")
                .containsEntry("tags", "frozen<list<text>>")
                .containsEntry("attrs", "frozen<map<text, int>>")
                .containsEntry("geo", "frozen<tuple<double, double>>")
                .containsEntry("raw", "blob")
                .containsEntry("ts", "timestamp")
                .containsEntry("flag", "boolean");
        assertThat(metadata.getOptions().get(CqlIdentifier.fromCql("comment"))).isEqualTo("orders by customer");
        assertThat(metadata.getOptions().get(CqlIdentifier.fromCql("gc_grace_seconds")))
                .isEqualTo(3600);

        // the created table takes the Hive rows
        write(
                orders,
                List.<Object[]>of(
                        new Object[] {
                            1L,
                            7,
                            LocalDate.of(1996, 1, 2),
                            new BigDecimal("173665.47"),
                            "nice",
                            List.of("a"),
                            Map.of("x", 1),
                            List.of(1.5, -2.5),
                            new byte[] {1},
                            LocalDateTime.of(1996, 1, 2, 3, 4, 5),
                            true
                        },
                        new Object[] {2L, 7, LocalDate.of(1997, 1, 2), null, null, null, null, null, null, null, null
                        }));
        assertThat(session.execute("SELECT o_orderkey FROM " + CREATED_KEYSPACE + ".orders WHERE o_custkey = 7")
                        .all())
                .extracting(row -> row.getLong(0))
                .containsExactly(2L, 1L);

        // a managed table never adopts an existing CQL table (its DROP would delete data Hive did not create) ...
        assertThatThrownBy(() -> CONNECTOR.createTable(orders, true))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.UNSUPPORTED_OPERATION))
                .hasMessageContaining("already exists")
                .hasMessageContaining("CREATE EXTERNAL TABLE");
        // ... while an external table maps it, checking the primary key it declares
        assertThat(CONNECTOR.createTable(orders, false)).isFalse();
        TableContext otherKey = orders().property("cassandra.primary-key", "((o_custkey, o_orderdate), o_orderkey)")
                .property("cassandra.clustering-order", null)
                .build();
        assertThatThrownBy(() -> CONNECTOR.createTable(otherKey, false))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.SCHEMA_MISMATCH))
                .hasMessageContaining("exists with primary key ((o_custkey), o_orderdate, o_orderkey)")
                .hasMessageContaining("cassandra.primary-key is ((o_custkey, o_orderdate), o_orderkey)");

        // DROP of a managed table (purge) drops the table, never the keyspace
        CONNECTOR.dropTable(orders, true);
        assertThat(tableMetadata(CREATED_KEYSPACE, "orders")).isEmpty();
        assertThat(session.refreshSchema().getKeyspace(CREATED_KEYSPACE)).isPresent();
    }

    @Test
    void externalTablesAreValidatedListingEveryMismatch() throws IOException {
        TableContext missing =
                table("nothing_here", KEYSPACE).column("k", "int").build();
        assertThatThrownBy(() -> CONNECTOR.createTable(missing, false))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.STORE_TABLE_NOT_FOUND));

        execute(session, "CREATE TABLE " + KEYSPACE + ".people (id int PRIMARY KEY, name text, born date)");
        TableContext matching = table("people", KEYSPACE)
                .column("id", "bigint")
                .column("name", "string")
                .column("born", "date")
                .build();
        assertThat(CONNECTOR.createTable(matching, false)).isFalse();

        TestingCassandraTableContext wrong = table("people", KEYSPACE)
                .column("id", "int")
                .column("nmae", "string")
                .column("born", "timestamp");
        assertThatThrownBy(() -> CONNECTOR.createTable(wrong.build(), false))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.SCHEMA_MISMATCH))
                .hasMessageContaining("2 problems")
                .hasMessageContaining("'nmae'")
                .hasMessageContaining("'born'");
        // a managed table never adopts the existing CQL table
        assertThatThrownBy(() -> CONNECTOR.createTable(wrong.build(), true))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.UNSUPPORTED_OPERATION))
                .hasMessageContaining("already exists");
        // not managed: DROP leaves the data
        CONNECTOR.dropTable(matching, false);
        assertThat(tableMetadata(KEYSPACE, "people")).isPresent();
    }

    @Test
    void badPropertiesFailBeforeAnyServerIsContacted() {
        TableContext badOptions = TestingCassandraTableContext.table("t", "127.0.0.1:1", "ks")
                .column("k", "int")
                .property("cassandra.table.options", "comment = 'x'; DROP KEYSPACE ks")
                .build();
        assertThatThrownBy(() -> CONNECTOR.createTable(badOptions, true))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_TABLE_PROPERTY))
                .hasMessageContaining("property 'cassandra.table.options'");
        TableContext badReplication = TestingCassandraTableContext.table("t", "127.0.0.1:1", "ks")
                .column("k", "int")
                .property("cassandra.replication", "{'class': 'SimpleStrategy'} AND durable_writes = false")
                .build();
        assertThatThrownBy(() -> CONNECTOR.createTable(badReplication, false))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_TABLE_PROPERTY))
                .hasMessageContaining("property 'cassandra.replication'");
    }

    @Test
    void optionsCassandraRejectsAreReportedAsProperties() {
        TableContext unknownOption = table("rejected", KEYSPACE)
                .column("k", "int")
                .property("cassandra.table.options", "no_such_option = 1")
                .build();
        assertThatThrownBy(() -> CONNECTOR.createTable(unknownOption, true))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_TABLE_PROPERTY))
                .hasMessageContaining("rejected CREATE TABLE " + KEYSPACE + ".rejected")
                .hasMessageContaining("no_such_option")
                .hasMessageContaining("check cassandra.table.options");
        TableContext badStrategy = table("t", "casswrite_never")
                .column("k", "int")
                .property("cassandra.replication", "{'class': 'NoSuchStrategy'}")
                .build();
        assertThatThrownBy(() -> CONNECTOR.createTable(badStrategy, true))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_TABLE_PROPERTY))
                .hasMessageContaining("rejected CREATE KEYSPACE IF NOT EXISTS casswrite_never")
                .hasMessageContaining("check cassandra.replication");
        assertThat(session.refreshSchema().getKeyspace("casswrite_never")).isEmpty();
    }

    @Test
    void truncateDeletesEveryRow() throws IOException {
        execute(session, "CREATE TABLE " + KEYSPACE + ".scratch (k int PRIMARY KEY, v text)");
        TableContext scratch = table("scratch", KEYSPACE)
                .column("k", "int")
                .column("v", "string")
                .build();
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            rows.add(new Object[] {i, "v" + i});
        }
        write(scratch, rows);
        assertThat(count(KEYSPACE + ".scratch")).isEqualTo(50);
        CONNECTOR.truncate(scratch);
        assertThat(count(KEYSPACE + ".scratch")).isZero();

        TableContext gone = table("never_created", KEYSPACE).column("k", "int").build();
        assertThatThrownBy(() -> CONNECTOR.truncate(gone))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("TRUNCATE TABLE " + KEYSPACE + ".never_created at ")
                .hasMessageContaining("does not exist");
    }

    private static long count(String table) {
        return session.execute("SELECT count(*) FROM " + table).one().getLong(0);
    }

    private static Optional<TableMetadata> tableMetadata(String keyspace, String table) {
        return session.refreshSchema().getKeyspace(keyspace).flatMap(k -> k.getTable(table));
    }
}
