package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.hivenosql.api.spi.TableContext;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The table of the Cassandra benchmarks: TPC-H {@code lineitem}'s 16 columns (bigint, int, decimal, text, date) with
 * its primary key {@code ((l_orderkey), l_linenumber)}, 1-7 lines per order, rows from a fixed seed (about 150 bytes
 * of values a row; dbgen itself is too slow to start for the smoke tests). Rows are neutral values in column order, as
 * the handler's {@code RecordSink} takes them and its {@code RecordSource} gives them; the raw-driver side binds and
 * reads them with the driver's typed setters and getters.
 */
final class TestingLineitemTable {
    static final String TABLE = "lineitem";
    static final List<String> COLUMNS = List.of(
            "l_orderkey",
            "l_partkey",
            "l_suppkey",
            "l_linenumber",
            "l_quantity",
            "l_extendedprice",
            "l_discount",
            "l_tax",
            "l_returnflag",
            "l_linestatus",
            "l_shipdate",
            "l_commitdate",
            "l_receiptdate",
            "l_shipinstruct",
            "l_shipmode",
            "l_comment");
    static final List<String> HIVE_TYPES = List.of(
            "bigint",
            "bigint",
            "bigint",
            "int",
            "decimal(12,2)",
            "decimal(12,2)",
            "decimal(12,2)",
            "decimal(12,2)",
            "string",
            "string",
            "date",
            "date",
            "date",
            "string",
            "string",
            "string");
    /** The page size of the handler's reads ({@code cassandra.page.size}'s default), used by the raw scan too. */
    static final int PAGE_SIZE =
            Integer.parseInt(CassandraTableProperties.PAGE_SIZE.spec().defaultValue());
    /** Writes in flight ({@code cassandra.write.concurrency}'s default), used by the raw writes too. */
    static final int WRITE_CONCURRENCY =
            Integer.parseInt(CassandraTableProperties.WRITE_CONCURRENCY.spec().defaultValue());

    private static final Duration SCHEMA_TIMEOUT = Duration.ofSeconds(120);
    private static final LocalDate FIRST_SHIP_DATE = LocalDate.of(1992, 1, 2);
    private static final List<String> INSTRUCTIONS =
            List.of("DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN");
    private static final List<String> MODES = List.of("REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB");
    private static final List<String> WORDS = List.of(
            "furiously",
            "sly",
            "careful",
            "blithely",
            "regular",
            "final",
            "express",
            "ironic",
            "pending",
            "bold",
            "quickly",
            "deposits",
            "packages",
            "requests",
            "accounts",
            "foxes",
            "ideas",
            "theodolites",
            "pinto",
            "beans",
            "instructions",
            "dependencies",
            "excuses",
            "platelets",
            "asymptotes",
            "courts",
            "dolphins");

    private TestingLineitemTable() {}

