package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.pushdown.Filter;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What Hive asks of one table scan.
 *
 * @param table the table
 * @param projection indexes into the table mapping of the columns Hive reads, ascending; the reader needs to fill
 *     only these
 * @param filter the pushed filter the connector accepted at plan time (already enforced by the connector; Hive no
 *     longer applies it)
 * @param limit an upper bound on the rows Hive needs, where Hive hands one over
 * @param nestedPaths the sub-fields Hive reads of projected struct columns, as lower-case dotted Hive paths such as
 *     {@code address.city} (Hive's nested column pruning); empty when Hive reads whole columns. A projected struct
 *     column with no path here is read whole; a connector that can fetch parts of a value may fetch only the listed
 *     sub-fields and leave the other fields NULL
 */
public record ReadRequest(
        TableContext table,
        List<Integer> projection,
        Optional<Filter> filter,
        OptionalLong limit,
        Set<String> nestedPaths) {
    public ReadRequest(TableContext table, List<Integer> projection, Optional<Filter> filter, OptionalLong limit) {
        this(table, projection, filter, limit, Set.of());
    }

    public ReadRequest {
        requireNonNull(table, "table is null");
        projection = List.copyOf(requireNonNull(projection, "projection is null"));
        requireNonNull(filter, "filter is null");
        requireNonNull(limit, "limit is null");
        nestedPaths = Set.copyOf(requireNonNull(nestedPaths, "nestedPaths is null"));
        for (int index : projection) {
            if (index < 0 || index >= table.mapping().size()) {
                throw new IllegalArgumentException("projected column index " + index + " is out of range");
            }
        }
    }
}
