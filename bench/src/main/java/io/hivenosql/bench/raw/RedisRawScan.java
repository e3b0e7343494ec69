package io.hivenosql.bench.raw;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * SCAN (MATCH the table's prefix, COUNT 1000) and a pipelined HGETALL of each page's keys, with Jedis, on one thread:
 * on a single server, or on each master of a Redis Cluster in turn. The Redis microbenchmark's
 * {@code rawJedisScanAndHgetall} reads the same way.
 */
final class RedisRawScan implements RawScan {
    private final List<Jedis> masters;
    private final String prefix;

    private RedisRawScan(List<Jedis> masters, String prefix) {
        this.masters = masters;
        this.prefix = prefix;
    }

    /** Finds the masters and connects to each. */
    static RedisRawScan open(String nodes, String prefix) {
        HostAndPort first = HostAndPort.from(
                requireNonNull(nodes, "nodes is null").split(",")[0].trim());
        requireNonNull(prefix, "prefix is null");
        List<Jedis> connections = new ArrayList<>();
        try {
            for (HostAndPort master : masters(first)) {
                connections.add(new Jedis(master));
            }
            for (Jedis connection : connections) {
                connection.ping();
            }
        } catch (RuntimeException e) {
            connections.forEach(Jedis::close);
            throw e;
        }
        return new RedisRawScan(List.copyOf(connections), prefix);
    }

    @Override
    public long scan() {
        ValueTally tally = new ValueTally();
        for (Jedis master : masters) {
            scan(master, tally);
        }
        return tally.rows();
    }

    @Override
    public void close() {
        masters.forEach(Jedis::close);
    }

    /** The first node alone, or every master of the cluster it belongs to (replicas hold the same keys). */
    private static List<HostAndPort> masters(HostAndPort first) {
        try (Jedis jedis = new Jedis(first)) {
            if (!jedis.info("cluster").contains("cluster_enabled:1")) {
                return List.of(first);
            }
        }
        List<HostAndPort> masters = new ArrayList<>();
        try (JedisCluster cluster = new JedisCluster(first)) {
            for (String address : cluster.getClusterNodes().keySet()) {
                HostAndPort node = HostAndPort.from(address);
                try (Jedis jedis = new Jedis(node)) {
                    if (jedis.info("replication").contains("role:master")) {
                        masters.add(node);
                    }
                }
            }
        }
        return masters;
    }

    private void scan(Jedis jedis, ValueTally tally) {
        ScanParams params = new ScanParams().match(prefix + "*").count(1000);
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page = jedis.scan(cursor, params);
            Pipeline pipeline = jedis.pipelined();
            List<Response<Map<String, String>>> hashes =
                    new ArrayList<>(page.getResult().size());
            for (String key : page.getResult()) {
                hashes.add(pipeline.hgetAll(key));
            }
            pipeline.sync();
            for (Response<Map<String, String>> hash : hashes) {
                for (String value : hash.get().values()) {
                    tally.size(value.length());
                }
                tally.row();
            }
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    }
}
