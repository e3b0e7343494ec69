package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistanceEvaluator;
import com.datastax.oss.driver.api.core.metadata.Node;
import io.hivenosql.api.client.BoundHosts;
import io.hivenosql.api.spi.BoundSecret;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Keeps a session's password from the nodes it is not bound to: the driver asks this evaluator for the distance of
 * every node it learns of (contact points and the peers in {@code system.peers}), and a node whose native-protocol
 * address the binding does not admit is {@link NodeDistance#IGNORED}: the driver opens no pool to it and leaves it out
 * of every query plan, including the one the control connection follows when it reconnects. Each ignored node is
 * logged once. For the other nodes the load balancing policy decides as usual (local or remote data center).
 */
final class BoundNodes implements NodeDistanceEvaluator {
    private final BoundHosts hosts;

    BoundNodes(String tableName, BoundSecret secret) {
        this.hosts =
                new BoundHosts(tableName, secret, "Cassandra node", "the driver does not connect to it", "cluster");
    }

    /** Null (the load balancing policy decides) for a node the binding admits, by name or by address. */
    @Override
    public NodeDistance evaluateDistance(Node node, String localDc) {
        SocketAddress address = node.getEndPoint().resolve();
        if (address instanceof InetSocketAddress inet
                && hosts.admits(
                        node.getEndPoint(),
                        inet.getPort(),
                        inet.getHostString(),
                        inet.getAddress() == null ? null : inet.getAddress().getHostAddress())) {
            return null;
        }
        return NodeDistance.IGNORED;
    }
}
