package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.TableMapping;

/**
 * One table as a call of the connector sees it: the bound {@linkplain TableHandle handle}, the way to its secrets and
 * to the files it names ({@link TableFiles}: TLS material), and which {@linkplain TaskAttempt task attempt} opened it
 * (so that a retry waits less for a store that is gone, see {@link io.hivenosql.api.client.StoreOutages}). The handle
 * is shared; secrets, files and attempt belong to the caller.
 */
public record TableContext(TableHandle handle, SecretResolver secrets, TaskAttempt attempt, TableFiles files) {
    public TableContext {
        requireNonNull(handle, "handle is null");
        requireNonNull(secrets, "secrets is null");
        requireNonNull(attempt, "attempt is null");
        requireNonNull(files, "files is null");
    }

    /** A table opened outside a task that reads its files locally (tools, tests). */
    public TableContext(TableHandle handle, SecretResolver secrets) {
        this(handle, secrets, TaskAttempt.NONE, TableFiles.LOCAL);
    }

    /** A table whose files are read locally (tools, tests). */
    public TableContext(TableHandle handle, SecretResolver secrets, TaskAttempt attempt) {
        this(handle, secrets, attempt, TableFiles.LOCAL);
    }

    /** The qualified Hive name, e.g. {@code default.person}. */
    public String tableName() {
        return handle.name();
    }

    public TableConfig config() {
        return handle.config();
    }

    public TableMapping mapping() {
        return handle.mapping();
    }

    /** The store's own handle, as its {@link TableModel#bind} built it. */
    public <T extends TableHandle> T handle(Class<T> type) {
        if (!type.isInstance(handle)) {
            throw new HandlerException(
                    HandlerErrorCode.INTERNAL_ERROR,
                    "table " + tableName() + " is bound as a "
                            + handle.getClass().getName() + ", not a " + type.getName()
                            + ": was it opened with another store's connector?");
        }
        return type.cast(handle);
    }

    /** The same table with another handle (e.g. the mapping with the field spellings the store uses). */
    public TableContext withHandle(TableHandle other) {
        return new TableContext(other, secrets, attempt, files);
    }
}
