package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.allColumns;
import static io.hivenosql.redis.TestingRedisTable.normalizedRow;
import static io.hivenosql.redis.TestingRedisTable.prefix;
import static io.hivenosql.redis.TestingRedisTable.readAll;
import static io.hivenosql.redis.TestingRedisTable.request;
import static io.hivenosql.redis.TestingRedisTable.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.AmbiguousFieldException;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

/** Hashes whose field names redis-py (or any client) wrote in camelCase, read by lower-case Hive columns. */
class TestRedisSpellings {
    private static final TestingRedisServer REDIS = TestingRedisServer.shared();

    @Test
    void theSampleGivesEachColumnTheSpellingTheHashesUse() throws Exception {
        TableContext table = students("students");
        try (Jedis jedis = REDIS.connect()) {
            jedis.hset(prefix(table) + "1", Map.of("studentID", "S1", "paymentType", "card", "Score", "7"));
            jedis.hset(prefix(table) + "2", Map.of("studentID", "S2", "PaymentType", "cash", "Score", "9"));
        }
        // without a sample the columns read their mapped names exactly: what HMGET asks for
        assertThat(readAll(table))
                .containsOnly(normalizedRow("1", null, null, null), normalizedRow("2", null, null, null));

        TableContext resolved = TestingRedisTable.CONNECTOR.withStoredSpellings(table);
        assertThat(resolved.mapping().columns().stream().map(ColumnMapping::fetchPaths))
                .containsExactly(
                        List.of("id"), List.of("studentID"), List.of("PaymentType", "paymentType"), List.of("Score"));
        assertThat(resolved.mapping().column(0).storedPaths())
                .as("the key is no field")
                .isEmpty();
        assertThat(readAll(resolved))
                .containsExactlyInAnyOrder(normalizedRow("1", "S1", "card", 7), normalizedRow("2", "S2", "cash", 9));
        // lookups (HGETALL) read the same spellings
        Filter byKey = new Filter.Compare("id", CompareOp.EQ, "2");
        assertThat(TestingRedisTable.readAll(request(resolved, allColumns(resolved), Optional.of(byKey)), 0))
                .containsExactly(normalizedRow("2", "S2", "cash", 9));
    }

    @Test
    void keyLookupsSampleTheLookedUpHashesWithoutAScan() throws Exception {
        TableContext table = students("lookups");
        try (Jedis jedis = REDIS.connect()) {
            jedis.hset(prefix(table) + "1", Map.of("studentID", "S1", "paymentType", "card"));
            jedis.hset(prefix(table) + "2", Map.of("STUDENTID", "S2", "paymentType", "cash"));
            long scans = TestingRedisTable.calls(jedis, "scan");
            TableContext resolved = TestingRedisTable.CONNECTOR.withStoredSpellings(
                    table, Optional.of(new Filter.In("id", List.of("2", "3"))));
            assertThat(TestingRedisTable.calls(jedis, "scan")).isEqualTo(scans);
            assertThat(resolved.mapping().column(1).path()).isEqualTo("STUDENTID");
            // without a key filter: a scanned sample of the table's hashes
            TableContext scanned = TestingRedisTable.CONNECTOR.withStoredSpellings(
                    table, Optional.of(new Filter.Compare("score", CompareOp.GT, 3)));
            assertThat(TestingRedisTable.calls(jedis, "scan")).isGreaterThan(scans);
            assertThat(scanned.mapping().column(1).fetchPaths()).containsExactly("STUDENTID", "studentID");
        }
    }

    @Test
    void aHashWithTwoSpellingsOfAFieldIsABadRecordOfThatColumn() throws Exception {
        TableContext table = students("both");
        try (Jedis jedis = REDIS.connect()) {
            jedis.hset(prefix(table) + "1", Map.of("paymentType", "card", "PaymentType", "cash", "studentID", "S1"));
            jedis.hset(prefix(table) + "2", Map.of("paymentType", "card", "paymenttype", "cash"));
        }
        TableContext resolved = TestingRedisTable.CONNECTOR.withStoredSpellings(table);
        assertThat(resolved.mapping().column(2).fetchPaths())
                .containsExactly("PaymentType", "paymentType", "paymenttype");
        for (SplitSpec split :
                TestingRedisTable.CONNECTOR.planSplits(request(resolved, allColumns(resolved), Optional.empty()), 1)) {
            try (RecordSource source = TestingRedisTable.CONNECTOR.openReader(
                    request(resolved, allColumns(resolved), Optional.empty()), split)) {
                while (source.next()) {
                    if (source.key().endsWith(":1")) {
                        assertThat(source.get(1)).isEqualTo("S1");
                        assertThatThrownBy(() -> source.get(2))
                                .isInstanceOf(AmbiguousFieldException.class)
                                .hasMessageContaining("'PaymentType' and 'paymentType'")
                                .hasMessageContaining("redis.columns.mapping");
                    } else {
                        // the mapped (Hive) name spelt exactly is the one read
                        assertThat(source.get(2)).isEqualTo("cash");
                    }
                }
            }
        }
    }

    @Test
    void stringTablesAreNotSampled() throws Exception {
        TableContext json = table("json_students", REDIS.address())
                .property("redis.value.type", "string")
                .column("id", "string")
                .column("studentid", "string")
                .build();
        assertThat(TestingRedisTable.CONNECTOR.withStoredSpellings(json)).isSameAs(json);
        try (Jedis jedis = REDIS.connect()) {
            jedis.set(prefix(json) + "1", "{\"studentID\":\"S1\"}");
        }
        assertThat(readAll(json)).containsExactly(normalizedRow("1", "S1"));
    }

    @Test
    void aFewHashesAmongManyOtherKeysAreStillSampled() throws Exception {
        TableContext table = table("rare", REDIS.address())
                .column("id", "string")
                .column("studentid", "string")
                .property("redis.scan.count", "1")
                .build();
        try (Jedis jedis = REDIS.connect()) {
            try (Pipeline pipeline = jedis.pipelined()) {
                for (int i = 0; i < 20_000; i++) {
                    pipeline.hset("it:spellings:crowd:" + i, "other", "x");
                }
                pipeline.sync();
            }
            jedis.hset(prefix(table) + "1", Map.of("studentID", "S1"));
            jedis.hset(prefix(table) + "2", Map.of("studentID", "S2"));
            // 50 SCAN calls of COUNT 1 see some 50 of the 20,000 keys: the sample goes on until it finds one of the
            // table's, or the camelCase field would read as NULL as in an empty table
            TableContext resolved = TestingRedisTable.CONNECTOR.withStoredSpellings(table);
            assertThat(resolved.mapping().column(1).path()).isEqualTo("studentID");
            assertThat(readAll(resolved)).containsExactlyInAnyOrder(normalizedRow("1", "S1"), normalizedRow("2", "S2"));
        } finally {
            try (Jedis jedis = REDIS.connect();
                    Pipeline pipeline = jedis.pipelined()) {
                for (int i = 0; i < 20_000; i++) {
                    pipeline.del("it:spellings:crowd:" + i);
                }
                pipeline.sync();
            }
        }
    }

    private static TableContext students(String name) {
        return table(name, REDIS.address())
                .column("id", "string")
                .column("studentid", "string")
                .column("paymenttype", "string")
                .column("score", "int")
                .build();
    }
}
