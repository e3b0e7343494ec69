package io.hivenosql.api.spi;

import java.util.Optional;

/**
 * Looks up a secret (a password) by alias in a credential store, so that secrets never appear in table properties,
 * job configuration, logs or messages. The Hive adapter resolves aliases through Hadoop credential providers.
 */
@FunctionalInterface
public interface SecretResolver {
    SecretResolver NONE = alias -> Optional.empty();

    Optional<char[]> resolve(String alias);
}
