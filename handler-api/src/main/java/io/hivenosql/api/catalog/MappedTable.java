package io.hivenosql.api.catalog;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.schema.InferredSchema;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One store object as {@code map} writes it: a mapping file of its inferred columns and a {@code CREATE EXTERNAL
 * TABLE} that reads it through {@code nosql.mapping.url}.
 *
 * @param objectName the object's name in the store
 * @param scopeName where it was listed, e.g. {@code keyspace shop}
 * @param hiveDatabase the Hive database
 * @param hiveName the Hive table name
 * @param storageHandler the class {@code STORED BY} names
 * @param properties the table properties naming the object (no sampling property, no mapping URL)
 * @param mappingUrl the mapping file's URL as HiveServer2 reads it
 * @param schema the inferred columns, notes and what was sampled
 * @param nameNotes why the Hive name is not the object's lower-cased name, if it is not
 * @param inferredAt when the columns were inferred
 */
public record MappedTable(
        String objectName,
        String scopeName,
        String hiveDatabase,
        String hiveName,
        String storageHandler,
        Map<String, String> properties,
        String mappingUrl,
        InferredSchema schema,
        List<String> nameNotes,
        Instant inferredAt) {
    public MappedTable {
        requireNonNull(objectName, "objectName is null");
        requireNonNull(scopeName, "scopeName is null");
        requireNonNull(hiveDatabase, "hiveDatabase is null");
        requireNonNull(hiveName, "hiveName is null");
        requireNonNull(storageHandler, "storageHandler is null");
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(properties, "properties is null")));
        requireNonNull(mappingUrl, "mappingUrl is null");
        requireNonNull(schema, "schema is null");
        nameNotes = List.copyOf(requireNonNull(nameNotes, "nameNotes is null"));
        requireNonNull(inferredAt, "inferredAt is null");
    }

    /** {@code db.table}. */
    public String qualifiedName() {
        return hiveDatabase + "." + hiveName;
    }

    /** The inference's notes, then the name's. */
    public List<String> allNotes() {
        List<String> notes = new java.util.ArrayList<>(schema.notes());
        notes.addAll(nameNotes);
        return notes;
    }

    /** The mapping file's name in the output directory. */
    public String fileName() {
        return hiveName + ".json";
    }
}
