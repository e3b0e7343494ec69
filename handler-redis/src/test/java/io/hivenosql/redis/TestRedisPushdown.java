package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.allColumns;
import static io.hivenosql.redis.TestingRedisTable.calls;
import static io.hivenosql.redis.TestingRedisTable.prefix;
import static io.hivenosql.redis.TestingRedisTable.readAll;
import static io.hivenosql.redis.TestingRedisTable.request;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

class TestRedisPushdown {
    private static final TestingRedisServer REDIS = TestingRedisServer.shared();

    private static Filter eq(String column, Object value) {
        return new Filter.Compare(column, CompareOp.EQ, value);
    }

    private static Filter in(String column, Object... values) {
        return new Filter.In(column, List.of(values));
    }

    @Test
    void acceptsExactlyKeyEqualityInAndTheirAndOrTrees() {
        TableContext table = table("capabilities", REDIS.address())
                .column("id", "bigint")
                .column("name", "string")
                .build();
        FilterCapabilities capabilities = CONNECTOR.filterCapabilities(table);
        assertThat(capabilities.canPush(eq("id", 1L))).isTrue();
        assertThat(capabilities.canPush(eq("ID", 1L))).isTrue();
        assertThat(capabilities.canPush(in("id", 1L, 2L))).isTrue();
        assertThat(capabilities.canPush(new Filter.Or(List.of(eq("id", 1L), in("id", 5L, 6L)))))
                .isTrue();
        assertThat(capabilities.canPush(new Filter.And(List.of(in("id", 1L, 2L), eq("id", 2L)))))
                .isTrue();

        assertThat(capabilities.canPush(eq("name", "x"))).isFalse();
        assertThat(capabilities.canPush(new Filter.Compare("id", CompareOp.GT, 1L)))
                .isFalse();
        assertThat(capabilities.canPush(new Filter.Compare("id", CompareOp.NE, 1L)))
                .isFalse();
        assertThat(capabilities.canPush(new Filter.Between("id", 1L, 5L))).isFalse();
        assertThat(capabilities.canPush(new Filter.IsNull("id"))).isFalse();
        assertThat(capabilities.canPush(new Filter.Not(eq("id", 1L)))).isFalse();
        assertThat(capabilities.canPush(new Filter.Or(List.of(eq("id", 1L), eq("name", "x")))))
                .isFalse();
        assertThat(capabilities.canPush(new Filter.And(List.of(eq("id", 1L), eq("name", "x")))))
                .isFalse();
        assertThat(capabilities.canPush(eq("id", "not a long"))).isFalse();

        TableContext doubleKey =
                table("double_key", REDIS.address()).column("id", "double").build();
        assertThat(CONNECTOR.filterCapabilities(doubleKey).canPush(eq("id", 1.0)))
                .isFalse();
    }

    @Test
    void lookupsReturnWhatAScanWithTheSamePredicateReturnsWithoutScan() throws Exception {
        TableContext table = table("lookups", REDIS.address())
                .column("id", "bigint")
                .column("name", "string")
                .column("n", "int")
                .build();
        List<Object[]> rows = new ArrayList<>();
        for (long i = 0; i < 100; i++) {
            rows.add(new Object[] {i, i % 10 == 0 ? null : "name" + i, (int) i});
        }
        rows.add(new Object[] {1L << 60, null, null});
        write(table, rows);
        try (Jedis jedis = REDIS.connect()) {
            // same prefix, another type: neither scans nor lookups return it
            jedis.set(prefix(table) + "200", "x");
            // an empty-named-field-only hash is an all-NULL row
            jedis.hset(prefix(table) + "300", Map.of("", ""));
        }

        List<Filter> filters = List.of(
                eq("id", 5L),
                eq("id", 12345L),
                eq("id", 200L),
                eq("id", 300L),
                in("id", 1L, 10L, 99L, 1000L, 1L << 60),
                new Filter.Or(List.of(eq("id", 3L), in("id", 4L, 5L))),
                new Filter.And(List.of(in("id", 1L, 2L, 3L), in("id", 2L, 3L, 4L))),
                new Filter.And(List.of(eq("id", 1L), eq("id", 2L))));
        for (Filter filter : filters) {
            assertThat(CONNECTOR.filterCapabilities(table).canPush(filter)).isTrue();
            Set<Long> selected = new HashSet<>(RedisKeyFilter.keys(filter, RedisTable.of(table)).stream()
                    .map(k ->
                            Long.parseLong(k.toString().substring(prefix(table).length())))
                    .toList());
            Predicate<List<Object>> predicate = row -> selected.contains((Long) row.get(0));
            List<List<Object>> scanned =
                    readAll(table).stream().filter(predicate).toList();

            List<List<Object>> looked;
            try (Jedis jedis = REDIS.connect()) {
                long scans = calls(jedis, "scan");
                List<SplitSpec> splits =
                        CONNECTOR.planSplits(request(table, allColumns(table), Optional.of(filter)), 0);
                looked = new ArrayList<>();
                for (SplitSpec split : splits) {
                    looked.addAll(
                            TestingRedisTable.readSplit(request(table, allColumns(table), Optional.of(filter)), split));
                }
                assertThat(calls(jedis, "scan"))
                        .as("SCAN calls during a lookup")
                        .isEqualTo(scans);
            }
            assertThat(looked).as(filter.toString()).containsExactlyInAnyOrderElementsOf(scanned);
            // key-only projection (count(*)) agrees too
            assertThat(readAll(request(table, List.of(0), Optional.of(filter)), 0))
                    .hasSameSizeAs(scanned);
        }
    }

    @Test
    void largeKeySetsAreChunked() throws Exception {
        TableContext table =
                table("chunks", REDIS.address()).column("id", "int").build();
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < 25_000; i++) {
            values.add(i);
        }
        write(table, List.<Object[]>of(new Object[] {7}, new Object[] {24_999}));
        List<SplitSpec> splits =
                CONNECTOR.planSplits(request(table, List.of(0), Optional.of(new Filter.In("id", values))), 0);
        assertThat(splits).hasSize(3);
        assertThat(readAll(request(table, List.of(0), Optional.of(new Filter.In("id", values))), 0))
                .containsExactlyInAnyOrder(List.of(7), List.of(24_999));
    }
}
