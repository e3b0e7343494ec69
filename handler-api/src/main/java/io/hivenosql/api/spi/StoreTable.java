package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.mapping.TableMapping;

/**
 * The base of a store's own {@link TableHandle}: the validated properties and the bound mapping every handle carries;
 * a store's handle adds what its reads and writes work out once (a key codec, CQL names, a document layout).
 */
public abstract class StoreTable implements TableHandle {
    private final TableConfig config;
    private final TableMapping mapping;

    protected StoreTable(TableConfig config, TableMapping mapping) {
        this.config = requireNonNull(config, "config is null");
        this.mapping = requireNonNull(mapping, "mapping is null");
    }

    @Override
    public final TableConfig config() {
        return config;
    }

    @Override
    public final TableMapping mapping() {
        return mapping;
    }
}
