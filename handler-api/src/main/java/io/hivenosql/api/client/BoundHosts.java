package io.hivenosql.api.client;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.spi.BoundSecret;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The servers a client with a password may talk to, as the driver's own filter of the servers it learns of (Cassandra
 * peers, MongoDB replica-set members, hosts from DNS): a server is admitted when the password's binding admits one of
 * the names it is known by ({@link BoundSecret#permits}); each server left out is logged once.
 */
public final class BoundHosts {
    private static final Logger log = LoggerFactory.getLogger(BoundHosts.class);

    private final String tableName;
    private final BoundSecret secret;
    private final String server;
    private final String consequence;
    private final String whole;
    private final Set<Object> ignored = ConcurrentHashMap.newKeySet();

    /**
     * @param server what a server is called, e.g. {@code Cassandra node}
     * @param consequence what the driver does with a server left out, e.g. {@code the driver does not connect to it}
     * @param whole what the servers form, e.g. {@code cluster}
     */
    public BoundHosts(String tableName, BoundSecret secret, String server, String consequence, String whole) {
        this.tableName = requireNonNull(tableName, "tableName is null");
        this.secret = requireNonNull(secret, "secret is null");
        this.server = requireNonNull(server, "server is null");
        this.consequence = requireNonNull(consequence, "consequence is null");
        this.whole = requireNonNull(whole, "whole is null");
    }

    /**
     * Whether the password may go to {@code address}, known by any of {@code names} (null names are skipped) at
     * {@code port}; a server refused for the first time is logged.
     */
    public boolean admits(Object address, int port, String... names) {
        for (String name : names) {
            if (name != null && secret.permits(name, port)) {
                return true;
            }
        }
        if (ignored.add(address)) {
            log.warn(
                    "table {}: {} {} is not among the hosts the password of {} is bound to; {} (an administrator adds "
                            + "it to the alias's .hosts entry if it belongs to the {})",
                    tableName,
                    server,
                    address,
                    secret.use().aliasProperty(),
                    consequence,
                    whole);
        }
        return false;
    }

    @Override
    public String toString() {
        return secret.binding().toString();
    }
}
