package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import java.util.List;
import java.util.Optional;

/**
 * Where a table sends a stored secret: the alias it names and the hosts it connects to, with the properties they come
 * from (for messages).
 *
 * @param aliasProperty e.g. {@code redis.password.alias}
 * @param alias the alias the table names
 * @param hostsProperty e.g. {@code redis.nodes}
 * @param hosts the hosts the table names, each of which must be bound
 * @param srvName for {@code mongodb+srv://name}: the name whose DNS SRV records give the hosts (then {@code hosts} is
 *     empty); the name must match an entry of the binding, and so must every host the driver finds
 */
public record SecretUse(
        String aliasProperty, String alias, String hostsProperty, List<HostAndPort> hosts, Optional<String> srvName) {
    public SecretUse {
        requireNonNull(aliasProperty, "aliasProperty is null");
        requireNonNull(alias, "alias is null");
        requireNonNull(hostsProperty, "hostsProperty is null");
        hosts = List.copyOf(requireNonNull(hosts, "hosts is null"));
        requireNonNull(srvName, "srvName is null");
    }

    /**
     * The use of the stored secret a table names in {@code aliasProperty}, sent to the hosts it lists in
     * {@code hostsProperty}; empty when the table names no alias.
     */
    public static Optional<SecretUse> of(TableConfig config, TableProperty aliasProperty, TableProperty hostsProperty) {
        return config.<String>getOptional(aliasProperty)
                .map(alias ->
                        new SecretUse(aliasProperty.key(), alias, hostsProperty.key(), config.get(hostsProperty)));
    }

    public SecretUse(String aliasProperty, String alias, String hostsProperty, List<HostAndPort> hosts) {
        this(aliasProperty, alias, hostsProperty, hosts, Optional.empty());
    }
}
