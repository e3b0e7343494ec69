package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableProperty;
import java.util.List;

/**
 * A {@link TableModel} as every store and file format declares it: a store name, its table properties and the one of
 * them holding an inline mapping. A model extends it with its constructor and implements {@link #bind} (a store's
 * connector adds the data side, {@link NoSqlConnector}).
 */
public abstract class DeclaredTableModel implements TableModel {
    private final String storeName;
    private final List<TableProperty> properties;
    private final String columnsMappingProperty;

    protected DeclaredTableModel(
            String storeName, List<? extends TableProperty> properties, TableProperty columnsMappingProperty) {
        this.storeName = requireNonNull(storeName, "storeName is null");
        this.properties = List.copyOf(properties);
        this.columnsMappingProperty = requireNonNull(columnsMappingProperty, "columnsMappingProperty is null")
                .key();
        if (!this.properties.contains(columnsMappingProperty)) {
            throw new IllegalArgumentException(columnsMappingProperty.key() + " is not a property of " + storeName);
        }
    }

    @Override
    public final String storeName() {
        return storeName;
    }

    @Override
    public final List<? extends TableProperty> tableProperties() {
        return properties;
    }

    @Override
    public final String columnsMappingProperty() {
        return columnsMappingProperty;
    }
}
