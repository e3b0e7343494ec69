package io.hivenosql.redis;

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
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

class TestRedisReadWrite {
    private static final TestingRedisServer REDIS = TestingRedisServer.shared();

    private static TableContext allTypes(RedisValueType type) {
        return table("all_types_" + type.redisType(), REDIS.address())
                .property("redis.value.type", type.redisType())
                .column("id", "string")
                .column("b", "boolean")
                .column("ti", "tinyint")
                .column("si", "smallint")
                .column("i", "int")
                .column("bi", "bigint")
                .column("f", "float")
                .column("d", "double")
                .column("dec", "decimal(38,10)")
                .column("s", "string")
                .column("vc", "varchar(10)")
                .column("ch", "char(5)")
                .column("bin", "binary")
                .column("dt", "date")
                .column("ts", "timestamp")
                .column("arr", "array<int>")
                .column("m", "map<string,array<double>>")
                .column("st", "struct<a:int,b:string,c:array<struct<x:bigint>>>")
                .build();
    }

    private static Object[] fullRow(String id) {
        Map<String, List<Double>> map = new LinkedHashMap<>();
        map.put("k1", Arrays.asList(1.5, null, -0.25));
        map.put("k\u00e9", List.of());
        return new Object[] {
            id,
            true,
            (byte) -128,
            (short) 32767,
            Integer.MIN_VALUE,
            (1L << 53) + 1,
            1.25f,
            0.1 + 0.2,
            new BigDecimal("1234567890123456789012345678.0123456789"),
            "h\u00e9llo \"w\"\n{json}",
            "varchar",
            "ab   ",
            new byte[] {0, 1, (byte) 0xff},
            LocalDate.of(1969, 12, 31),
            LocalDateTime.of(2024, 2, 29, 23, 59, 58, 123_456_789),
            Arrays.asList(1, null, 3),
            map,
            Arrays.asList(7, "x", List.of(List.of(Long.MAX_VALUE), Arrays.asList((Object) null)))
        };
    }

    @ParameterizedTest
    @EnumSource(RedisValueType.class)
    void roundTripsEveryTypeNullsAndAllNullRows(RedisValueType type) throws Exception {
        TableContext table = allTypes(type);
        Object[] full = fullRow("full");
        Object[] someNulls = fullRow("some-nulls");
        for (int i = 1; i < someNulls.length; i += 2) {
            someNulls[i] = null;
        }
        Object[] allNull = new Object[full.length];
        allNull[0] = "all-null";
        write(table, List.of(full, someNulls, allNull));

        assertThat(readAll(table))
                .containsExactlyInAnyOrder(normalizedRow(full), normalizedRow(someNulls), normalizedRow(allNull));
        try (Jedis jedis = REDIS.connect()) {
            String key = prefix(table) + "all-null";
            if (type == RedisValueType.HASH) {
                assertThat(jedis.hgetAll(key)).containsExactly(Map.entry("", ""));
                assertThat(jedis.hget(prefix(table) + "full", "bi")).isEqualTo("9007199254740993");
                assertThat(jedis.hget(prefix(table) + "full", "dec"))
                        .isEqualTo("1234567890123456789012345678.0123456789");
                assertThat(jedis.hget(prefix(table) + "full", "ts")).isEqualTo("2024-02-29T23:59:58.123456789");
                assertThat(jedis.hexists(prefix(table) + "full", "id")).isFalse();
                assertThat(jedis.hexists(prefix(table) + "some-nulls", "b")).isFalse();
            } else {
                assertThat(jedis.get(key)).isEqualTo("{}");
                assertThat(jedis.get(prefix(table) + "full"))
                        .startsWith("{\"b\":true,")
                        .contains("\"bi\":9007199254740993")
                        .doesNotContain("\"id\"");
            }
        }
    }

    @Test
    void insertOfExistingKeyReplacesTheRow() throws Exception {
        TableContext table = table("replace", REDIS.address())
                .column("id", "int")
                .column("a", "string")
                .column("b", "string")
                .build();
        write(table, List.<Object[]>of(new Object[] {1, "a1", "b1"}));
        write(table, List.<Object[]>of(new Object[] {1, null, "b2"}));
        assertThat(readAll(table)).containsExactly(normalizedRow(1, null, "b2"));
    }

