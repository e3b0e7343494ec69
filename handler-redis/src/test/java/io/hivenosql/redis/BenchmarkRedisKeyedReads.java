package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.allColumns;
import static io.hivenosql.redis.TestingRedisTable.request;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;

import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a keyed read costs against a scan, per row, on the Debian redis-server of these machines, through the
 * connector's reader (not a test: a main, run by hand, whose figures {@link RedisKeyedReadLimit} documents). A
 * lineitem-like table of {@value #ORDERS} orders of 4 lines each (hashes of 6 fields) is read three ways, each timed
 * over several rounds after a warm-up: a whole scan; lookups of a list of whole keys (a table keyed by one column);
 * a scan that fetches the values of a list of first key column values only (keyed by order and line).
 *
 * <p>Run: {@code mvn -o -q test-compile -pl handler-redis -am}, then {@code java -cp <test classpath>
 * io.hivenosql.redis.BenchmarkRedisKeyedReads}.
 */
public final class BenchmarkRedisKeyedReads {
    private static final int ORDERS = 50_000;
    private static final int LINES = 4;
    private static final int ROUNDS = 5;

    private BenchmarkRedisKeyedReads() {}

    public static void main(String[] args) throws IOException {
        TestingRedisServer redis = TestingRedisServer.shared();
        TableContext composite = lineitem("bench_composite", redis)
                .property("redis.key.column", "orderkey,linenumber")
                .build();
        TableContext single = lineitem("bench_single", redis)
                .property("redis.key.column", "rowkey")
                .build();
        List<Object[]> rows = new ArrayList<>();
        for (long order = 1; order <= ORDERS; order++) {
            for (int line = 1; line <= LINES; line++) {
                rows.add(new Object[] {
                    order * LINES + line, order, line, new BigDecimal(line + ".50"), "comment of " + order, "N", "O"
                });
            }
        }
        write(composite, rows);
        write(single, rows);
        long tableRows = (long) ORDERS * LINES;

        double scan = nanosPerRow(request(single, allColumns(single), Optional.empty()), tableRows);
        double compositeScan = nanosPerRow(request(composite, allColumns(composite), Optional.empty()), tableRows);
        List<Object> rowKeys = new ArrayList<>();
        List<Object> orderKeys = new ArrayList<>();
        for (long order = 1; order <= ORDERS; order += 20) {
            orderKeys.add(order);
            for (int line = 1; line <= LINES; line++) {
                rowKeys.add(order * LINES + line);
            }
        }
        double lookup = nanosPerRow(
                request(single, allColumns(single), Optional.of(new Filter.In("rowkey", rowKeys))), rowKeys.size());
        ReadRequest leading =
                request(composite, allColumns(composite), Optional.of(new Filter.In("orderkey", orderKeys)));
        double leadingTotal = nanosPerRow(leading, 1);
        System.out.printf(
                "rows %d; scan %.0f ns/row (composite key %.0f); lookups of %d whole keys %.0f ns/key; "
                        + "scan fetching %d orders (%d rows, 5%%) %.1f ms against a scan of %.1f ms%n",
                tableRows,
                scan,
                compositeScan,
                rowKeys.size(),
                lookup,
                orderKeys.size(),
                orderKeys.size() * LINES,
                leadingTotal / 1e6,
                compositeScan * tableRows / 1e6);
        System.out.printf(
                "lookup/scan cost per row: %.2f; composite: the walk alone ~ %.0f ns/key%n",
                lookup / scan, (leadingTotal - lookup * orderKeys.size() * LINES) / tableRows);
    }

    private static TestingRedisTable lineitem(String name, TestingRedisServer redis) {
        return table(name, redis.address())
                .column("rowkey", "bigint")
                .column("orderkey", "bigint")
                .column("linenumber", "int")
                .column("quantity", "decimal(12,2)")
                .column("comment", "string")
                .column("returnflag", "string")
                .column("linestatus", "string");
    }

    /** The best of {@value #ROUNDS} reads of every split (one split), divided by {@code rows}. */
    private static double nanosPerRow(ReadRequest request, long rows) throws IOException {
        long best = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS + 1; round++) {
            long start = System.nanoTime();
            long read = 0;
            for (SplitSpec split : CONNECTOR.planSplits(request, 1)) {
                try (RecordSource source = CONNECTOR.openReader(request, split)) {
                    while (source.next()) {
                        for (int column : request.projection()) {
                            source.get(column);
                        }
                        read++;
                    }
                }
            }
            long elapsed = System.nanoTime() - start;
            if (read == 0) {
                throw new IllegalStateException("read no row");
            }
            if (round > 0) {
                best = Math.min(best, elapsed);
            }
        }
        return (double) best / rows;
    }
}
