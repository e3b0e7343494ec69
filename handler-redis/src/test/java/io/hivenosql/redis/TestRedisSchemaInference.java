package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.readAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampleBudget;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.TextValueCodec;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * {@link RedisSchemaInference} against the shared redis-server, with keys Jedis wrote: the columns, notes and
 * {@code sampled} it infers, and that the table bound with the inferred columns reads every sampled key through the
 * handler's own reader (stored spellings, then {@link RedisRecordReader}, under the fail policy) as the values written.
 */
class TestRedisSchemaInference {
    private static final TestingRedisServer REDIS = TestingRedisServer.shared();
    private static final SampleBudget BUDGET = SampleBudget.defaults();

    @Test
    void hashFieldsAreTypedByTheirCanonicalTexts() throws IOException {
        Map<String, String> properties = properties("hashes");
        String prefix = properties.get("redis.key.prefix");
        try (Jedis jedis = REDIS.connect()) {
            for (int i = 1; i <= 20; i++) {
                Map<String, String> hash = new LinkedHashMap<>();
                hash.put("userId", Integer.toString(1000 + i));
                hash.put("fullName", "user " + i);
                hash.put("viewCount", i == 7 ? "9007199254740993" : Integer.toString(i));
                hash.put("price", i % 2 == 0 ? Integer.toString(i) : i + ".25");
                hash.put("amount", i + "." + (i % 10) + "0");
                hash.put("isActive", i % 3 == 0 ? "false" : "true");
                hash.put("birthDate", String.format("2000-01-%02d", i));
                hash.put("lastSeen", i == 1 ? "2024-01-31" : String.format("2024-02-%02d 10:11:12.5", i));
                hash.put("zip", i == 5 ? "007" : Integer.toString(10000 + i));
                hash.put("padded", i == 3 ? " 5" : Integer.toString(i));
                hash.put("ratio", i == 2 ? "0.10000000000000001" : "0.5");
                hash.put("huge", i == 4 ? "1234567890123456789012345678901234567890" : "1");
                hash.put("address", "{\"city\":\"Oslo\",\"zipCode\":\"0150\",\"floor\":" + i + "}");
                hash.put("tags", "[\"a\",\"b" + i + "\"]");
                if (i % 4 == 0) {
                    hash.put("nickName", "nick" + i);
                }
                if (i == 9) {
                    hash.put("userid", "lower"); // differs from userId only in case
                    hash.put("key", "a field named as the key column");
                }
                jedis.hset(prefix + i, hash);
            }
            jedis.hset(prefix + "21", Map.of("", "")); // a row whose stored columns are all NULL
            jedis.set(prefix + "not-a-hash", "ignored: another type");
        }
        InferredSchema schema = infer(properties, BUDGET);
        assertThat(columns(schema).subList(0, 15))
                .containsExactly(
                        "key int KEY key",
                        "userid int FIELD userId",
                        "fullname string FIELD fullName",
                        "viewcount bigint FIELD viewCount",
                        "price double FIELD price",
                        "amount decimal(38,2) FIELD amount",
                        "isactive boolean FIELD isActive",
                        "birthdate date FIELD birthDate",
                        "lastseen timestamp FIELD lastSeen",
                        "zip string FIELD zip",
                        "padded string FIELD padded",
                        "ratio decimal(38,17) FIELD ratio",
                        "huge string FIELD huge",
                        "address struct<city:string,zipcode:string,floor:int> FIELD address",
                        "tags array<string> FIELD tags");
        // sparse fields: in the order SCAN met their first hash
        assertThat(columns(schema).subList(15, 18))
                .containsExactlyInAnyOrder(
                        "nickname string FIELD nickName", "userid_2 string FIELD userid", "key_2 string FIELD key");
        assertThat(schema.notes())
                .contains(
                        "viewcount: int and bigint seen, reads as bigint",
                        "price: int and double seen, reads as double",
                        "lastseen: date and timestamp seen, reads as timestamp",
                        "zip: int, string seen, reads as string (each value's text as stored)",
                        "key_2: reads field 'key' (Hive names are lower-case ASCII letters, digits and '_', not first)",
                        "userid_2: fields 'userId' and 'userid' differ only in case; a document with one of them "
                                + "shows its value in both columns")
                .anySatisfy(note -> assertThat(note)
                        .startsWith("huge: int and decimal seen; 40 digits before the point")
                        .endsWith("no numeric type reads them all exactly, reads as string"));
        assertThat(schema.sampled())
                .matches("21 of 21 hash keys under the prefix '" + prefix + "' \\(SCAN from the start\\) on "
                        + "127\\.0\\.0\\.1:\\d+ in \\d+\\.\\d s");

        List<Map<String, Object>> rows = readBack(properties, schema);
        assertThat(rows).hasSize(21);
        Map<String, Object> seven = row(rows, 7);
        assertThat(seven)
                .containsEntry("userid", 1007)
                .containsEntry("viewcount", 9007199254740993L)
                .containsEntry("price", 7.25)
                .containsEntry("amount", new BigDecimal("7.70"))
                .containsEntry("birthdate", LocalDate.of(2000, 1, 7))
                .containsEntry("lastseen", LocalDateTime.of(2024, 2, 7, 10, 11, 12, 500_000_000))
                .containsEntry("address", List.of("Oslo", "0150", 7))
                .containsEntry("tags", List.of("a", "b7"));
        assertThat(row(rows, 5)).containsEntry("zip", "007");
        assertThat(row(rows, 3)).containsEntry("padded", " 5").containsEntry("isactive", false);
        assertThat(row(rows, 2)).containsEntry("ratio", new BigDecimal("0.10000000000000001"));
        assertThat(row(rows, 4)).containsEntry("huge", "1234567890123456789012345678901234567890");
        assertThat(row(rows, 1)).containsEntry("lastseen", LocalDateTime.of(2024, 1, 31, 0, 0));
        assertThat(row(rows, 9))
                .containsEntry("userid_2", "lower")
                .containsEntry("key_2", "a field named as the key column");
        assertThat(row(rows, 21)).containsEntry("userid", null);

        // every sampled text decodes exactly through the reader's codec into its column's type
        try (Jedis jedis = REDIS.connect()) {
            for (int i = 1; i <= 20; i++) {
                Map<String, String> hash = jedis.hgetAll(prefix + i);
                for (ColumnMapping column : schema.mapping().columns()) {
                    String text = hash.get(column.path());
                    if (text != null && column.role() == ColumnRole.FIELD) {
                        assertExact(column.type(), text);
                    }
                }
            }
        }
    }

