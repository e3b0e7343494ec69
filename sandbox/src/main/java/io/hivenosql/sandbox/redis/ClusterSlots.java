package io.hivenosql.sandbox.redis;

import io.hivenosql.sandbox.FreePorts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;

/** The slots and ports of a {@link TestingRedisCluster}: how its masters split the slots, and what CLUSTER SLOTS says. */
final class ClusterSlots {
    private static final int BUS_PORT_OFFSET = 10_000;

    private ClusterSlots() {}

    /** Slot ranges [first, last] per master: three ranges of nearly equal size covering 0..16383. */
    static int[][] ranges() {
        int masters = TestingRedisCluster.MASTERS;
        int slots = TestingRedisCluster.SLOTS;
        int[][] ranges = new int[masters][];
        for (int i = 0; i < masters; i++) {
            ranges[i] = new int[] {i * slots / masters, (i + 1) * slots / masters - 1};
        }
        return ranges;
    }

    /** CLUSTER SLOTS as sorted {@code first-last@port} entries. */
    static String slotMap(Jedis jedis) {
        List<String> entries = new ArrayList<>();
        for (Object slot : (List<?>) jedis.sendCommand(Protocol.Command.CLUSTER, "SLOTS")) {
            List<?> fields = (List<?>) slot;
            List<?> master = (List<?>) fields.get(2);
            entries.add(fields.get(0) + "-" + fields.get(1) + "@" + master.get(1));
        }
        entries.sort(null);
        return String.join(";", entries);
    }

    /** Whether a slot map of {@link #slotMap} gives some slots to {@code server}. */
    static boolean serves(String slotMap, TestingRedisServer server) {
        return Arrays.stream(slotMap.split(";")).anyMatch(entry -> entry.endsWith("@" + server.port()));
    }

    /** A free port whose cluster-bus port (port + 10000) is free as well. */
    static int freeClusterPort() {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = FreePorts.pick();
            if (port + BUS_PORT_OFFSET <= 65535 && FreePorts.isFree(port + BUS_PORT_OFFSET)) {
                return port;
            }
        }
        throw new IllegalStateException("found no free port p with p + 10000 free on 127.0.0.1 in 100 attempts");
    }
}
