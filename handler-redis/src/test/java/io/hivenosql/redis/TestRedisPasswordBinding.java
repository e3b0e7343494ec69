package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.allColumns;
import static io.hivenosql.redis.TestingRedisTable.normalizedRow;
import static io.hivenosql.redis.TestingRedisTable.readAll;
import static io.hivenosql.redis.TestingRedisTable.request;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.StoredSecret;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.TestingTcpRelay;
import io.hivenosql.sandbox.redis.TestingRedisCluster;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A password goes only to the Redis nodes its binding admits: the table's nodes, and the masters a cluster announces. */
class TestRedisPasswordBinding {
    private static final String PASSWORD = "binding-s3cret-Pa55";

    private static SecretResolver boundTo(String hosts) {
        return alias -> Optional.of(StoredSecret.bound(PASSWORD.toCharArray(), hosts));
    }

    @Test
    void aNodeTheBindingDoesNotAdmitNeverGetsThePassword() throws Exception {
        try (TestingRedisServer server =
                        TestingRedisServer.builder().password(PASSWORD).build();
                TestingTcpRelay relay = TestingTcpRelay.start(server.host(), server.port())) {
            TableContext stolen = table("stolen", relay.address())
                    .property("redis.password.alias", "redis.pw")
                    .secrets(boundTo(server.address()))
                    .column("id", "int")
                    .build();
            assertThatThrownBy(() -> CONNECTOR.planSplits(request(stolen, allColumns(stolen), Optional.empty()), 0))
                    .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(HandlerErrorCode.HOST_NOT_BOUND))
                    .hasMessageContaining(relay.address())
                    .hasMessageContaining("redis.nodes")
                    .hasMessageContaining("alias 'redis.pw'")
                    .hasMessageNotContaining(PASSWORD);
            assertThatThrownBy(() -> CONNECTOR.openWriter(stolen)).hasMessageContaining("HNS-135");
            assertThat(relay.connections()).isZero();

            // the same table, bound: works through the relay, which then sees the AUTH
            TableContext bound = table("bound", relay.address())
                    .property("redis.password.alias", "redis.pw")
                    .secrets(boundTo(relay.address()))
                    .column("id", "int")
                    .column("v", "string")
                    .build();
            write(bound, List.<Object[]>of(new Object[] {1, "one"}));
            assertThat(readAll(bound)).containsExactly(normalizedRow(1, "one"));
            assertThat(relay.receivedText()).contains("AUTH").contains(PASSWORD);
        }
    }

    @Test
    void aSecretWithoutBindingIsNotUsed() {
        SecretResolver unbound = alias -> Optional.of(new StoredSecret(PASSWORD.toCharArray(), Optional.empty(), "p"));
        TableContext table = table("unbound", "127.0.0.1:1")
                .property("redis.password.alias", "redis.pw")
                .secrets(unbound)
                .column("id", "int")
                .build();
        assertThatThrownBy(() -> CONNECTOR.openWriter(table))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.SECRET_NOT_BOUND))
                .hasMessageContaining(
                        "hadoop credential create redis.pw.hosts -value 'host:port[,host:port...]' " + "-provider p");
    }

    @Test
    void everyNodeTheClientConfigurationConnectsToIsChecked() {
        TableContext table = table("guarded", "127.0.0.1:6390")
                .property("redis.password.alias", "redis.pw")
                .secrets(boundTo("127.0.0.1:6390,localhost:6391"))
                .column("id", "int")
                .build();
        RedisClients clients = new RedisClients(RedisTable.of(table), table.secrets(), table.files());
        var mapper = clients.clientConfig(0).getHostAndPortMapper();
        assertThat(mapper.getHostAndPort(new redis.clients.jedis.HostAndPort("127.0.0.1", 6390)))
                .isEqualTo(new redis.clients.jedis.HostAndPort("127.0.0.1", 6390));
        // an IP a cluster announces matches the name the administrator bound
        assertThat(mapper.getHostAndPort(new redis.clients.jedis.HostAndPort("127.0.0.1", 6391)))
                .isEqualTo(new redis.clients.jedis.HostAndPort("127.0.0.1", 6391));
        assertThatThrownBy(() -> mapper.getHostAndPort(new redis.clients.jedis.HostAndPort("10.1.2.3", 6390)))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.HOST_NOT_BOUND))
                .hasMessageContaining("10.1.2.3:6390");
    }

    @Test
    void theMastersACLusterAnnouncesMustBeBound() throws Exception {
        try (TestingRedisCluster cluster = TestingRedisCluster.withPassword(PASSWORD)) {
            TestingRedisServer seed = cluster.servers().get(0);
            TableContext seedOnly = table("seed_only", seed.address())
                    .property("redis.password.alias", "redis.pw")
                    .secrets(boundTo(seed.address()))
                    .column("id", "int")
                    .build();
            assertThatThrownBy(() -> CONNECTOR.planSplits(request(seedOnly, allColumns(seedOnly), Optional.empty()), 0))
                    .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(HandlerErrorCode.HOST_NOT_BOUND))
                    .hasMessageContaining("Redis Cluster master")
                    .hasMessageContaining(cluster.servers().get(1).address());
            assertThatThrownBy(() -> CONNECTOR.openWriter(seedOnly)).hasMessageContaining("HNS-135");

            // bound by name: the cluster announces 127.0.0.1, which "localhost" resolves to
            String byName = cluster.servers().stream()
                    .map(server -> "localhost:" + server.port())
                    .collect(Collectors.joining(","));
            TableContext all = table("all", seed.address())
                    .property("redis.password.alias", "redis.pw")
                    .secrets(boundTo(byName))
                    .column("id", "int")
                    .column("v", "string")
                    .build();
            write(all, List.<Object[]>of(new Object[] {1, "one"}, new Object[] {2, "two"}, new Object[] {3, "three"}));
            assertThat(readAll(all))
                    .containsExactlyInAnyOrder(
                            normalizedRow(1, "one"), normalizedRow(2, "two"), normalizedRow(3, "three"));
        }
    }
}
