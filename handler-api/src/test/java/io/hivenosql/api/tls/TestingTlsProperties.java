package io.hivenosql.api.tls;

import static io.hivenosql.api.config.PropertyType.bool;
import static io.hivenosql.api.config.PropertyType.nonEmptyString;

import io.hivenosql.api.config.PropertySpec;
import io.hivenosql.api.config.PropertyType;
import io.hivenosql.api.config.TableProperty;

/** The TLS properties of a store, as a handler declares them. */
enum TestingTlsProperties implements TableProperty {
    SSL("teststore.ssl", bool(), "false", false, "TLS."),
    TRUST_STORE("teststore.ssl.truststore", nonEmptyString(), null, false, TlsProperties.TRUST_STORE_DOC),
    TRUST_STORE_PASSWORD_ALIAS(
            "teststore.ssl.truststore.password.alias",
            nonEmptyString(),
            null,
            false,
            TlsProperties.TRUST_STORE_PASSWORD_ALIAS_DOC),
    KEY_STORE("teststore.ssl.keystore", nonEmptyString(), null, false, TlsProperties.KEY_STORE_DOC),
    KEY_STORE_PASSWORD_ALIAS(
            "teststore.ssl.keystore.password.alias",
            nonEmptyString(),
            null,
            false,
            TlsProperties.KEY_STORE_PASSWORD_ALIAS_DOC),
    HOSTNAME_VERIFICATION(
            "teststore.ssl.hostname.verification", bool(), "true", false, TlsProperties.HOSTNAME_VERIFICATION_DOC);

    static final TlsProperties TLS = new TlsProperties(
            SSL, TRUST_STORE, TRUST_STORE_PASSWORD_ALIAS, KEY_STORE, KEY_STORE_PASSWORD_ALIAS, HOSTNAME_VERIFICATION);

    private final PropertySpec spec;

    TestingTlsProperties(String key, PropertyType<?> type, String defaultValue, boolean required, String doc) {
        this.spec = new PropertySpec(key, type, defaultValue, required, doc);
    }

    @Override
    public PropertySpec spec() {
        return spec;
    }
}
