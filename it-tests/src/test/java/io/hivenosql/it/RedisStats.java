package io.hivenosql.it;

import java.util.HashMap;
import java.util.Map;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Reads Redis' own per-command call counters ({@code INFO commandstats}), the proof that a query did or did not scan:
 * what the server executed, not what the handler says it did.
 */
final class RedisStats {
    private RedisStats() {}

    /** How many keys of the connection's database start with {@code prefix} (SCAN, never KEYS). */
    static long keys(Jedis jedis, String prefix) {
        long keys = 0;
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> page =
                    jedis.scan(cursor, new ScanParams().match(prefix + "*").count(1000));
            keys += page.getResult().size();
            cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        return keys;
    }

    static Map<String, Long> commandCalls(String host, int port) {
        try (Jedis jedis = new Jedis(host, port)) {
            Map<String, Long> calls = new HashMap<>();
            for (String line : jedis.info("commandstats").split("\r?\n")) {
                // cmdstat_scan:calls=12,usec=...
                if (line.startsWith("cmdstat_")) {
                    String command = line.substring("cmdstat_".length(), line.indexOf(':'));
                    String stats = line.substring(line.indexOf(':') + 1);
                    for (String part : stats.split(",")) {
                        if (part.startsWith("calls=")) {
                            calls.put(command, Long.parseLong(part.substring("calls=".length())));
                        }
                    }
                }
            }
            return calls;
        }
    }

    static long delta(Map<String, Long> before, Map<String, Long> after, String command) {
        return after.getOrDefault(command, 0L) - before.getOrDefault(command, 0L);
    }
}
