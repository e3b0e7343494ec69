package io.hivenosql.json;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.JsonTemporalFormat;

/** The JSON settings of a table, from its validated properties. */
final class JsonTables {
    private JsonTables() {}

    static JsonStyle style(TableConfig config) {
        JsonTemporalFormat timestamps = config.get(JsonTableProperties.TIMESTAMP_FORMAT);
        JsonTemporalFormat dates = config.get(JsonTableProperties.DATE_FORMAT);
        boolean caseInsensitive = config.<Boolean>get(JsonTableProperties.CASE_INSENSITIVE);
        return new JsonStyle(timestamps, dates, caseInsensitive);
    }

    /** The layout of every column of the table. */
    static JsonLayout layout(TableConfig config, TableMapping mapping) {
        return JsonLayout.ofAll(
                config.tableName(),
                mapping,
                style(config),
                config.<Boolean>get(JsonTableProperties.WRITE_NULLS),
                JsonTableProperties.COLUMNS_MAPPING.key());
    }
}