    @Test
    void jsonValuesOfStringTablesGiveTheirFieldsWithJsonTypes() throws IOException {
        Map<String, String> properties = properties("json");
        properties.put("redis.value.type", "string");
        String prefix = properties.get("redis.key.prefix");
        try (Jedis jedis = REDIS.connect()) {
            for (int i = 1; i <= 10; i++) {
                String nested = i % 2 == 0 ? ",\"geo\":{\"lat\":59.9,\"lng\":10}" : "";
                jedis.set(
                        prefix + "u" + i,
                        "{\"studentId\":" + i + ",\"name\":\"n" + i + "\",\"score\":" + (i == 3 ? "NaN" : i + ".5")
                                + ",\"enrolled\":\"2023-09-0" + (i % 9 + 1) + "\",\"address\":{\"city\":\"Oslo\""
                                + nested + "},\"grades\":[" + i + "," + (i + 1) + "],\"mixed\":"
                                + (i == 2 ? "\"two\"" : Integer.toString(i)) + ",\"note\":null}");
            }
            jedis.set(prefix + "broken", "not json");
        }
        InferredSchema schema = infer(properties, BUDGET);
        assertThat(columns(schema))
                .containsExactly(
                        "key string KEY key",
                        "studentid int FIELD studentId",
                        "name string FIELD name",
                        "score double FIELD score",
                        "enrolled date FIELD enrolled",
                        "address struct<city:string,geo:struct<lat:double,lng:int>> FIELD address",
                        "grades array<int> FIELD grades",
                        "mixed string FIELD mixed",
                        "note string FIELD note");
        assertThat(schema.notes())
                .contains(
                        "1 of 11 sampled values are not one JSON object (e.g. the value of '" + prefix + "broken'): "
                                + "they are bad records of every column",
                        "note: only nulls seen, reads as string");
        assertThat(schema.sampled()).startsWith("11 of 11 string keys under the prefix");

        try (Jedis jedis = REDIS.connect()) {
            jedis.del(prefix + "broken"); // a bad record of every column: the reader throws for it
        }
        List<Map<String, Object>> rows = readBack(properties, schema);
        assertThat(rows).hasSize(10);
        Map<String, Object> u4 =
                rows.stream().filter(r -> "u4".equals(r.get("key"))).findFirst().orElseThrow();
        assertThat(u4)
                .containsEntry("studentid", 4)
                .containsEntry("score", 4.5)
                .containsEntry("enrolled", LocalDate.of(2023, 9, 5))
                .containsEntry("address", List.of("Oslo", List.of(59.9, 10)))
                .containsEntry("grades", List.of(4, 5))
                .containsEntry("mixed", "4");
        assertThat(rows)
                .anySatisfy(r -> assertThat(r).containsEntry("key", "u2").containsEntry("mixed", "two"));
        assertThat(rows)
                .anySatisfy(r -> assertThat(r).containsEntry("key", "u3").containsEntry("score", Double.NaN));
    }

