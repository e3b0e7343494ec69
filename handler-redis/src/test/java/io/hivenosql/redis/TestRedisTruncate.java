package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.normalizedRow;
import static io.hivenosql.redis.TestingRedisTable.prefix;
import static io.hivenosql.redis.TestingRedisTable.readAll;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

class TestRedisTruncate {
    private static final TestingRedisServer REDIS = TestingRedisServer.shared();

    @Test
    void truncateRemovesOnlyThePrefixsKeysEvenWithGlobCharacters() throws Exception {
        String base = TestingRedisTable.uniquePrefix("glob");
        TableContext table = table("truncate", REDIS.address())
                .property("redis.key.prefix", base + "a*b?[c]\\")
                .property("redis.scan.count", "10")
                .column("id", "int")
                .column("v", "string")
                .build();
        TableContext lookalike = table("lookalike", REDIS.address())
                .property("redis.key.prefix", base + "aXb?[c]\\")
                .column("id", "int")
                .column("v", "string")
                .build();
        TableContext shorter = table("shorter", REDIS.address())
                .property("redis.key.prefix", base + "a*b?[c]")
                .column("id", "string")
                .build();
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 250; i++) {
            rows.add(new Object[] {i, "v" + i});
        }
        write(table, rows);
        write(lookalike, List.<Object[]>of(new Object[] {1, "keep"}));
        write(shorter, List.<Object[]>of(new Object[] {"x"}));
        try (Jedis jedis = REDIS.connect()) {
            jedis.set(prefix(table) + "string-type", "kept: another type");
        }
        assertThat(readAll(table)).hasSize(250);

        CONNECTOR.truncate(table);

        assertThat(readAll(table)).isEmpty();
        assertThat(readAll(lookalike)).containsExactly(normalizedRow(1, "keep"));
        assertThat(readAll(shorter)).containsExactly(normalizedRow("x"));
        try (Jedis jedis = REDIS.connect()) {
            assertThat(jedis.get(prefix(table) + "string-type")).isEqualTo("kept: another type");
        }
        CONNECTOR.dropTable(lookalike, false);
        assertThat(readAll(lookalike)).hasSize(1);
        CONNECTOR.dropTable(lookalike, true);
        assertThat(readAll(lookalike)).isEmpty();
    }

    @Test
    void emptyPrefixTruncateIsRefused() throws Exception {
        TableContext table = table("no_prefix", REDIS.address())
                .property("redis.key.prefix", null)
                .column("id", "int")
                .build();
        try (Jedis jedis = REDIS.connect()) {
            long before = jedis.dbSize();
            assertThatThrownBy(() -> CONNECTOR.truncate(table))
                    .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(HandlerErrorCode.UNSUPPORTED_OPERATION))
                    .hasMessageContaining("default.no_prefix")
                    .hasMessageContaining("set redis.key.prefix");
            assertThat(jedis.dbSize()).isEqualTo(before);
        }
    }
}
