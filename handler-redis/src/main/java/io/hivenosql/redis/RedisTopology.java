package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.redis.RedisSplit.SlotRange;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a table's {@code redis.nodes} point at: one server, or a Redis Cluster with its masters, their replicas and
 * hash-slot ranges.
 *
 * @param cluster whether the nodes form a Redis Cluster
 * @param node the node that answered (the server of a non-cluster table)
 * @param masters the cluster's masters in slot order; empty for a single server
 */
record RedisTopology(boolean cluster, HostAndPort node, List<Master> masters) {
    static final int SLOTS = 16384;

    RedisTopology {
        requireNonNull(node, "node is null");
        masters = List.copyOf(requireNonNull(masters, "masters is null"));
    }

    /** A cluster master and the slots it serves. */
    record Master(HostAndPort address, List<HostAndPort> replicas, List<SlotRange> ranges) {
        Master {
            requireNonNull(address, "address is null");
            replicas = List.copyOf(requireNonNull(replicas, "replicas is null"));
            ranges = List.copyOf(requireNonNull(ranges, "ranges is null"));
        }

        /** The master's host first, then its replicas' hosts, without duplicates. */
        List<String> hosts() {
            Set<String> hosts = new LinkedHashSet<>();
            hosts.add(address.host());
            replicas.forEach(r -> hosts.add(r.host()));
            return List.copyOf(hosts);
        }
    }

    static RedisTopology single(HostAndPort node) {
        return new RedisTopology(false, node, List.of());
    }

    /** The nodes that hold the keys: the server, or every master of a cluster. */
    List<HostAndPort> primaries() {
        if (!cluster) {
            return List.of(node);
        }
        List<HostAndPort> primaries = new ArrayList<>(masters.size());
        masters.forEach(m -> primaries.add(m.address()));
        return primaries;
    }

    /** The master serving a slot; empty when no master serves it (or not a cluster). */
    Optional<Master> masterServing(int slot) {
        for (Master master : masters) {
            for (SlotRange range : master.ranges()) {
                if (slot >= range.first() && slot <= range.last()) {
                    return Optional.of(master);
                }
            }
        }
        return Optional.empty();
    }

    /** The master serving a slot, or the answering node when the slot is not assigned (or not a cluster). */
    HostAndPort masterOf(int slot) {
        for (Master master : masters) {
            for (SlotRange range : master.ranges()) {
                if (slot >= range.first() && slot <= range.last()) {
                    return master.address();
                }
            }
        }
        return node;
    }

    /**
     * Parses a {@code CLUSTER SLOTS} reply: entries of {@code [first, last, [host, port, id, ...], replicas...]}. An
     * empty host (unknown endpoint) stands for the host we asked.
     */
    static RedisTopology fromClusterSlots(HostAndPort asked, List<?> reply) {
        Map<HostAndPort, List<SlotRange>> ranges = new LinkedHashMap<>();
        Map<HostAndPort, Set<HostAndPort>> replicas = new LinkedHashMap<>();
        for (Object entry : reply) {
            List<?> fields = (List<?>) entry;
            int first = ((Number) fields.get(0)).intValue();
            int last = ((Number) fields.get(1)).intValue();
            HostAndPort master = endpoint(asked, (List<?>) fields.get(2));
            ranges.computeIfAbsent(master, m -> new ArrayList<>()).add(new SlotRange(first, last));
            Set<HostAndPort> copies = replicas.computeIfAbsent(master, m -> new LinkedHashSet<>());
            for (int i = 3; i < fields.size(); i++) {
                copies.add(endpoint(asked, (List<?>) fields.get(i)));
            }
        }
        List<Master> masters = new ArrayList<>();
        ranges.forEach((address, list) -> {
            list.sort(Comparator.comparingInt(SlotRange::first));
            masters.add(new Master(address, List.copyOf(replicas.get(address)), list));
        });
        masters.sort(Comparator.comparingInt(m -> m.ranges().get(0).first()));
        return new RedisTopology(true, asked, masters);
    }

    /**
     * The replicas of the node that answered {@code CLUSTER NODES} ({@code reply}, the line flagged {@code myself}),
     * as that node knows them: every node whose master field is its id, except those the cluster has declared failed
     * ({@code fail}; a {@code fail?} replica is only suspected and still counts), still in handshake, or without an
     * address. Unlike {@code CLUSTER SLOTS}, which leaves out a replica that has not reported a replication offset
     * yet (every replica of a freshly formed cluster, or one still in its first sync), this lists each replica the
     * master streams its writes to, so a writer that WAITs for them knows how many there are. An empty host stands
     * for the host asked.
     */
    static List<HostAndPort> replicasOfMyself(HostAndPort asked, String reply) {
        List<String[]> nodes = new ArrayList<>();
        String myself = null;
        for (String line : reply.split("\n")) {
            String[] fields = line.trim().split(" ");
            if (fields.length < 8) {
                continue;
            }
            nodes.add(fields);
            if (List.of(fields[2].split(",")).contains("myself")) {
                myself = fields[0];
            }
        }
        if (myself == null) {
            throw new IllegalArgumentException("CLUSTER NODES of " + asked + " has no line flagged myself");
        }
        List<HostAndPort> replicas = new ArrayList<>();
        for (String[] fields : nodes) {
            List<String> flags = List.of(fields[2].split(","));
            if (fields[3].equals(myself)
                    && (flags.contains("slave") || flags.contains("replica"))
                    && !flags.contains("fail")
                    && !flags.contains("handshake")
                    && !flags.contains("noaddr")) {
                String address = fields[1].split("[@,]")[0];
                int colon = address.lastIndexOf(':');
                String host = colon <= 0 ? asked.host() : address.substring(0, colon);
                replicas.add(new HostAndPort(host, Integer.parseInt(address.substring(colon + 1))));
            }
        }
        return List.copyOf(replicas);
    }

    private static HostAndPort endpoint(HostAndPort asked, List<?> node) {
        String host = node.get(0) instanceof byte[] bytes ? new String(bytes, UTF_8) : String.valueOf(node.get(0));
        if (host.isEmpty() || host.equals("?")) {
            host = asked.host();
        }
        return new HostAndPort(host, ((Number) node.get(1)).intValue());
    }
}
