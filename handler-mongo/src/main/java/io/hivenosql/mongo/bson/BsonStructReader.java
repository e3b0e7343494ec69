package io.hivenosql.mongo.bson;

import io.hivenosql.api.mapping.FieldNameMatcher;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.types.ObjectId;

/**
 * A document as a struct, fields matched by name as {@link FieldNameMatcher} says (the field spelt as declared, else
 * the one equal to it ignoring case; two such spellings and none exact is a failure); an ObjectId as (hex, 8) when
 * it fits.
 */
final class BsonStructReader implements BsonValueDecoder.ValueReader {
    /** A name matches no field. */
    private static final int NONE = Integer.MIN_VALUE;

    private final StructType type;
    private final BsonValueDecoder.ValueReader[] fields;
    private final Map<String, Integer> exact = new HashMap<>();
    private final Map<String, Integer> byFold = new HashMap<>();
    /** Names met in documents: field index for an exact name, -(index + 1) for a folded one, or NONE. */
    private final Map<String, Integer> seen = new HashMap<>();

    private final FieldNameMatcher matcher;
    private final int oidField;
    private final int bsonTypeField;

    BsonStructReader(StructType type) {
        this.type = type;
        List<StructType.Field> declared = type.fields();
        this.fields = new BsonValueDecoder.ValueReader[declared.size()];
        this.matcher = new FieldNameMatcher(declared.size());
        int oid = -1;
        int bsonType = -1;
        for (int f = 0; f < declared.size(); f++) {
            StructType.Field field = declared.get(f);
            fields[f] = BsonValueDecoder.of(field.type());
            exact.put(field.name(), f);
            byFold.putIfAbsent(FieldNameMatcher.fold(field.name()), f);
            if (field.name().equalsIgnoreCase("oid") && field.type() == PrimitiveType.STRING) {
                oid = f;
            } else if (field.name().equalsIgnoreCase("bsontype") && isInteger(field.type())) {
                bsonType = f;
            }
        }
        this.oidField = oid;
        this.bsonTypeField = bsonType;
    }

    private static boolean isInteger(DataType type) {
        return type == PrimitiveType.TINYINT
                || type == PrimitiveType.SMALLINT
                || type == PrimitiveType.INT
                || type == PrimitiveType.BIGINT;
    }

    @Override
    public Object read(BsonReader reader, BsonType bson) {
        if (bson == BsonType.OBJECT_ID && oidField >= 0) {
            ObjectId id = reader.readObjectId();
            Object[] values = new Object[fields.length];
            values[oidField] = id.toHexString();
            if (bsonTypeField >= 0) {
                values[bsonTypeField] =
                        BsonNumberDecoder.narrow(BsonValueDecoder.MONGO_HADOOP_OBJECT_ID_TYPE, (PrimitiveType)
                                type.fields().get(bsonTypeField).type());
            }
            return Arrays.asList(values);
        }
        if (bson != BsonType.DOCUMENT) {
            throw BsonValueDecoder.mismatch(reader, bson, type);
        }
        // a struct nested in itself is impossible in Hive: this reader is never re-entered while it reads
        matcher.reset();
        Object[] values = new Object[fields.length];
        BsonValueDecoder.Failure[] failed = null;
        reader.readStartDocument();
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String name = reader.readName();
            int code = index(name);
            FieldNameMatcher.Decision decision = code == NONE
                    ? FieldNameMatcher.Decision.SKIP
                    : matcher.offer(code >= 0 ? code : -code - 1, name, code >= 0);
            if (decision == FieldNameMatcher.Decision.SKIP) {
                reader.skipValue(); // not a field of the struct, a repeated name, or another spelling
                continue;
            }
            int f = code >= 0 ? code : -code - 1;
            try {
                values[f] = BsonValueDecoder.read(fields[f], reader);
                if (failed != null) {
                    failed[f] = null; // an exact spelling replaces a bad value of another one
                }
            } catch (BsonValueDecoder.Failure e) {
                values[f] = null;
                if (failed == null) {
                    failed = new BsonValueDecoder.Failure[fields.length];
                }
                failed[f] = e.under(name);
            }
        }
        reader.readEndDocument();
        for (int i = 0; i < matcher.ambiguousCount(); i++) {
            int f = matcher.ambiguousTarget(i);
            if (matcher.isAmbiguous(f)) {
                List<String> spellings = matcher.rivalSpellings(f);
                throw new BsonValueDecoder.Failure(
                        String.join(", ", spellings),
                        type,
                        "has the fields '" + spellings.get(0) + "' and '" + spellings.get(1) + "', which both "
                                + "match struct field '"
                                + type.fields().get(f).name() + "' when case is "
                                + "ignored, and neither is spelt exactly so: which one to read is ambiguous; "
                                + "rename one in the store, or read the document as a map or a string");
            }
        }
        if (failed != null) {
            for (BsonValueDecoder.Failure failure : failed) {
                if (failure != null) {
                    throw failure;
                }
            }
        }
        return Arrays.asList(values);
    }

    private int index(String name) {
        Integer known = seen.get(name);
        if (known != null) {
            return known;
        }
        Integer f = exact.get(name);
        int code;
        if (f != null) {
            code = f;
        } else {
            Integer folded = byFold.get(FieldNameMatcher.fold(name));
            code = folded == null ? NONE : -folded - 1;
        }
        if (seen.size() < BsonValueDecoder.NAME_CACHE_LIMIT) {
            seen.put(name, code); // documents repeat their spellings: fold each one once
        }
        return code;
    }
}
