package io.hivenosql.api.tls;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A table's TLS settings, read from its {@link TlsProperties}: where its trust and key material live, the aliases of
 * their passwords, and whether host names are verified. Present only when the table connects with TLS.
 */
public record TlsSettings(
        String tableName,
        TlsProperties properties,
        Optional<String> trustStore,
        Optional<String> trustStorePasswordAlias,
        Optional<String> keyStore,
        Optional<String> keyStorePasswordAlias,
        boolean hostnameVerification) {
    public TlsSettings {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(properties, "properties is null");
        requireNonNull(trustStore, "trustStore is null");
        requireNonNull(trustStorePasswordAlias, "trustStorePasswordAlias is null");
        requireNonNull(keyStore, "keyStore is null");
        requireNonNull(keyStorePasswordAlias, "keyStorePasswordAlias is null");
    }

    /**
     * The settings of a table that connects with TLS ({@code enabled}: its {@link TlsProperties#enabled} property, or
     * what else turns TLS on for the store, such as {@code tls=true} in a MongoDB URI); empty without TLS.
     */
    public static Optional<TlsSettings> of(TableConfig config, TlsProperties properties, boolean enabled) {
        if (!enabled) {
            return Optional.empty();
        }
        return Optional.of(new TlsSettings(
                config.tableName(),
                properties,
                config.getOptional(properties.trustStore()),
                config.getOptional(properties.trustStorePasswordAlias()),
                config.getOptional(properties.keyStore()),
                config.getOptional(properties.keyStorePasswordAlias()),
                config.<Boolean>get(properties.hostnameVerification())));
    }

    /**
     * What is wrong with a table's TLS properties, one sentence each: material set for a table that connects in plain
     * text (which would otherwise be ignored silently), or a password alias without its store.
     */
    public static List<String> problems(TableConfig config, TlsProperties properties, boolean enabled) {
        List<String> problems = new ArrayList<>();
        if (!enabled) {
            for (TableProperty property : properties.material()) {
                if (config.rawProperties().containsKey(property.key())) {
                    problems.add(property.key() + " is set, but the table connects in plain text: set "
                            + properties.enabled().key() + "=true to connect with TLS, or remove " + property.key());
                }
            }
            return problems;
        }
        alone(config, properties.trustStorePasswordAlias(), properties.trustStore())
                .ifPresent(problems::add);
        alone(config, properties.keyStorePasswordAlias(), properties.keyStore()).ifPresent(problems::add);
        return problems;
    }

    /**
     * Refuses a table whose TLS properties have {@link #problems}, all of them in one message.
     *
     * @throws HandlerException INVALID_TABLE_PROPERTY naming the table and each property
     */
    public static void requireValid(TableConfig config, TlsProperties properties, boolean enabled) {
        List<String> problems = problems(config, properties, enabled);
        if (!problems.isEmpty()) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_TABLE_PROPERTY,
                    "table " + config.tableName() + ": " + String.join("; ", problems));
        }
    }

    private static Optional<String> alone(TableConfig config, TableProperty alias, TableProperty store) {
        if (config.getOptional(alias).isPresent() && config.getOptional(store).isEmpty()) {
            return Optional.of(alias.key() + " is set, but " + store.key() + " is not: set " + store.key()
                    + " to the store whose password it names, or remove " + alias.key());
        }
        return Optional.empty();
    }

    /** Where the table's trusted CAs come from, for messages. */
    public String trustSource() {
        return trustStore
                .map(path -> "the trust material of " + properties.trustStore().key() + " (" + path + ")")
                .orElse("the JVM's default trust store ("
                        + properties.trustStore().key() + " is not set)");
    }
}