    @Test
    void keyOnlyProjectionFetchesNothingAndPartialProjectionUsesHmget() throws Exception {
        TableContext table = table("projection", REDIS.address())
                .column("id", "bigint")
                .column("a", "string")
                .column("b", "string")
                .column("c", "string")
                .property("redis.split.count", "3")
                .build();
        List<Object[]> rows = new ArrayList<>();
        for (long i = 0; i < 50; i++) {
            rows.add(new Object[] {i, "a" + i, i % 2 == 0 ? null : "b" + i, "c"});
        }
        rows.add(new Object[] {99L, null, null, null});
        write(table, rows);
        try (Jedis jedis = REDIS.connect()) {
            long hgetall = calls(jedis, "hgetall");
            long hmget = calls(jedis, "hmget");
            ReadRequest keyOnly = request(table, List.of(0), Optional.empty());
            assertThat(readAll(keyOnly, 0)).hasSize(51);
            assertThat(calls(jedis, "hgetall")).isEqualTo(hgetall);
            assertThat(calls(jedis, "hmget")).isEqualTo(hmget);

            ReadRequest oneField = request(table, List.of(0, 2), Optional.empty());
            List<List<Object>> read = readAll(oneField, 0);
            assertThat(read).hasSize(51).contains(normalizedRow(3L, "b3"), normalizedRow(4L, null));
            assertThat(read).contains(normalizedRow(99L, null));
            assertThat(calls(jedis, "hmget")).isGreaterThan(hmget);
            assertThat(calls(jedis, "hgetall")).isEqualTo(hgetall);
        }
    }

    @Test
    void mappedFieldNamesAndCaseInsensitiveJson() throws Exception {
        TableContext hash = table("mapped", REDIS.address())
                .column("id", "string")
                .column("name", "string", "Full Name")
                .build();
        write(hash, List.<Object[]>of(new Object[] {"k", "Ann"}));
        TableContext json = table("json_case", REDIS.address())
                .property("redis.value.type", "string")
                .column("id", "int")
                .column("name", "string")
                .column("tags", "array<string>")
                .build();
        try (Jedis jedis = REDIS.connect()) {
            assertThat(jedis.hgetAll(prefix(hash) + "k")).containsExactly(Map.entry("Full Name", "Ann"));
            jedis.set(prefix(json) + "1", "{\"NAME\":\"Bob\",\"extra\":{\"x\":[1,2]},\"Tags\":[\"a\",null]}");
        }
        assertThat(readAll(hash)).containsExactly(normalizedRow("k", "Ann"));
        assertThat(readAll(json)).containsExactly(normalizedRow(1, "Bob", Arrays.asList("a", null)));
    }

    @Test
    void ttlColumnIsWrittenWithExpireAndReadBack() throws Exception {
        for (RedisValueType type : RedisValueType.values()) {
            TableContext table = table("ttl_" + type.redisType(), REDIS.address())
                    .property("redis.value.type", type.redisType())
                    .property("redis.ttl.column", "ttl")
                    .column("id", "string")
                    .column("v", "string")
                    .column("ttl", "bigint")
                    .build();
            write(table, List.of(new Object[] {"expiring", "x", 1000L}, new Object[] {"forever", "y", null}));
            try (Jedis jedis = REDIS.connect()) {
                assertThat(jedis.ttl(prefix(table) + "expiring")).isBetween(990L, 1000L);
                assertThat(jedis.ttl(prefix(table) + "forever")).isEqualTo(-1L);
                assertThat(type == RedisValueType.HASH && jedis.hexists(prefix(table) + "expiring", "ttl"))
                        .isFalse();
            }
            List<List<Object>> rows = readAll(table);
            assertThat(rows).hasSize(2).contains(normalizedRow("forever", "y", null));
            List<Object> expiring = rows.stream()
                    .filter(r -> r.get(0).equals("expiring"))
                    .findFirst()
                    .orElseThrow();
            assertThat((Long) expiring.get(2)).isBetween(990L, 1000L);

            assertThatThrownBy(() -> write(table, List.<Object[]>of(new Object[] {"bad", "z", 0L})))
                    .isInstanceOf(HandlerException.class)
                    .hasMessageContaining("key '" + prefix(table) + "bad'")
                    .hasMessageContaining("TTL column 'ttl'")
                    .hasMessageContaining("is 0");
        }
    }

    @Test
    void badStoredValueSurfacesFromGetWithTheValue() throws Exception {
        TableContext table = table("bad_value", REDIS.address())
                .column("id", "int")
                .column("n", "int")
                .column("s", "string")
                .build();
        try (Jedis jedis = REDIS.connect()) {
            jedis.hset(prefix(table) + "1", Map.of("n", "forty-two", "s", "ok"));
            jedis.hset(prefix(table) + "not-a-number", Map.of("n", "1"));
        }
        ReadRequest request = request(table, allColumns(table), Optional.empty());
        List<String> problems = new ArrayList<>();
        for (SplitSpec split : TestingRedisTable.CONNECTOR.planSplits(request, 0)) {
            try (RecordSource source = TestingRedisTable.CONNECTOR.openReader(request, split)) {
                while (source.next()) {
                    if (source.key().endsWith(":1")) {
                        assertThat(source.get(0)).isEqualTo(1);
                        assertThat(source.get(2)).isEqualTo("ok");
                        assertThatThrownBy(() -> source.get(1))
                                .isInstanceOf(ValueConversionException.class)
                                .hasMessageContaining("'forty-two'");
                        problems.add("value");
                    } else {
                        assertThat(source.key()).isEqualTo(prefix(table) + "not-a-number");
                        assertThatThrownBy(() -> source.get(0))
                                .isInstanceOf(ValueConversionException.class)
                                .hasMessageContaining("'not-a-number'");
                        assertThat(source.get(1)).isEqualTo(1);
                        problems.add("key");
                    }
                }
            }
        }
        assertThat(problems).containsExactlyInAnyOrder("value", "key");
    }

