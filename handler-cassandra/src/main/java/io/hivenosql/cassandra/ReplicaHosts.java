package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.metadata.Node;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The preferred hosts of a split, from the replicas the driver's token map names for its tokens. */
final class ReplicaHosts {
    private ReplicaHosts() {}

    /** The host names (or addresses) of the nodes, sorted, without duplicates: the preferred hosts of a split. */
    static List<String> of(Collection<Node> nodes) {
        Set<String> hosts = new TreeSet<>();
        for (Node node : nodes) {
            SocketAddress address = node.getEndPoint().resolve();
            hosts.add(address instanceof InetSocketAddress inet ? inet.getHostString() : address.toString());
        }
        return List.copyOf(hosts);
    }
}
