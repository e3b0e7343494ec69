package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.prefix;
import static io.hivenosql.redis.TestingRedisTable.request;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * A split of a request of no column is counted from its keys alone (no value fetched) exactly as many records as its
 * reader returns: SCAN ranges of hashes and strings with keys of another type and another prefix beside them, key
 * lookups of keys that are missing or of another type, and an empty table; against the shared server (the cluster's
 * slot ranges: {@link TestRedisCluster}).
 */
class TestRedisCounts {
    private static final TestingRedisServer REDIS = TestingRedisServer.shared();

    /**
     * Asserts that each split is counted as many records as its reader returns, and that counting fetched no value;
     * returns the total.
     */
    static long assertCountsEqualReads(ReadRequest request, List<SplitSpec> splits, Jedis stats) throws IOException {
        long total = 0;
        for (SplitSpec split : splits) {
            long read = 0;
            try (RecordSource source = CONNECTOR.openReader(request, split)) {
                while (source.next()) {
                    read++;
                }
            }
            long fetchesBefore = valueFetches(stats);
            assertThat(CONNECTOR.countRecords(request, split))
                    .as("%s", split.description())
                    .hasValue(read);
            assertThat(valueFetches(stats))
                    .as("value fetches counting %s", split.description())
                    .isEqualTo(fetchesBefore);
            total += read;
        }
        return total;
    }

    private static long valueFetches(Jedis stats) {
        if (stats == null) {
            return 0;
        }
        long calls = 0;
        for (String command : List.of("hgetall", "hmget", "get", "ttl")) {
            calls += TestingRedisTable.calls(stats, command);
        }
        return calls;
    }

    @Test
    void scanSplitsOfHashesAndStringsCountTheKeysTheirReadersRead() throws Exception {
        for (RedisValueType type : RedisValueType.values()) {
            TableContext table = table("counts_" + type.redisType(), REDIS.address())
                    .property("redis.value.type", type.redisType())
                    .property("redis.split.count", "7")
                    .property("redis.scan.count", "50")
                    .column("id", "string")
                    .column("v", "int")
                    .build();
            List<String> keys = TestRedisSplits.variedKeys();
            List<Object[]> rows = new ArrayList<>();
            for (int i = 0; i < keys.size(); i++) {
                rows.add(new Object[] {keys.get(i), i});
            }
            write(table, rows);
            try (Jedis jedis = REDIS.connect()) {
                // another type (no record), a value that does not read as an int (a record: no column is read)
                if (type == RedisValueType.HASH) {
                    jedis.set(prefix(table) + "a-string", "x");
                    jedis.hset(prefix(table) + "bad-value", "v", "not a number");
                } else {
                    jedis.hset(prefix(table) + "a-hash", "v", "1");
                    jedis.set(prefix(table) + "bad-value", "{\"v\": \"not a number\"}");
                }
                jedis.set(prefix(table).substring(0, prefix(table).length() - 1) + "-other:1", "{}");
                ReadRequest request = request(table, List.of(), Optional.empty());
                List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
                assertThat(splits).hasSize(7);
                assertThat(assertCountsEqualReads(request, splits, jedis))
                        .as("%s", type)
                        .isEqualTo(keys.size() + 1);
            }
        }
    }

    @Test
    void keyLookupsCountTheKeysThatExistWithTheTablesType() throws Exception {
        TableContext table = table("count_lookups", REDIS.address())
                .column("id", "bigint")
                .column("name", "string")
                .build();
        List<Object[]> rows = new ArrayList<>();
        for (long i = 0; i < 20; i++) {
            rows.add(new Object[] {i, "name" + i});
        }
        write(table, rows);
        try (Jedis jedis = REDIS.connect()) {
            jedis.set(prefix(table) + "100", "another type");
            ReadRequest request =
                    request(table, List.of(), Optional.of(new Filter.In("id", List.of(1L, 2L, 3L, 100L, 101L))));
            List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
            assertThat(assertCountsEqualReads(request, splits, jedis)).isEqualTo(3);
        }
    }

    @Test
    void anEmptyTableCountsNothing() throws Exception {
        TableContext table = table("count_empty", REDIS.address())
                .property("redis.split.count", "4")
                .column("id", "string")
                .build();
        ReadRequest request = request(table, List.of(), Optional.empty());
        assertThat(assertCountsEqualReads(request, CONNECTOR.planSplits(request, 0), null))
                .isZero();
    }

    @Test
    void aRequestThatReadsAColumnIsNotCounted() throws Exception {
        TableContext table =
                table("count_column", REDIS.address()).column("id", "string").build();
        ReadRequest request = request(table, List.of(0), Optional.empty());
        assertThat(CONNECTOR.countRecords(
                        request, CONNECTOR.planSplits(request, 0).get(0)))
                .isEmpty();
    }
}
