package io.hivenosql.mongo.bson;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.ValueConversionException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The update that makes a stored document hold exactly a row's values in the mapped fields and changes nothing else
 * (the commit of a DELETE, UPDATE or MERGE): {@code {$set: ..., $unset: ...}} of the columns whose value differs from
 * what the document reads as, so that an UPDATE of one column leaves every other field as it is stored (its BSON type,
 * its spelling, its position), and a row the statement did not change writes nothing.
 *
 * <ul>
 *   <li>A NULL column removes the field ({@code $unset}), or sets it to BSON null when the layout writes NULLs
 *       ({@code mongo.write.nulls=true}): either reads back as NULL.
 *   <li>A struct column whose stored value is a document changes field by field ({@code address.city}), recursively, so
 *       that the sub-fields its type does not declare stay, and a NULL field is removed (or set to null) as a column
 *       is. Over a missing, null or non-document value it is set whole, as the document of its non-NULL fields. Maps
 *       and arrays are set whole.
 *   <li>Fields are written as the document spells them: a column with sampled spellings ({@link
 *       ColumnMapping#storedPaths}) at the one the reader took in this document, any other path and a struct's fields
 *       at the document's own field equal to the name ignoring case when it has no exact one (as the reader finds
 *       them), else as mapped.
 *   <li>A column whose stored value the reader cannot read (a bad record under {@code nosql.bad-record.policy}, read
 *       as NULL) keeps that value when the row still has NULL there, and is overwritten by a non-NULL value.
 * </ul>
 *
 * <p>The {@code _id} column is never set: the document is the one found by it. Values convert as {@link BsonRowEncoder}
 * writes them, exactly or not at all. Not thread-safe.
 */
public final class BsonRowUpdate {
    private static final BsonString UNSET = new BsonString("");

    private final DocumentLayout layout;
    private final BsonRowDecoder decoder;
    /** The writer of each column; null for the columns under {@code _id}, which are not written. */
    private final Field[] fields;

    /** How a value of a type is written: whole, and for a (non-ObjectId) struct also field by field. */
    private record Field(BsonValueEncoder.ValueWriter writer, String[] names, Field[] children) {}

    public BsonRowUpdate(DocumentLayout layout) {
        this.layout = requireNonNull(layout, "layout is null");
        this.decoder = new BsonRowDecoder(layout);
        TableMapping mapping = layout.mapping();
        this.fields = new Field[mapping.size()];
        for (int c = 0; c < fields.length; c++) {
            String path = mapping.column(c).path();
            if (!path.equals(DocumentLayout.ID_FIELD) && !path.startsWith(DocumentLayout.ID_FIELD + ".")) {
                fields[c] = field(mapping.column(c).type(), layout.isObjectId(c));
            }
        }
    }

    private Field field(DataType type, boolean objectId) {
        BsonValueEncoder.ValueWriter writer = BsonValueEncoder.of(type, objectId, layout.writeNulls());
        if (objectId || !(type instanceof StructType struct)) {
            return new Field(writer, null, null);
        }
        List<StructType.Field> declared = struct.fields();
        String[] names = new String[declared.size()];
        Field[] children = new Field[declared.size()];
        for (int f = 0; f < names.length; f++) {
            names[f] = declared.get(f).name();
            children[f] = field(declared.get(f).type(), false);
        }
        return new Field(writer, names, children);
    }

    /**
     * The update of {@code stored} (a whole document) that makes it hold the row (neutral values in mapping order);
     * an empty document when it already does.
     *
     * @throws HandlerException BAD_RECORD naming table, column, {@code _id} and value when a value cannot be written
     *     exactly
     */
    public BsonDocument update(BsonDocument stored, Object[] row) {
        requireNonNull(stored, "stored is null");
        requireNonNull(row, "row is null");
        if (row.length != fields.length) {
            throw new IllegalArgumentException("row has " + row.length + " values, table " + layout.tableName()
                    + " has " + fields.length + " columns");
        }
        decoder.reset(stored);
        Change change = new Change(stored, row);
        for (int c = 0; c < fields.length; c++) {
            if (fields[c] == null) {
                continue;
            }
            String path = storedPath(stored, layout.mapping().column(c));
            Object before;
            try {
                before = decoder.get(c);
            } catch (ValueConversionException unreadable) {
                if (row[c] != null) {
                    change.set.put(path, change.write(c, fields[c], row[c], ""));
                }
                continue;
            }
            change.column(c, fields[c], at(stored, path), path, "", before, row[c]);
        }
        BsonDocument update = new BsonDocument();
        if (!change.set.isEmpty()) {
            update.put("$set", change.set);
        }
        if (!change.unset.isEmpty()) {
            update.put("$unset", change.unset);
        }
        return update;
    }

    /** The operands of one row's update, built column by column. */
    private final class Change {
        private final BsonDocument stored;
        private final Object[] row;
        private final BsonDocument set = new BsonDocument();
        private final BsonDocument unset = new BsonDocument();

        Change(BsonDocument stored, Object[] row) {
            this.stored = stored;
            this.row = row;
        }

        /** Writes what differs between {@code before} (what the document reads as) and {@code after} at a path. */
        void column(
                int column,
                Field field,
                BsonValue storedValue,
                String path,
                String subPath,
                Object before,
                Object after) {
            if (same(before, after)) {
                return;
            }
            if (after == null) {
                if (layout.writeNulls()) {
                    set.put(path, BsonNull.VALUE);
                } else {
                    unset.put(path, UNSET);
                }
                return;
            }
            if (field.names() != null
                    && before instanceof List<?> old
                    && after instanceof List<?> now
                    && now.size() == field.names().length
                    && old.size() == now.size()
                    && storedValue instanceof BsonDocument document) {
                for (int f = 0; f < now.size(); f++) {
                    String name = spelling(document, field.names()[f]);
                    column(
                            column,
                            field.children()[f],
                            document.get(name),
                            path + "." + name,
                            subPath + "." + field.names()[f],
                            old.get(f),
                            now.get(f));
                }
                return;
            }
            set.put(path, write(column, field, after, subPath));
        }

        BsonValue write(int column, Field field, Object value, String subPath) {
            try {
                return field.writer().write(value);
            } catch (BsonValueEncoder.Failure e) {
                ColumnMapping mapping = layout.mapping().column(column);
                String where = subPath + e.subPath();
                BsonValue id = stored.get(DocumentLayout.ID_FIELD);
                throw new HandlerException(
                        HandlerErrorCode.BAD_RECORD,
                        "table " + layout.tableName() + ", column " + mapping.name()
                                + (where.isEmpty() ? "" : " (at " + mapping.path() + where + ")")
                                + (id == null ? "" : ", row with _id " + BsonText.json(id)) + ": cannot write '"
                                + e.value() + "' to MongoDB: " + e.reason(),
                        e);
            }
        }
    }

    /**
     * The path of a column's field in a document: with several sampled spellings the one the reader takes (the mapped
     * path if the document has it, else the first it has); with one, that one; unsampled, the document's spelling at
     * every level.
     */
    static String storedPath(BsonDocument document, ColumnMapping column) {
        List<String> spellings = column.storedPaths();
        if (spellings.size() > 1) {
            if (at(document, column.path()) != null) {
                return column.path();
            }
            return spellings.stream()
                    .filter(spelling -> at(document, spelling) != null)
                    .findFirst()
                    .orElse(column.path());
        }
        if (spellings.size() == 1) {
            return column.path();
        }
        StringBuilder path = new StringBuilder();
        BsonValue current = document;
        for (String segment : column.path().split("\\.", -1)) {
            String name = current instanceof BsonDocument parent ? spelling(parent, segment) : segment;
            current = current instanceof BsonDocument parent ? parent.get(name) : null;
            path.append(path.length() == 0 ? "" : ".").append(name);
        }
        return path.toString();
    }

    /**
     * The document's field for a wanted name: the one spelt so, else its one field equal to it ignoring case, else
     * (none, or several) the name.
     */
    static String spelling(BsonDocument document, String name) {
        if (document.containsKey(name)) {
            return name;
        }
        String found = null;
        for (String field : document.keySet()) {
            if (field.equalsIgnoreCase(name)) {
                if (found != null) {
                    return name;
                }
                found = field;
            }
        }
        return found == null ? name : found;
    }

    /** The value at an exactly spelt dotted path, or null. */
    private static BsonValue at(BsonDocument document, String path) {
        BsonValue current = document;
        for (String segment : path.split("\\.", -1)) {
            if (!(current instanceof BsonDocument parent)) {
                return null;
            }
            current = parent.get(segment);
        }
        return current;
    }

    /**
     * Whether two neutral values are the same value: numbers of one kind by value (decimals ignoring trailing zeros),
     * binaries by content, lists, structs and maps element by element.
     */
    static boolean same(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a instanceof BigDecimal x && b instanceof BigDecimal y) {
            return x.compareTo(y) == 0;
        }
        if (integral(a) && integral(b)) {
            return ((Number) a).longValue() == ((Number) b).longValue();
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return Arrays.equals(x, y);
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (int i = 0; i < x.size(); i++) {
                if (!same(x.get(i), y.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            if (x.size() != y.size()) {
                return false;
            }
            for (Map.Entry<?, ?> entry : x.entrySet()) {
                if (!y.containsKey(entry.getKey()) || !same(entry.getValue(), y.get(entry.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    private static boolean integral(Object value) {
        return value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte;
    }
}
