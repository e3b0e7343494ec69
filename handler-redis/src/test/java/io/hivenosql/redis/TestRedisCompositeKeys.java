package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.allColumns;
import static io.hivenosql.redis.TestingRedisTable.calls;
import static io.hivenosql.redis.TestingRedisTable.normalizedRow;
import static io.hivenosql.redis.TestingRedisTable.prefix;
import static io.hivenosql.redis.TestingRedisTable.readAll;
import static io.hivenosql.redis.TestingRedisTable.request;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/** Tables keyed by several columns ({@code redis.key.column = 'a,b'}): keys, reads, writes and key pushdown. */
class TestRedisCompositeKeys {
    private static final TestingRedisServer REDIS = TestingRedisServer.shared();

    private static Filter eq(String column, Object value) {
        return new Filter.Compare(column, CompareOp.EQ, value);
    }

    private static Filter in(String column, Object... values) {
        return new Filter.In(column, List.of(values));
    }

    private static Filter and(Filter... children) {
        return new Filter.And(List.of(children));
    }

    private static Filter or(Filter... children) {
        return new Filter.Or(List.of(children));
    }

    /** lineitem-like: (orderkey bigint, linenumber int) key, the key columns not first. */
    private static TestingRedisTable lineitem(String name) {
        return table(name, REDIS.address())
                .column("qty", "decimal(12,2)")
                .column("orderkey", "bigint")
                .column("comment", "string")
                .column("linenumber", "int")
                .property("redis.key.column", " orderkey , LINENUMBER ");
    }

    private static Object[] line(long order, int number) {
        return new Object[] {new BigDecimal(order + "." + (number < 10 ? "0" : "") + number), order, "c" + order, number
        };
    }

    @ParameterizedTest
    @EnumSource(RedisValueType.class)
    void rowsRoundTripWithKeyColumnsOnlyInTheKey(RedisValueType type) throws Exception {
        TableContext table = lineitem("lineitem_" + type.redisType())
                .property("redis.value.type", type.redisType())
                .build();
        assertThat(table.mapping().column(1).role()).isEqualTo(ColumnRole.KEY);
        assertThat(table.mapping().column(3).role()).isEqualTo(ColumnRole.KEY);
        assertThat(table.mapping().column(2).role()).isEqualTo(ColumnRole.FIELD);
        List<Object[]> rows = List.of(line(1, 1), line(1, 2), line(12, 1), line(-3, 7));
        write(table, rows);
        assertThat(readAll(table))
                .containsExactlyInAnyOrderElementsOf(
                        rows.stream().map(TestingRedisTable::normalizedRow).toList());
        // key-only and partial projections read the key alone
        assertThat(readAll(request(table, List.of(3), Optional.empty()), 0))
                .containsExactlyInAnyOrder(List.of(1), List.of(2), List.of(1), List.of(7));
        try (Jedis jedis = REDIS.connect()) {
            String key = prefix(table) + "1:2";
            assertThat(jedis.exists(key)).isTrue();
            if (type == RedisValueType.HASH) {
                assertThat(jedis.hgetAll(key)).containsOnly(Map.entry("qty", "1.02"), Map.entry("comment", "c1"));
            } else {
                assertThat(jedis.get(key)).isEqualTo("{\"qty\":1.02,\"comment\":\"c1\"}");
            }
            assertThat(jedis.exists(prefix(table) + "-3:7")).isTrue();
        }
    }

