package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.HostBinding;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.util.Arrays;

/**
 * A secret whose binding admits every host the table names ({@link SecretResolver#requireBound}). The client factories
 * give it to their drivers together with a check that keeps it from any other host the driver discovers (cluster
 * nodes, peers, replica-set members): {@link #permits}.
 *
 * @param value the secret; cleared by {@link #clear()}
 * @param binding the hosts an administrator bound it to
 * @param use the alias and hosts of the table
 * @param source where the secret was found (the provider path), for messages
 */
public record BoundSecret(char[] value, HostBinding binding, SecretUse use, String source) {
    public BoundSecret {
        requireNonNull(value, "value is null");
        requireNonNull(binding, "binding is null");
        requireNonNull(use, "use is null");
        requireNonNull(source, "source is null");
    }

    /**
     * Whether the secret may be sent to {@code host:port}: the binding admits it, or {@code host} is the IP address of
     * one of the table's (bound) hosts with the same port, as drivers that resolve the hosts they are given see them.
     */
    public boolean permits(String host, int port) {
        if (binding.permits(host, port)) {
            return true;
        }
        if (!HostAndPort.isIpLiteral(host)) {
            return false;
        }
        return use.hosts().stream()
                .anyMatch(bound -> bound.port() == port && HostBinding.resolvesTo(bound.host(), host));
    }

    /**
     * HOST_NOT_BOUND for a host a driver discovered ({@code what}, e.g. "the Redis Cluster node"), which the secret is
     * kept from.
     */
    public HandlerException notBound(String tableName, String what, String address) {
        return new HandlerException(
                HandlerErrorCode.HOST_NOT_BOUND,
                "table " + tableName + ": " + what + " " + address + " is not among the hosts the secret under alias '"
                        + use.alias() + "' (" + use.aliasProperty() + ") is bound to (" + use.alias() + ".hosts in "
                        + source + ": " + binding + "), so the secret is not sent to it. If it belongs to the same "
                        + "servers, an administrator adds it to " + use.alias() + ".hosts");
    }

    /** Overwrites the secret's characters. */
    public void clear() {
        Arrays.fill(value, '\0');
    }

    @Override
    public String toString() {
        return "BoundSecret[alias=" + use.alias() + ", binding=" + binding + "]";
    }
}
