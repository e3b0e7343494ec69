package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

class TestRedisKeyPatterns {
    @Test
    void escapesEveryGlobCharacter() {
        assertThat(new String(RedisKeyPatterns.escape("a*b?[c]\\^-d".getBytes(UTF_8)), UTF_8))
                .isEqualTo("a\\*b\\?\\[c\\]\\\\\\^\\-d");
        assertThat(new String(RedisKeyPatterns.prefixPattern("p:".getBytes(UTF_8)), UTF_8))
                .isEqualTo("p:*");
    }

    @Test
    void globPrefixMatchesOnlyItsOwnKeysOnRealRedis() {
        String prefix = TestingRedisTable.uniquePrefix("glob") + "a*b?[c]\\";
        List<String> own = List.of(prefix, prefix + "1", prefix + "x]", prefix + "\u00e9");
        List<String> others = List.of(
                prefix.replace("a*b", "aXXb"),
                prefix.replace("?", "Q") + "1",
                prefix.replace("[c]", "c") + "1",
                prefix.substring(0, prefix.length() - 1) + "1",
                prefix.replace("[c]", "[d]") + "1");
        TestingRedisServer server = TestingRedisServer.shared();
        try (Jedis jedis = server.connect()) {
            own.forEach(k -> jedis.set(k, "own"));
            others.forEach(k -> jedis.set(k, "other"));
            assertThat(scan(jedis, RedisKeyPatterns.prefixPattern(prefix.getBytes(UTF_8))))
                    .containsExactlyInAnyOrderElementsOf(own);
        }
    }

    private static List<String> scan(Jedis jedis, byte[] pattern) {
        List<String> keys = new ArrayList<>();
        byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
        do {
            ScanResult<byte[]> result =
                    jedis.scan(cursor, new ScanParams().match(pattern).count(1000));
            result.getResult().forEach(k -> keys.add(new String(k, UTF_8)));
            cursor = result.getCursorAsBytes();
        } while (!result0(cursor));
        return keys;
    }

    private static boolean result0(byte[] cursor) {
        return cursor.length == 1 && cursor[0] == '0';
    }
}
