package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.mapping.TableMapping;

/**
 * Everything a connector knows about one table: its qualified name (for messages), validated properties, column
 * mapping and the way to its secrets.
 */
public record TableContext(String tableName, TableConfig config, TableMapping mapping, SecretResolver secrets) {
    public TableContext {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(config, "config is null");
        requireNonNull(mapping, "mapping is null");
        requireNonNull(secrets, "secrets is null");
    }
}
