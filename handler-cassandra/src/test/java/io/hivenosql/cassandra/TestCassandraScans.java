package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TestingCassandraTables.allColumns;
import static io.hivenosql.cassandra.TestingCassandraTables.readAll;
import static io.hivenosql.cassandra.TestingCassandraTables.readSplit;
import static io.hivenosql.cassandra.TestingCassandraTables.request;
import static io.hivenosql.cassandra.TestingCassandraTables.server;
import static io.hivenosql.cassandra.TestingCassandraTables.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableStatistics;
import io.hivenosql.cassandra.CassandraSizeEstimates.Probe;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Scans of real tables: every row exactly once whatever the splits, pushdown, partition reads, statistics. */
class TestCassandraScans {
    private static final int CUSTOMERS = 200;
    private static final int ORDERS_PER_CUSTOMER = 10;
    private static final CassandraConnector CONNECTOR = TestingCassandraTableContext.CONNECTOR;

    private static String keyspace;

    @BeforeAll
    static void createTables() {
        CqlSession session = session();
        keyspace = TestingCassandraTables.keyspace("scans");
        session.execute("CREATE TABLE " + keyspace + ".orders (region text, cust int, orderkey int, status text, "
                + "total bigint, PRIMARY KEY ((region, cust), orderkey))");
        PreparedStatement insert = session.prepare(
                "INSERT INTO " + keyspace + ".orders (region, cust, orderkey, status, total) VALUES (?, ?, ?, ?, ?)");
        List<Statement<?>> writes = new ArrayList<>();
        for (int cust = 0; cust < CUSTOMERS; cust++) {
            BatchStatement batch = BatchStatement.newInstance(BatchType.UNLOGGED);
            for (int order = 0; order < ORDERS_PER_CUSTOMER; order++) {
                batch = batch.add(insert.bind(
                        region(cust), cust, order, order % 3 == 0 ? "open" : "done", (long) cust * 100 + order));
            }
            writes.add(batch);
        }
        session.execute("CREATE TABLE " + keyspace + ".kv (k bigint PRIMARY KEY, v text)");
        PreparedStatement insertKv = session.prepare("INSERT INTO " + keyspace + ".kv (k, v) VALUES (?, ?)");
        for (long k = 0; k < 500; k++) {
            writes.add(insertKv.bind(k, "v" + k));
        }
        TestingCassandraTables.executeAll(session, writes);
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
                .column("total", "bigint");
    }

