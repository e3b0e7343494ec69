package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.redis.RedisRecordWriter.Pending;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * Sends a writer's batches to a Redis Cluster: the rows grouped by the master of their slot, one pipeline per master
 * (its own connection). When a master is lost (or the cluster says CLUSTERDOWN or MOVED), the rows it did not
 * acknowledge are sent again to the master that serves their slots once the cluster has promoted a replica ({@link
 * RedisFailover}); every command of a row (DEL + HSET + EXPIRE, or SET) gives the same result when repeated, so a row is
 * written once whether or not the lost master had applied it, and counted once.
 *
 * <p>Redis replicates asynchronously: a master that dies after acknowledging a write but before its replica got it
 * takes the write with it. With {@code redis.write.replicas} n > 0, each pipeline to a master that has replicas ends
 * with {@code WAIT min(n, its live replicas)}; a batch counts as written only when that many replicas hold it, or when
 * the cluster no longer lists the missing replica (it failed).
 */
final class RedisClusterWriter implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RedisClusterWriter.class);
    private static final long MAX_WAIT_MILLIS = 1_000;

    /** How the writer puts a row into a pipeline and checks its replies. */
    interface Rows {
        List<Response<?>> append(AbstractPipeline pipeline, Pending row);

        void check(Pending row, List<Response<?>> replies, HostAndPort master) throws IOException;
    }

    private final RedisClients clients;
    private final RedisTable table;
    private final Rows rows;
    private final RedisFailover failover;
    private final Map<HostAndPort, Jedis> connections = new LinkedHashMap<>();
    private RedisTopology topology;
    private int failovers;

    RedisClusterWriter(RedisClients clients, RedisTopology topology, Rows rows) {
        this.clients = requireNonNull(clients, "clients is null");
        this.table = clients.table();
        this.topology = requireNonNull(topology, "topology is null");
        this.rows = requireNonNull(rows, "rows is null");
        List<HostAndPort> replicas = new ArrayList<>();
        topology.masters().forEach(m -> replicas.addAll(m.replicas()));
        this.failover = new RedisFailover(clients, replicas);
    }

    /** The master a key goes to by the slot map in use. */
    HostAndPort masterOf(byte[] key) {
        return topology.masterOf(JedisClusterCRC16.getSlot(key));
    }

    /** Writes every row of {@code batch}, each acknowledged once; throws when a row cannot be written. */
    void send(List<Pending> batch) throws IOException {
        List<Pending> todo = batch;
        while (true) {
            Map<HostAndPort, List<Pending>> byMaster = new LinkedHashMap<>();
            for (Pending row : todo) {
                byMaster.computeIfAbsent(masterOf(row.key()), m -> new ArrayList<>())
                        .add(row);
            }
            List<Pending> unacknowledged = new ArrayList<>();
            HostAndPort lost = null;
            Exception cause = null;
            for (Map.Entry<HostAndPort, List<Pending>> group : byMaster.entrySet()) {
                try {
                    sendTo(group.getKey(), group.getValue());
                } catch (JedisException | HandlerException e) {
                    if (!RedisFailover.isFailover(e)) {
                        throw RedisErrors.writeFailed(
                                table,
                                group.getKey(),
                                RedisRecordWriter.text(group.getValue().get(0).key()),
                                "a pipeline of " + group.getValue().size() + " rows failed",
                                e);
                    }
                    forget(group.getKey());
                    unacknowledged.addAll(group.getValue());
                    lost = group.getKey();
                    cause = e;
                }
            }
            if (unacknowledged.isEmpty()) {
                return;
            }
            todo = unacknowledged;
            awaitFailover(todo, lost, cause);
        }
    }

    /** One pipeline of {@code group} to {@code master}, ending with WAIT when the master has replicas. */
    private void sendTo(HostAndPort master, List<Pending> group) throws IOException {
        Jedis jedis = connections.get(master);
        if (jedis == null) {
            jedis = clients.connect(master);
            connections.put(master, jedis);
        }
        int replicas = replicasToWaitFor(master);
        List<List<Response<?>>> replies = new ArrayList<>(group.size());
        Response<Long> acknowledged;
        try (Pipeline pipeline = jedis.pipelined()) {
            for (Pending row : group) {
                replies.add(rows.append(pipeline, row));
            }
            acknowledged = replicas > 0 ? pipeline.waitReplicas(replicas, waitMillis()) : null;
            pipeline.sync();
        }
        for (List<Response<?>> rowReplies : replies) {
            for (Response<?> reply : rowReplies) {
                try {
                    reply.get();
                } catch (JedisException e) {
                    if (RedisFailover.isFailover(e)) {
                        throw e; // the group goes to the master that serves its slots now
                    }
                }
            }
        }
        for (int i = 0; i < group.size(); i++) {
            rows.check(group.get(i), replies.get(i), master);
        }
        if (acknowledged != null && acknowledged.get() < replicas) {
            awaitReplicas(jedis, master, group);
        }
    }

    /**
     * WAIT again until as many replicas as the master has live hold the writes: a replica that the cluster declares
     * failed meanwhile no longer counts. At most the failover timeout, then HNS-204.
     */
    private void awaitReplicas(Jedis jedis, HostAndPort master, List<Pending> group) throws IOException {
        long deadline = System.nanoTime() + table.settings().failoverTimeoutMillis() * 1_000_000L;
        long acknowledged = 0;
        int wanted = replicasToWaitFor(master);
        for (int round = 0; round < 10_000 && System.nanoTime() < deadline; round++) {
            topology = clients.topology();
            wanted = replicasToWaitFor(master);
            if (wanted == 0) {
                return;
            }
            acknowledged = jedis.waitReplicas(wanted, waitMillis());
            if (acknowledged >= wanted) {
                return;
            }
        }
        HandlerException error = new HandlerException(
                HandlerErrorCode.REPLICAS_UNAVAILABLE,
                "table " + table.name() + ": Redis Cluster master " + master + " acknowledged " + group.size()
                        + " rows (first key '"
                        + RedisRecordWriter.text(group.get(0).key()) + "'), but only "
                        + acknowledged + " of the " + wanted + " replicas that "
                        + RedisTableProperties.WRITE_REPLICAS.key()
                        + " asks for held them within " + RedisTableProperties.FAILOVER_TIMEOUT_MS.key() + " ("
                        + table.settings().failoverTimeoutMillis() + " ms): check the master's replicas (INFO "
                        + "replication on " + master + "), or set " + RedisTableProperties.WRITE_REPLICAS.key()
                        + " to 0 to write without waiting for them",
                null);
        throw new IOException(error.getMessage(), error);
    }

    /** {@code redis.write.replicas}, at most the master's live replicas in the slot map in use. */
    private int replicasToWaitFor(HostAndPort master) {
        int wanted = table.settings().writeReplicas();
        if (wanted == 0) {
            return 0;
        }
        for (RedisTopology.Master known : topology.masters()) {
            if (known.address().equals(master)) {
                return Math.min(wanted, known.replicas().size());
            }
        }
        return 0;
    }

    private long waitMillis() {
        return Math.max(1, Math.min(MAX_WAIT_MILLIS, table.settings().timeoutMillis() / 2));
    }

    /** Waits until the slots of the unacknowledged rows are served by live masters, then uses their slot map. */
    private void awaitFailover(List<Pending> unacknowledged, HostAndPort lost, Exception cause) throws IOException {
        if (++failovers > RedisFailover.MAX_FAILOVERS) {
            throw RedisErrors.writeFailed(
                    table,
                    lost,
                    RedisRecordWriter.text(unacknowledged.get(0).key()),
                    "the Redis Cluster changed masters more than " + RedisFailover.MAX_FAILOVERS
                            + " times while one task wrote",
                    cause);
        }
        BitSet slots = new BitSet(RedisTopology.SLOTS);
        unacknowledged.forEach(row -> slots.set(JedisClusterCRC16.getSlot(row.key())));
        long start = System.nanoTime();
        topology = failover.awaitServed(
                RedisFailover.ranges(slots), lost, "writing " + unacknowledged.size() + " rows", cause);
        log.info(
                "table {}: {} rows that {} did not acknowledge ({}) are written again to the masters serving their "
                        + "slots now, after {} ms",
                table.name(),
                unacknowledged.size(),
                lost,
                RedisErrors.reason(cause),
                (System.nanoTime() - start) / 1_000_000);
    }

    private void forget(HostAndPort master) {
        Jedis jedis = connections.remove(master);
        if (jedis != null) {
            try {
                jedis.close();
            } catch (JedisException e) {
                log.debug("closing the lost connection to {} failed: {}", master, e.getMessage());
            }
        }
    }

    @Override
    public void close() {
        List.copyOf(connections.keySet()).forEach(this::forget);
    }
}
