package io.hivenosql.api.spi;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.HostBinding;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Looks up a secret (a password) by alias in a credential store, together with the hosts an administrator bound it to,
 * so that secrets never appear in table properties, job configuration, logs or messages, and are only ever sent to the
 * hosts they belong to. The Hive adapter resolves aliases through Hadoop credential providers.
 */
@FunctionalInterface
public interface SecretResolver {
    SecretResolver NONE = alias -> Optional.empty();

    /**
     * The secret stored under {@code alias} and the binding stored beside it in the same store ({@code <alias>.hosts});
     * empty when no store holds the alias.
     */
    Optional<StoredSecret> lookup(String alias);

    /** Where secrets are looked up, for messages, e.g. {@code the credential provider jceks://file/...}. */
    default String describe() {
        return "the credential provider";
    }

    /**
     * The secret {@code use} names, once its binding admits every host the table names. Messages name the alias only
     * once the store is known to hold it: a value of the alias property that is no alias may be a password typed there
     * by mistake.
     *
     * @throws HandlerException CREDENTIAL_NOT_FOUND (no such alias), SECRET_NOT_BOUND (no binding: the secret is not
     *     used), INVALID_HOST_BINDING, or HOST_NOT_BOUND naming the hosts the binding does not admit
     */
    default BoundSecret requireBound(String tableName, SecretUse use) {
        StoredSecret stored;
        try {
            stored = lookup(use.alias()).orElseThrow(() -> notFound(tableName, use));
        } catch (HandlerException e) {
            if (e.detail().startsWith("table ")) {
                throw e;
            }
            throw new HandlerException(e.errorCode(), "table " + tableName + ": " + e.detail());
        }
        if (stored.binding().isEmpty()) {
            Arrays.fill(stored.value(), '\0');
            throw new HandlerException(
                    HandlerErrorCode.SECRET_NOT_BOUND,
                    "table " + tableName + ": the secret under alias '" + use.alias() + "' (" + use.aliasProperty()
                            + ") is bound to no host, so it is not sent anywhere. An administrator binds it to the "
                            + "servers it belongs to, in the provider that holds it: hadoop credential create "
                            + use.alias() + ".hosts -value 'host:port[,host:port...]' -provider " + stored.source());
        }
        HostBinding binding = stored.binding().get();
        List<String> unbound = new ArrayList<>();
        use.srvName().filter(name -> !binding.permitsName(name)).ifPresent(unbound::add);
        for (HostAndPort host : use.hosts()) {
            if (!binding.permits(host)) {
                unbound.add(host.toString());
            }
        }
        if (!unbound.isEmpty()) {
            Arrays.fill(stored.value(), '\0');
            throw new HandlerException(
                    HandlerErrorCode.HOST_NOT_BOUND,
                    "table " + tableName + ": " + use.hostsProperty() + " names " + String.join(", ", unbound)
                            + ", to which the secret under alias '" + use.alias() + "' (" + use.aliasProperty()
                            + ") is not bound: it is only sent to the hosts of " + use.alias() + ".hosts in "
                            + stored.source() + " (" + binding + "). Fix " + use.hostsProperty()
                            + "; if the server is the one the secret belongs to, an administrator adds it to "
                            + use.alias() + ".hosts");
        }
        return new BoundSecret(stored.value(), binding, use, stored.source());
    }

    private HandlerException notFound(String tableName, SecretUse use) {
        return new HandlerException(
                HandlerErrorCode.CREDENTIAL_NOT_FOUND,
                "table " + tableName + ": " + describe() + " holds no secret under the alias that "
                        + use.aliasProperty() + " names (the value is not shown: it may be a password typed there by "
                        + "mistake). Store the password with 'hadoop credential create <alias> -provider <path>', bind "
                        + "it to its servers with 'hadoop credential create <alias>.hosts -value "
                        + "host:port[,host:port...] -provider <path>', set " + use.aliasProperty()
                        + " to the alias, and "
                        + "point nosql.credentials.provider (or hadoop.security.credential.provider.path) at the "
                        + "provider");
    }
}
