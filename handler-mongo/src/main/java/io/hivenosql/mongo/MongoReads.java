package io.hivenosql.mongo;

import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableStatistics;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/** STUB (owned by the plan helper): split planning, pushdown capabilities, statistics and reader glue. */
final class MongoReads {
    private MongoReads() {}

    static FilterCapabilities filterCapabilities(TableContext table) {
        return FilterCapabilities.NONE;
    }

    static List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) throws IOException {
        throw new UnsupportedOperationException("not yet");
    }

    static RecordSource openReader(ReadRequest request, SplitSpec split) throws IOException {
        throw new UnsupportedOperationException("not yet");
    }

    static Optional<TableStatistics> statistics(TableContext table) throws IOException {
        return Optional.empty();
    }
}
