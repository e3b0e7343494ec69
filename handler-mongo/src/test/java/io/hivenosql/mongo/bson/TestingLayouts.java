package io.hivenosql.mongo.bson;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.DataTypes;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;

/** Builds {@link DocumentLayout}s for codec tests, and compares neutral values that may hold byte arrays. */
public final class TestingLayouts {
    private final List<ColumnMapping> columns = new ArrayList<>();
    private final Set<Integer> objectIdColumns = new LinkedHashSet<>();
    private MongoObjectIdFormat format = MongoObjectIdFormat.STRING;
    private boolean writeNulls;

    private TestingLayouts() {}

    public static TestingLayouts layout() {
        return new TestingLayouts();
    }

    /** A column that reads the field of its own name. */
    public TestingLayouts column(String name, String hiveType) {
        return column(name, hiveType, name);
    }

    public TestingLayouts column(String name, String hiveType, String path) {
        columns.add(new ColumnMapping(name, DataTypes.parse(hiveType), path, ColumnRole.FIELD));
        return this;
    }

    /**
     * Gives the last column added the spellings a sample found ({@link ColumnMapping#withStoredSpellings}); none: its
     * path as mapped, matched exactly.
     */
    public TestingLayouts stored(String... spellings) {
        int last = columns.size() - 1;
        columns.set(last, columns.get(last).withStoredSpellings(List.of(spellings)));
        return this;
    }

    /** Marks the last column added as an ObjectId column. */
    public TestingLayouts objectId() {
        objectIdColumns.add(columns.size() - 1);
        return this;
    }

    public TestingLayouts format(MongoObjectIdFormat objectIdFormat) {
        this.format = objectIdFormat;
        return this;
    }

    public TestingLayouts writeNulls() {
        this.writeNulls = true;
        return this;
    }

    public DocumentLayout build() {
        int id = -1;
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).path().equals(DocumentLayout.ID_FIELD)) {
                id = i;
            }
        }
        return new DocumentLayout("db.t", new TableMapping(columns), id, objectIdColumns, format, writeNulls);
    }

    public static RawBsonDocument raw(BsonDocument document) {
        return new RawBsonDocument(document, new BsonDocumentCodec());
    }

    /** A neutral value with byte arrays as hex text, so that equals compares contents. */
    public static Object comparable(Object value) {
        if (value instanceof byte[] bytes) {
            return "0x" + HexFormat.of().formatHex(bytes);
        }
        if (value instanceof List<?> list) {
            List<Object> result = new ArrayList<>();
            list.forEach(v -> result.add(comparable(v)));
            return result;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> result = new LinkedHashMap<>();
            map.forEach((k, v) -> result.put(comparable(k), comparable(v)));
            return result;
        }
        return value;
    }
}
