package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.mongo.bson.DocumentLayout;
import io.hivenosql.mongo.bson.MongoObjectIdFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * The {@code find} projection of a scan: the field paths of the projected columns (each spelling the collection was
 * found to use, {@link ColumnMapping#fetchPaths}), for a struct column only the
 * sub-fields Hive reads when its nested column pruning names them ({@code address.city}) and
 * {@code mongo.read.prune-nested} is true, so that the server sends nothing else. {@code _id} is always fetched, so that
 * a bad record's message names its document; an empty column list (a row count) fetches {@code _id} only. When a
 * query reads every column whole, the result is the empty document, meaning no projection: the documents as stored
 * (fields the table does not map travel too, but the server does not build a projected copy of every document, which
 * halves the scan rate of the sandbox's test double and costs CPU on a real server).
 *
 * <p>Hive's nested paths are lower case; each segment is matched to the struct's field by name, case-insensitively,
 * and projected under the field name as declared. MongoDB matches projected paths case-sensitively, so documents whose
 * field names differ in case from the declaration read such a sub-field as NULL when it is pruned, while whole-struct
 * reads match names case-insensitively: {@code mongo.read.prune-nested=false} fetches whole struct columns. A path
 * inside a map or array value projects the whole value. A path inside another projected path is dropped: MongoDB
 * rejects overlapping projections and the outer one includes it.
 */
final class MongoProjection {
    private static final BsonInt32 INCLUDE = new BsonInt32(1);

    private MongoProjection() {}

    /** The projection document, pruning struct columns to the nested paths (see {@link #of(DocumentLayout, List, Set, boolean)}). */
    static BsonDocument of(DocumentLayout layout, List<Integer> projection, Set<String> nestedPaths) {
        return of(layout, projection, nestedPaths, true);
    }

    /**
     * The projection document.
     *
     * @param projection mapping indexes of the columns Hive reads
     * @param nestedPaths lower-case Hive paths ({@code column.field.subfield}) of the struct sub-fields Hive reads
     * @param pruneNested whether to fetch only those sub-fields ({@code mongo.read.prune-nested}), else whole columns
     */
    static BsonDocument of(
            DocumentLayout layout, List<Integer> projection, Set<String> nestedPaths, boolean pruneNested) {
        requireNonNull(layout, "layout is null");
        requireNonNull(projection, "projection is null");
        requireNonNull(nestedPaths, "nestedPaths is null");
        TreeSet<String> paths = new TreeSet<>();
        boolean pruned = false;
        // always: bad-record messages name the document's _id
        paths.add(DocumentLayout.ID_FIELD);
        for (int index : projection) {
            ColumnMapping column = layout.mapping().column(index);
            String prefix = column.name().toLowerCase(Locale.ROOT) + ".";
            List<String> nested = new ArrayList<>();
            if (pruneNested && column.type() instanceof StructType) {
                for (String path : nestedPaths) {
                    if (path.startsWith(prefix) && path.length() > prefix.length()) {
                        nested.add(path.substring(prefix.length()));
                    }
                }
            }
            // every spelling the collection was found to use (one, the path, unless documents differ)
            for (String fetched : column.fetchPaths()) {
                if (nested.isEmpty()) {
                    paths.add(fetched);
                } else {
                    pruned = true;
                    for (String subPath : nested) {
                        paths.add(fetched + structPath(column.type(), subPath));
                    }
                }
            }
        }
        if (projection.size() == layout.mapping().size() && !pruned) {
            // every column, whole: the documents as stored (a projection would make the server copy every document)
            return new BsonDocument();
        }
        BsonDocument result = new BsonDocument();
        for (String path : withoutNested(paths)) {
            result.put(path, INCLUDE);
        }
        return result;
    }

    /**
     * The BSON sub-path ({@code .field.sub}) of a lower-case Hive sub-path of a struct type, following struct fields
     * only, and not into a struct with an {@code oid} string field (mongo-hadoop's ObjectId struct: the stored value may
     * be an ObjectId); empty when it leaves the structs at once.
     */
    private static String structPath(DataType type, String hivePath) {
        StringBuilder path = new StringBuilder();
        DataType current = type;
        for (String segment : hivePath.split("\\.", -1)) {
            if (!(current instanceof StructType struct)) {
                break; // inside a map or an array: the whole value
            }
            if (DocumentLayout.acceptsObjectId(struct, MongoObjectIdFormat.STRUCT)) {
                break; // an ObjectId read as struct<oid,...> has no sub-fields: the whole value
            }
            StructType.Field field = struct.fields().stream()
                    .filter(f -> f.name().equalsIgnoreCase(segment))
                    .findFirst()
                    .orElse(null);
            if (field == null) {
                return ""; // not a field Hive knows: read the whole column
            }
            path.append('.').append(field.name());
            current = field.type();
        }
        return path.toString();
    }

    /** The paths in order without those at or below another one. */
    private static List<String> withoutNested(TreeSet<String> sorted) {
        List<String> kept = new ArrayList<>();
        for (String path : sorted) {
            // in sorted order a path's prefixes come before it, though not always right before ("a.b" < "a-c" <
            // "a.b.c")
            boolean covered = kept.stream().anyMatch(outer -> path.startsWith(outer + "."));
            if (!covered) {
                kept.add(path);
            }
        }
        return kept;
    }
}
