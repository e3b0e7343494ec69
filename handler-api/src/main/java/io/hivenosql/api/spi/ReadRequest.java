package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.pushdown.Filter;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What Hive asks of one table scan.
 *
 * @param table the table
 * @param projection indexes into the table mapping of the columns Hive reads, ascending; the reader needs to fill
 *     only these
 * @param filter the pushed filter the connector accepted at plan time (already enforced by the connector; Hive no
 *     longer applies it)
 * @param limit an upper bound on the rows Hive needs, where Hive hands one over
 */
public record ReadRequest(TableContext table, List<Integer> projection, Optional<Filter> filter, OptionalLong limit) {
    public ReadRequest {
        requireNonNull(table, "table is null");
        projection = List.copyOf(requireNonNull(projection, "projection is null"));
        requireNonNull(filter, "filter is null");
        requireNonNull(limit, "limit is null");
        for (int index : projection) {
            if (index < 0 || index >= table.mapping().size()) {
                throw new IllegalArgumentException("projected column index " + index + " is out of range");
            }
        }
    }
}
