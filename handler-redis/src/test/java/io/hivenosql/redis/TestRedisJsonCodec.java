package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.normalizedRow;
import static io.hivenosql.redis.TestingRedisTable.prefix;
import static io.hivenosql.redis.TestingRedisTable.readAll;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * String values are JSON objects written and read by the JSON SerDe's codec: nested paths, case-insensitive names,
 * errors kept to their column, and the mapping rules checked at CREATE.
 */
class TestRedisJsonCodec {
    private static final TestingRedisServer REDIS = TestingRedisServer.shared();
    /** Tables that are only bound (never connected) need an address, not a server. */
    private static final String NO_SERVER = "127.0.0.1:1";

    private static TestingRedisTable people(String name, String nodes) {
        return table(name, nodes)
                .property("redis.value.type", "string")
                .column("id", "int")
                .column("name", "string")
                .column("city", "string", "address.city")
                .column("zip", "int", "address.geo.zip")
                .column("tags", "array<string>", "meta.tags");
    }

    private static RedisTable redisTable(TestingRedisTable builder) {
        return RedisTable.of(builder.build());
    }

    private static String written(RedisTable table, Object... row) {
        return new String(RedisJsonCodec.writer(table).write(row, table.key(row[0])), UTF_8);
    }

    private static int[] storedColumns(RedisTable table) {
        return table.fieldColumns().stream().mapToInt(Integer::intValue).toArray();
    }

    @Test
    void writesNestedPathsAsNestedObjectsAndLeavesNullsOut() {
        RedisTable table = redisTable(people("write_nested", NO_SERVER));
        assertThat(written(table, 1, "Ann", "Oslo", 150, List.of("a", "b")))
                .isEqualTo("{\"name\":\"Ann\",\"address\":{\"city\":\"Oslo\",\"geo\":{\"zip\":150}},"
                        + "\"meta\":{\"tags\":[\"a\",\"b\"]}}");
        // an object with nothing but NULLs below it is left out, like a NULL column
        assertThat(written(table, 2, "Bob", null, null, null)).isEqualTo("{\"name\":\"Bob\"}");
        assertThat(written(table, 3, null, "Rome", null, null)).isEqualTo("{\"address\":{\"city\":\"Rome\"}}");
        assertThat(written(table, 4, null, null, null, null)).isEqualTo("{}");
    }

    @Test
    void readsNestedPathsCaseInsensitivelyAndSkipsUnknownFields() {
        RedisTable table = redisTable(people("read_nested", NO_SERVER));
        RedisJsonCodec.Reader reader = RedisJsonCodec.reader(table, storedColumns(table));
        Object[] values = new Object[5];
        RuntimeException[] errors = new RuntimeException[5];

        reader.read(
                ("{\"extra\":{\"address\":{\"city\":\"no\"}},\"NAME\":\"Ann\",\"Address\":{\"x\":[1,{\"y\":2}],"
                                + "\"CITY\":\"Oslo\",\"Geo\":{\"ZIP\":150}},\"meta\":{\"tags\":[\"a\",null]}}")
                        .getBytes(UTF_8),
                values,
                errors);
        assertThat(values).containsExactly(null, "Ann", "Oslo", 150, Arrays.asList("a", null));
        assertThat(errors).containsOnlyNulls();

        // a missing parent, or a parent that is null or not an object, reads as NULL below it
        reader.read("{\"address\":\"Oslo\",\"meta\":null}".getBytes(UTF_8), values, errors);
        assertThat(values).containsOnlyNulls();
        assertThat(errors).containsOnlyNulls();
        reader.read("{\"address\":{\"geo\":[150]}}".getBytes(UTF_8), values, errors);
        assertThat(values).containsOnlyNulls();
        assertThat(errors).containsOnlyNulls();
    }

    @Test
    void readerFillsOnlyItsColumns() {
        RedisTable table = redisTable(people("read_projected", NO_SERVER));
        RedisJsonCodec.Reader reader = RedisJsonCodec.reader(table, new int[] {3});
        Object[] values = new Object[5];
        RuntimeException[] errors = new RuntimeException[5];
        reader.read(
                "{\"name\":\"Ann\",\"address\":{\"city\":\"Oslo\",\"geo\":{\"zip\":150}}}".getBytes(UTF_8),
                values,
                errors);
        assertThat(values).containsExactly(null, null, null, 150, null);
        assertThat(reader.columns()).containsExactly(3);
    }

