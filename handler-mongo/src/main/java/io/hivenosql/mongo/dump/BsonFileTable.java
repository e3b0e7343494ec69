package io.hivenosql.mongo.dump;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.TableHandle;
import io.hivenosql.mongo.bson.DocumentLayout;

/**
 * The handle of a BSON file table: its properties, its bound mapping and the document layout they describe, worked out
 * once when the table is bound, for the SerDe that writes documents and every split's reader.
 */
public record BsonFileTable(TableConfig config, TableMapping mapping, DocumentLayout layout) implements TableHandle {
    public BsonFileTable {
        requireNonNull(config, "config is null");
        requireNonNull(mapping, "mapping is null");
        requireNonNull(layout, "layout is null");
    }
}
