package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.metadata.EndPoint;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.internal.core.metadata.DefaultEndPoint;
import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.spi.BoundSecret;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.SecretUse;
import io.hivenosql.api.spi.StoredSecret;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The distance evaluator that keeps a password from Cassandra nodes its binding does not admit. */
class TestBoundNodes {
    /** A node as the driver describes it: only its end point matters here. */
    private static Node node(InetSocketAddress address) {
        EndPoint endPoint = new DefaultEndPoint(address);
        return (Node) Proxy.newProxyInstance(Node.class.getClassLoader(), new Class<?>[] {Node.class}, (p, m, a) -> {
            if (m.getName().equals("getEndPoint")) {
                return endPoint;
            }
            throw new UnsupportedOperationException(m.getName());
        });
    }

    @Test
    void nodesTheBindingDoesNotAdmitAreIgnored() {
        SecretResolver resolver =
                alias -> Optional.of(StoredSecret.bound("pw".toCharArray(), "cass-1:9042,localhost:9042"));
        BoundSecret secret = resolver.requireBound(
                "db.t",
                new SecretUse(
                        "cassandra.password.alias", "a", "cassandra.hosts", List.of(new HostAndPort("cass-1", 9042))));
        BoundNodes nodes = new BoundNodes("db.t", secret);
        // a peer announced by IP: admitted because the bound name "localhost" resolves to it
        assertThat(nodes.evaluateDistance(node(new InetSocketAddress("127.0.0.1", 9042)), "dc1"))
                .isNull();
        assertThat(nodes.evaluateDistance(node(InetSocketAddress.createUnresolved("cass-1", 9042)), "dc1"))
                .isNull();
        assertThat(nodes.evaluateDistance(node(new InetSocketAddress("127.0.0.1", 9043)), "dc1"))
                .isEqualTo(NodeDistance.IGNORED);
        assertThat(nodes.evaluateDistance(node(InetSocketAddress.createUnresolved("10.9.9.9", 9042)), "dc1"))
                .isEqualTo(NodeDistance.IGNORED);
        // asked again (the driver re-evaluates on topology events): still ignored, logged once
        assertThat(nodes.evaluateDistance(node(InetSocketAddress.createUnresolved("10.9.9.9", 9042)), "dc1"))
                .isEqualTo(NodeDistance.IGNORED);
    }
}
