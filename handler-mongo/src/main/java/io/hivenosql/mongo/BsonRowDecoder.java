package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.types.ValueConversionException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonReader;
import org.bson.BsonReaderMark;
import org.bson.BsonType;
import org.bson.RawBsonDocument;

/**
 * Decodes documents into the neutral values of a {@link DocumentLayout}'s columns (conversions per
 * {@link BsonValueDecoder}), for collections and BSON files alike.
 *
 * <p>Each column's dotted field path ({@code address.city}) is looked up as MongoDB does, field names matched exactly:
 * a missing field, BSON null or undefined is NULL, and so is a path whose parent is missing or not a document. A
 * document is decoded in one pass over its fields on the first {@link #get} after {@link #reset}: a
 * {@link RawBsonDocument} straight from its bytes, skipping every field no column needs, with no intermediate
 * document. When a field repeats in a document, the first one counts.
 *
 * <p>Not thread-safe: one decoder per reader.
 */
final class BsonRowDecoder {
    private final DocumentLayout layout;
    private final Map<String, Node> root;
    private final BsonValueDecoder.ValueReader[] readers;
    private final Object[] values;
    private final BsonValueDecoder.Failure[] failures;
    private BsonDocument document;
    private boolean decoded;
    private String key;
    private int generation;

    /** A decoder of every column of the layout. */
    BsonRowDecoder(DocumentLayout layout) {
        this(layout, IntStream.range(0, layout.mapping().size()).boxed().toList());
    }

    /**
     * A decoder of some of the layout's columns (mapping indexes); the others cannot be read from it.
     *
     * @throws IllegalArgumentException when a column index is out of range
     */
    BsonRowDecoder(DocumentLayout layout, List<Integer> columns) {
        this.layout = requireNonNull(layout, "layout is null");
        requireNonNull(columns, "columns is null");
        int size = layout.mapping().size();
        this.readers = new BsonValueDecoder.ValueReader[size];
        this.values = new Object[size];
        this.failures = new BsonValueDecoder.Failure[size];
        this.root = new HashMap<>();
        for (int column : columns) {
            if (column < 0 || column >= size) {
                throw new IllegalArgumentException("column index " + column + " is out of range [0, " + size + ")");
            }
            if (readers[column] != null) {
                continue;
            }
            ColumnMapping mapping = layout.mapping().column(column);
            readers[column] = BsonValueDecoder.of(mapping.type());
            Map<String, Node> level = root;
            String[] segments = mapping.path().split("\\.", -1);
            for (int i = 0; i < segments.length; i++) {
                Node node = level.computeIfAbsent(segments[i], name -> new Node());
                if (i == segments.length - 1) {
                    node.addColumn(column);
                } else {
                    level = node.children();
                }
            }
        }
    }

    DocumentLayout layout() {
        return layout;
    }

    /** Moves to another document; nothing is decoded until the first {@link #get}. */
    void reset(BsonDocument document) {
        this.document = requireNonNull(document, "document is null");
        this.decoded = false;
        this.key = null;
    }

    /**
     * The neutral value of a column (mapping index) of the current document, {@code null} for NULL.
     *
     * @throws ValueConversionException naming the field path, the BSON type and the value when it does not convert
     * @throws IllegalArgumentException when the decoder was not built for the column
     * @throws IllegalStateException before the first {@link #reset}
     */
    Object get(int column) {
        if (readers[column] == null) {
            throw new IllegalArgumentException("column "
                    + layout.mapping().column(column).name() + " is not among the columns this decoder reads");
        }
        if (!decoded) {
            decode();
        }
        BsonValueDecoder.Failure failure = failures[column];
        if (failure != null) {
            throw failure.toException(layout.mapping().column(column).path());
        }
        return values[column];
    }

    /** The current document's {@code _id} as text for messages: hex for an ObjectId, {@code (no _id)} if none. */
    String key() {
        if (key == null) {
            key = document == null ? BsonText.NO_ID : BsonText.idText(document.get(DocumentLayout.ID_FIELD));
        }
        return key;
    }

    private void decode() {
        if (document == null) {
            throw new IllegalStateException("no document: call reset first");
        }
        Arrays.fill(values, null);
        Arrays.fill(failures, null);
        generation++;
        try (BsonReader reader = document instanceof RawBsonDocument raw
                ? new Utf8CheckingBsonReader(raw.getByteBuffer().asNIO())
                : new BsonDocumentReader(document)) {
            reader.readStartDocument();
            readFields(reader, root);
        }
        decoded = true;
    }

    /** Reads the fields of the document the reader has started, down to the end of the document. */
    private void readFields(BsonReader reader, Map<String, Node> level) {
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            Node node = level.get(reader.readName());
            if (node == null || node.stamp == generation) {
                reader.skipValue(); // no column reads it, or a repeated name: the first one counts
                continue;
            }
            node.stamp = generation;
            boolean descend = node.children != null && reader.getCurrentBsonType() == BsonType.DOCUMENT;
            int[] columns = node.columns;
            for (int i = 0; i < columns.length; i++) {
                // several columns read this value (or a column and the paths below it): read it again from a mark
                BsonReaderMark mark = i < columns.length - 1 || descend ? reader.getMark() : null;
                readColumn(reader, columns[i]);
                if (mark != null) {
                    mark.reset();
                }
            }
            if (descend) {
                reader.readStartDocument();
                readFields(reader, node.children);
            } else if (columns.length == 0) {
                reader.skipValue(); // a parent that is not a document: the paths below it are NULL
            }
        }
        reader.readEndDocument();
    }

    private void readColumn(BsonReader reader, int column) {
        try {
            values[column] = BsonValueDecoder.read(readers[column], reader);
        } catch (BsonValueDecoder.Failure e) {
            failures[column] = e;
        }
    }

    /** One field name of the paths: the columns whose path ends here and the names below it. */
    private static final class Node {
        private int[] columns = new int[0];
        private Map<String, Node> children;
        private int stamp;

        void addColumn(int column) {
            columns = Arrays.copyOf(columns, columns.length + 1);
            columns[columns.length - 1] = column;
        }

        Map<String, Node> children() {
            if (children == null) {
                children = new HashMap<>();
            }
            return children;
        }
    }
}
