package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class TestRedisKeyedReadLimit {
    private static final TestingRedisServer REDIS = TestingRedisServer.shared();

    @Test
    void oneKeyColumnLooksUpHalfTheRowsSeveralTheListCap() {
        assertThat(RedisKeyedReadLimit.limit(600_000, 1)).hasValue(300_000);
        assertThat(RedisKeyedReadLimit.limit(1, 1)).hasValue(0);
        assertThat(RedisKeyedReadLimit.limit(0, 1)).hasValue(0);
        assertThat(RedisKeyedReadLimit.limit(-1, 1)).isEmpty();
        // the walk happens anyway: any list is read by key, up to what a split carries
        assertThat(RedisKeyedReadLimit.limit(-1, 2)).hasValue(RedisKeyFilter.MAX_KEYS);
        assertThat(RedisKeyedReadLimit.limit(10, 3)).hasValue(RedisKeyFilter.MAX_KEYS);
    }

    @Test
    void aProductOfKeyListsIsLookedUpUpToAQuarterOfTheRows() {
        assertThat(RedisKeyedReadLimit.productLimit(3_000_000)).isEqualTo(750_000);
        assertThat(RedisKeyedReadLimit.productLimit(600_000)).isEqualTo(150_000);
        assertThat(RedisKeyedReadLimit.productLimit(100_000)).isEqualTo(RedisKeyFilter.MAX_KEYS);
        assertThat(RedisKeyedReadLimit.productLimit(10_000_000)).isEqualTo(RedisKeyFilter.MAX_PRODUCT_KEYS);
        assertThat(RedisKeyedReadLimit.productLimit(-1)).isEqualTo(RedisKeyFilter.MAX_KEYS);
    }

    @Test
    void theConnectorWeighsTheKeysAgainstItsEstimate() throws Exception {
        TableContext single = table("limit_single", REDIS.address())
                .column("id", "bigint")
                .column("v", "string")
                .build();
        TableContext composite = table("limit_composite", REDIS.address())
                .column("a", "bigint")
                .column("b", "int")
                .column("v", "string")
                .property("redis.key.column", "a,b")
                .build();
        List<Object[]> rows = new ArrayList<>();
        List<Object[]> pairs = new ArrayList<>();
        for (long id = 0; id < 400; id++) {
            rows.add(new Object[] {id, "v" + id});
            pairs.add(new Object[] {id, 1, "v" + id});
        }
        write(single, rows);
        write(composite, pairs);
        // the estimate comes from a random sample of the server's keys: about the 400 rows, halved
        assertThat(CONNECTOR.keyedReadLimit(single).orElseThrow()).isBetween(100L, 400L);
        assertThat(CONNECTOR.keyedReadLimit(composite)).isEqualTo(OptionalLong.of(RedisKeyFilter.MAX_KEYS));
    }
}