    @Test
    void textKeysWithTheSeparatorAreEscapedAndReadBack() throws Exception {
        TableContext table = table("escaped", REDIS.address())
                .column("a", "string")
                .column("d", "date")
                .column("v", "int")
                .property("redis.key.column", "a,d")
                .property("redis.key.separator", "/")
                .build();
        List<Object[]> rows = List.of(
                new Object[] {"x/y", LocalDate.of(2024, 1, 31), 1},
                new Object[] {"x", LocalDate.of(2024, 1, 31), 2},
                new Object[] {"back\\slash/", LocalDate.of(1970, 1, 1), 3},
                new Object[] {"", LocalDate.of(1970, 1, 1), 4});
        write(table, rows);
        try (Jedis jedis = REDIS.connect()) {
            assertThat(jedis.exists(prefix(table) + "x\\/y/2024-01-31")).isTrue();
            assertThat(jedis.exists(prefix(table) + "back\\\\slash\\//1970-01-01"))
                    .isTrue();
            assertThat(jedis.exists(prefix(table) + "/1970-01-01")).isTrue();
        }
        assertThat(readAll(table))
                .containsExactlyInAnyOrderElementsOf(
                        rows.stream().map(TestingRedisTable::normalizedRow).toList());
        // lookups of escaped keys
        Filter filter = and(in("a", "x/y", "back\\slash/", ""), in("d", LocalDate.of(2024, 1, 31)));
        assertThat(readAll(request(table, allColumns(table), Optional.of(filter)), 0))
                .containsExactly(normalizedRow("x/y", LocalDate.of(2024, 1, 31), 1));
    }

