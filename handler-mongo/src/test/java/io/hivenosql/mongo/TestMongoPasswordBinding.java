package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoClientSettings;
import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterConnectionMode;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ClusterType;
import com.mongodb.connection.ServerConnectionState;
import com.mongodb.connection.ServerDescription;
import com.mongodb.connection.ServerType;
import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.spi.BoundSecret;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.SecretUse;
import io.hivenosql.api.spi.StoredSecret;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TaskAttempt;
import io.hivenosql.api.table.TableContexts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where a MongoDB password may go: the URI's hosts, an SRV name, and the members the driver discovers. */
class TestMongoPasswordBinding {
    private static MongoTable table(String uri) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("mongo.uri", uri);
        properties.put("mongo.user", "hive");
        properties.put("mongo.password.alias", "mongo.pw");
        TableContext context = TableContexts.create(
                new MongoConnector(), "db.t", properties, List.of(HiveColumn.of("v", "string")), null);
        return MongoTable.of(context);
    }

    private static ServerDescription server(String host, int port) {
        return ServerDescription.builder()
                .address(new ServerAddress(host, port))
                .state(ServerConnectionState.CONNECTED)
                .type(ServerType.REPLICA_SET_SECONDARY)
                .build();
    }

    @Test
    void theHostsOfTheUriAreWhereThePasswordGoes() {
        SecretUse use = table("mongodb://m1,m2:27018/db.c?replicaSet=rs0").uri().secretUse("mongo.pw");
        assertThat(use.hosts()).containsExactly(new HostAndPort("m1", 27017), new HostAndPort("m2", 27018));
        assertThat(use.hostsProperty()).isEqualTo("mongo.uri");
        assertThat(use.srvName()).isEmpty();
        SecretUse srv =
                table("mongodb+srv://cluster0.ab12c.mongodb.net/db.c").uri().secretUse("mongo.pw");
        assertThat(srv.hosts()).isEmpty();
        assertThat(srv.srvName()).contains("cluster0.ab12c.mongodb.net");
        assertThat(new MongoConnector().secretUse(table("mongodb://m1/db.c").config()))
                .map(SecretUse::hosts)
                .contains(List.of(new HostAndPort("m1", 27017)));
    }

    @Test
    void discoveredMembersTheBindingDoesNotAdmitAreNeverSelected() {
        SecretResolver resolver =
                alias -> Optional.of(StoredSecret.bound("pw".toCharArray(), "m1:27017,*.rs.prod:27017"));
        MongoTable table = table("mongodb://m1/db.c?replicaSet=rs0");
        BoundSecret secret = resolver.requireBound(table.name(), table.uri().secretUse("mongo.pw"));
        MongoClientSettings settings = MongoClients.settings(table, Optional.of(secret));
        BoundServers selector = (BoundServers) settings.getClusterSettings().getServerSelector();
        ClusterDescription cluster = new ClusterDescription(
                ClusterConnectionMode.MULTIPLE,
                ClusterType.REPLICA_SET,
                List.of(server("m1", 27017), server("m2.rs.prod", 27017), server("evil.org", 27017), server("m1", 1)));
        assertThat(selector.select(cluster))
                .extracting(description -> description.getAddress().toString())
                .containsExactly("m1:27017", "m2.rs.prod:27017");
        // no pool fills itself in the background, so that connections open only to selected servers
        assertThat(settings.getConnectionPoolSettings().getMinSize()).isZero();
        assertThat(settings.getCredential()).isNotNull();
    }

    @Test
    void aUriHostTheBindingDoesNotAdmitIsRefusedBeforeAnyClientExists() {
        SecretResolver resolver = alias -> Optional.of(StoredSecret.bound("pw".toCharArray(), "m1:27017"));
        MongoTable table = table("mongodb://m1,evil:27017/db.c");
        assertThatThrownBy(() -> MongoClients.acquire(new TableContext(table, resolver, TaskAttempt.NONE)))
                .hasMessageContaining("HNS-135")
                .hasMessageContaining("mongo.uri names evil:27017");
    }
}
