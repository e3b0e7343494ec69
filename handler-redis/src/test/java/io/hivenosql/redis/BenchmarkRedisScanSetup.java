package io.hivenosql.redis;

import io.hivenosql.sandbox.bench.ScanSetupBenchmark;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.Map;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * What planning a query over a small Redis table costs, and what each of its tasks costs before and while it reads
 * ({@link ScanSetupBenchmark}) over hashes {@code setup:row:<i>}. Redis pushes nothing on a non-key column, so Hive
 * keeps the predicate and the tasks read every row.
 *
 * <p>Run with {@code bin/hive-nosql microbench setup} (all stores), or {@link #main} alone: one Redis server, loaded
 * once.
 */
public class BenchmarkRedisScanSetup extends ScanSetupBenchmark<TestingRedisServer> {
    static final String PREFIX = "setup:row:";

    public BenchmarkRedisScanSetup() {
        super(RedisStorageHandler.class, RedisSerDe.class);
    }

    @Override
    protected TestingRedisServer startServer() {
        return TestingRedisServer.builder().build();
    }

    @Override
    protected String address(TestingRedisServer server) {
        return server.address();
    }

    /** Hashes {@code setup:row:<i>} with a name, a quantity (i mod 10) and a price. */
    @Override
    protected void load(String nodes, int rows) {
        try (Jedis jedis = new Jedis(
                HostAndPort.from(nodes), DefaultJedisClientConfig.builder().build())) {
            for (int i = 0; i < rows; i++) {
                jedis.hset(
                        PREFIX + i,
                        Map.of("name", "customer#" + i, "qty", Integer.toString(i % 10), "price", (100 + i) + ".25"));
            }
        }
    }

    @Override
    protected Map<String, String> storeProperties(String nodes) {
        return Map.of("redis.nodes", nodes, "redis.key.prefix", PREFIX);
    }

    /** Nothing is pushed: the tasks read every row. */
    @Override
    protected long leastRowsRead(int rows) {
        return rows;
    }

    /** Starts a Redis server, loads {@code args[0]} rows (default 10), runs both methods and stops the server. */
    public static void main(String[] args) throws Exception {
        run(new BenchmarkRedisScanSetup(), args);
    }
}
