package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TestingCassandraTables.request;
import static io.hivenosql.cassandra.TestingCassandraTables.session;
import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A split of a request of no column is counted by Cassandra ({@code SELECT count(*)} per token range or partition) as
 * many rows as its reader returns: token range splits, partition splits, clustering and ALLOW FILTERING restrictions,
 * partitions that hold only static values, deleted rows, and an empty table.
 */
class TestCassandraCounts {
    private static final CassandraConnector CONNECTOR = TestingCassandraTableContext.CONNECTOR;
    private static final int CUSTOMERS = 150;
    private static final int ORDERS_PER_CUSTOMER = 8;

    private static String keyspace;

    @BeforeAll
    static void createTables() {
        CqlSession session = session();
        keyspace = TestingCassandraTables.keyspace("counts");
        session.execute("CREATE TABLE " + keyspace + ".orders (region text, cust int, orderkey int, status text, "
                + "note text static, PRIMARY KEY ((region, cust), orderkey))");
        PreparedStatement insert = session.prepare(
                "INSERT INTO " + keyspace + ".orders (region, cust, orderkey, status) VALUES (?, ?, ?, ?)");
        List<Statement<?>> writes = new ArrayList<>();
        for (int cust = 0; cust < CUSTOMERS; cust++) {
            for (int order = 0; order < ORDERS_PER_CUSTOMER; order++) {
                writes.add(insert.bind(region(cust), cust, order, order % 3 == 0 ? "open" : "done"));
            }
        }
        // partitions holding only a static value (no row), and a partition whose rows were all deleted
        PreparedStatement note =
                session.prepare("INSERT INTO " + keyspace + ".orders (region, cust, note) VALUES (?, ?, ?)");
        for (int cust = CUSTOMERS; cust < CUSTOMERS + 5; cust++) {
            writes.add(note.bind(region(cust), cust, "static only"));
        }
        writes.add(note.bind(region(3), 3, "static beside rows"));
        TestingCassandraTables.executeAll(session, writes);
        session.execute("DELETE FROM " + keyspace + ".orders WHERE region = 'west' AND cust = 5 AND orderkey = 1");
        session.execute("CREATE TABLE " + keyspace + ".empty (k int PRIMARY KEY, v int)");
    }

    private static String region(int cust) {
        return cust % 2 == 0 ? "east" : "west";
    }

    private static TestingCassandraTableContext orders() {
        return TestingCassandraTables.table(keyspace, "orders")
                .column("region", "string")
                .column("cust", "int")
                .column("orderkey", "int")
                .column("status", "string")
                .column("note", "string");
    }

    /**
     * Plans the request's splits and asserts that each is counted as many rows as its reader returns; returns the
     * total.
     */
    private static long assertCountsEqualReads(ReadRequest request, int desiredSplits) throws IOException {
        long total = 0;
        for (SplitSpec split : CONNECTOR.planSplits(request, desiredSplits)) {
            long read = 0;
            try (RecordSource source = CONNECTOR.openReader(request, split)) {
                while (source.next()) {
                    read++;
                }
            }
            assertThat(CONNECTOR.countRecords(request, split))
                    .as("%s", split.description())
                    .hasValue(read);
            total += read;
        }
        return total;
    }

    private static ReadRequest countRequest(TableContext table, Filter filter) {
        return request(table, List.of(), Optional.ofNullable(filter));
    }

    @Test
    void tokenRangeSplitsCountAsTheirReadersRead() throws IOException {
        TableContext table = orders().property("cassandra.split.count", "7")
                .property("cassandra.page.size", "50")
                .build();
        long rows = assertCountsEqualReads(countRequest(table, null), 0);
        assertThat(rows).isGreaterThanOrEqualTo((long) CUSTOMERS * ORDERS_PER_CUSTOMER - 1);
        assertThat(CONNECTOR.planSplits(countRequest(table, null), 0)).hasSize(7);

        TableContext filtering = orders().property("cassandra.allow-filtering", "true")
                .property("cassandra.split.count", "3")
                .build();
        assertThat(assertCountsEqualReads(
                        countRequest(filtering, new Filter.Compare("status", CompareOp.EQ, "open")), 0))
                .isEqualTo(CUSTOMERS * 3);
    }

    @Test
    void partitionSplitsCountAsTheirReadersRead() throws IOException {
        TableContext table = orders().build();
        Filter partitions =
                Filter.and(new Filter.Compare("region", CompareOp.EQ, "west"), new Filter.In("cust", List.of(3, 5, 8)));
        ReadRequest request = countRequest(table, partitions);
        assertThat(CONNECTOR.planSplits(request, 0).get(0).description()).startsWith("3 partition(s)");
        assertThat(assertCountsEqualReads(request, 0)).isEqualTo(2L * ORDERS_PER_CUSTOMER - 1);

        // a clustering restriction, and a partition that holds only a static value
        Filter clustering = Filter.and(
                new Filter.Compare("region", CompareOp.EQ, "west"),
                new Filter.In("cust", List.of(3, 151)),
                new Filter.Compare("orderkey", CompareOp.GE, 5));
        assertThat(assertCountsEqualReads(countRequest(table, clustering), 0)).isEqualTo(ORDERS_PER_CUSTOMER - 5);
        assertCountsEqualReads(
                countRequest(
                        table,
                        Filter.and(
                                new Filter.Compare("region", CompareOp.EQ, "west"),
                                new Filter.In("cust", List.of(151, 153)))),
                0);
    }

    @Test
    void anEmptyTableCountsNothing() throws IOException {
        TableContext table = TestingCassandraTables.table(keyspace, "empty")
                .column("k", "int")
                .column("v", "int")
                .property("cassandra.split.count", "3")
                .build();
        assertThat(assertCountsEqualReads(countRequest(table, null), 0)).isZero();
    }

    @Test
    void aRequestThatReadsAColumnIsNotCounted() throws IOException {
        TableContext table = orders().build();
        ReadRequest request = request(table, List.of(2), Optional.empty());
        assertThat(CONNECTOR.countRecords(
                        request, CONNECTOR.planSplits(request, 0).get(0)))
                .isEmpty();
    }
}
