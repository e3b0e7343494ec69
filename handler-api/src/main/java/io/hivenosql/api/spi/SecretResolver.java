package io.hivenosql.api.spi;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.util.Optional;

/**
 * Looks up a secret (a password) by alias in a credential store, so that secrets never appear in table properties,
 * job configuration, logs or messages. The Hive adapter resolves aliases through Hadoop credential providers.
 */
@FunctionalInterface
public interface SecretResolver {
    SecretResolver NONE = alias -> Optional.empty();

    Optional<char[]> resolve(String alias);

    /**
     * The secret under {@code alias}, which table {@code tableName} names in property {@code aliasProperty}.
     *
     * @throws HandlerException CREDENTIAL_NOT_FOUND saying how to store it
     */
    default char[] require(String tableName, String alias, String aliasProperty) {
        return resolve(alias)
                .orElseThrow(() -> new HandlerException(
                        HandlerErrorCode.CREDENTIAL_NOT_FOUND,
                        "table " + tableName + ": no password is stored under alias '" + alias + "' (" + aliasProperty
                                + ") in the credential provider; add it with `hadoop credential create " + alias
                                + " -provider <path>` and point nosql.credentials.provider (or "
                                + "hadoop.security.credential.provider.path) at that provider"));
    }
}
