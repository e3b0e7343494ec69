package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.allColumns;
import static io.hivenosql.redis.TestingRedisTable.prefix;
import static io.hivenosql.redis.TestingRedisTable.readSplit;
import static io.hivenosql.redis.TestingRedisTable.request;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableStatistics;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

class TestRedisSplits {
    private static final TestingRedisServer REDIS = TestingRedisServer.shared();

    /** Keys ending in digits, letters, punctuation, glob characters and multi-byte characters, plus the empty key. */
    static List<String> variedKeys() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            keys.add(Integer.toString(i));
        }
        for (char c = 'a'; c <= 'z'; c++) {
            keys.add("letter-" + c);
            keys.add("LETTER-" + Character.toUpperCase(c));
        }
        for (String s :
                List.of("*", "?", "[", "]", "\\", "^", "-", " ", "\u00e9", "\u65e5\u672c", "\ud83d\ude00", "x\u0000")) {
            keys.add("odd" + s);
        }
        keys.add("");
        return keys;
    }

    @Test
    void forcedAndAutomaticSplitsReadEveryRowExactlyOnce() throws Exception {
        TableContext forced = table("splits", REDIS.address())
                .property("redis.split.count", "7")
                .column("id", "string")
                .column("v", "int")
                .build();
        List<Object[]> rows = new ArrayList<>();
        List<String> keys = variedKeys();
        for (int i = 0; i < keys.size(); i++) {
            rows.add(new Object[] {keys.get(i), i});
        }
        write(forced, rows);
        try (Jedis jedis = REDIS.connect()) {
            // other types and other prefixes must not show up
            jedis.set(prefix(forced) + "a-string", "x");
            jedis.hset(prefix(forced).substring(0, prefix(forced).length() - 1) + "-other:1", "v", "1");
        }

        ReadRequest request = request(forced, allColumns(forced), Optional.empty());
        List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
        assertThat(splits).hasSize(7);
        assertThat(splits).allSatisfy(s -> assertThat(s.hosts()).containsExactly("127.0.0.1"));
        assertExactlyOnce(request, splits, keys);

        TableContext automatic = table("splits", REDIS.address())
                .property("redis.key.prefix", prefix(forced))
                .column("id", "string")
                .column("v", "int")
                .build();
        ReadRequest autoRequest = request(automatic, allColumns(automatic), Optional.empty());
        List<SplitSpec> autoSplits = CONNECTOR.planSplits(autoRequest, 0);
        assertThat(autoSplits).hasSize(1);
        assertExactlyOnce(autoRequest, autoSplits, keys);
        assertExactlyOnce(autoRequest, CONNECTOR.planSplits(autoRequest, 200), keys);

        TableStatistics statistics = CONNECTOR.statistics(automatic).orElseThrow();
        assertThat(statistics.rowCount()).isBetween(keys.size() / 5L, keys.size() * 5L);
        assertThat(statistics.totalBytes()).isPositive();
    }

    @Test
    void aSmallDatabaseGetsOneSplitPerSixteenKeysAtMost() throws Exception {
        try (TestingRedisServer own = TestingRedisServer.start()) {
            TableContext table = table("small_db", own.address())
                    .property("redis.split.count", "64")
                    .column("id", "string")
                    .build();
            List<String> keys = writeKeys(table, 300);
            ReadRequest request = request(table, List.of(0), Optional.empty());
            List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
            assertThat(splits).hasSize(16); // 300 / 16 = 18, rounded down to a power of two
            assertExactlyOnce(request, splits, keys);
        }
    }

    /**
     * The splits are ranges of SCAN's cursor space; keys written between the reads of two splits make Redis grow
     * (and rehash) its key table mid-query. A small COUNT makes many calls run past their range's end. Every key
     * present when the query was planned is still read exactly once.
     */
    @Test
    void splitsReadEveryKeyOnceWhileTheServerGrowsItsKeyTable() throws Exception {
        try (TestingRedisServer own = TestingRedisServer.start()) {
            TableContext table = table("rehash", own.address())
                    .property("redis.split.count", "16")
                    .property("redis.scan.count", "50")
                    .column("id", "string")
                    .build();
            List<String> keys = writeKeys(table, 20_000);
            ReadRequest request = request(table, List.of(0), Optional.empty());
            List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
            assertThat(splits).hasSize(16);
            try (Jedis jedis = own.connect()) {
                AtomicInteger other = new AtomicInteger();
                assertExactlyOnce(request, splits, keys, () -> {
                    // other keys, not of the table: 8k between splits grow the table from 32k to 256k buckets
                    try (Pipeline pipeline = jedis.pipelined()) {
                        for (int i = 0; i < 8_000; i++) {
                            pipeline.set("other:" + other.getAndIncrement(), "x");
                        }
                    }
                });
            }
        }
    }

    @Test
    void aDatabaseEmptiedAfterPlanningFailsTheReadInsteadOfReadingKeysTwice() throws Exception {
        try (TestingRedisServer own = TestingRedisServer.start()) {
            TableContext table = table("emptied", own.address())
                    .property("redis.split.count", "4")
                    .column("id", "string")
                    .build();
            writeKeys(table, 20_000);
            ReadRequest request = request(table, List.of(0), Optional.empty());
            List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
            try (Jedis jedis = own.connect()) {
                jedis.flushDB();
            }
            writeKeys(table, 10);
            assertThatThrownBy(() -> readSplit(request, splits.get(0)))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("holds 10 keys now, fewer than the 1024 SCAN ranges")
                    .hasMessageContaining("table " + table.tableName())
                    .hasMessageContaining("run the query again");
        }
    }

    /** Writes rows of one string column (the key), {@code k0} to {@code k<count - 1>}, and returns the keys. */
    private static List<String> writeKeys(TableContext table, int count) throws IOException {
        List<String> keys = new ArrayList<>(count);
        List<Object[]> rows = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            keys.add("k" + i);
            rows.add(new Object[] {"k" + i});
        }
        write(table, rows);
        return keys;
    }

    static void assertExactlyOnce(ReadRequest request, List<SplitSpec> splits, List<String> expectedKeys)
            throws Exception {
        assertExactlyOnce(request, splits, expectedKeys, () -> {});
    }

    /** Reads the splits one after another, running {@code beforeEachSplit} before each. */
    static void assertExactlyOnce(
            ReadRequest request, List<SplitSpec> splits, List<String> expectedKeys, Runnable beforeEachSplit)
            throws Exception {
        Map<String, Integer> seen = new HashMap<>();
        for (SplitSpec split : splits) {
            beforeEachSplit.run();
            Set<String> inSplit = new HashSet<>();
            for (List<Object> row : readSplit(request, split)) {
                String key = String.valueOf(row.get(0));
                assertThat(inSplit.add(key))
                        .as("key '%s' twice in split %s", key, split.description())
                        .isTrue();
                seen.merge(key, 1, Integer::sum);
            }
        }
        assertThat(seen.keySet()).containsExactlyInAnyOrderElementsOf(expectedKeys);
        assertThat(seen.values()).allMatch(count -> count == 1);
    }
}
