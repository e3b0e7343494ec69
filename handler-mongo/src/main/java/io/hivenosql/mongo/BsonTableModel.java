package io.hivenosql.mongo;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.DeclaredTableModel;
import io.hivenosql.api.spi.TableHandle;
import io.hivenosql.mongo.bson.DocumentLayout;
import io.hivenosql.mongo.dump.BsonFileTable;
import java.util.ArrayList;
import java.util.List;

/**
 * The table model of BSON dump files ({@link BsonSerDe}): which properties such a table may set (the column mapping and
 * the ObjectId and NULL handling of collection tables, plus the shared {@code nosql.*} ones; every other
 * {@code mongo.*} key is reported as unknown) and the field path rules of collection tables. With it the generic
 * {@link io.hivenosql.api.table.TableContexts} validate the properties and resolve the mapping exactly as they do for
 * the storage handlers.
 *
 * <p>The files themselves are read by {@link BsonFileInputFormat} and written by {@link BsonFileOutputFormat}; a file
 * table has no data side of a store.
 */
final class BsonTableModel extends DeclaredTableModel {
    BsonTableModel() {
        super("mongo", PROPERTIES, MongoTableProperties.COLUMNS_MAPPING);
    }

    /** The collection-table properties that mean something for files. */
    static final List<MongoTableProperties> PROPERTIES = List.of(
            MongoTableProperties.COLUMNS_MAPPING,
            MongoTableProperties.OBJECTID_FORMAT,
            MongoTableProperties.OBJECTID_COLUMNS,
            MongoTableProperties.WRITE_NULLS);

    /** Checks the field paths and the ObjectId columns, and marks the column mapped to {@code _id} as the key. */
    @Override
    public TableHandle bind(TableConfig config, TableMapping mapping) {
        DocumentLayout.checkPaths(config.tableName(), mapping, "BSON");
        DocumentLayout.checkRoles(config.tableName(), mapping);
        DocumentLayout layout = MongoTableProperties.layout(config.tableName(), config, mapping);
        if (layout.idColumn() < 0) {
            return new BsonFileTable(config, mapping, layout);
        }
        List<ColumnMapping> columns = new ArrayList<>(mapping.columns());
        columns.set(layout.idColumn(), columns.get(layout.idColumn()).withRole(ColumnRole.KEY));
        TableMapping bound = new TableMapping(columns);
        return new BsonFileTable(config, bound, MongoTableProperties.layout(config.tableName(), config, bound));
    }
}
