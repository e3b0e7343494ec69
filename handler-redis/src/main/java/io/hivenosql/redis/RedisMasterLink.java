package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.redis.RedisSplit.SlotRange;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The connection of a cluster scan split ({@link RedisSplit.Slots}) to the master of its slots. When that master is
 * lost, {@link #failover} waits for the slots to be served by a live master (its promoted replica) and connects there,
 * so that the reader goes on from where it was.
 */
final class RedisMasterLink implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RedisMasterLink.class);

    private final RedisClients clients;
    private final RedisSplit.Slots split;
    private final RedisFailover failover;
    private HostAndPort master;
    private Jedis jedis;
    private int failovers;

    RedisMasterLink(RedisClients clients, RedisSplit.Slots split) {
        this.clients = requireNonNull(clients, "clients is null");
        this.split = requireNonNull(split, "split is null");
        this.failover = new RedisFailover(clients, split.replicas());
        this.master = split.master();
        this.jedis = clients.connect(master);
    }

    synchronized Jedis jedis() {
        return jedis;
    }

    synchronized Pipeline pipelined() {
        return jedis.pipelined();
    }

    /** The master read from now. */
    synchronized HostAndPort master() {
        return master;
    }

    /**
     * After a failure that {@link RedisFailover#isFailover} accepts: waits until a live master serves every slot of
     * the split and connects to it; the caller then repeats what failed.
     *
     * @throws IOException HNS-204 when no master serves them in time, or when the split has failed over too often
     */
    synchronized void failover(Exception cause, String doing, long keysRead) throws IOException {
        HostAndPort lost = master;
        if (++failovers > RedisFailover.MAX_FAILOVERS) {
            throw new IOException(
                    "table " + clients.table().name() + ": the Redis Cluster changed masters more than "
                            + RedisFailover.MAX_FAILOVERS + " times while one split read slots "
                            + RedisFailover.describe(split.ranges()) + "; last lost " + lost + ": "
                            + RedisErrors.reason(cause),
                    cause);
        }
        try {
            jedis.close();
        } catch (JedisException e) {
            log.debug("closing the lost connection to {} failed: {}", lost, e.getMessage());
        }
        long start = System.nanoTime();
        RedisTopology topology = failover.awaitServed(split.ranges(), lost, doing, cause);
        SlotRange first = split.ranges().get(0);
        HostAndPort next = topology.masterServing(first.first()).orElseThrow().address();
        for (SlotRange range : split.ranges()) {
            for (int slot = range.first(); slot <= range.last(); slot++) {
                if (!next.equals(topology.masterServing(slot).orElseThrow().address())) {
                    throw new IOException("table " + clients.table().name() + ": the slots "
                            + RedisFailover.describe(split.ranges()) + " of one split were on " + lost
                            + " and are now served by several masters (" + next + " and "
                            + topology.masterServing(slot).orElseThrow().address()
                            + "): the cluster was resharded while the query ran; run the query again");
                }
            }
        }
        jedis = clients.connect(next);
        master = next;
        if (!next.equals(lost)) {
            log.info(
                    "table {}: split of slots {} moved from lost master {} to {} after {} ms ({} keys read before)",
                    clients.table().name(),
                    RedisFailover.describe(split.ranges()),
                    lost,
                    next,
                    (System.nanoTime() - start) / 1_000_000,
                    keysRead);
        } else {
            log.info(
                    "table {}: split of slots {} goes on at {} after the cluster was down for {} ms: {}",
                    clients.table().name(),
                    RedisFailover.describe(split.ranges()),
                    next,
                    (System.nanoTime() - start) / 1_000_000,
                    RedisErrors.reason(cause));
        }
    }

    @Override
    public synchronized void close() {
        jedis.close();
    }
}