    /** A session of the raw-driver side, with the handler's request timeout and I/O threads. */
    static CqlSession session(String host, int port, String localDatacenter) {
        return CqlSession.builder()
                .addContactPoint(new InetSocketAddress(host, port))
                .withLocalDatacenter(localDatacenter)
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(30))
                        .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, SCHEMA_TIMEOUT)
                        .withInt(DefaultDriverOption.NETTY_IO_SIZE, 2)
                        .withBoolean(DefaultDriverOption.NETTY_DAEMON, true)
                        .build())
                .build();
    }

    /** Creates the keyspace (replication factor 1) and an empty lineitem table in it. */
    static void create(CqlSession session, String keyspace) {
        execute(
                session,
                "CREATE KEYSPACE IF NOT EXISTS " + keyspace
                        + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        execute(session, "DROP TABLE IF EXISTS " + keyspace + "." + TABLE);
        execute(
                session,
                "CREATE TABLE " + keyspace + "." + TABLE + " (l_orderkey bigint, l_partkey bigint, l_suppkey bigint, "
                        + "l_linenumber int, l_quantity decimal, l_extendedprice decimal, l_discount decimal, "
                        + "l_tax decimal, l_returnflag text, l_linestatus text, l_shipdate date, l_commitdate date, "
                        + "l_receiptdate date, l_shipinstruct text, l_shipmode text, l_comment text, "
                        + "PRIMARY KEY ((l_orderkey), l_linenumber))");
    }

    static void execute(CqlSession session, String cql) {
        session.execute(SimpleStatement.newInstance(cql).setTimeout(SCHEMA_TIMEOUT));
    }

    /** The Hive table {@code default.lineitem} over {@code keyspace.lineitem}, bound as the Hive adapters bind it. */
    static TableContext tableContext(String contactPoint, String keyspace) {
        TestingCassandraTableContext table = TestingCassandraTableContext.table(TABLE, contactPoint, keyspace);
        for (int i = 0; i < COLUMNS.size(); i++) {
            table.column(COLUMNS.get(i), HIVE_TYPES.get(i));
        }
        return table.build();
    }

    static PreparedStatement prepareInsert(CqlSession session, String keyspace) {
        return session.prepare("INSERT INTO " + keyspace + "." + TABLE + " (" + String.join(", ", COLUMNS)
                + ") VALUES (?" + ", ?".repeat(COLUMNS.size() - 1) + ")");
    }

    /** The raw-driver binding of a row: the driver's typed setters, consistency as the handler writes. */
    static BoundStatement bind(PreparedStatement insert, Object[] row) {
        BoundStatementBuilder builder = insert.boundStatementBuilder()
                .setLong(0, (Long) row[0])
                .setLong(1, (Long) row[1])
                .setLong(2, (Long) row[2])
                .setInt(3, (Integer) row[3])
                .setBigDecimal(4, (BigDecimal) row[4])
                .setBigDecimal(5, (BigDecimal) row[5])
                .setBigDecimal(6, (BigDecimal) row[6])
                .setBigDecimal(7, (BigDecimal) row[7])
                .setString(8, (String) row[8])
                .setString(9, (String) row[9])
                .setLocalDate(10, (LocalDate) row[10])
                .setLocalDate(11, (LocalDate) row[11])
                .setLocalDate(12, (LocalDate) row[12])
                .setString(13, (String) row[13])
                .setString(14, (String) row[14])
                .setString(15, (String) row[15]);
        return builder.setIdempotence(true)
                .setConsistencyLevel(ConsistencyLevel.LOCAL_QUORUM)
                .build();
    }

    /**
     * Touches every value of a row read by {@code SELECT <COLUMNS>} with the driver's typed getters; returns a value
     * that depends on all of them (for a Blackhole).
     */
    static long touch(Row row) {
        long hash = row.getLong(0) + row.getLong(1) + row.getLong(2) + row.getInt(3);
        for (int i = 4; i < 8; i++) {
            BigDecimal decimal = row.getBigDecimal(i);
            hash += decimal == null ? 0 : decimal.scale();
        }
        hash += length(row.getString(8)) + length(row.getString(9));
        for (int i = 10; i < 13; i++) {
            LocalDate date = row.getLocalDate(i);
            hash += date == null ? 0 : date.getDayOfMonth();
        }
        return hash + length(row.getString(13)) + length(row.getString(14)) + length(row.getString(15));
    }

    private static int length(String text) {
        return text == null ? 0 : text.length();
    }

    /** {@code count} rows from a fixed seed, in primary key order (orders 1, 2, ..., lines 1..7 each). */
    static Iterator<Object[]> rows(int count) {
        return new Iterator<>() {
            private final Random random = new Random(1234);
            private int produced;
            private long orderKey;
            private int lines;
            private int lineNumber;

            @Override
            public boolean hasNext() {
                return produced < count;
            }

            @Override
            public Object[] next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                if (lineNumber == lines) {
                    orderKey++;
                    lines = 1 + random.nextInt(7);
                    lineNumber = 0;
                }
                lineNumber++;
                produced++;
                return row(random, orderKey, lineNumber);
            }
        };
    }

    static List<Object[]> rowList(int count) {
        List<Object[]> list = new ArrayList<>(count);
        rows(count).forEachRemaining(list::add);
        return list;
    }

    private static Object[] row(Random random, long orderKey, int lineNumber) {
        int quantity = 1 + random.nextInt(50);
        long priceCents = 90_000L + random.nextInt(1_000_000);
        LocalDate ship = FIRST_SHIP_DATE.plusDays(random.nextInt(2_400));
        return new Object[] {
            orderKey,
            1L + random.nextInt(200_000),
            1L + random.nextInt(10_000),
            lineNumber,
            BigDecimal.valueOf(quantity * 100L, 2),
            BigDecimal.valueOf(quantity * priceCents / 100, 2),
            BigDecimal.valueOf(random.nextInt(11), 2),
            BigDecimal.valueOf(random.nextInt(9), 2),
            random.nextBoolean() ? "N" : random.nextBoolean() ? "R" : "A",
            random.nextBoolean() ? "O" : "F",
            ship,
            ship.plusDays(random.nextInt(61) - 30),
            ship.plusDays(1 + random.nextInt(30)),
            INSTRUCTIONS.get(random.nextInt(INSTRUCTIONS.size())),
            MODES.get(random.nextInt(MODES.size())),
            comment(random)
        };
    }

    private static String comment(Random random) {
        int length = 10 + random.nextInt(34);
        StringBuilder text = new StringBuilder(length + 16);
        while (text.length() < length) {
            text.append(text.isEmpty() ? "" : " ").append(WORDS.get(random.nextInt(WORDS.size())));
        }
        return text.substring(0, length);
    }

    /**
     * Loads {@code count} rows fast: the lines of an order as one UNLOGGED batch (one partition), at most 128 requests
     * in flight.
     */
    static void load(CqlSession session, String keyspace, int count) {
        requireNonNull(session, "session is null");
        PreparedStatement insert = prepareInsert(session, keyspace);
        Semaphore permits = new Semaphore(128);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<BoundStatement> order = new ArrayList<>();
        Iterator<Object[]> rows = rows(count);
        while (rows.hasNext() || !order.isEmpty()) {
            Object[] row = rows.hasNext() ? rows.next() : null;
            if (!order.isEmpty() && (row == null || (Integer) row[3] == 1)) {
                Statement<?> statement = order.size() == 1
                        ? order.get(0)
                        : BatchStatement.newInstance(BatchType.UNLOGGED, List.copyOf(order))
                                .setIdempotent(true);
                order.clear();
                acquire(permits, 1);
                session.executeAsync(statement).whenComplete((result, error) -> {
                    if (error != null) {
                        failure.compareAndSet(null, error);
                    }
                    permits.release();
                });
                if (failure.get() != null) {
                    break;
                }
            }
            if (row != null) {
                order.add(bind(insert, row));
            }
        }
        acquire(permits, 128);
        if (failure.get() != null) {
            throw new IllegalStateException("loading the benchmark table failed", failure.get());
        }
    }

    private static void acquire(Semaphore permits, int count) {
        try {
            if (!permits.tryAcquire(count, 5, TimeUnit.MINUTES)) {
                throw new IllegalStateException("Cassandra did not acknowledge writes within 5 minutes");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while loading the benchmark table", e);
        }
    }
}
