package io.hivenosql.mongo.bson;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.TableMapping;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonValue;

/**
 * Encodes rows (neutral values in mapping order) as documents of a {@link DocumentLayout} (conversions per
 * {@link BsonValueEncoder}), for collections and BSON files alike.
 *
 * <p>Dotted paths build nested documents: {@code address.city} and {@code address.zip} share one {@code address}
 * document. The {@code _id} field comes first. A NULL column is left out, or written as BSON null when the layout says
 * so; a NULL {@code _id} is always left out (the server assigns one). Two columns whose paths overlap ({@code a} and
 * {@code a.b}) cannot be written: {@link #checkPaths} rejects them (the writer calls it when it opens; {@link #encode}
 * checks on its first row).
 *
 * <p>Not thread-safe: one encoder per writer.
 */
public final class BsonRowEncoder {
    private final DocumentLayout layout;
    private final String[] paths;
    private final String[][] segments;
    private final boolean[] underId;
    private final BsonValueEncoder.ValueWriter[] writers;
    private final BsonValueEncoder.SetWriter[] setWriters;
    /** The columns in writing order: those under {@code _id} first, then mapping order. */
    private final int[] order;

    private boolean pathsChecked;

    public BsonRowEncoder(DocumentLayout layout) {
        this.layout = requireNonNull(layout, "layout is null");
        TableMapping mapping = layout.mapping();
        int size = mapping.size();
        this.paths = new String[size];
        this.segments = new String[size][];
        this.underId = new boolean[size];
        this.writers = new BsonValueEncoder.ValueWriter[size];
        this.setWriters = new BsonValueEncoder.SetWriter[size];
        this.order = new int[size];
        int next = 0;
        for (int c = 0; c < size; c++) {
            ColumnMapping column = mapping.column(c);
            paths[c] = column.path();
            segments[c] = column.path().split("\\.", -1);
            underId[c] = segments[c][0].equals(DocumentLayout.ID_FIELD);
            writers[c] = BsonValueEncoder.of(column.type(), layout.isObjectId(c), layout.writeNulls());
            setWriters[c] = BsonValueEncoder.setWriter(column.type(), layout.isObjectId(c), layout.writeNulls());
            if (underId[c]) {
                order[next++] = c;
            }
        }
        for (int c = 0; c < size; c++) {
            if (!underId[c]) {
                order[next++] = c;
            }
        }
    }

    /**
     * Rejects two columns whose field paths overlap: the same path, or one inside the other ({@code a} and
     * {@code a.b}), which one document cannot hold both of.
     *
     * @throws HandlerException INVALID_MAPPING naming both columns
     */
    public static void checkPaths(DocumentLayout layout) {
        TableMapping mapping = layout.mapping();
        for (int i = 0; i < mapping.size(); i++) {
            String a = mapping.column(i).path();
            for (int j = i + 1; j < mapping.size(); j++) {
                String b = mapping.column(j).path();
                if (a.equals(b) || b.startsWith(a + ".") || a.startsWith(b + ".")) {
                    throw new HandlerException(
                            HandlerErrorCode.INVALID_MAPPING,
                            "table " + layout.tableName() + ": columns "
                                    + mapping.column(i).name() + " (field '" + a
                                    + "') and " + mapping.column(j).name() + " (field '" + b + "') overlap, and a "
                                    + "written document cannot hold both; map one of them to another field in "
                                    + DocumentLayout.COLUMNS_MAPPING_KEY + ", or drop the inner one and read "
                                    + "it through a struct column");
                }
            }
        }
    }

    /**
     * The document of a row, {@code _id} first.
     *
     * @throws HandlerException BAD_RECORD naming table, column and value when a value cannot be written exactly;
     *     INVALID_MAPPING when two columns' paths overlap
     */
    public BsonDocument encode(Object[] row) {
        checkRow(row);
        if (!pathsChecked) {
            checkPaths(layout);
            pathsChecked = true;
        }
        BsonDocument document = new BsonDocument();
        for (int c : order) {
            Object value = row[c];
            BsonValue encoded;
            if (value != null) {
                encoded = write(c, value, row);
            } else if (layout.writeNulls() && c != layout.idColumn()) {
                encoded = BsonNull.VALUE;
            } else {
                continue;
            }
            String[] path = segments[c];
            BsonDocument parent = document;
            for (int s = 0; s < path.length - 1; s++) {
                BsonValue child = parent.get(path[s]);
                if (child == null) {
                    child = new BsonDocument();
                    parent.put(path[s], child);
                }
                parent = (BsonDocument) child; // checkPaths: no column writes a non-document here
            }
            parent.put(path[path.length - 1], encoded);
        }
        return document;
    }

    /**
     * The encoded {@code _id} of a row, {@code null} when it is NULL or no column maps to {@code _id}.
     *
     * @throws HandlerException BAD_RECORD when the value cannot be written exactly
     */
    public BsonValue id(Object[] row) {
        checkRow(row);
        int id = layout.idColumn();
        if (id < 0 || row[id] == null) {
            return null;
        }
        return write(id, row[id], row);
    }

    /**
     * The fields an upsert sets (the operand of {@code $set}): each non-NULL column but those under {@code _id}, keyed
     * by its dotted path; a NULL column only when the layout writes NULLs (as BSON null). A struct column sets each of
     * its non-NULL fields at its own dotted path ({@code address.city}), recursively, so that the stored sub-fields the
     * struct does not declare stay; maps and arrays are set whole. May be empty.
     *
     * @throws HandlerException BAD_RECORD when a value cannot be written exactly
     */
    public BsonDocument encodeSet(Object[] row) {
        checkRow(row);
        BsonDocument set = new BsonDocument();
        for (int c : order) {
            if (underId[c]) {
                continue;
            }
            Object value = row[c];
            if (value != null) {
                try {
                    setWriters[c].put(set, paths[c], value);
                } catch (BsonValueEncoder.Failure e) {
                    throw failed(c, e, row);
                }
            } else if (layout.writeNulls()) {
                set.put(paths[c], BsonNull.VALUE);
            }
        }
        return set;
    }

    private void checkRow(Object[] row) {
        requireNonNull(row, "row is null");
        if (row.length != paths.length) {
            throw new IllegalArgumentException("row has " + row.length + " values, table " + layout.tableName()
                    + " has " + paths.length + " columns");
        }
    }

    private BsonValue write(int column, Object value, Object[] row) {
        try {
            return writers[column].write(value);
        } catch (BsonValueEncoder.Failure e) {
            throw failed(column, e, row);
        }
    }

    private HandlerException failed(int column, BsonValueEncoder.Failure e, Object[] row) {
        ColumnMapping mapping = layout.mapping().column(column);
        int id = layout.idColumn();
        String where = e.subPath().isEmpty() ? "" : " (at " + mapping.path() + e.subPath() + ")";
        String rowId = id >= 0 && id != column && row[id] != null ? ", row with _id " + row[id] : "";
        return new HandlerException(
                HandlerErrorCode.BAD_RECORD,
                "table " + layout.tableName() + ", column " + mapping.name() + where + rowId + ": cannot write '"
                        + e.value() + "' to MongoDB: " + e.reason(),
                e);
    }
}
