package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.mapping.TableMapping;

/** The handle of a table that needs nothing of its own beyond its properties and mapping (file tables, tests). */
public record BoundTable(TableConfig config, TableMapping mapping) implements TableHandle {
    public BoundTable {
        requireNonNull(config, "config is null");
        requireNonNull(mapping, "mapping is null");
    }
}
