package io.hivenosql.api.table;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.ProviderUtils;

/**
 * Which credential providers a HiveServer2 session may use. HiveServer2's own ({@code
 * hadoop.security.credential.provider.path} of its configuration files) serve every session: an administrator put
 * them there, and the binding beside each secret says where it may go. Any other provider, named by a table
 * ({@code nosql.credentials.provider}) or by a session's {@code SET}, is used only when the session user may read it
 * (as that user, the way Hive checks a JDBC table's keystore): otherwise a user could have HiveServer2 open a keystore
 * only HiveServer2 can read, and use its secrets. Keystore providers (jceks, bcfks, and their local variants) can be
 * checked; other kinds are refused unless HiveServer2's own.
 */
@FunctionalInterface
interface ProviderAccess {
    /** No check: tasks, whose providers HiveServer2 checked when it planned the query. */
    ProviderAccess NONE = (providers, origin) -> {};

    Set<String> KEYSTORE_SCHEMES = Set.of("jceks", "localjceks", "bcfks", "localbcfks");

    /**
     * @param providers the provider URIs to use
     * @param origin the property they come from, for messages
     * @throws HandlerException PROVIDER_NOT_PERMITTED naming the provider and the user
     */
    void check(List<String> providers, String origin);

    /** The check of the HiveServer2 session the current thread works for, if any (none outside sessions). */
    static ProviderAccess forSession(Configuration conf) {
        requireNonNull(conf, "conf is null");
        return (providers, origin) -> {
            Optional<String> user = ServerContext.sessionUser();
            if (user.isPresent()) {
                List<String> own = ServerContext.list(ServerContext.serverConf(), HadoopSecretResolver.PROVIDER_PATH);
                check(providers, origin, conf, own, user.get());
            }
        };
    }

    /** Checks each of {@code providers} that is not among {@code own}: {@code user} must be able to read it. */
    static void check(List<String> providers, String origin, Configuration conf, List<String> own, String user) {
        for (String provider : providers) {
            if (own.contains(provider)) {
                continue;
            }
            String reason;
            try {
                URI uri = new URI(provider);
                String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
                if (!KEYSTORE_SCHEMES.contains(scheme)) {
                    reason = "only keystore providers ("
                            + String.join(
                                    ", ", KEYSTORE_SCHEMES.stream().sorted().toList()) + ") can be checked";
                } else {
                    Path path = ProviderUtils.unnestUri(uri);
                    ServerContext.checkReadable(path, conf, user);
                    continue;
                }
            } catch (URISyntaxException e) {
                reason = "it is not a URI";
            } catch (IOException | RuntimeException e) {
                reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            }
            throw new HandlerException(
                    HandlerErrorCode.PROVIDER_NOT_PERMITTED,
                    "the credential provider " + provider + " (" + origin + ") is not one of HiveServer2's own ("
                            + HadoopSecretResolver.PROVIDER_PATH + " of its configuration), and user '" + user
                            + "', who runs this statement, cannot be shown to read it: " + reason + ". A table or a "
                            + "session may use only providers its user can read; use such a provider, or ask an "
                            + "administrator to store the secret in HiveServer2's own provider");
        }
    }
}