    @Test
    void aConversionErrorStaysWithItsNestedColumn() {
        RedisTable table = redisTable(people("read_error", NO_SERVER));
        RedisJsonCodec.Reader reader = RedisJsonCodec.reader(table, storedColumns(table));
        Object[] values = new Object[5];
        RuntimeException[] errors = new RuntimeException[5];
        reader.read(
                "{\"address\":{\"geo\":{\"zip\":12.5,\"more\":1},\"city\":\"Oslo\"},\"name\":\"Ann\"}".getBytes(UTF_8),
                values,
                errors);
        assertThat(values).containsExactly(null, "Ann", "Oslo", null, null);
        assertThat(errors[3]).isInstanceOf(ValueConversionException.class).hasMessageContaining("12.5");
        assertThat(errors[1]).isNull();
        assertThat(errors[2]).isNull();
    }

    @Test
    void aValueThatIsNotOneJsonObjectFailsEveryColumnAlike() {
        RedisTable table = redisTable(people("read_malformed", NO_SERVER));
        RedisJsonCodec.Reader reader = RedisJsonCodec.reader(table, new int[] {1, 2});
        Map<String, String> cases = Map.of(
                "{\"name\":\"Ann\",", "malformed JSON",
                "[1,2]", "expected a JSON object, got an array",
                "{\"name\":\"Ann\"} 1", "unexpected text after the JSON object",
                "", "the value is empty");
        cases.forEach((json, reason) -> {
            Object[] values = {null, "stale", "stale", "untouched", null};
            RuntimeException[] errors = new RuntimeException[5];
            reader.read(json.getBytes(UTF_8), values, errors);
            assertThat(errors[1])
                    .as(json)
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining(reason)
                    .hasMessageContaining("a JSON object of table default.read_malformed")
                    .isSameAs(errors[2]);
            assertThat(values).as(json).containsExactly(null, null, null, "untouched", null);
            assertThat(errors[3]).isNull();
        });
    }

    @Test
    void aValueThatCannotBeWrittenNamesTableKeyAndColumnAndTheWriterGoesOn() {
        RedisTable table = redisTable(table("write_error", NO_SERVER)
                .property("redis.value.type", "string")
                .column("id", "string")
                .column("m", "map<string,int>", "a.m"));
        RedisJsonCodec.Writer writer = RedisJsonCodec.writer(table);
        Map<String, Integer> nullKey = new HashMap<>();
        nullKey.put(null, 1);
        assertThatThrownBy(() -> writer.write(new Object[] {"k1", nullKey}, table.key("k1")))
                .isInstanceOfSatisfying(
                        HandlerException.class, e -> assertThat(e.errorCode()).isEqualTo(HandlerErrorCode.BAD_RECORD))
                .hasMessageStartingWith("HNS-121 BAD_RECORD: table default.write_error")
                .hasMessageContaining("column 'm'")
                .hasMessageContaining("map key is null")
                .hasMessageContaining("key '" + table.prefixText() + "k1'");
        assertThat(new String(writer.write(new Object[] {"k2", Map.of("x", 1)}, table.key("k2")), UTF_8))
                .isEqualTo("{\"a\":{\"m\":{\"x\":1}}}");
    }