    /** Every row as the connector would read it, computed from the data inserted. */
    private static List<List<Object>> expectedOrders(Predicate<List<Object>> filter) {
        List<List<Object>> rows = new ArrayList<>();
        for (int cust = 0; cust < CUSTOMERS; cust++) {
            for (int order = 0; order < ORDERS_PER_CUSTOMER; order++) {
                List<Object> row =
                        List.of(region(cust), cust, order, order % 3 == 0 ? "open" : "done", (long) cust * 100 + order);
                if (filter.test(row)) {
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    @Test
    void readsEveryRowExactlyOnceWhateverTheSplits() throws IOException {
        TableContext table = orders().build();
        List<List<Object>> expected = expectedOrders(row -> true);

        for (int desired : List.of(0, 1, 3, 40)) {
            List<SplitSpec> splits = CONNECTOR.planSplits(request(table, allColumns(table), Optional.empty()), desired);
            // 2,000 rows: one split whatever Hive's hint (counted by the probe, or from the size estimates once the
            // data is flushed)
            assertThat(splits).as("hint %s", desired).hasSize(1);
            assertThat(splits).allSatisfy(s -> assertThat(s.hosts()).containsExactly(server().host()));
            assertThat(readAll(request(table, allColumns(table), Optional.empty()), desired))
                    .as("hint %s", desired)
                    .containsExactlyInAnyOrderElementsOf(expected);
        }
        for (int count : List.of(3, 7, 40)) {
            TableContext exact = orders().property("cassandra.split.count", Integer.toString(count))
                    .property("cassandra.page.size", "17")
                    .build();
            assertThat(CONNECTOR.planSplits(request(exact, allColumns(exact), Optional.empty()), 2))
                    .as("cassandra.split.count %s", count)
                    .hasSize(count);
            assertThat(readAll(exact))
                    .as("cassandra.split.count %s", count)
                    .containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @Test
    void theProbeCountsSmallTablesAndEstimatesLargerOnes() {
        CqlSession session = session();
        CassandraSchema kv = schema(TestingCassandraTables.table(keyspace, "kv")
                .column("k", "bigint")
                .column("v", "string")
                .build());
        CassandraSchema keysOnly = schema(TestingCassandraTables.table(keyspace, "kv")
                .column("k", "bigint")
                .build());
        CassandraSchema orders = schema(orders().build());
        session.execute("CREATE TABLE " + keyspace + ".\"EmptyTable\" (\"Key\" int PRIMARY KEY, v int)");
        // case-sensitive names: the probe quotes them
        CassandraSchema empty = schema(TestingCassandraTableContext.table("empty", server().contactPoint(), keyspace)
                .property("cassandra.table", "\"EmptyTable\"")
                .column("key", "int", "\"Key\"")
                .column("v", "int")
                .build());

        // 500 rows: fewer than the probe reads, so counted exactly; the bytes are those of the mapped columns' values
        // (8 per bigint; "v0" to "v499" are 1,890 characters in all)
        assertThat(CassandraSizeEstimates.probe(session, kv)).hasValue(new Probe(500, 500 * 8 + 1_890));
        assertThat(CassandraSizeEstimates.probe(session, keysOnly)).hasValue(new Probe(500, 500 * 8));
        assertThat(CassandraSizeEstimates.probe(session, empty)).hasValue(new Probe(0, 0));
        // 2,000 rows in 200 partitions of two-column keys, 24 bytes each: extrapolated from the first 1,000 rows
        Probe estimated = CassandraSizeEstimates.probe(session, orders).orElseThrow();
        assertThat(estimated.rows()).isBetween(1_500L, 3_000L);
        assertThat(estimated.bytes()).isEqualTo(24 * estimated.rows());

        // a failing probe (the table is gone) is no failure: the size is unknown and the hint decides
        session.execute("DROP TABLE " + keyspace + ".\"EmptyTable\"");
        assertThat(CassandraSizeEstimates.probe(session, empty)).isEmpty();
    }

    private static CassandraSchema schema(TableContext context) {
        return CassandraSchema.load(session(), CassandraTable.of(context));
    }

    @Test
    void aHandleChecksTheLiveSchemaOncePerSchemaVersion() {
        CqlSession session = session();
        session.execute("CREATE TABLE " + keyspace + ".versioned (k int PRIMARY KEY, v text)");
        CassandraTable table = CassandraTable.of(TestingCassandraTables.table(keyspace, "versioned")
                .column("k", "int")
                .column("v", "string")
                .build());

        CassandraSchema first = table.schema(session);
        assertThat(table.schema(session)).isSameAs(first);

        // a schema change gives the session another metadata snapshot: the handle checks the table again
        session.execute("ALTER TABLE " + keyspace + ".versioned ADD extra int");
        CassandraSchema second = table.schema(session);
        assertThat(second).isNotSameAs(first);
        assertThat(table.schema(session)).isSameAs(second);
    }

    @Test
    void readsOnlyTheProjectedColumns() throws IOException {
        TableContext table = orders().build();

        assertThat(readAll(request(table, List.of(4, 1), Optional.empty()), 0))
                .containsExactlyInAnyOrderElementsOf(expectedOrders(row -> true).stream()
                        .map(row -> List.of(row.get(4), row.get(1)))
                        .toList());
        // count(*): no column, one record per row
        assertThat(readAll(request(table, List.of(), Optional.empty()), 3)).hasSize(CUSTOMERS * ORDERS_PER_CUSTOMER);
    }

    @Test
    void readsRestrictedPartitionsDirectly() throws IOException {
        TableContext table = orders().build();
        Filter partition =
                Filter.and(new Filter.Compare("region", CompareOp.EQ, "west"), new Filter.In("cust", List.of(7, 9, 8)));
        ReadRequest request = request(table, allColumns(table), Optional.of(partition));

        List<SplitSpec> splits = CONNECTOR.planSplits(request, 10);

        // one split holding the two partitions that exist (west, 8) is read too but has no row; no token range
        assertThat(splits).hasSize(1);
        assertThat(splits.get(0).description()).startsWith("3 partition(s)");
        assertThat(CassandraSplit.fromBytes(splits.get(0).payload())).isInstanceOf(CassandraSplit.Partitions.class);
        assertThat(readSplit(request, splits.get(0)))
                .containsExactlyInAnyOrderElementsOf(expectedOrders(
                        row -> row.get(0).equals("west") && List.of(7, 9, 8).contains(row.get(1))));
    }

    @Test
    void readsThePartitionsOfASplitConcurrentlyInTheSplitsOrderPageByPage() throws IOException {
        // 400 partition keys (200 exist, 10 rows each), pages of 3 rows: 4 pages a partition
        TableContext table = orders().property("cassandra.page.size", "3").build();
        List<Object> customers = new ArrayList<>();
        for (int cust = 0; cust < CUSTOMERS; cust++) {
            customers.add(cust);
        }
        Filter partitions =
                Filter.and(new Filter.In("region", List.of("west", "east")), new Filter.In("cust", customers));
        ReadRequest request = request(table, allColumns(table), Optional.of(partitions));
        List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
        // one node, small partitions: one split holds them all, read as many at once as its planner said
        assertThat(splits).singleElement().satisfies(split -> assertThat(split.description())
                .startsWith("400 partition(s)"));
        CassandraSplit.Partitions payload = (CassandraSplit.Partitions)
                CassandraSplit.fromBytes(splits.get(0).payload());
        assertThat(payload.readsInFlight()).isGreaterThan(1);

        List<List<Object>> concurrent = new ArrayList<>();
        List<List<Object>> oneByOne = new ArrayList<>();
        for (SplitSpec split : splits) {
            concurrent.addAll(readSplit(request, split));
            oneByOne.addAll(read(request, split, 1));
        }

        assertThat(concurrent).containsExactlyElementsOf(oneByOne);
        assertThat(concurrent).containsExactlyInAnyOrderElementsOf(expectedOrders(row -> true));
    }

    @Test
    void closingAReaderWithPartitionReadsInFlightStopsIt() throws IOException {
        TableContext table = orders().property("cassandra.page.size", "3").build();
        List<Object> customers = new ArrayList<>();
        for (int cust = 0; cust < 100; cust++) {
            customers.add(cust);
        }
        ReadRequest request = request(
                table,
                allColumns(table),
                Optional.of(Filter.and(
                        new Filter.Compare("region", CompareOp.EQ, "east"), new Filter.In("cust", customers))));
        SplitSpec split = CONNECTOR.planSplits(request, 0).get(0);

        RecordSource source = CassandraReads.openReader(request, split, 8);
        assertThat(source.next()).isTrue();
        source.close();

        assertThatThrownBy(() -> {
                    while (source.next()) {
                        // reads what the page held
                    }
                })
                .isInstanceOf(IOException.class)
                .hasMessageContaining("the reader was closed");
    }

    private static List<List<Object>> read(ReadRequest request, SplitSpec split, int inFlight) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (RecordSource source = CassandraReads.openReader(request, split, inFlight)) {
            while (source.next()) {
                List<Object> row = new ArrayList<>();
                for (int column : request.projection()) {
                    row.add(source.get(column));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    @Test
    void pushdownReturnsTheRowsHiveWouldKeep() throws IOException {
        TableContext table = orders().build();
        TableContext filtering =
                orders().property("cassandra.allow-filtering", "true").build();
        Filter west7 = Filter.and(
                new Filter.Compare("region", CompareOp.EQ, "west"), new Filter.Compare("cust", CompareOp.EQ, 7));

        assertPushed(
                table,
                Filter.and(
                        west7,
                        new Filter.Compare("orderkey", CompareOp.GT, 3),
                        new Filter.Compare("orderkey", CompareOp.LE, 8)),
                row -> row.get(1).equals(7) && (int) row.get(2) > 3 && (int) row.get(2) <= 8);
        assertPushed(
                table,
                Filter.and(west7, new Filter.In("orderkey", List.of(1, 4, 99))),
                row -> row.get(1).equals(7) && List.of(1, 4).contains(row.get(2)));
        assertPushed(
                filtering,
                Filter.and(
                        new Filter.Compare("status", CompareOp.EQ, "open"), new Filter.Between("total", 500L, 1203L)),
                row -> row.get(3).equals("open") && (long) row.get(4) >= 500 && (long) row.get(4) <= 1203);
        assertPushed(
                filtering,
                Filter.and(new Filter.Compare("cust", CompareOp.LT, 3), new Filter.In("status", List.of("done"))),
                row -> (int) row.get(1) < 3 && row.get(3).equals("done"));
        assertPushed(
                filtering,
                Filter.and(west7, new Filter.Compare("status", CompareOp.EQ, "open")),
                row -> row.get(1).equals(7) && row.get(3).equals("open"));
    }

    private static void assertPushed(TableContext table, Filter filter, Predicate<List<Object>> expected)
            throws IOException {
        List<Filter> conjuncts = new ArrayList<>();
        flatten(filter, conjuncts);
        assertThat(CONNECTOR.filterCapabilities(table).select(conjuncts))
                .as("%s", filter)
                .isEqualTo(conjuncts);
        assertThat(readAll(request(table, allColumns(table), Optional.of(filter)), 3))
                .as("%s", filter)
                .containsExactlyInAnyOrderElementsOf(expectedOrders(expected));
    }

    private static void flatten(Filter filter, List<Filter> conjuncts) {
        if (filter instanceof Filter.And and) {
            and.children().forEach(child -> flatten(child, conjuncts));
        } else {
            conjuncts.add(filter);
        }
    }

    @Test
    void namesWhatIsMissingOrMismatched() {
        TableContext noKeyspace = TestingCassandraTables.table(keyspace + "x", "orders")
                .column("region", "string")
                .build();
        TableContext noTable = TestingCassandraTables.table(keyspace, "oders")
                .column("region", "string")
                .build();
        TableContext mismatch = orders().column("note", "string").build();

        assertThatThrownBy(() -> CONNECTOR.planSplits(request(noKeyspace, List.of(0), Optional.empty()), 0))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.STORE_TABLE_NOT_FOUND))
                .hasMessageContaining("no keyspace " + keyspace + "x")
                .hasMessageContaining("did you mean " + keyspace + "?")
                .hasMessageContaining("cassandra.keyspace");
        assertThatThrownBy(() -> CONNECTOR.planSplits(request(noTable, List.of(0), Optional.empty()), 0))
                .hasMessageContaining("has no table oders (did you mean orders?)")
                .hasMessageContaining("[kv, orders]");
        assertThatThrownBy(() -> CONNECTOR.planSplits(request(mismatch, List.of(0), Optional.empty()), 0))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.SCHEMA_MISMATCH))
                .hasMessageContaining("Hive column 'note' maps to CQL column note");
    }

    @Test
    void statisticsAndSplitSizesComeFromSizeEstimates() throws IOException {
        server().nodetool("flush", keyspace);
        server().nodetool("refreshsizeestimates");
        TableContext kv = TestingCassandraTables.table(keyspace, "kv")
                .column("k", "bigint")
                .column("v", "string")
                .build();

        Optional<TableStatistics> kvStatistics = CONNECTOR.statistics(kv);
        Optional<TableStatistics> ordersStatistics = CONNECTOR.statistics(orders().build());

        assertThat(kvStatistics).hasValueSatisfying(s -> {
            assertThat(s.rowCount()).isBetween(400L, 600L);
            assertThat(s.totalBytes()).isPositive();
        });
        assertThat(ordersStatistics).hasValueSatisfying(s -> {
            assertThat(s.rowCount()).isEqualTo(-1); // rows per partition unknown
            assertThat(s.totalBytes()).isPositive();
        });
        List<SplitSpec> splits = CONNECTOR.planSplits(request(kv, allColumns(kv), Optional.empty()), 0);
        assertThat(splits).hasSize(1); // far below cassandra.split.size-mb
        assertThat(splits.get(0).estimatedBytes()).isPositive();
        assertThat(readAll(kv)).hasSize(500);
        // partition splits: their partitions times the mean partition size
        long meanPartitionBytes =
                kvStatistics.get().totalBytes() / kvStatistics.get().rowCount();
        List<SplitSpec> keyed = CONNECTOR.planSplits(
                request(kv, allColumns(kv), Optional.of(new Filter.In("k", List.of(1L, 2L, 3L)))), 0);
        assertThat(keyed).singleElement().satisfies(split -> assertThat(split.estimatedBytes())
                .isEqualTo(3 * meanPartitionBytes));
        // the keyed-read limit of auto: from the partitions and their mean size, also with clustering columns
        assertThat(CONNECTOR.keyedReadLimit(kv))
                .hasValue(CassandraKeyedReadLimit.limit(kvStatistics.get().rowCount(), meanPartitionBytes));
        OptionalLong ordersLimit = CONNECTOR.keyedReadLimit(orders().build());
        assertThat(ordersLimit).isPresent();
        assertThat(ordersLimit.getAsLong()).isBetween(1L, (long) CUSTOMERS);
    }
}
