package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SecretResolver;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * Resolves secret aliases through Hadoop credential providers ({@code hadoop credential create <alias> -provider
 * jceks://...}): the table's {@code nosql.credentials.provider} when set, else the configuration's
 * {@value #PROVIDER_PATH}. Never logs or reports a secret value.
 */
public final class HadoopSecretResolver implements SecretResolver {
    /** Hadoop's key for the credential provider path. */
    public static final String PROVIDER_PATH = "hadoop.security.credential.provider.path";

    private final Configuration conf;
    private final Optional<String> tableProvider;

    public HadoopSecretResolver(Configuration conf, Optional<String> tableProvider) {
        this.conf = requireNonNull(conf, "conf is null");
        this.tableProvider = requireNonNull(tableProvider, "tableProvider is null");
    }

    public HadoopSecretResolver(Configuration conf, TableConfig config) {
        this(conf, config.<String>getOptional(NoSqlTableProperties.CREDENTIALS_PROVIDER));
    }

    @Override
    public Optional<char[]> resolve(String alias) {
        requireNonNull(alias, "alias is null");
        Configuration effective = conf;
        if (tableProvider.isPresent()) {
            effective = new Configuration(conf);
            effective.set(PROVIDER_PATH, tableProvider.get());
        }
        try {
            return Optional.ofNullable(effective.getPassword(alias));
        } catch (IOException e) {
            throw new HandlerException(
                    HandlerErrorCode.CREDENTIAL_NOT_FOUND,
                    "cannot read the secret alias '" + alias + "' from the credential provider '"
                            + effective.get(PROVIDER_PATH, "(none set)") + "': " + e.getMessage()
                            + ". Check 'nosql.credentials.provider' (or " + PROVIDER_PATH + ") and that the user "
                            + "running the query can read the provider.",
                    e);
        }
    }
}
