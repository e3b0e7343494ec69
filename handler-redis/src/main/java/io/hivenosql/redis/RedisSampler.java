package io.hivenosql.redis;

import io.hivenosql.api.config.HostAndPort;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Estimates a table's share of one server's keys: DBSIZE, then about {@value #SAMPLE_SIZE} pipelined RANDOMKEY draws,
 * kept when they have the prefix and the table's type, then MEMORY USAGE of a few of them.
 */
final class RedisSampler {
    static final int SAMPLE_SIZE = 1000;
    static final int MEMORY_SAMPLES = 16;

    private RedisSampler() {}

    /**
     * @param dbSize the server's key count (all tables, all types)
     * @param drawn how many random keys were drawn
     * @param matching the drawn keys of this table (with repetitions, as drawn)
     * @param averageBytes the average MEMORY USAGE of some matching keys; 0 when none
     */
    record Sample(long dbSize, int drawn, List<byte[]> matching, long averageBytes) {
        Sample {
            matching = List.copyOf(matching);
        }

        /** The estimated row count: DBSIZE times the matching fraction; DBSIZE itself when the prefix is empty. */
        long estimatedRows(boolean emptyPrefix) {
            if (emptyPrefix || drawn == 0) {
                return emptyPrefix ? dbSize : 0;
            }
            return Math.round((double) dbSize * matching.size() / drawn);
        }
    }

    static Sample sample(Jedis jedis, RedisTable table, HostAndPort node) throws IOException {
        try {
            long dbSize = jedis.dbSize();
            int draws = (int) Math.min(SAMPLE_SIZE, dbSize * 3);
            List<byte[]> drawn = new ArrayList<>(draws);
            if (draws > 0) {
                try (Pipeline pipeline = jedis.pipelined()) {
                    List<Response<byte[]>> keys = new ArrayList<>(draws);
                    for (int i = 0; i < draws; i++) {
                        keys.add(pipeline.randomBinaryKey());
                    }
                    pipeline.sync();
                    for (Response<byte[]> key : keys) {
                        if (key.get() != null) {
                            drawn.add(key.get());
                        }
                    }
                }
            }
            List<byte[]> candidates = drawn.stream().filter(table::hasPrefix).toList();
            List<byte[]> matching = new ArrayList<>();
            if (!candidates.isEmpty()) {
                try (Pipeline pipeline = jedis.pipelined()) {
                    List<Response<String>> types = new ArrayList<>(candidates.size());
                    candidates.forEach(key -> types.add(pipeline.type(key)));
                    pipeline.sync();
                    for (int i = 0; i < candidates.size(); i++) {
                        if (table.valueType().redisType().equals(types.get(i).get())) {
                            matching.add(candidates.get(i));
                        }
                    }
                }
            }
            return new Sample(dbSize, drawn.size(), matching, averageBytes(jedis, matching));
        } catch (JedisException e) {
            throw RedisErrors.readFailed(table, node, "sampling keys (DBSIZE, RANDOMKEY, TYPE)", e);
        }
    }

    private static long averageBytes(Jedis jedis, List<byte[]> keys) {
        Set<ByteKey> distinct = new LinkedHashSet<>();
        for (byte[] key : keys) {
            if (distinct.size() == MEMORY_SAMPLES) {
                break;
            }
            distinct.add(new ByteKey(key));
        }
        if (distinct.isEmpty()) {
            return 0;
        }
        long total = 0;
        int measured = 0;
        try (Pipeline pipeline = jedis.pipelined()) {
            List<Response<Long>> sizes = new ArrayList<>();
            distinct.forEach(key -> sizes.add(pipeline.memoryUsage(key.bytes())));
            pipeline.sync();
            for (Response<Long> size : sizes) {
                try {
                    if (size.get() != null) {
                        total += size.get();
                        measured++;
                    }
                } catch (JedisException e) {
                    // MEMORY USAGE may be renamed or disabled on managed services: the size stays unknown
                    return 0;
                }
            }
        }
        return measured == 0 ? 0 : total / measured;
    }
}
