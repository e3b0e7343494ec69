package io.hivenosql.mongo.bson;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.FieldNameMatcher;
import io.hivenosql.api.types.AmbiguousFieldException;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.mongo.bson.BsonFieldTree.Level;
import io.hivenosql.mongo.bson.BsonFieldTree.Node;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonReader;
import org.bson.BsonReaderMark;
import org.bson.BsonType;
import org.bson.RawBsonDocument;

/**
 * Decodes documents into the neutral values of a {@link DocumentLayout}'s columns (conversions per
 * {@link BsonValueDecoder}), for collections and BSON files alike. A missing field, BSON null or undefined is NULL, and
 * so is a path whose parent is missing or not a document. A document is decoded in one pass over its fields on the
 * first {@link #get} after {@link #reset}: a {@link RawBsonDocument} straight from its bytes, skipping every field no
 * column needs, with no intermediate document.
 *
 * <p>How a column's dotted field path ({@code address.city}) finds its fields:
 *
 * <ul>
 *   <li>A column with {@linkplain ColumnMapping#storedPaths stored spellings} (a collection: sampled when the query was
 *       planned, and fetched by exactly those paths) reads exactly them. With one spelling, that path; with several,
 *       the one a document has, the mapped path first when it has several, and a document with two of them and not the
 *       mapped path is a bad record ({@link AmbiguousFieldException}).
 *   <li>A column without (a BSON file: whole documents) follows {@link FieldNameMatcher}'s rule at every level of its
 *       path: the field spelt exactly as the segment, else the one field equal to it ignoring case, else (several)
 *       a bad record. Names spelt as mapped are found with one hash lookup, as before; only a miss looks further.
 * </ul>
 *
 * A field name that repeats within a document counts once, the first time. Not thread-safe: one decoder per reader.
 */
public final class BsonRowDecoder {
    static final String MAPPING_HINT = "'" + DocumentLayout.COLUMNS_MAPPING_KEY
            + "' (or the mapping file of 'nosql.mapping.url'), e.g. {\"column\":\"fieldName\"}";

    private final DocumentLayout layout;
    private final Level root = new Level();
    private final List<Node> nodes = new ArrayList<>();
    private final BsonValueDecoder.ValueReader[] readers;
    /** Columns, then one slot per spelling of the columns with several. */
    private final Object[] values;

    private final BsonValueDecoder.Failure[] failures;
    private final RuntimeException[] errors;
    private final String[] slotPaths;
    private final int[] slotColumns;
    private final int[] slotNodes;
    private final int[][] spellingSlots;
    /** The columns with several spellings, chosen between after each document. */
    private final int[] severalSpellings;

    private final FieldNameMatcher matcher;
    private BsonDocument document;
    /** Whether {@code errors} holds anything (rare: clearing it per document would cost every document). */
    private boolean anyErrors;

    private boolean decoded;
    private String key;

    /** A decoder of every column of the layout. */
    public BsonRowDecoder(DocumentLayout layout) {
        this(layout, IntStream.range(0, layout.mapping().size()).boxed().toList());
    }

    /**
     * A decoder of some of the layout's columns (mapping indexes); the others cannot be read from it.
     *
     * @throws IllegalArgumentException when a column index is out of range
     */
    public BsonRowDecoder(DocumentLayout layout, List<Integer> columns) {
        this.layout = requireNonNull(layout, "layout is null");
        requireNonNull(columns, "columns is null");
        int size = layout.mapping().size();
        this.readers = new BsonValueDecoder.ValueReader[size];
        this.spellingSlots = new int[size][];
        List<String> slots = new ArrayList<>();
        List<Integer> owners = new ArrayList<>();
        List<Integer> leaves = new ArrayList<>();
        for (int column : columns) {
            if (column < 0 || column >= size) {
                throw new IllegalArgumentException("column index " + column + " is out of range [0, " + size + ")");
            }
            if (readers[column] != null) {
                continue;
            }
            ColumnMapping mapping = layout.mapping().column(column);
            readers[column] = BsonValueDecoder.of(mapping.type());
            if (mapping.hasSeveralSpellings()) {
                int[] own = new int[mapping.storedPaths().size()];
                for (int i = 0; i < own.length; i++) {
                    own[i] = size + slots.size();
                    slots.add(mapping.storedPaths().get(i));
                    owners.add(column);
                    leaves.add(add(mapping.storedPaths().get(i), own[i], false).id);
                }
                spellingSlots[column] = own;
            } else {
                add(mapping.path(), column, mapping.storedPaths().isEmpty());
            }
        }
        this.slotPaths = slots.toArray(new String[0]);
        this.slotColumns = owners.stream().mapToInt(Integer::intValue).toArray();
        this.slotNodes = leaves.stream().mapToInt(Integer::intValue).toArray();
        this.values = new Object[size + slots.size()];
        this.failures = new BsonValueDecoder.Failure[values.length];
        this.errors = new RuntimeException[values.length];
        this.severalSpellings =
                IntStream.range(0, size).filter(c -> spellingSlots[c] != null).toArray();
        this.matcher = new FieldNameMatcher(nodes.size());
        nodes.forEach(Node::seal);
        root.seal();
    }

