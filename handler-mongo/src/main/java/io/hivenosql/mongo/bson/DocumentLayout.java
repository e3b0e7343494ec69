package io.hivenosql.mongo.bson;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.MappingRoles;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * How the rows of a table and BSON documents convert into each other, for collections and BSON files alike: the
 * column mapping (dotted field paths), which columns hold ObjectIds and how they look in Hive, and whether NULLs are
 * written.
 *
 * @param tableName the Hive table, for messages
 * @param mapping the columns and their field paths
 * @param idColumn the index of the column mapped to {@code _id}, or -1
 * @param objectIdColumns the indexes of the columns whose values are ObjectIds (written back as ObjectIds)
 * @param objectIdFormat how ObjectIds look in Hive
 * @param writeNulls whether a NULL column is written as BSON null (else left out)
 */
public record DocumentLayout(
        String tableName,
        TableMapping mapping,
        int idColumn,
        Set<Integer> objectIdColumns,
        MongoObjectIdFormat objectIdFormat,
        boolean writeNulls) {
    public static final String ID_FIELD = "_id";
    /** The table properties the layout comes from, named in its messages ({@code MongoTableProperties} declares them). */
    public static final String COLUMNS_MAPPING_KEY = "mongo.columns.mapping";

    public static final String OBJECTID_FORMAT_KEY = "mongo.objectid.format";
    public static final String OBJECTID_COLUMNS_KEY = "mongo.objectid.columns";

    public DocumentLayout {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(mapping, "mapping is null");
        objectIdColumns = Set.copyOf(requireNonNull(objectIdColumns, "objectIdColumns is null"));
        requireNonNull(objectIdFormat, "objectIdFormat is null");
    }

    /**
     * The layout from {@code mongo.objectid.format}, {@code mongo.objectid.columns} and {@code mongo.write.nulls}.
     *
     * @param objectIdColumns the value of {@code mongo.objectid.columns} where the table sets it
     * @throws HandlerException naming the column when an ObjectId column is missing or of the wrong type
     */
    public static DocumentLayout of(
            String tableName,
            TableMapping mapping,
            MongoObjectIdFormat format,
            Optional<String> objectIdColumns,
            boolean writeNulls) {
        int id = indexOfPath(mapping, ID_FIELD);
        return new DocumentLayout(
                tableName,
                mapping,
                id,
                objectIdColumns(tableName, objectIdColumns, mapping, id, format),
                format,
                writeNulls);
    }

    /**
     * Checks that every column's path is a field path: dot-separated field names, none empty, none starting with
     * {@code $}.
     *
     * @param format what the documents are, for the message ({@code MongoDB}, {@code BSON})
     * @throws HandlerException INVALID_MAPPING naming the table, the column and the path
     */
    public static void checkPaths(String tableName, TableMapping mapping, String format) {
        for (ColumnMapping column : mapping.columns()) {
            for (String segment : column.path().split("\\.", -1)) {
                if (segment.isEmpty() || segment.startsWith("$")) {
                    throw new HandlerException(
                            HandlerErrorCode.INVALID_MAPPING,
                            "table " + tableName + ", column " + column.name() + ": '" + column.path() + "' is not a "
                                    + format + " field path; write dot-separated field names such as address.city "
                                    + "(no empty names, none starting with '$') in "
                                    + COLUMNS_MAPPING_KEY);
                }
            }
        }
    }

    /**
     * Checks the roles a mapping file gives: {@code key} only to the document's {@code _id} (or a path under it, a
     * compound {@code _id}), which is what identifies a document; {@code ttl} never (a document has no time to live of
     * its own: a TTL index expires documents by a date field).
     *
     * @throws HandlerException INVALID_MAPPING naming the table, the columns and the role
     */
    public static void checkRoles(String tableName, TableMapping mapping) {
        MappingRoles.refuse(
                tableName,
                mapping,
                ColumnRole.KEY,
                column -> column.path().equals(ID_FIELD) || column.path().startsWith(ID_FIELD + "."),
                "a document's key is its _id: give the key column \"path\": \"_id\" (the other columns are fields)");
        MappingRoles.refuse(
                tableName,
                mapping,
                ColumnRole.TTL,
                column -> false,
                "a document has no time to live of its own (a MongoDB TTL index expires documents by a date field; "
                        + "create one with mongosh)");
    }

    /** Whether the column holds ObjectIds. */
    public boolean isObjectId(int column) {
        return objectIdColumns.contains(column);
    }

    private static int indexOfPath(TableMapping mapping, String path) {
        for (int i = 0; i < mapping.size(); i++) {
            if (mapping.column(i).path().equals(path)) {
                return i;
            }
        }
        return -1;
    }

    private static Set<Integer> objectIdColumns(
            String tableName, Optional<String> listed, TableMapping mapping, int id, MongoObjectIdFormat format) {
        if (listed.isEmpty()) {
            // by default the _id column holds ObjectIds when its type can; natural keys of other types stay as they are
            return id >= 0 && acceptsObjectId(mapping.column(id).type(), format) ? Set.of(id) : Set.of();
        }
        Set<Integer> result = new LinkedHashSet<>();
        for (String name : listed.get().split(",")) {
            String trimmed = name.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            int index = mapping.indexOf(trimmed);
            if (index < 0) {
                throw new HandlerException(
                        HandlerErrorCode.COLUMN_NOT_FOUND,
                        "table " + tableName + ": " + OBJECTID_COLUMNS_KEY + " names column '"
                                + trimmed + "', which the table does not have; columns: "
                                + String.join(", ", mapping.names()));
            }
            DataType type = mapping.column(index).type();
            if (!acceptsObjectId(type, format)) {
                throw new HandlerException(
                        HandlerErrorCode.SCHEMA_MISMATCH,
                        "table " + tableName + ", column " + trimmed + ": an ObjectId column must be "
                                + (format == MongoObjectIdFormat.STRING ? "string" : "struct<oid:string,bsontype:int>")
                                + " with " + OBJECTID_FORMAT_KEY + "="
                                + format.name().toLowerCase(Locale.ROOT) + ", not " + type.typeName());
            }
            result.add(index);
        }
        return result;
    }

    /** Whether a column of this type can hold ObjectIds in the given format. */
    public static boolean acceptsObjectId(DataType type, MongoObjectIdFormat format) {
        return switch (format) {
            case STRING -> type == PrimitiveType.STRING;
            case STRUCT -> type instanceof StructType struct
                    && struct.fields().stream()
                            .anyMatch(f -> f.name().equalsIgnoreCase("oid") && f.type() == PrimitiveType.STRING);
        };
    }
}