    @Test
    void compositeKeysAreTypedPartByPartAndOnlyCanonicalPartsKeepTheType() throws IOException {
        Map<String, String> properties = properties("composite");
        properties.put("redis.key.column", "orderId,lineNumber,shipDate");
        properties.put("redis.ttl.column", "expires");
        String prefix = properties.get("redis.key.prefix");
        try (Jedis jedis = REDIS.connect()) {
            jedis.hset(prefix + "1:1:2024-01-31", Map.of("qty", "3"));
            jedis.hset(prefix + "1:2:2024-02-01", Map.of("qty", "4"));
            jedis.hset(prefix + "2:03:2024-02-02", Map.of("qty", "5")); // 03: no int key reads it
            jedis.hset(prefix + "3:1", Map.of("qty", "6")); // two parts: a bad record
            jedis.expire(prefix + "1:1:2024-01-31", 600);
        }
        InferredSchema schema = infer(properties, BUDGET);
        assertThat(columns(schema))
                .containsExactly(
                        "orderid int KEY orderid",
                        "linenumber string KEY linenumber",
                        "shipdate date KEY shipdate",
                        "expires bigint TTL expires",
                        "qty int FIELD qty");
        assertThat(schema.notes())
                .contains("linenumber: int, string seen, reads as string (each value's text as stored)")
                .anySatisfy(note -> assertThat(note)
                        .startsWith("1 of 4 sampled keys do not split into 3 parts (orderId, lineNumber, shipDate), "
                                + "e.g. '" + prefix + "3:1' (")
                        .endsWith("): they are bad records of the key columns"));
        try (Jedis jedis = REDIS.connect()) {
            jedis.del(prefix + "3:1"); // a bad record of the key columns: the reader throws for it
        }
        List<Map<String, Object>> rows = readBack(properties, schema);
        assertThat(rows)
                .extracting(r ->
                        r.get("orderid") + "/" + r.get("linenumber") + "/" + r.get("shipdate") + "/" + r.get("qty"))
                .containsExactlyInAnyOrder("1/1/2024-01-31/3", "1/2/2024-02-01/4", "2/03/2024-02-02/5");
        assertThat(rows).anySatisfy(r -> assertThat((Long) r.get("expires")).isBetween(590L, 600L));
    }

    @Test
    void aKeyPartThatIsNotCanonicalInTheMergedTypeMakesTheKeyString() throws IOException {
        Map<String, String> properties = properties("decimalkeys");
        String prefix = properties.get("redis.key.prefix");
        try (Jedis jedis = REDIS.connect()) {
            jedis.hset(prefix + "1.5", Map.of("n", "1")); // a double
            jedis.hset(prefix + "2.50", Map.of("n", "2")); // a decimal: together decimal(38,2), which writes 1.50
        }
        InferredSchema schema = infer(properties, BUDGET);
        assertThat(columns(schema)).containsExactly("key string KEY key", "n int FIELD n");
        assertThat(schema.notes())
                .contains("key: the key part '1.5' is not the canonical text of a decimal(38,2) (the only spelling a "
                        + "key column reads), reads as string");
        assertThat(readBack(properties, schema)).extracting(r -> r.get("key")).containsExactlyInAnyOrder("1.5", "2.50");
    }

