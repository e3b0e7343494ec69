package io.hivenosql.api.spi;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.tls.TlsProperties;
import io.hivenosql.api.tls.TlsSettings;
import java.util.List;
import java.util.Optional;

/**
 * The table model of a store or a file format: which properties its tables take, where their inline mapping lives, and
 * how a validated table becomes a {@link TableHandle}. It knows nothing of Hive and contacts no server; the data side
 * of a store ({@link NoSqlConnector}) extends it, and file SerDes implement only this.
 */
public interface TableModel {
    /** Short lower-case store or format name, e.g. {@code redis}; the prefix of its table properties. */
    String storeName();

    /** The table properties (the shared {@code nosql.*} ones are added by the core). */
    List<? extends TableProperty> tableProperties();

    /** The property holding an inline column mapping, e.g. {@code redis.columns.mapping}. */
    String columnsMappingProperty();

    /**
     * Checks the store's own rules, gives columns their store roles (e.g. marks the key column) and builds the table's
     * handle. Called at CREATE and when a query is planned (HiveServer2), and once per task.
     *
     * @return the handle, whose {@link TableHandle#mapping()} carries the roles
     * @throws io.hivenosql.api.error.HandlerException naming the table, property or column on violation
     */
    TableHandle bind(TableConfig config, TableMapping mapping);

    /**
     * The stored secret a table uses, if any: its alias and the hosts it is sent to, so that the core can check the
     * binding at CREATE, ALTER and query compile time (the client holders check it again before they connect).
     */
    default Optional<SecretUse> secretUse(TableConfig config) {
        return Optional.empty();
    }

    /**
     * The store's TLS properties, if it connects with TLS; the core then gives a table that does not set them the
     * values of HiveServer2's {@code hivenosql.<property>} settings ({@link TlsProperties#withServerDefaults}).
     */
    default Optional<TlsProperties> tlsProperties() {
        return Optional.empty();
    }

    /**
     * A table's TLS settings when it connects with TLS: by default when its {@link TlsProperties#enabled} property is
     * true; a store with another way to turn TLS on (a MongoDB URI's {@code tls=true}) says so.
     */
    default Optional<TlsSettings> tlsSettings(TableConfig config) {
        return tlsProperties().flatMap(tls -> TlsSettings.of(config, tls, config.<Boolean>get(tls.enabled())));
    }
}
