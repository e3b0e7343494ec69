package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import java.util.List;

/**
 * The connector of a file SerDe's tables (BSON dump files, JSON lines): only their table model (properties, mapping
 * rules), so that the generic {@link TableContexts} validate and resolve them as they do for the storage handlers. The
 * files are read and written by input and output formats, never through a connector: nothing is pushed down, and the
 * scan, write and truncate methods refuse, naming the table and what reads and writes its files.
 */
public abstract class FileTableConnector implements NoSqlConnector {
    private final String description;

    /**
     * @param description what the table is and what reads and writes its files, completing "table t is ...", e.g.
     *     {@code a JSON file table: its files are read and written by ...}
     */
    protected FileTableConnector(String description) {
        this.description = requireNonNull(description, "description is null");
    }

    @Override
    public final FilterCapabilities filterCapabilities(TableContext table) {
        return FilterCapabilities.NONE;
    }

    @Override
    public final List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) {
        throw notThroughConnector(request.table());
    }

    @Override
    public final RecordSource openReader(ReadRequest request, SplitSpec split) {
        throw notThroughConnector(request.table());
    }

    @Override
    public final RecordSink openWriter(TableContext table) {
        throw notThroughConnector(table);
    }

    @Override
    public final void truncate(TableContext table) {
        throw notThroughConnector(table);
    }

    private UnsupportedOperationException notThroughConnector(TableContext table) {
        return new UnsupportedOperationException(
                "table " + table.tableName() + " is " + description + ", never through a connector");
    }
}
