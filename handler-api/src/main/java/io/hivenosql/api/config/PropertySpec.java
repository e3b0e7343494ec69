package io.hivenosql.api.config;

import static java.util.Objects.requireNonNull;

/**
 * The declaration of one table property: key, type, default, whether it is required, and its documentation.
 *
 * @param defaultValue the default as a raw string, or {@code null} when there is none
 */
public record PropertySpec(String key, PropertyType<?> type, String defaultValue, boolean required, String doc) {
    /**
     * The documentation every store's {@code <store>.password.alias} begins with; a store adds where else passwords
     * are never given, and the closing period.
     */
    public static final String PASSWORD_ALIAS_DOC = "Alias of the password in a Hadoop credential provider (see "
            + "nosql.credentials.provider); the password is sent only to the hosts an administrator bound it to (the "
            + "entry <alias>.hosts in the same provider). Passwords are never given as table properties";

    public PropertySpec {
        requireNonNull(key, "key is null");
        requireNonNull(type, "type is null");
        requireNonNull(doc, "doc is null");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key is empty");
        }
        if (required && defaultValue != null) {
            throw new IllegalArgumentException("required property '" + key + "' cannot have a default");
        }
        if (defaultValue != null) {
            type.parse(defaultValue);
        }
    }
}
