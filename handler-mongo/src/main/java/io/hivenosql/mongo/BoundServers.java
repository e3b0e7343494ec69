package io.hivenosql.mongo;

import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ServerDescription;
import com.mongodb.selector.ServerSelector;
import io.hivenosql.api.client.BoundHosts;
import io.hivenosql.api.spi.BoundSecret;
import java.util.ArrayList;
import java.util.List;

/**
 * The cluster-wide server selector of a client with a password: the driver composes it with every selection (reads,
 * writes, sessions), so that an operation, and with it an authenticated connection, only ever goes to a server the
 * password is bound to. Servers it leaves out are logged once; when no bound server is left the operation waits for
 * one and fails with the driver's server selection timeout.
 */
final class BoundServers implements ServerSelector {
    private final BoundHosts hosts;

    BoundServers(String tableName, BoundSecret secret) {
        this.hosts = new BoundHosts(tableName, secret, "MongoDB server", "no operation is sent to it", "deployment");
    }

    @Override
    public List<ServerDescription> select(ClusterDescription cluster) {
        List<ServerDescription> selected = new ArrayList<>();
        for (ServerDescription server : cluster.getServerDescriptions()) {
            ServerAddress address = server.getAddress();
            if (hosts.admits(address, address.getPort(), address.getHost())) {
                selected.add(server);
            }
        }
        return selected;
    }

    @Override
    public String toString() {
        return "BoundServers[" + hosts + "]";
    }
}
