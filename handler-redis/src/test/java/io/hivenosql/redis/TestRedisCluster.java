package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.allColumns;
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
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisCluster;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;

class TestRedisCluster {
    private static TestingRedisCluster cluster;

    @BeforeAll
    static void startCluster() {
        cluster = TestingRedisCluster.start();
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void writesAndReadsEveryRowExactlyOnceBySlotRanges() throws Exception {
        for (RedisValueType type : RedisValueType.values()) {
            TableContext table = table("cluster_" + type.redisType(), cluster.nodes())
                    .property("redis.value.type", type.redisType())
                    .property("redis.split.count", "7")
                    .property("redis.batch.size", "100")
                    .property("redis.scan.count", "50")
                    .column("id", "string")
                    .column("n", "bigint")
                    .build();
            List<String> keys = TestRedisSplits.variedKeys();
            List<Object[]> rows = new ArrayList<>();
            for (int i = 0; i < keys.size(); i++) {
                rows.add(new Object[] {keys.get(i), (long) i});
            }
            write(table, rows);
            try (JedisCluster client = new JedisCluster(redis.clients.jedis.HostAndPort.from(
                    cluster.servers().get(0).address()))) {
                if (type == RedisValueType.HASH) {
                    client.set(prefix(table) + "wrong-type", "x");
                } else {
                    client.hset(prefix(table) + "wrong-type", "n", "1");
                }
            }
            long onEachNode = 0;
            for (TestingRedisServer server : cluster.servers()) {
                try (Jedis jedis = server.connect()) {
                    assertThat(jedis.dbSize()).isPositive();
                    onEachNode += jedis.dbSize();
                }
            }
            assertThat(onEachNode).isGreaterThanOrEqualTo(keys.size());

            ReadRequest request = request(table, allColumns(table), Optional.empty());
            List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
            assertThat(splits).hasSizeBetween(6, 9);
            assertThat(splits).allSatisfy(s -> assertThat(s.hosts()).containsExactly("127.0.0.1"));
            TestRedisSplits.assertExactlyOnce(request, splits, keys);

            // key-only projection must check the type: the string key of another type is not a row
            ReadRequest keyOnly = request(table, List.of(0), Optional.empty());
            TestRedisSplits.assertExactlyOnce(keyOnly, CONNECTOR.planSplits(keyOnly, 0), keys);

            // a count (no column) checks the type too, and fetches no value
            ReadRequest count = request(table, List.of(), Optional.empty());
            assertThat(TestRedisCounts.assertCountsEqualReads(count, CONNECTOR.planSplits(count, 0), null))
                    .isEqualTo(keys.size());
        }
    }

    @Test
    void lookupsTruncateAndStatisticsOnTheCluster() throws Exception {
        TableContext table = table("cluster_ops", cluster.nodes())
                .column("id", "int")
                .column("v", "string")
                .build();
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            rows.add(new Object[] {i, "v" + i});
        }
        write(table, rows);
        TableContext other =
                table("cluster_other", cluster.nodes()).column("id", "int").build();
        write(other, List.<Object[]>of(new Object[] {1}));

        Filter filter = new Filter.In("id", List.of(3, 150, 1000));
        assertThat(CONNECTOR.filterCapabilities(table).canPush(filter)).isTrue();
        assertThat(readAll(request(table, allColumns(table), Optional.of(filter)), 0))
                .containsExactlyInAnyOrder(normalizedRow(3, "v3"), normalizedRow(150, "v150"));

        assertThat(CONNECTOR.statistics(table).orElseThrow().rowCount()).isBetween(50L, 1000L);

        CONNECTOR.truncate(table);
        assertThat(readAll(table)).isEmpty();
        assertThat(readAll(other)).containsExactly(normalizedRow(1));
    }

    @Test
    void databaseOtherThanZeroIsRefusedOnACluster() {
        TableContext table = table("cluster_db", cluster.nodes())
                .property("redis.database", "3")
                .column("id", "int")
                .build();
        assertThatThrownBy(() -> CONNECTOR.openWriter(table))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_TABLE_PROPERTY))
                .hasMessageContaining("redis.database is 3")
                .hasMessageContaining("Redis Cluster");
    }
}
