package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ServerDescription;
import com.mongodb.selector.ServerSelector;
import io.hivenosql.api.spi.BoundSecret;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster-wide server selector of a client with a password: the driver composes it with every selection (reads,
 * writes, sessions), so that an operation, and with it an authenticated connection, only ever goes to a server the
 * password is bound to. Servers it leaves out are logged once; when no bound server is left the operation waits for
 * one and fails with the driver's server selection timeout.
 */
final class BoundServers implements ServerSelector {
    private static final Logger log = LoggerFactory.getLogger(BoundServers.class);

    private final String tableName;
    private final BoundSecret secret;
    private final Set<ServerAddress> ignored = ConcurrentHashMap.newKeySet();

    BoundServers(String tableName, BoundSecret secret) {
        this.tableName = requireNonNull(tableName, "tableName is null");
        this.secret = requireNonNull(secret, "secret is null");
    }

    @Override
    public List<ServerDescription> select(ClusterDescription cluster) {
        List<ServerDescription> selected = new ArrayList<>();
        for (ServerDescription server : cluster.getServerDescriptions()) {
            ServerAddress address = server.getAddress();
            if (secret.permits(address.getHost(), address.getPort())) {
                selected.add(server);
            } else if (ignored.add(address)) {
                log.warn(
                        "table {}: MongoDB server {} is not among the hosts the password of {} is bound to; no "
                                + "operation is sent to it (an administrator adds it to the alias's .hosts entry if it "
                                + "belongs to the deployment)",
                        tableName,
                        address,
                        MongoTableProperties.PASSWORD_ALIAS.key());
            }
        }
        return selected;
    }

    @Override
    public String toString() {
        return "BoundServers[" + secret.binding() + "]";
    }
}
