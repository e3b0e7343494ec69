package io.hivenosql.json;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import java.util.List;

/**
 * The table model of JSON tables ({@link JsonSerDe}): their properties ({@code json.*} plus the shared
 * {@code nosql.*} ones) and path rules. With it the generic {@link io.hivenosql.api.hive.TableContexts} validate the
 * properties, report unknown keys and resolve the mapping (inline, mapping file or Avro schema) exactly as they do for
 * the storage handlers. The files are read and written by Hive's text formats (or {@link JsonInputFormat}), never
 * through a connector: those methods refuse.
 */
final class JsonFileConnector implements NoSqlConnector {
    @Override
    public String storeName() {
        return "json";
    }

    @Override
    public List<? extends TableProperty> tableProperties() {
        return List.of(JsonTableProperties.values());
    }

    @Override
    public String columnsMappingProperty() {
        return JsonTableProperties.COLUMNS_MAPPING.key();
    }

    /** Checks that every column has a JSON path of its own ({@link JsonLayout}). */
    @Override
    public TableMapping bind(TableConfig config, TableMapping mapping) {
        JsonTables.layout(config, mapping);
        return mapping;
    }

    @Override
    public FilterCapabilities filterCapabilities(TableContext table) {
        return FilterCapabilities.NONE;
    }

    @Override
    public List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) {
        throw notThroughConnector(request.table());
    }

    @Override
    public RecordSource openReader(ReadRequest request, SplitSpec split) {
        throw notThroughConnector(request.table());
    }

    @Override
    public RecordSink openWriter(TableContext table) {
        throw notThroughConnector(table);
    }

    @Override
    public void truncate(TableContext table) {
        throw notThroughConnector(table);
    }

    private static UnsupportedOperationException notThroughConnector(TableContext table) {
        return new UnsupportedOperationException("table " + table.tableName() + " is a JSON file table: its files are "
                + "read and written by Hive's text formats through " + JsonSerDe.class.getName()
                + ", never through a connector");
    }
}