    /**
     * Adds a path ending in a column (or a spelling's slot); {@code folding}: matched ignoring case as a fallback.
     * Returns the path's last node.
     */
    private Node add(String path, int slot, boolean folding) {
        Level level = root;
        Node node = null;
        for (String segment : path.split("\\.", -1)) {
            node = level.node(segment, node, folding, nodes);
            node.below.add(slot);
            level = node.children();
        }
        node.columns = Arrays.copyOf(node.columns, node.columns.length + 1);
        node.columns[node.columns.length - 1] = slot;
        return node;
    }

    DocumentLayout layout() {
        return layout;
    }

    /** Moves to another document; nothing is decoded until the first {@link #get}. */
    public void reset(BsonDocument document) {
        this.document = requireNonNull(document, "document is null");
        this.decoded = false;
        this.key = null;
    }

    /**
     * The neutral value of a column (mapping index) of the current document, {@code null} for NULL.
     *
     * @throws ValueConversionException naming the field path, the BSON type and the value when it does not convert,
     *     or ({@link AmbiguousFieldException}) naming the spellings when the document spells the field in two ways
     * @throws IllegalArgumentException when the decoder was not built for the column
     * @throws IllegalStateException before the first {@link #reset}
     */
    public Object get(int column) {
        if (readers[column] == null) {
            throw new IllegalArgumentException("column "
                    + layout.mapping().column(column).name() + " is not among the columns this decoder reads");
        }
        if (!decoded) {
            decode();
        }
        if (errors[column] != null) {
            throw errors[column];
        }
        BsonValueDecoder.Failure failure = failures[column];
        if (failure != null) {
            throw failure.toException(path(column));
        }
        return values[column];
    }

    private String path(int slot) {
        return slot < readers.length ? layout.mapping().column(slot).path() : slotPaths[slot - readers.length];
    }

    /** The current document's {@code _id} as text for messages: hex for an ObjectId, {@code (no _id)} if none. */
    public String key() {
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
        if (anyErrors) {
            Arrays.fill(errors, null);
            anyErrors = false;
        }
        matcher.reset();
        try (BsonReader reader = document instanceof RawBsonDocument raw
                ? new Utf8CheckingBsonReader(raw.getByteBuffer().asNIO())
                : new BsonDocumentReader(document)) {
            reader.readStartDocument();
            readFields(reader, root);
        }
        for (int i = 0; i < matcher.ambiguousCount(); i++) {
            int target = matcher.ambiguousTarget(i);
            if (matcher.isAmbiguous(target)) {
                ambiguous(nodes.get(target));
            }
        }
        for (int column : severalSpellings) {
            chooseSpelling(column);
        }
        decoded = true;
    }

