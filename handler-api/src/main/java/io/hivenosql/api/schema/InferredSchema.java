package io.hivenosql.api.schema;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.mapping.TableMapping;
import java.util.List;

/**
 * The columns a store's own schema or a sample of its records gave a table whose DDL has neither a column list nor a
 * mapping file, and what was read to find them.
 *
 * @param mapping the columns in order (first seen, or the store's own order), each with the store path it reads
 *     (which keeps the store's spelling, e.g. {@code userId} for Hive's {@code userid}) and its role (key columns)
 * @param notes one line per decision a user should know about, naming the column: where types were widened (e.g.
 *     {@code price: int and double seen, reads as double}) and where inference gave up on a type and chose string;
 *     empty when every column took the one type it was seen with
 * @param sampled what was read, e.g. {@code 1,000 of about 52,000 documents ($sample) in 0.4 s} or {@code the CQL
 *     schema of shop.orders}
 */
public record InferredSchema(TableMapping mapping, List<String> notes, String sampled) {
    public InferredSchema {
        requireNonNull(mapping, "mapping is null");
        notes = List.copyOf(requireNonNull(notes, "notes is null"));
        requireNonNull(sampled, "sampled is null");
    }
}
