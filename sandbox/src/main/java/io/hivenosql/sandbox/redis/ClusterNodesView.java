package io.hivenosql.sandbox.redis;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One node's {@code CLUSTER NODES} reply, parsed: each node's id, port, flags, master and first slot.
 *
 * @param nodes the nodes the asked node knows, itself included
 */
record ClusterNodesView(List<Node> nodes) {
    ClusterNodesView {
        nodes = List.copyOf(requireNonNull(nodes, "nodes is null"));
    }

    /**
     * A node as another sees it.
     *
     * @param id the node id
     * @param port its client port
     * @param flags {@code myself}, {@code master}, {@code slave}, {@code fail}, {@code fail?}, ...
     * @param masterId the id of its master, or {@code -} for a master
     * @param firstSlot the first slot it serves, or -1 when it serves none
     */
    record Node(String id, int port, Set<String> flags, String masterId, int firstSlot) {
        Node {
            requireNonNull(id, "id is null");
            flags = Set.copyOf(requireNonNull(flags, "flags is null"));
            requireNonNull(masterId, "masterId is null");
        }

        boolean isMaster() {
            return flags.contains("master");
        }

        boolean isReplica() {
            return flags.contains("slave");
        }

        boolean failing() {
            return flags.contains("fail") || flags.contains("fail?");
        }
    }

    /** Parses lines of {@code <id> <ip:port@cport[,hostname]> <flags> <master> <ping> <pong> <epoch> <link> <slot>...}. */
    static ClusterNodesView parse(String reply) {
        List<Node> nodes = new ArrayList<>();
        for (String line : reply.split("\n")) {
            String[] fields = line.trim().split(" ");
            if (fields.length < 8) {
                continue;
            }
            String address = fields[1];
            int colon = address.lastIndexOf(':', address.indexOf('@') < 0 ? address.length() : address.indexOf('@'));
            int end = address.indexOf('@') < 0 ? address.length() : address.indexOf('@');
            int port = Integer.parseInt(address.substring(colon + 1, end));
            int firstSlot = -1;
            for (int i = 8; i < fields.length && firstSlot < 0; i++) {
                if (!fields[i].startsWith("[")) {
                    String first = fields[i].contains("-") ? fields[i].substring(0, fields[i].indexOf('-')) : fields[i];
                    firstSlot = Integer.parseInt(first);
                }
            }
            nodes.add(new Node(fields[0], port, Set.of(fields[2].split(",")), fields[3], firstSlot));
        }
        return new ClusterNodesView(nodes);
    }

    Optional<Node> byPort(int port) {
        return nodes.stream().filter(n -> n.port() == port).findFirst();
    }

    Optional<Node> byId(String id) {
        return nodes.stream().filter(n -> n.id().equals(id)).findFirst();
    }
}
