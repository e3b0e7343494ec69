package io.hivenosql.api.table;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostBinding;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.StoredSecret;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.alias.CredentialProvider;
import org.apache.hadoop.security.alias.CredentialProvider.CredentialEntry;
import org.apache.hadoop.security.alias.CredentialProviderFactory;

/**
 * Resolves secret aliases through Hadoop credential providers ({@code hadoop credential create <alias> -provider
 * jceks://...}): the table's {@code nosql.credentials.provider} when set, else the configuration's
 * {@value #PROVIDER_PATH}. The providers are asked in order; the first that holds the alias gives the secret, and the
 * binding ({@code <alias>.hosts}) is read from that same provider only, so that a provider listed earlier cannot bind
 * another provider's secret to its own hosts. Unlike {@link Configuration#getPassword}, nothing falls back to the
 * configuration's clear-text values.
 *
 * <p>Within a HiveServer2 session, providers that are not among HiveServer2's own ({@value #PROVIDER_PATH} of its
 * configuration files) are used only when the session user may read them ({@link ProviderAccess}). Never logs or
 * reports a secret, nor an alias the providers do not hold (it may be a mistyped password).
 */
public final class HadoopSecretResolver implements SecretResolver {
    /** Hadoop's key for the credential provider path. */
    public static final String PROVIDER_PATH = CredentialProviderFactory.CREDENTIAL_PROVIDER_PATH;
    /** The suffix of the entry holding an alias's binding: {@code <alias>.hosts}. */
    public static final String BINDING_SUFFIX = ".hosts";

    private final Configuration conf;
    private final List<String> providers;
    private final String origin;
    private final ProviderAccess access;

    private HadoopSecretResolver(Configuration conf, List<String> providers, String origin, ProviderAccess access) {
        this.conf = requireNonNull(conf, "conf is null");
        this.providers = List.copyOf(providers);
        this.origin = requireNonNull(origin, "origin is null");
        this.access = requireNonNull(access, "access is null");
    }

    /**
     * The resolver of a table: its {@code nosql.credentials.provider}, else {@value #PROVIDER_PATH} of {@code conf}
     * (which a session may have SET); checked against the session user when there is one.
     */
    public static HadoopSecretResolver forTable(Configuration conf, TableConfig config) {
        Optional<String> table = config.getOptional(NoSqlTableProperties.CREDENTIALS_PROVIDER);
        String origin = table.isPresent() ? NoSqlTableProperties.CREDENTIALS_PROVIDER.key() : PROVIDER_PATH;
        List<String> providers =
                table.map(HadoopSecretResolver::split).orElseGet(() -> ServerContext.list(conf, PROVIDER_PATH));
        return new HadoopSecretResolver(conf, providers, origin, ProviderAccess.forSession(conf));
    }

    /** A resolver over exactly {@code providers} (a task's, which HiveServer2 checked when it planned the query). */
    public static HadoopSecretResolver of(Configuration conf, String providers) {
        return new HadoopSecretResolver(conf, split(providers), PROVIDER_PATH, ProviderAccess.NONE);
    }

    /** The provider path this resolver asks, comma-separated (what tasks get, see {@link #of}). */
    public String providerPath() {
        return String.join(",", providers);
    }

    @Override
    public String describe() {
        return providers.isEmpty()
                ? "no credential provider (neither nosql.credentials.provider nor " + PROVIDER_PATH + " is set), which"
                : "the credential provider path " + providerPath() + " (" + origin + ")";
    }

    @Override
    public Optional<StoredSecret> lookup(String alias) {
        requireNonNull(alias, "alias is null");
        if (providers.isEmpty()) {
            return Optional.empty();
        }
        access.check(providers, origin);
        Configuration effective = new Configuration(conf);
        effective.set(PROVIDER_PATH, providerPath());
        List<CredentialProvider> list;
        try {
            list = CredentialProviderFactory.getProviders(effective);
        } catch (IOException e) {
            throw unreadable(alias, e);
        }
        for (CredentialProvider provider : list) {
            CredentialEntry secret;
            CredentialEntry binding;
            try {
                secret = provider.getCredentialEntry(alias);
                if (secret == null || secret.getCredential() == null) {
                    continue;
                }
                binding = provider.getCredentialEntry(alias + BINDING_SUFFIX);
            } catch (IOException e) {
                throw unreadable(alias, e);
            }
            String source = provider.toString();
            return Optional.of(new StoredSecret(secret.getCredential(), binding(alias, source, binding), source));
        }
        return Optional.empty();
    }

    private static Optional<HostBinding> binding(String alias, String source, CredentialEntry entry) {
        if (entry == null || entry.getCredential() == null) {
            return Optional.empty();
        }
        char[] text = entry.getCredential();
        try {
            return Optional.of(HostBinding.parse(new String(text)));
        } catch (IllegalArgumentException e) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_HOST_BINDING,
                    "the binding " + alias + BINDING_SUFFIX + " in the credential provider " + source + " is not a "
                            + "comma-separated host:port list (" + e.getMessage() + "); an administrator stores it "
                            + "again: hadoop credential delete " + alias + BINDING_SUFFIX + " -provider " + source
                            + ", then hadoop credential create " + alias + BINDING_SUFFIX
                            + " -value 'host:port[,host:port...]' -provider " + source);
        } finally {
            Arrays.fill(text, '\0');
        }
    }

    /** The provider could not be read; its message is given without the alias (it may be a mistyped password). */
    private HandlerException unreadable(String alias, IOException e) {
        StringBuilder reason = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null) {
                reason.append(reason.length() == 0 ? "" : ": ")
                        .append(t.getMessage().replace(alias, "<alias>"));
            }
        }
        // the cause is left out on purpose: its message names the alias
        return new HandlerException(
                HandlerErrorCode.CREDENTIAL_NOT_FOUND,
                "cannot read " + describe() + ": " + reason + ". Check the provider path and that HiveServer2 and "
                        + "the tasks can read the provider");
    }

    private static List<String> split(String path) {
        return Arrays.stream(path.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
    }
}
