package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.mapping.TableMapping;

/**
 * Everything a connector knows about one table: its qualified name (for messages), validated properties, column
 * mapping, the way to its secrets, and which {@linkplain TaskAttempt task attempt} opened it (so that a retry waits
 * less for a store that is gone, see {@link StoreOutages}).
 */
public record TableContext(
        String tableName, TableConfig config, TableMapping mapping, SecretResolver secrets, TaskAttempt attempt) {
    public TableContext {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(config, "config is null");
        requireNonNull(mapping, "mapping is null");
        requireNonNull(secrets, "secrets is null");
        requireNonNull(attempt, "attempt is null");
    }

    /** A table opened outside a task (HiveServer2, split planning, tests). */
    public TableContext(String tableName, TableConfig config, TableMapping mapping, SecretResolver secrets) {
        this(tableName, config, mapping, secrets, TaskAttempt.NONE);
    }
}
