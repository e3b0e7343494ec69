package io.hivenosql.bench.raw;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/** SCAN (MATCH the table's prefix, COUNT 1000) and a pipelined HGETALL of each page's keys, with Jedis. */
final class RedisRawScan implements RawScan {
    private final HostAndPort node;
    private final String prefix;

    RedisRawScan(String nodes, String prefix) {
        // a single server: the first node given
        this.node = HostAndPort.from(
                requireNonNull(nodes, "nodes is null").split(",")[0].trim());
        this.prefix = requireNonNull(prefix, "prefix is null");
    }

    @Override
    public long scan() {
        ValueTally tally = new ValueTally();
        ScanParams params = new ScanParams().match(prefix + "*").count(1000);
        try (Jedis jedis = new Jedis(node)) {
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
        return tally.rows();
    }
}