    @Test
    void aNullInAnyKeyColumnFailsTheWriteNamingIt() throws Exception {
        TableContext table = lineitem("null_key").build();
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            assertThatThrownBy(() -> sink.write(new Object[] {BigDecimal.ONE, 1L, "c", null}))
                    .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(HandlerErrorCode.NULL_KEY))
                    .hasMessageContaining("default.null_key")
                    .hasMessageContaining("'linenumber'")
                    .hasMessageContaining("WHERE linenumber IS NOT NULL");
            assertThatThrownBy(() -> sink.write(new Object[] {BigDecimal.ONE, null, "c", 1}))
                    .isInstanceOf(HandlerException.class)
                    .hasMessageContaining("'orderkey'");
            sink.write(line(5, 1));
        }
        assertThat(readAll(table)).containsExactly(normalizedRow(line(5, 1)));
    }

    @Test
    void keysThatDoNotParseAreBadValuesOfTheKeyColumns() throws Exception {
        TableContext table = lineitem("bad_keys").build();
        write(table, List.<Object[]>of(line(1, 1)));
        try (Jedis jedis = REDIS.connect()) {
            jedis.hset(prefix(table) + "2", Map.of("comment", "one part"));
            jedis.hset(prefix(table) + "3:1:9", Map.of("comment", "three parts"));
            jedis.hset(prefix(table) + "4:x", Map.of("comment", "not a number"));
        }
        ReadRequest request = request(table, allColumns(table), Optional.empty());
        List<String> seen = new ArrayList<>();
        for (SplitSpec split : CONNECTOR.planSplits(request, 0)) {
            try (RecordSource source = CONNECTOR.openReader(request, split)) {
                while (source.next()) {
                    String comment = (String) source.get(2);
                    seen.add(comment);
                    switch (comment) {
                        case "c1" -> assertThat(source.get(1)).isEqualTo(1L);
                        case "one part", "three parts" -> {
                            assertThatThrownBy(() -> source.get(1))
                                    .isInstanceOf(ValueConversionException.class)
                                    .hasMessageContaining("expected 2 (orderkey, linenumber)");
                            assertThatThrownBy(() -> source.get(3)).isInstanceOf(ValueConversionException.class);
                        }
                        case "not a number" -> {
                            assertThat(source.get(1)).isEqualTo(4L);
                            assertThatThrownBy(() -> source.get(3))
                                    .isInstanceOf(ValueConversionException.class)
                                    .hasMessageContaining("'x'");
                        }
                        default -> throw new AssertionError(comment);
                    }
                }
            }
        }
        assertThat(seen).containsExactlyInAnyOrder("c1", "one part", "three parts", "not a number");
    }

    @Test
    void propertiesAreChecked() {
        assertThatThrownBy(() -> lineitem("twice")
                        .property("redis.key.column", "orderkey,ORDERKEY")
                        .build())
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("twice");
        assertThatThrownBy(() -> lineitem("empty_item")
                        .property("redis.key.column", "orderkey,,linenumber")
                        .build())
                .hasMessageContaining("redis.key.column")
                .hasMessageContaining("comma-separated");
        assertThatThrownBy(() -> lineitem("missing")
                        .property("redis.key.column", "orderkey,linenumbr")
                        .build())
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.COLUMN_NOT_FOUND))
                .hasMessageContaining("did you mean 'linenumber'?");
        assertThatThrownBy(() -> lineitem("backslash")
                        .property("redis.key.separator", "\\")
                        .build())
                .hasMessageContaining("redis.key.separator")
                .hasMessageContaining("backslash");
        assertThatThrownBy(() -> lineitem("empty_sep")
                        .property("redis.key.separator", "")
                        .build())
                .hasMessageContaining("redis.key.separator");
        assertThatThrownBy(() -> table("complex", REDIS.address())
                        .column("a", "int")
                        .column("b", "array<int>")
                        .property("redis.key.column", "a,b")
                        .build())
                .hasMessageContaining("'b'")
                .hasMessageContaining("primitive type");
        assertThatThrownBy(() -> lineitem("ttl_key")
                        .column("ttl", "int")
                        .property("redis.ttl.column", "linenumber")
                        .build())
                .hasMessageContaining("TTL column");
    }

    @Test
    void theWholeKeyAndTheFirstKeyColumnAreReadByKeyFromAJoinsKeyList() {
        // a join on orderkey of a table keyed by orderkey and linenumber: the scan fetches the listed orders' values
        // only; a list on linenumber alone fixes no key prefix
        FilterCapabilities composite =
                CONNECTOR.filterCapabilities(lineitem("keyed_composite").build());
        FilterCapabilities single = CONNECTOR.filterCapabilities(table("keyed_single", REDIS.address())
                .column("id", "bigint")
                .column("name", "string")
                .build());
        FilterCapabilities doubles = CONNECTOR.filterCapabilities(table("keyed_double", REDIS.address())
                .column("x", "double")
                .column("name", "string")
                .build());

        assertThat(composite.keyedReads("orderkey")).isTrue();
        assertThat(composite.keyedReads("linenumber"))
                .as("with the list of orderkey too, the product of both is looked up")
                .isTrue();
        assertThat(composite.keyedReads("comment")).isFalse();
        FilterCapabilities doubleFirst = CONNECTOR.filterCapabilities(table("keyed_double_first", REDIS.address())
                .column("x", "double")
                .column("y", "int")
                .property("redis.key.column", "x,y")
                .build());
        assertThat(doubleFirst.keyedReads("x"))
                .as("a double key is never pushed")
                .isFalse();
        assertThat(doubleFirst.keyedReads("y"))
                .as("no lookups of a key with a double column")
                .isFalse();
        assertThat(single.keyedReads("ID")).isTrue();
        assertThat(single.keyedReads("name")).isFalse();
        assertThat(doubles.keyedReads("x")).as("a double key is never pushed").isFalse();
    }

    @Test
    void pushesKeyConjunctsWhenTheyFixEveryKeyColumnOrTheFirstAlone() {
        TableContext table = lineitem("decisions").build();
        FilterCapabilities capabilities = CONNECTOR.filterCapabilities(table);
        Filter order = eq("orderkey", 1L);
        Filter orders = in("orderkey", 1L, 2L);
        Filter number = eq("linenumber", 3);
        Filter numbers = in("LINENUMBER", 3, 4, 5);
        Filter other = eq("comment", "x");
        Filter range = new Filter.Compare("linenumber", CompareOp.GT, 1);

        assertThat(capabilities.select(List.of(order, number))).containsExactly(order, number);
        assertThat(capabilities.select(List.of(orders, other, numbers))).containsExactly(orders, numbers);
        // the first key column alone: a scan that fetches the values of its listed values' keys only
        assertThat(capabilities.select(List.of(order, range))).containsExactly(order);
        assertThat(capabilities.select(List.of(order))).containsExactly(order);
        assertThat(capabilities.select(List.of(other, orders, order))).containsExactly(orders, order);
        assertThat(capabilities.select(List.of(number, other))).isEmpty();
        assertThat(capabilities.select(List.of(order, eq("linenumber", "three"))))
                .containsExactly(order);
        assertThat(capabilities.select(List.of(eq("orderkey", "one"), number))).isEmpty();
        // selecting again from the result gives the result
        List<Filter> chosen = capabilities.select(List.of(orders, other, numbers));
        assertThat(capabilities.select(chosen)).isEqualTo(chosen);

        // one conjunct that fixes both columns is pushed on its own
        Filter pairs =
                or(and(eq("orderkey", 1L), eq("linenumber", 1)), and(eq("orderkey", 2L), in("linenumber", 1, 2)));
        assertThat(capabilities.canPush(pairs)).isTrue();
        assertThat(capabilities.canPush(and(order, number))).isTrue();
        assertThat(capabilities.canPush(order)).isTrue();
        assertThat(capabilities.canPush(number)).isFalse();
        // branches fixing different key columns are no set of keys
        assertThat(capabilities.canPush(or(and(order, number), order))).isFalse();
        assertThat(capabilities.canPush(or(order, number))).isFalse();
        assertThat(capabilities.canPush(and(order, number, other))).isFalse();
        assertThat(capabilities.canPush(new Filter.Not(and(order, number)))).isFalse();

        // the product of the IN lists is limited
        List<Object> manyOrders = new ArrayList<>();
        List<Object> manyNumbers = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            manyOrders.add((long) i);
            manyNumbers.add(i);
        }
        Filter bigOrders = new Filter.In("orderkey", manyOrders);
        Filter bigNumbers = new Filter.In("linenumber", manyNumbers);
        assertThat(capabilities.select(List.of(bigOrders, bigNumbers))).containsExactly(bigOrders);
        assertThat(capabilities.select(List.of(bigOrders, numbers))).containsExactly(bigOrders, numbers);

        // on a table large enough, a longer product is looked up, the table's size asked only for it
        RedisTable large = RedisTable.of(table);
        FilterCapabilities sized = RedisKeyFilter.capabilities(large, () -> 400_000);
        List<Object> fewNumbers = manyNumbers.subList(0, 200);
        Filter someNumbers = new Filter.In("linenumber", fewNumbers);
        assertThat(sized.select(List.of(bigOrders, someNumbers))).containsExactly(bigOrders, someNumbers);
        assertThat(RedisKeyFilter.keys(Filter.and(bigOrders, someNumbers), large))
                .hasSize(200_000);
        assertThat(sized.select(List.of(bigOrders, bigNumbers))).containsExactly(bigOrders);
        FilterCapabilities unasked = RedisKeyFilter.capabilities(large, () -> {
            throw new AssertionError("the table's size is asked for a product within " + RedisKeyFilter.MAX_KEYS);
        });
        assertThat(unasked.select(List.of(bigOrders, numbers))).containsExactly(bigOrders, numbers);

        TableContext doubleKey = table("double_part", REDIS.address())
                .column("a", "int")
                .column("b", "double")
                .property("redis.key.column", "a,b")
                .build();
        Filter first = eq("a", 1);
        assertThat(CONNECTOR.filterCapabilities(doubleKey).select(List.of(first, eq("b", 1.0))))
                .as("a double key column is never pushed; the first key column alone is")
                .containsExactly(first);
    }

    @Test
    void lookupsReturnWhatAScanWithTheSamePredicateReturnsWithoutScan() throws Exception {
        TableContext table = lineitem("lookups").build();
        List<Object[]> rows = new ArrayList<>();
        for (long order = 1; order <= 20; order++) {
            for (int number = 1; number <= order % 4 + 1; number++) {
                rows.add(line(order, number));
            }
        }
        write(table, rows);
        try (Jedis jedis = REDIS.connect()) {
            // same prefix, another type: neither scans nor lookups return it
            jedis.set(prefix(table) + "2:2", "x");
        }
        List<List<Filter>> cases = List.of(
                List.of(eq("orderkey", 3L), eq("linenumber", 4)),
                List.of(eq("orderkey", 3L), eq("linenumber", 5)),
                List.of(in("orderkey", 1L, 2L, 3L, 99L), in("linenumber", 1, 2)),
                List.of(in("orderkey", 1L, 2L), eq("comment", "c1"), eq("linenumber", 2)),
                List.of(or(and(eq("orderkey", 1L), eq("linenumber", 1)), and(eq("orderkey", 4L), eq("linenumber", 1)))),
                List.of(and(in("orderkey", 5L, 6L), eq("orderkey", 6L)), in("linenumber", 1, 2, 3)));
        for (List<Filter> conjuncts : cases) {
            List<Filter> pushed = CONNECTOR.filterCapabilities(table).select(conjuncts);
            Filter filter = Filter.and(pushed);
            List<List<Object>> expected =
                    readAll(table).stream().filter(matches(pushed)).toList();
            List<List<Object>> looked;
            try (Jedis jedis = REDIS.connect()) {
                long scans = calls(jedis, "scan");
                looked = readAll(request(table, allColumns(table), Optional.of(filter)), 0);
                assertThat(calls(jedis, "scan"))
                        .as("SCAN calls during a lookup")
                        .isEqualTo(scans);
            }
            assertThat(looked).as(filter.toString()).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(readAll(request(table, List.of(1, 3), Optional.of(filter)), 0))
                    .hasSameSizeAs(expected);
        }
    }

    @Test
    void aListOfTheFirstKeyColumnFetchesOnlyTheListedKeysValues() throws Exception {
        TableContext table = lineitem("leading").build();
        List<Object[]> rows = new ArrayList<>();
        for (long order = 1; order <= 30; order++) {
            for (int number = 1; number <= order % 4 + 1; number++) {
                rows.add(line(order, number));
            }
        }
        write(table, rows);
        try (Jedis jedis = REDIS.connect()) {
            // spellings a scan reads as bad records, not as order 7: a lookup of order 7 must not return them either
            for (String odd : List.of("07:1", "+7:2", "7:1:9", "7:\\1", "7")) {
                jedis.hset(prefix(table) + odd, Map.of("comment", "odd " + odd));
            }
            jedis.set(prefix(table) + "7:9", "another type");
        }
        Filter orders = in("orderkey", 7L, 8L, 99L);
        assertThat(CONNECTOR.filterCapabilities(table).select(List.of(orders))).containsExactly(orders);
        ReadRequest request = request(table, allColumns(table), Optional.of(orders));
        List<SplitSpec> splits = CONNECTOR.planSplits(request, 4);
        List<List<Object>> expected = rows.stream()
                .filter(row -> (long) row[1] == 7 || (long) row[1] == 8)
                .map(TestingRedisTable::normalizedRow)
                .toList();

        List<List<Object>> read = new ArrayList<>();
        long scans;
        long fetches;
        try (Jedis jedis = REDIS.connect()) {
            long scansBefore = calls(jedis, "scan");
            long fetchesBefore = calls(jedis, "hgetall") + calls(jedis, "hmget");
            for (SplitSpec split : splits) {
                // as a task reads it: its own filter never holds the join keys, the split carries them
                read.addAll(TestingRedisTable.readSplit(request(table, allColumns(table), Optional.empty()), split));
            }
            scans = calls(jedis, "scan") - scansBefore;
            fetches = calls(jedis, "hgetall") + calls(jedis, "hmget") - fetchesBefore;
        }
        assertThat(read).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(fetches).as("values fetched").isEqualTo(expected.size());
        assertThat(scans).as("the keys are still walked").isPositive();

        long counted = 0;
        ReadRequest count = request(table, List.of(), Optional.empty());
        for (SplitSpec split : splits) {
            counted += CONNECTOR.countRecords(count, split).orElseThrow();
        }
        assertThat(counted).isEqualTo(expected.size());
    }

    /** Evaluates EQ / IN / AND / OR filters on a normalized row of the lineitem table. */
    private static Predicate<List<Object>> matches(List<Filter> filters) {
        return row -> filters.stream().allMatch(filter -> evaluate(filter, row));
    }

    private static boolean evaluate(Filter filter, List<Object> row) {
        List<String> columns = List.of("qty", "orderkey", "comment", "linenumber");
        if (filter instanceof Filter.Compare compare) {
            return compare.value()
                    .equals(row.get(columns.indexOf(compare.column().toLowerCase())));
        }
        if (filter instanceof Filter.In in) {
            return in.values().contains(row.get(columns.indexOf(in.column().toLowerCase())));
        }
        if (filter instanceof Filter.And and) {
            return and.children().stream().allMatch(child -> evaluate(child, row));
        }
        if (filter instanceof Filter.Or or) {
            return or.children().stream().anyMatch(child -> evaluate(child, row));
        }
        throw new IllegalArgumentException(filter.toString());
    }
}
