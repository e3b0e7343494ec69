package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.redis.RedisSplit.SlotRange;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * What a reader or writer of a Redis Cluster does when a master is lost (or the cluster reconfigures): ask a live node
 * it knows ({@code redis.nodes}, the replicas of the split, the nodes of the last slot map) for the slot map with
 * CLUSTER SLOTS, and wait until every slot it needs is served by a live master that itself says so and reports
 * {@code cluster_state:ok}; at most {@code redis.cluster.failover-timeout-ms}, else the query fails with HNS-204
 * naming the slots, the lost node and the property. The caller then goes on from where it was on the new master.
 */
final class RedisFailover {
    /** Failovers one reader or writer goes through at most, so that a flapping cluster cannot keep it forever. */
    static final int MAX_FAILOVERS = 16;

    private static final Logger log = LoggerFactory.getLogger(RedisFailover.class);
    private static final long POLL_MILLIS = 100;
    private static final int MAX_DESCRIBED = 120;

    private final RedisClients clients;
    private final RedisTable table;
    private final Set<HostAndPort> known = new LinkedHashSet<>();
    /** What the last check of {@link #served} found missing. */
    private String lastState = "";

    RedisFailover(RedisClients clients, Collection<HostAndPort> moreNodes) {
        this.clients = requireNonNull(clients, "clients is null");
        this.table = clients.table();
        known.addAll(table.nodes());
        known.addAll(moreNodes);
    }

    /**
     * Whether a failure means that the node no longer serves the request as planned, so that the slot map must be read
     * again: a lost connection (not a read timeout: a busy server is not a lost one), or the cluster saying it is down
     * (CLUSTERDOWN, while a lost master is not replaced yet) or that the slot moved (MOVED, after a failover).
     */
    static boolean isFailover(Throwable e) {
        if (e instanceof JedisConnectionException) {
            return !RedisErrors.isReadTimeout(e);
        }
        if (e instanceof HandlerException handler) {
            return handler.errorCode() == HandlerErrorCode.STORE_UNREACHABLE && !RedisErrors.isReadTimeout(e);
        }
        String message = e instanceof JedisException ? String.valueOf(e.getMessage()) : "";
        return message.startsWith("CLUSTERDOWN") || message.startsWith("MOVED");
    }

