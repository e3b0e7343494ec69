package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistanceEvaluator;
import com.datastax.oss.driver.api.core.metadata.Node;
import io.hivenosql.api.spi.BoundSecret;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a session's password from the nodes it is not bound to: the driver asks this evaluator for the distance of
 * every node it learns of (contact points and the peers in {@code system.peers}), and a node whose native-protocol
 * address the binding does not admit is {@link NodeDistance#IGNORED}: the driver opens no pool to it and leaves it out
 * of every query plan, including the one the control connection follows when it reconnects. Each ignored node is
 * logged once. For the other nodes the load balancing policy decides as usual (local or remote data center).
 */
final class BoundNodes implements NodeDistanceEvaluator {
    private static final Logger log = LoggerFactory.getLogger(BoundNodes.class);

    private final String tableName;
    private final BoundSecret secret;
    private final Set<SocketAddress> ignored = ConcurrentHashMap.newKeySet();

    BoundNodes(String tableName, BoundSecret secret) {
        this.tableName = requireNonNull(tableName, "tableName is null");
        this.secret = requireNonNull(secret, "secret is null");
    }

    @Override
    public NodeDistance evaluateDistance(Node node, String localDc) {
        SocketAddress address = node.getEndPoint().resolve();
        if (permits(address)) {
            return null;
        }
        if (ignored.add(address)) {
            log.warn(
                    "table {}: Cassandra node {} is not among the hosts the password of {} is bound to; the driver "
                            + "does not connect to it (an administrator adds it to the alias's .hosts entry if it "
                            + "belongs to the cluster)",
                    tableName,
                    node.getEndPoint(),
                    CassandraTableProperties.PASSWORD_ALIAS.key());
        }
        return NodeDistance.IGNORED;
    }

    boolean permits(SocketAddress address) {
        if (!(address instanceof InetSocketAddress inet)) {
            return false;
        }
        if (secret.permits(inet.getHostString(), inet.getPort())) {
            return true;
        }
        return inet.getAddress() != null && secret.permits(inet.getAddress().getHostAddress(), inet.getPort());
    }
}