    @Test
    void twoColumnsOnOneJsonFieldAreRefusedAtCreate() {
        assertThatThrownBy(() -> table("same_json_field", NO_SERVER)
                        .property("redis.value.type", "string")
                        .column("id", "int")
                        .column("a", "string", "Address.City")
                        .column("b", "string", "address.city")
                        .build())
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_MAPPING))
                .hasMessageContaining("table default.same_json_field")
                .hasMessageContaining("columns 'a' and 'b'")
                .hasMessageContaining("JSON field 'address.city'")
                .hasMessageContaining("case-insensitively")
                .hasMessageContaining("redis.columns.mapping");
        assertThatThrownBy(() -> table("empty_segment", NO_SERVER)
                        .property("redis.value.type", "string")
                        .column("id", "int")
                        .column("a", "string", "address..city")
                        .build())
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_MAPPING))
                .hasMessageContaining("column 'a'")
                .hasMessageContaining("empty field name")
                .hasMessageContaining("redis.columns.mapping");
        // the key and TTL columns are not in the JSON object: they may use any path
        assertThat(table("key_path", NO_SERVER)
                        .property("redis.value.type", "string")
                        .property("redis.ttl.column", "ttl")
                        .column("id", "int", "v")
                        .column("v", "string")
                        .column("ttl", "int", "v")
                        .build()
                        .mapping()
                        .size())
                .isEqualTo(3);
    }

    @Test
    void hashFieldNamesKeepTheirRules() throws Exception {
        // a dot is just a character of a hash field name, and hash field names are case-sensitive
        TableContext hash = table("hash_dots", REDIS.address())
                .column("id", "int")
                .column("a", "string", "x")
                .column("b", "string", "x.y")
                .column("c", "string", "X.Y")
                .build();
        write(hash, List.<Object[]>of(new Object[] {1, "a", "b", "c"}));
        try (Jedis jedis = REDIS.connect()) {
            assertThat(jedis.hgetAll(prefix(hash) + "1"))
                    .containsOnly(Map.entry("x", "a"), Map.entry("x.y", "b"), Map.entry("X.Y", "c"));
        }
        assertThat(readAll(hash)).containsExactly(normalizedRow(1, "a", "b", "c"));
        assertThatThrownBy(() -> table("hash_same", NO_SERVER)
                        .column("id", "int")
                        .column("a", "string", "x.y")
                        .column("b", "string", "x.y")
                        .build())
                .hasMessageContaining("both mapped to hash field 'x.y'");
    }

    @Test
    void nestedPathsRoundTripThroughRedis() throws Exception {
        TableContext table = people("nested_redis", REDIS.address())
                .property("redis.ttl.column", "ttl")
                .column("ttl", "bigint")
                .build();
        write(table, List.of(new Object[] {1, "Ann", "Oslo", 150, List.of("a"), 1000L}, new Object[] {
            2, null, "Rome", null, null, null
        }));
        try (Jedis jedis = REDIS.connect()) {
            assertThat(jedis.get(prefix(table) + "1"))
                    .isEqualTo("{\"name\":\"Ann\",\"address\":{\"city\":\"Oslo\",\"geo\":{\"zip\":150}},"
                            + "\"meta\":{\"tags\":[\"a\"]}}");
            assertThat(jedis.ttl(prefix(table) + "1")).isBetween(990L, 1000L);
            assertThat(jedis.get(prefix(table) + "2")).isEqualTo("{\"address\":{\"city\":\"Rome\"}}");
            // written by another client, with other names' case and extra fields
            jedis.set(prefix(table) + "3", "{\"ADDRESS\":{\"Geo\":{\"zip\":7,\"lat\":1.5}},\"other\":true}");
        }
        List<List<Object>> rows = readAll(table);
        assertThat(rows)
                .hasSize(3)
                .contains(normalizedRow(2, null, "Rome", null, null, null))
                .contains(normalizedRow(3, null, null, 7, null, null));
        List<Object> first =
                rows.stream().filter(r -> r.get(0).equals(1)).findFirst().orElseThrow();
        assertThat(first.subList(0, 5)).isEqualTo(normalizedRow(1, "Ann", "Oslo", 150, List.of("a")));
    }

    @Test
    void overlappingPathsAreReadableButNotWritable() throws Exception {
        TableContext table = table("overlap", REDIS.address())
                .property("redis.value.type", "string")
                .column("id", "int")
                .column("address", "struct<city:string,zip:int>")
                .column("city", "string", "address.city")
                .build();
        try (Jedis jedis = REDIS.connect()) {
            jedis.set(prefix(table) + "1", "{\"address\":{\"City\":\"Oslo\",\"zip\":150}}");
        }
        assertThat(readAll(table)).containsExactly(normalizedRow(1, Arrays.asList("Oslo", 150), "Oslo"));
        assertThatThrownBy(() -> TestingRedisTable.CONNECTOR.openWriter(table))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_MAPPING))
                .hasMessageContaining("table default.overlap")
                .hasMessageContaining("'address'")
                .hasMessageContaining("'city' (JSON path 'address.city')")
                .hasMessageContaining("cannot be written");
        try (Jedis jedis = REDIS.connect()) {
            assertThat(jedis.get(prefix(table) + "1")).isEqualTo("{\"address\":{\"City\":\"Oslo\",\"zip\":150}}");
        }
    }
}