    @Test
    void badJsonSurfacesPerColumnOrPerRow() throws Exception {
        TableContext table = table("bad_json", REDIS.address())
                .property("redis.value.type", "string")
                .column("id", "int")
                .column("n", "int")
                .column("s", "struct<a:int>")
                .column("t", "string")
                .build();
        try (Jedis jedis = REDIS.connect()) {
            jedis.set(prefix(table) + "1", "{\"n\":42.5,\"s\":{\"a\":\"x\",\"b\":[1]},\"t\":\"ok\"}");
            jedis.set(prefix(table) + "2", "{\"n\":1,");
        }
        ReadRequest request = request(table, allColumns(table), Optional.empty());
        int seen = 0;
        for (SplitSpec split : TestingRedisTable.CONNECTOR.planSplits(request, 0)) {
            try (RecordSource source = TestingRedisTable.CONNECTOR.openReader(request, split)) {
                while (source.next()) {
                    seen++;
                    if (source.get(0).equals(1)) {
                        assertThatThrownBy(() -> source.get(1)).isInstanceOf(ValueConversionException.class);
                        assertThatThrownBy(() -> source.get(2)).isInstanceOf(ValueConversionException.class);
                        assertThat(source.get(3)).isEqualTo("ok");
                    } else {
                        assertThatThrownBy(() -> source.get(3))
                                .isInstanceOf(ValueConversionException.class)
                                .hasMessageContaining("malformed JSON");
                    }
                }
            }
        }
        assertThat(seen).isEqualTo(2);
    }

    @Test
    void nullKeyIsRejectedWithTheFix() throws Exception {
        TableContext table = table("null_key", REDIS.address())
                .column("v", "string")
                .column("id", "int")
                .property("redis.key.column", "id")
                .build();
        try (RecordSink sink = TestingRedisTable.CONNECTOR.openWriter(table)) {
            assertThatThrownBy(() -> sink.write(new Object[] {"x", null}))
                    .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(HandlerErrorCode.NULL_KEY))
                    .hasMessageContaining("default.null_key")
                    .hasMessageContaining("'id'")
                    .hasMessageContaining("WHERE id IS NOT NULL");
            sink.write(new Object[] {"y", 5});
        }
        assertThat(readAll(table)).containsExactly(normalizedRow("y", 5));
    }

    @Test
    void bindAssignsRolesAndChecksColumns() {
        TableContext table = table("roles", REDIS.address())
                .column("v", "string")
                .column("id", "int")
                .column("ttl", "int")
                .property("redis.key.column", "ID")
                .property("redis.ttl.column", "ttl")
                .build();
        assertThat(table.mapping().column(1).role()).isEqualTo(io.hivenosql.api.mapping.ColumnRole.KEY);
        assertThat(table.mapping().column(2).role()).isEqualTo(io.hivenosql.api.mapping.ColumnRole.TTL);
        assertThat(table.mapping().column(0).role()).isEqualTo(io.hivenosql.api.mapping.ColumnRole.FIELD);

        assertThatThrownBy(() -> table("no_col", REDIS.address())
                        .column("id", "int")
                        .column("name", "string")
                        .property("redis.key.column", "nmae")
                        .build())
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.COLUMN_NOT_FOUND))
                .hasMessageContaining("redis.key.column")
                .hasMessageContaining("did you mean 'name'?");
        assertThatThrownBy(() -> table("complex_key", REDIS.address())
                        .column("id", "array<int>")
                        .build())
                .hasMessageContaining("primitive type");
        assertThatThrownBy(() -> table("string_ttl", REDIS.address())
                        .column("id", "int")
                        .column("ttl", "string")
                        .property("redis.ttl.column", "ttl")
                        .build())
                .hasMessageContaining("int or bigint");
        assertThatThrownBy(() -> table("same_field", REDIS.address())
                        .column("id", "int")
                        .column("a", "string", "f")
                        .column("b", "string", "f")
                        .build())
                .hasMessageContaining("both mapped to hash field 'f'");
        assertThatThrownBy(() -> table("user_only", REDIS.address())
                        .column("id", "int")
                        .property("redis.user", "hive")
                        .build())
                .hasMessageContaining("redis.password.alias");
    }

    @Test
    void limitStopsTheReader() throws Exception {
        TableContext table = table("limit", REDIS.address()).column("id", "int").build();
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            rows.add(new Object[] {i});
        }
        write(table, rows);
        ReadRequest request = new ReadRequest(table, List.of(0), Optional.empty(), java.util.OptionalLong.of(5));
        assertThat(readAll(request, 0)).hasSize(5);
    }
}
