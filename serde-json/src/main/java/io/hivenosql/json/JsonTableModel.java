package io.hivenosql.json;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.MappingRoles;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.BoundTable;
import io.hivenosql.api.spi.DeclaredTableModel;
import io.hivenosql.api.spi.TableHandle;
import java.util.List;

/**
 * The table model of JSON tables ({@link JsonSerDe}): their properties ({@code json.*} plus the shared
 * {@code nosql.*} ones) and path rules. With it the generic {@link io.hivenosql.api.table.TableContexts} validate the
 * properties, report unknown keys and resolve the mapping (inline, mapping file or Avro schema) exactly as they do for
 * the storage handlers. The files are read and written by Hive's text formats (or {@link JsonInputFormat}); a file
 * table has no data side of a store.
 */
final class JsonTableModel extends DeclaredTableModel {
    JsonTableModel() {
        super("json", List.of(JsonTableProperties.values()), JsonTableProperties.COLUMNS_MAPPING);
    }

    /**
     * Checks that every column has a JSON path of its own ({@link JsonLayout}), and the roles of a mapping file: as for
     * a MongoDB collection (one mapping file may describe a collection and its JSON export), {@code key} only on the
     * {@code _id} field, which a line keeps as a field (a file enforces no key), and never {@code ttl}.
     */
    @Override
    public TableHandle bind(TableConfig config, TableMapping mapping) {
        JsonTables.layout(config, mapping);
        MappingRoles.refuse(
                config.tableName(),
                mapping,
                ColumnRole.KEY,
                column -> column.path().equals("_id") || column.path().startsWith("_id."),
                "a JSON file has no keys: only the _id field of a MongoDB export may keep the role key of the "
                        + "collection's mapping");
        MappingRoles.refuse(
                config.tableName(), mapping, ColumnRole.TTL, column -> false, "a JSON line has no time to live");
        return new BoundTable(config, mapping);
    }
}
