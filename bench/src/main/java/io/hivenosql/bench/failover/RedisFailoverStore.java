package io.hivenosql.bench.failover;

import io.hivenosql.sandbox.redis.TestingRedisCluster;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * A Redis Cluster of 3 masters with 1 replica each ({@link TestingRedisCluster#startReplicated()}); the run kills the
 * master of slot 0, whose replica is promoted, and restarts it (it rejoins as a replica of the promoted node).
 */
final class RedisFailoverStore implements ReplicatedStore {
    static final String KEY_PREFIX = "failover:kv:";
    private static final int MAX_SCAN_PAGES = 100_000;

    private final TestingRedisCluster cluster;
    private final TestingRedisServer victim;
    private final String victimName;

    private RedisFailoverStore(TestingRedisCluster cluster) {
        this.cluster = cluster;
        this.victim = cluster.masters().get(0);
        this.victimName = "the master of slot 0, redis-server " + victim.address() + " (pid " + victim.pid()
                + "); its replica " + cluster.replicaOf(victim).address() + " takes over";
    }

    static RedisFailoverStore start() {
        TestingRedisCluster cluster = TestingRedisCluster.startReplicated();
        try {
            return new RedisFailoverStore(cluster);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    @Override
    public String description() {
        return "Redis Cluster of 3 masters with 1 replica each (redis-server, cluster-node-timeout "
                + TestingRedisCluster.REPLICATED_NODE_TIMEOUT.toMillis() + " ms), hash table, key prefix "
                + KEY_PREFIX;
    }

    @Override
    public String storedBy(String database) {
        return "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes' = '" + cluster.nodes()
                + "', 'redis.key.prefix' = '" + KEY_PREFIX + "', 'redis.key.column' = 'k')";
    }

    @Override
    public String victim() {
        return victimName;
    }

    @Override
    public void kill() {
        victim.kill();
    }

    @Override
    public Duration awaitNoticed(Duration timeout) {
        return cluster.awaitFailover(victim, timeout);
    }

    @Override
    public String noticedMeaning() {
        return "promotion window, from the kill until the replica served the killed master's slots";
    }

    @Override
    public boolean mayFailWhileNoticing() {
        return true;
    }

    @Override
    public void restart(Duration timeout) {
        cluster.restart(victim);
        cluster.awaitReady(timeout);
    }

    @Override
    public Set<Long> storedKeys() {
        Set<Long> keys = new TreeSet<>();
        ScanParams params = new ScanParams().match(KEY_PREFIX + "*").count(1000);
        for (TestingRedisServer master : cluster.masters()) {
            try (Jedis jedis = master.connect()) {
                String cursor = ScanParams.SCAN_POINTER_START;
                int pages = 0;
                do {
                    if (++pages > MAX_SCAN_PAGES) {
                        throw new IllegalStateException(
                                "SCAN of " + master.address() + " did not end after " + MAX_SCAN_PAGES + " pages");
                    }
                    ScanResult<String> page = jedis.scan(cursor, params);
                    page.getResult().forEach(key -> keys.add(Long.parseLong(key.substring(KEY_PREFIX.length()))));
                    cursor = page.getCursor();
                } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
            }
        }
        return keys;
    }

    @Override
    public String storedKeysMethod() {
        return "Jedis, SCAN MATCH " + KEY_PREFIX + "* on every master";
    }

    @Override
    public Map<String, Long> pids() {
        Map<String, Long> pids = new LinkedHashMap<>();
        for (TestingRedisServer server : cluster.servers()) {
            if (server.isAlive()) {
                pids.put("redis-server " + server.address(), server.pid());
            }
        }
        return pids;
    }

    @Override
    public void close() {
        cluster.close();
    }
}
