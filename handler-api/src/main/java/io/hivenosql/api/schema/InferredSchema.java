package io.hivenosql.api.schema;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.mapping.TableMapping;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * @param properties table properties the columns need to read as inferred, which the table records with them (e.g.
 *     MongoDB's {@code mongo.read.prune-nested=false} when nested field names are not lower case); usually none
 */
public record InferredSchema(TableMapping mapping, List<String> notes, String sampled, Map<String, String> properties) {
    public InferredSchema {
        requireNonNull(mapping, "mapping is null");
        notes = List.copyOf(requireNonNull(notes, "notes is null"));
        requireNonNull(sampled, "sampled is null");
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(properties, "properties is null")));
    }

    public InferredSchema(TableMapping mapping, List<String> notes, String sampled) {
        this(mapping, notes, sampled, Map.of());
    }

    /** The same columns, with a table property they need and the note saying why. */
    public InferredSchema withProperty(String key, String value, String note) {
        Map<String, String> more = new LinkedHashMap<>(properties);
        more.put(key, value);
        List<String> moreNotes = new ArrayList<>(notes);
        moreNotes.add(note);
        return new InferredSchema(mapping, moreNotes, sampled, more);
    }
}
