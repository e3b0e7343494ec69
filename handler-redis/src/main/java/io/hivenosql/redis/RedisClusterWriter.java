package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.redis.RedisRecordWriter.Pending;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisDataException;
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
 * takes the write with it. With {@code redis.write.replicas} n > 0, each pipeline to a master ends with {@code WAIT
 * min(n, r)}, r being the replicas the master itself lists (its {@code CLUSTER NODES}, read when the writer connects
 * to it, not the slot map's replica lists: {@code CLUSTER SLOTS} leaves out a replica that has not reported a
 * replication offset yet, as on a freshly formed cluster, and a writer that trusted it acknowledged rows no replica
 * held). A batch counts as written only when that many replicas hold it, or when the master no longer lists the
 * missing replica as live (the cluster declared it failed: logged as a warning); else the query fails with HNS-204
 * after {@code redis.cluster.failover-timeout-ms}.
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
    /** The live replicas each connected master lists, read when the writer connects to it. */
    private final Map<HostAndPort, List<HostAndPort>> replicasOf = new HashMap<>();
    /** The masters whose batches were acknowledged with fewer replicas than asked for (warned once each). */
    private final Set<HostAndPort> warned = new HashSet<>();

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
        int replicas = replicasToWaitFor(master, jedis, false);
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
            awaitReplicas(jedis, master, group, replicas);
        }
    }

    /**
     * WAIT again until as many replicas as the master lists live hold the writes: a replica that the cluster declares
     * failed meanwhile no longer counts (and the master's batches are then acknowledged with fewer replicas than
     * {@code asked}, which is logged once). At most the failover timeout, then HNS-204.
     */
    private void awaitReplicas(Jedis jedis, HostAndPort master, List<Pending> group, int asked) throws IOException {
        long deadline = System.nanoTime() + table.settings().failoverTimeoutMillis() * 1_000_000L;
        long acknowledged = 0;
        int wanted = asked;
        for (int round = 0; round < 10_000 && System.nanoTime() < deadline; round++) {
            wanted = replicasToWaitFor(master, jedis, true);
            acknowledged = wanted == 0 ? 0 : jedis.waitReplicas(wanted, waitMillis());
            if (acknowledged >= wanted) {
                if (wanted < asked && warned.add(master)) {
                    log.warn(
                            "table {}: Redis Cluster master {} acknowledged {} rows (first key '{}') held by {} of the "
                                    + "{} replicas {} asks for: it lists its other replicas as failed, so until they "
                                    + "are back its rows are held by fewer replicas (by none when 0), and a failover "
                                    + "to a replica that lacks them would lose them",
                            table.name(),
                            master,
                            group.size(),
                            RedisRecordWriter.text(group.get(0).key()),
                            acknowledged,
                            asked,
                            RedisTableProperties.WRITE_REPLICAS.key());
                }
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

    /**
     * {@code redis.write.replicas}, at most the live replicas the master lists in its {@code CLUSTER NODES} (read once
     * per connection, or {@code again}).
     *
     * @throws IOException when the master does not answer CLUSTER NODES with a list (e.g. the user may not run it)
     */
    private int replicasToWaitFor(HostAndPort master, Jedis jedis, boolean again) throws IOException {
        int wanted = table.settings().writeReplicas();
        if (wanted == 0) {
            return 0;
        }
        List<HostAndPort> replicas = again ? null : replicasOf.get(master);
        if (replicas == null) {
            String nodes;
            try {
                nodes = jedis.clusterNodes();
            } catch (JedisDataException e) {
                throw new IOException(
                        "table " + table.name() + ": cannot tell which replicas Redis Cluster master " + master
                                + " has, to WAIT for " + RedisTableProperties.WRITE_REPLICAS.key() + " ("
                                + wanted + ") of them: CLUSTER NODES failed (" + e.getMessage() + "); allow the "
                                + "user CLUSTER NODES, or set " + RedisTableProperties.WRITE_REPLICAS.key()
                                + " to 0 to write without waiting for replicas",
                        e);
            }
            replicas = RedisTopology.replicasOfMyself(master, nodes);
            replicasOf.put(master, replicas);
        }
        return Math.min(wanted, replicas.size());
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
        replicasOf.remove(master);
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