    @Test
    void theBudgetBoundsKeysAndTime() throws IOException {
        Map<String, String> properties = properties("budget");
        properties.put("redis.scan.count", "2");
        properties.put("redis.database", "11"); // alone there: every SCAN call meets keys of the table
        String prefix = properties.get("redis.key.prefix");
        try (Jedis jedis = REDIS.connect()) {
            jedis.select(11);
            jedis.flushDB();
            for (int i = 0; i < 30; i++) {
                jedis.hset(prefix + i, Map.of("n", Integer.toString(i)));
            }
        }
        InferredSchema few = infer(properties, new SampleBudget(5, Duration.ofSeconds(30)));
        assertThat(few.sampled()).matches("5 of about \\d+ hash keys under the prefix .*");
        assertThat(few.sampled()).doesNotContain("time limit");
        assertThat(columns(few)).containsExactly("key int KEY key", "n int FIELD n");

        AtomicLong now = new AtomicLong();
        InferredSchema late = RedisSchemaInference.infer(
                "default.budget",
                config(properties),
                SecretResolver.NONE,
                TableFiles.LOCAL,
                new SampleBudget(1000, Duration.ofSeconds(1)),
                () -> now.addAndGet(600_000_000L));
        assertThat(late.sampled()).endsWith(", stopped at the time limit of 1 s");
        assertThat(Integer.parseInt(late.sampled().substring(0, late.sampled().indexOf(' '))))
                .isBetween(1, 29);
    }

    @Test
    void aPrefixWithoutKeysOfTheTypeGivesNoColumn() throws IOException {
        Map<String, String> properties = properties("empty");
        try (Jedis jedis = REDIS.connect()) {
            jedis.set(properties.get("redis.key.prefix") + "1", "a string, not a hash");
        }
        assertThatThrownBy(() -> infer(properties, BUDGET))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("0 of 0 hash keys under the prefix")
                .hasMessageContaining("nothing to sample: no hash key has the prefix")
                .hasMessageContaining("nosql.mapping.url");
    }

    private static void assertExact(DataType type, String text) {
        Object value = TextValueCodec.decode(type, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        if (value instanceof Double d) {
            assertThat(BigDecimal.valueOf(d)).as(text).isEqualByComparingTo(new BigDecimal(text));
        } else if (value instanceof BigDecimal || value instanceof Integer || value instanceof Long) {
            assertThat(new BigDecimal(value.toString())).as(text).isEqualByComparingTo(new BigDecimal(text));
        } else if (value instanceof String s) {
            assertThat(s).isEqualTo(text);
        }
    }

    private static Map<String, String> properties(String name) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("redis.nodes", REDIS.address());
        properties.put("redis.key.prefix", TestingRedisTable.uniquePrefix(name));
        return properties;
    }

    private static TableConfig config(Map<String, String> properties) {
        return TableContexts.validate(CONNECTOR, "default.t", properties);
    }

    private static InferredSchema infer(Map<String, String> properties, SampleBudget budget) throws IOException {
        return CONNECTOR.inferSchema("default.t", config(properties), SecretResolver.NONE, TableFiles.LOCAL, budget);
    }

    private static List<String> columns(InferredSchema schema) {
        return schema.mapping().columns().stream()
                .map(c -> c.name() + " " + c.type().typeName() + " " + c.role() + " " + c.path())
                .toList();
    }

    /** Every row of the table bound with the inferred columns, read as a query reads it, by column name. */
    private static List<Map<String, Object>> readBack(Map<String, String> properties, InferredSchema schema)
            throws IOException {
        TableContext table = CONNECTOR.withStoredSpellings(
                new TableContext(CONNECTOR.bind(config(properties), schema.mapping()), SecretResolver.NONE));
        List<String> names = table.mapping().names();
        return readAll(table).stream()
                .map(row -> {
                    Map<String, Object> byName = new LinkedHashMap<>();
                    for (int i = 0; i < names.size(); i++) {
                        byName.put(names.get(i), row.get(i));
                    }
                    return byName;
                })
                .collect(Collectors.toList());
    }

    private static Map<String, Object> row(List<Map<String, Object>> rows, int key) {
        return rows.stream()
                .filter(r -> Integer.valueOf(key).equals(r.get("key")))
                .findFirst()
                .orElseThrow();
    }
}