    /** Reads the fields of the document the reader has started, down to the end of the document. */
    private void readFields(BsonReader reader, Level level) {
        while (reader.readBsonType() != BsonType.END_OF_DOCUMENT) {
            String name = reader.readName();
            Node node = level.exact.get(name);
            Node[] folded = !level.folding ? Node.NONE : node == null ? level.folded(name) : node.foldedRivals;
            if (folded.length == 0) {
                // the usual case: the name spelt as mapped, or no column reads it
                FieldNameMatcher.Decision decision =
                        node == null ? FieldNameMatcher.Decision.SKIP : matcher.offer(node.id, name, true);
                if (decision == FieldNameMatcher.Decision.SKIP) {
                    reader.skipValue(); // no column reads it, or a repeated name: the first one counts
                    continue;
                }
                if (decision == FieldNameMatcher.Decision.REPLACE) {
                    forget(node); // the exact spelling after another one
                }
                readNode(reader, node);
                continue;
            }
            // columns whose path matches the name only ignoring case: the matcher decides which read it
            Node[] reads = new Node[folded.length + 1];
            int count = 0;
            for (int m = node == null ? 1 : 0; m <= folded.length; m++) {
                Node match = m == 0 ? node : folded[m - 1];
                FieldNameMatcher.Decision decision = matcher.offer(match.id, name, m == 0);
                if (decision == FieldNameMatcher.Decision.REPLACE) {
                    forget(match);
                }
                if (decision != FieldNameMatcher.Decision.SKIP) {
                    reads[count++] = match;
                }
            }
            if (count == 0) {
                reader.skipValue(); // other spellings of fields already read, or rivals of them
            }
            for (int i = 0; i < count; i++) {
                BsonReaderMark mark = i < count - 1 ? reader.getMark() : null;
                readNode(reader, reads[i]);
                if (mark != null) {
                    mark.reset();
                }
            }
        }
        reader.readEndDocument();
    }

    /** Reads one field's value into the node's columns and, for a document, the paths below it. */
    private void readNode(BsonReader reader, Node node) {
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

    private void readColumn(BsonReader reader, int slot) {
        try {
            values[slot] = BsonValueDecoder.read(slotReader(slot), reader);
        } catch (BsonValueDecoder.Failure e) {
            failures[slot] = e;
        }
    }

    private BsonValueDecoder.ValueReader slotReader(int slot) {
        return slot < readers.length ? readers[slot] : readers[slotColumns[slot - readers.length]];
    }

    /** An exact spelling replaces what another spelling read: the columns at and below the node read nothing yet. */
    private void forget(Node node) {
        for (int slot : node.belowSlots) {
            values[slot] = null;
            failures[slot] = null;
            errors[slot] = null;
        }
        for (Node descendant : node.descendants) {
            matcher.forget(descendant.id);
        }
    }

    private void ambiguous(Node node) {
        List<String> spellings = new ArrayList<>();
        String prefix = spelledParent(node.parent);
        for (String spelling : matcher.rivalSpellings(node.id)) {
            spellings.add(prefix + spelling);
        }
        AmbiguousFieldException error = new AmbiguousFieldException(node.path, spellings, MAPPING_HINT);
        anyErrors = true;
        for (int slot : node.belowSlots) {
            values[slot] = null;
            failures[slot] = null;
            errors[slot] = error;
        }
    }

    private String spelledParent(Node parent) {
        if (parent == null) {
            return "";
        }
        String spelling = matcher.spelling(parent.id);
        return spelledParent(parent.parent) + (spelling == null ? parent.name : spelling) + ".";
    }

    /** A column with several stored spellings: the mapped path if the document has it, else its only spelling. */
    private void chooseSpelling(int column) {
        int[] own = spellingSlots[column];
        String mapped = layout.mapping().column(column).path();
        int chosen = -1;
        List<String> present = new ArrayList<>(2);
        for (int slot : own) {
            if (!has(slot)) {
                continue;
            }
            String path = slotPaths[slot - readers.length];
            present.add(path);
            if (path.equals(mapped)) {
                chosen = slot;
                present.clear();
                break;
            }
            chosen = slot;
        }
        if (present.size() > 1) {
            anyErrors = true;
            errors[column] = new AmbiguousFieldException(mapped, present, MAPPING_HINT);
        } else if (chosen >= 0) {
            values[column] = values[chosen];
            failures[column] = failures[chosen];
            errors[column] = errors[chosen];
            anyErrors |= errors[column] != null;
            if (failures[column] != null) {
                // the message names the spelling the document has
                anyErrors = true;
                errors[column] = failures[column].toException(slotPaths[chosen - readers.length]);
                failures[column] = null;
            }
        }
    }

    /** Whether the current document has the field of a slot (its path's fields all present). */
    private boolean has(int slot) {
        return matcher.matched(slotNodes[slot - readers.length]);
    }
}