    /** Whether {@code e} or one of its causes is a {@linkplain #isFailover failover} (errors wrapped for messages). */
    static boolean isFailoverCause(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (isFailover(cause)) {
                return true;
            }
        }
        return false;
    }

    /**
     * What HiveServer2 does when a master of {@code topology} fails while a query is compiled (field names sampled,
     * splits planned): when {@code e} is a failover and fewer than {@link #MAX_FAILOVERS} came before, waits until the
     * master's slots are served again ({@link #awaitServed}, knowing every replica of the map) and returns the map that
     * serves them; otherwise rethrows {@code e}.
     */
    static RedisTopology afterLostMaster(
            RedisClients clients,
            RedisTopology topology,
            RedisTopology.Master master,
            Exception e,
            int failovers,
            String doing)
            throws IOException {
        if (!isFailoverCause(e) || failovers >= MAX_FAILOVERS) {
            if (e instanceof IOException io) {
                throw io;
            }
            throw (RuntimeException) e;
        }
        Throwable cause = e instanceof IOException && e.getCause() != null ? e.getCause() : e;
        log.info(
                "table {}: Redis Cluster master {} failed while {} ({}); waiting for its slots to be served again",
                clients.table().name(),
                master.address(),
                doing,
                RedisErrors.reason(cause));
        List<HostAndPort> replicas = new ArrayList<>();
        topology.masters().forEach(m -> replicas.addAll(m.replicas()));
        return new RedisFailover(clients, replicas).awaitServed(master.ranges(), master.address(), doing, cause);
    }

    /**
     * Waits until every slot of {@code slots} is served by a live master with {@code cluster_state:ok}, and returns
     * that master's slot map.
     *
     * @param lost the node that failed
     * @param doing what the caller was doing, for the message
     * @throws IOException HNS-204 REPLICAS_UNAVAILABLE when that does not happen within the failover timeout
     */
    RedisTopology awaitServed(List<SlotRange> slots, HostAndPort lost, String doing, Throwable cause)
            throws IOException {
        long timeoutMillis = table.settings().failoverTimeoutMillis();
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        String state = "no node answered CLUSTER SLOTS";
        for (int round = 0; ; round++) {
            Optional<RedisTopology> topology = askAny();
            if (topology.isPresent()) {
                Optional<RedisTopology> served = served(topology.get(), slots);
                if (served.isPresent()) {
                    return served.get();
                }
                state = lastState;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0 || round > timeoutMillis / POLL_MILLIS + 1) {
                break;
            }
            try {
                Thread.sleep(Math.min(POLL_MILLIS, left / 1_000_000 + 1));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for Redis Cluster slots " + describe(slots)
                        + " of table " + table.name() + " to be served again");
            }
        }
        HandlerException error = new HandlerException(
                HandlerErrorCode.REPLICAS_UNAVAILABLE,
                "table " + table.name() + ": Redis Cluster node " + lost + " failed (" + RedisErrors.reason(cause)
                        + ") while " + doing + ", and no live master served its slots " + describe(slots) + " within "
                        + RedisTableProperties.FAILOVER_TIMEOUT_MS.key() + " (" + timeoutMillis + " ms); last seen: "
                        + state + ". A Redis Cluster promotes a replica of a lost master once cluster-node-timeout has "
                        + "passed: check that the master has a live replica (CLUSTER NODES on any node), restart the "
                        + "lost node, or raise " + RedisTableProperties.FAILOVER_TIMEOUT_MS.key() + " above the "
                        + "cluster's cluster-node-timeout plus a few seconds; the query stops rather than read or write "
                        + "only part of the table",
                cause);
        throw new IOException(error.getMessage(), error);
    }

    /**
     * The slot map of the masters serving {@code slots} when each of them answers, reports {@code cluster_state:ok}
     * and serves its slots by its own CLUSTER SLOTS; else empty, with {@link #lastState} saying what is missing.
     */
    private Optional<RedisTopology> served(RedisTopology topology, List<SlotRange> slots) {
        Map<HostAndPort, List<Integer>> byMaster = new LinkedHashMap<>();
        for (SlotRange range : slots) {
            for (int slot = range.first(); slot <= range.last(); slot++) {
                Optional<RedisTopology.Master> master = topology.masterServing(slot);
                if (master.isEmpty()) {
                    lastState = "slot " + slot + " is served by no master in the map of " + topology.node();
                    return Optional.empty();
                }
                byMaster.computeIfAbsent(master.get().address(), m -> new ArrayList<>())
                        .add(slot);
            }
        }
        RedisTopology own = topology;
        for (Map.Entry<HostAndPort, List<Integer>> entry : byMaster.entrySet()) {
            HostAndPort master = entry.getKey();
            try (Jedis jedis = clients.connect(master)) {
                if (!jedis.clusterInfo().contains("cluster_state:ok")) {
                    lastState = master + " reports cluster_state fail";
                    return Optional.empty();
                }
                own = RedisTopology.fromClusterSlots(
                        master, (List<?>) jedis.sendCommand(Protocol.Command.CLUSTER, "SLOTS"));
                for (int slot : entry.getValue()) {
                    HostAndPort says = own.masterServing(slot)
                            .map(RedisTopology.Master::address)
                            .orElse(null);
                    if (!master.equals(says)) {
                        lastState = "the map of " + topology.node() + " has slot " + slot + " on " + master + ", but "
                                + master + " says it is on " + says;
                        return Optional.empty();
                    }
                }
            } catch (HandlerException e) {
                if (e.errorCode() != HandlerErrorCode.STORE_UNREACHABLE) {
                    throw e;
                }
                lastState = "the map of " + topology.node() + " has slots on " + master + ", which does not answer";
                return Optional.empty();
            } catch (JedisException e) {
                lastState = master + ": " + RedisErrors.reason(e);
                return Optional.empty();
            }
        }
        return Optional.of(own);
    }

    /** CLUSTER SLOTS of the first known node that answers; learns the masters and replicas it names. */
    private Optional<RedisTopology> askAny() {
        for (HostAndPort node : List.copyOf(known)) {
            try (Jedis jedis = clients.connect(node)) {
                RedisTopology topology = RedisTopology.fromClusterSlots(
                        node, (List<?>) jedis.sendCommand(Protocol.Command.CLUSTER, "SLOTS"));
                for (RedisTopology.Master master : topology.masters()) {
                    known.add(master.address());
                    known.addAll(master.replicas());
                }
                return Optional.of(topology);
            } catch (HandlerException e) {
                // unreachable, or a replica the password is not bound to (never sent to it): ask the next one
                log.debug("table {}: no slot map from {}: {}", table.name(), node, e.getMessage());
            } catch (JedisException e) {
                // a node that answers but cannot give the map (loading, restarting): ask the next one
            }
        }
        return Optional.empty();
    }

    /** The slots as ranges ({@code 0-99, 200}), cut short after about 120 characters. */
    static String describe(List<SlotRange> slots) {
        String text = slots.toString();
        return text.length() > MAX_DESCRIBED ? text.substring(0, MAX_DESCRIBED) + "...]" : text;
    }

    /** The slots of a set as ranges. */
    static List<SlotRange> ranges(BitSet slots) {
        List<SlotRange> ranges = new ArrayList<>();
        for (int first = slots.nextSetBit(0); first >= 0; ) {
            int end = slots.nextClearBit(first);
            ranges.add(new SlotRange(first, end - 1));
            first = slots.nextSetBit(end);
        }
        return ranges;
    }
}
