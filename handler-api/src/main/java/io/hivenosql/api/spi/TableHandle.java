package io.hivenosql.api.spi;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.mapping.TableMapping;

/**
 * A table bound to its store: what {@link TableModel#bind} makes of a table's validated properties and resolved
 * mapping, once, in HiveServer2 at CREATE and when a query is planned, and once per task from the job configuration
 * (see {@code TableContexts}). Immutable and free of connections and per-task state, so that one
 * handle serves every split of a task and every task of a query that runs in the same JVM. A store's own handle
 * (e.g. a Redis table with its key codec) carries what its reads and writes need, worked out once; the data side of
 * the connector receives it in a {@link TableContext} and takes it back with {@link TableContext#handle(Class)}.
 */
public interface TableHandle {
    /** The qualified Hive name, e.g. {@code default.person}, for messages. */
    default String name() {
        return config().tableName();
    }

    /** The validated properties. */
    TableConfig config();

    /** The columns with the roles the store gave them ({@link TableModel#bind}). */
    TableMapping mapping();
}
